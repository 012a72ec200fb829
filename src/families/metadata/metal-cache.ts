import type { Metal } from './metal.js';

/**
 * The Metals read lately, by Metal ID, as catapult-rest keeps them: each for `ttl` seconds from
 * when it was read, and one only while the kept file and text bytes stay within `sizeLimit`.
 * A Metal kept is answered as it was read, even if its chunks changed since.
 */
export class MetalCache {
  readonly #ttl: number;
  readonly #sizeLimit: number;
  readonly #now: () => number;
  readonly #kept = new Map<string, { metal: Metal; expires: number; bytes: number }>();
  #bytes = 0;

  constructor(options: { readonly cacheTtl: number; readonly sizeLimit: number }, now: () => number = Date.now) {
    this.#ttl = options.cacheTtl * 1000;
    this.#sizeLimit = options.sizeLimit;
    this.#now = now;
  }

  get(metalId: string): Metal | undefined {
    const kept = this.#kept.get(metalId);
    if (kept === undefined) return undefined;
    if (kept.expires > this.#now()) return kept.metal;
    this.#drop(metalId);
    return undefined;
  }

  keep(metalId: string, metal: Metal): void {
    if (this.#ttl <= 0) return;
    const bytes = metal.payload.length + (metal.text === undefined ? 0 : Buffer.byteLength(metal.text));
    if (this.#bytes + bytes > this.#sizeLimit) this.#dropExpired();
    if (this.#bytes + bytes > this.#sizeLimit) return;
    this.#drop(metalId);
    this.#kept.set(metalId, { metal, expires: this.#now() + this.#ttl, bytes });
    this.#bytes += bytes;
  }

  /** Bytes of the Metals kept. */
  get bytes(): number {
    return this.#bytes;
  }

  #dropExpired(): void {
    const now = this.#now();
    for (const [metalId, kept] of this.#kept) if (kept.expires <= now) this.#drop(metalId);
  }

  #drop(metalId: string): void {
    const kept = this.#kept.get(metalId);
    if (kept === undefined) return;
    this.#kept.delete(metalId);
    this.#bytes -= kept.bytes;
  }
}
