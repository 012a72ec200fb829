import type { KeptBody } from './response.js';

/** Bounds of the answers a gateway keeps; see `GatewayOptions.answerMemo`. */
export interface AnswerMemoOptions {
  /** Answers kept at most. Default 1,024. */
  maxEntries?: number;
  /** Bytes of answers kept at most (bytes shared with the backend's kept JSON count in full). Default 32 MiB. */
  maxBytes?: number;
}

export const ANSWER_MEMO_DEFAULTS: Readonly<Required<AnswerMemoOptions>> = Object.freeze({ maxEntries: 1024, maxBytes: 32 * 1024 * 1024 });

/**
 * The bodies of the 200 answers of pure routes (see `RouteOptions.pure`), by request URL,
 * for one revision of the backend's data: asked again before the revision changes, a URL is
 * answered with the same bytes, and the router, the handler and the backend are not called.
 * The first lookup that sees a new revision forgets every answer; so does reaching either bound.
 *
 * @example
 * const memo = new AnswerMemo(() => backend.revision());
 * const revision = memo.revision();       // before the handler reads the backend
 * memo.keep('/blocks/2', revision, bytes); // kept only if the revision is still the same
 * memo.get('/blocks/2');                  // the bytes, until the revision moves
 */
export class AnswerMemo {
  readonly #current: () => number;
  readonly #maxEntries: number;
  readonly #maxBytes: number;
  readonly #answers = new Map<string, KeptBody>();
  #bytes = 0;
  /** The revision the kept answers are of. */
  #revision = Number.NaN;

  constructor(revision: () => number, options: AnswerMemoOptions = {}) {
    this.#current = revision;
    this.#maxEntries = bound('maxEntries', options.maxEntries ?? ANSWER_MEMO_DEFAULTS.maxEntries);
    this.#maxBytes = bound('maxBytes', options.maxBytes ?? ANSWER_MEMO_DEFAULTS.maxBytes);
  }

  /** The backend's revision now: read it before the handler reads the backend, and keep its answer with it. */
  revision(): number {
    return this.#current();
  }

  /** The body answered for `url` in the backend's current revision, if one is kept. */
  get(url: string): KeptBody | undefined {
    if (this.#current() !== this.#revision) {
      this.#forget(this.#current());
      return undefined;
    }
    return this.#answers.get(url);
  }

  /** Keeps `body` as the answer for `url`, if the backend's revision is still `revision` (the one read before the handler ran). */
  keep(url: string, revision: number, body: KeptBody): void {
    const current = this.#current();
    if (current !== revision) return;
    if (current !== this.#revision) this.#forget(current);
    if (body.length > this.#maxBytes) return;
    if (this.#answers.size >= this.#maxEntries || this.#bytes + body.length > this.#maxBytes) this.#forget(current);
    const previous = this.#answers.get(url);
    if (previous !== undefined) this.#bytes -= previous.length;
    this.#answers.set(url, body);
    this.#bytes += body.length;
  }

  /** How many answers are kept, and their bytes. */
  get size(): { entries: number; bytes: number } {
    return { entries: this.#answers.size, bytes: this.#bytes };
  }

  #forget(revision: number): void {
    this.#answers.clear();
    this.#bytes = 0;
    this.#revision = revision;
  }
}

function bound(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 1) throw new TypeError(`answerMemo.${name} must be a positive integer`);
  return value;
}
