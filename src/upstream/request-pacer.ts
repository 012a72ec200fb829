import { sleep } from './backoff.js';

/**
 * A token bucket of one token, refilled every `1000 / perSecond` ms: every request takes
 * the next free slot, so requests leave evenly spaced and never in a burst, and no 1-second
 * window holds more than `perSecond + 1` of them. A request past the rate waits its turn
 * (in the order they asked); none fails for it.
 *
 * @example
 * const pacer = new RequestPacer(10);
 * await pacer.turn(); // at once
 * await pacer.turn(); // 100 ms later
 */
export class RequestPacer {
  readonly #interval: number;
  /** When the next slot is free, in `performance.now()` ms. */
  #next = 0;

  constructor(perSecond: number) {
    if (!(Number.isFinite(perSecond) && perSecond > 0)) throw new TypeError(`maxRequestsPerSecond must be a positive number, not ${String(perSecond)}`);
    this.#interval = 1000 / perSecond;
  }

  /**
   * Resolves when this request may go. The slot is taken at the call: one given up (the
   * signal aborted) stays spent, which only slows the requests after it.
   */
  turn(signal?: AbortSignal): Promise<void> {
    const now = performance.now();
    const at = Math.max(now, this.#next);
    this.#next = at + this.#interval;
    // A timer may fire up to a millisecond early: round up, so requests are never closer than the interval.
    return at > now ? sleep(Math.ceil(at - now), signal) : Promise.resolve();
  }
}
