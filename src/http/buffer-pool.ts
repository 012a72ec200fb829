/**
 * Buffers for large response bodies, used again once a response is written.
 *
 * A page of a hundred confirmed transactions is 50 to 200 kB copied together from kept
 * bytes for each request. A fresh buffer of that size each time is an allocation outside
 * V8's heap that V8 counts as external memory: at thousands of pages a second it costs more
 * than the copy (allocation, the sweeping of dead buffers, scavenges forced by the external
 * memory pressure). The pool lends buffers in powers of two and takes them back when the
 * response that carried one has finished; a response that never finishes (its client went
 * away) keeps its buffer, which is then garbage like any other.
 */
export class BufferPool {
  readonly #minBytes: number;
  readonly #maxBytes: number;
  readonly #maxFreeBytes: number;
  /** Free buffers by size class (the power of two of their length). */
  readonly #free: ArrayBuffer[][] = [];
  #freeBytes = 0;
  /** The buffers lent and not yet given back. */
  readonly #lent = new WeakSet<Buffer>();

  /**
   * @param minBytes below this a request is not served (return value undefined): node's own pool serves small buffers well
   * @param maxBytes above this a request is not served: rare, and keeping such buffers costs more than it saves
   * @param maxFreeBytes at most this many bytes are kept free; a buffer given back beyond it is dropped
   */
  constructor(minBytes = 16 * 1024, maxBytes = 8 * 1024 * 1024, maxFreeBytes = 32 * 1024 * 1024) {
    this.#minBytes = minBytes;
    this.#maxBytes = maxBytes;
    this.#maxFreeBytes = maxFreeBytes;
  }

  /** A buffer of exactly `length` bytes (contents undefined), or undefined when `length` is outside the pool's sizes. */
  take(length: number): Buffer | undefined {
    if (length < this.#minBytes || length > this.#maxBytes) return undefined;
    const sizeClass = 32 - Math.clz32(length - 1);
    const free = this.#free[sizeClass];
    let memory = free?.pop();
    if (memory) this.#freeBytes -= memory.byteLength;
    else memory = new ArrayBuffer(2 ** sizeClass);
    const buffer = Buffer.from(memory, 0, length);
    this.#lent.add(buffer);
    return buffer;
  }

  /** Whether `buffer` is one this pool lent and that was not given back. */
  lent(buffer: Buffer): boolean {
    return this.#lent.has(buffer);
  }

  /** Takes back a buffer `take` gave; its bytes may be overwritten from now on. Ignores any other buffer. */
  give(buffer: Buffer): void {
    if (!this.#lent.delete(buffer)) return;
    const memory = buffer.buffer as ArrayBuffer;
    if (this.#freeBytes + memory.byteLength > this.#maxFreeBytes) return;
    const sizeClass = 31 - Math.clz32(memory.byteLength);
    (this.#free[sizeClass] ??= []).push(memory);
    this.#freeBytes += memory.byteLength;
  }
}
