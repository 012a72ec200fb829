import { performance } from 'node:perf_hooks';

/** The window `FrameRateLimit` counts in. */
const WINDOW_MS = 1_000;

/**
 * At most `limit` hits in any 1-second window (a sliding window, so no burst of
 * 2 × limit across a window boundary). It keeps the times of the last `limit` hits
 * in a ring and needs no timer: nothing to clear when the connection goes.
 *
 * @example
 * const rate = new FrameRateLimit(20);
 * socket.on('message', () => { if (!rate.hit()) socket.close(1008, 'too many messages'); });
 */
export class FrameRateLimit {
  readonly #times: Float64Array;
  #next = 0;

  /** @param limit hits allowed in any 1-second window, a positive integer */
  constructor(readonly limit: number) {
    // -Infinity: slots never used are older than any window.
    this.#times = new Float64Array(limit).fill(-Infinity);
  }

  /**
   * Counts one hit now.
   *
   * @param now a monotonic time in ms (default `performance.now()`)
   * @returns false when this hit is one over the limit
   */
  hit(now: number = performance.now()): boolean {
    // The slot about to be overwritten holds the hit `limit` hits ago.
    if (now - this.#times[this.#next] < WINDOW_MS) return false;
    this.#times[this.#next] = now;
    this.#next = (this.#next + 1) % this.limit;
    return true;
  }
}
