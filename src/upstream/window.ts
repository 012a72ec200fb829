/**
 * A limit on requests in flight: `enter` resolves once fewer than `size` are out, in the order
 * asked; `leave` frees the place. A pacer spaces requests in time, this bounds how many wait
 * on the upstream at once (a slow upstream is not sent more while it is slow).
 *
 * @example
 * const window = new RequestWindow(4);
 * await window.enter();
 * try { await fetch(url); } finally { window.leave(); }
 */
export class RequestWindow {
  readonly #size: number;
  #out = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(size: number) {
    if (!(Number.isSafeInteger(size) && size >= 1)) throw new TypeError(`maxInFlight must be a whole number from 1, not ${String(size)}`);
    this.#size = size;
  }

  /** Resolves when this request may be sent. */
  enter(): Promise<void> {
    if (this.#out < this.#size) {
      this.#out++;
      return Promise.resolve();
    }
    // The place is handed over by `leave`, so `#out` stays counted for the waiter.
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  /** Frees the place of a request that ended (answered or failed). */
  leave(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#out--;
  }
}
