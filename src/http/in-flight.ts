import type { ServerResponse } from 'node:http';
import { ServiceUnavailableError } from '../errors.js';

/** One request the gateway is answering: its response, and its deadline timer while one runs. */
export interface InFlightRequest {
  readonly res: ServerResponse;
  timer: NodeJS.Timeout | undefined;
  /** The route template that took it (metrics and the access log), `undefined` when handed on to the app's `next`. */
  route: string | undefined;
  /** `performance.now()` when it arrived (0 when neither metrics nor the access log are on). */
  readonly startedAt: number;
}

/**
 * The requests a gateway is answering, so `close()` can let them finish, cut off the
 * ones that do not, and leave no timer behind.
 *
 * @example
 * const inFlight = new InFlightRequests();
 * const request = { res, timer: undefined, route: undefined, startedAt: 0 };
 * const done = inFlight.track(request, Promise.resolve(inFlight.deadline(request, work(), 10_000)).then(respond));
 * await inFlight.drain(10_000);
 */
export class InFlightRequests {
  readonly #requests = new Set<InFlightRequest>();
  #idle: (() => void) | undefined;

  /** Number of requests being answered. */
  get size(): number {
    return this.#requests.size;
  }

  /**
   * Tracks a request until `pending` settles. Only requests that wait (for a body, for a
   * backend's promise) are tracked: one answered synchronously is over before anything else
   * runs, so it costs no bookkeeping.
   */
  track(request: InFlightRequest, pending: Promise<void>): Promise<void> {
    this.#requests.add(request);
    return pending.finally(() => this.#done(request));
  }

  #done(request: InFlightRequest): void {
    clearTimeout(request.timer);
    this.#requests.delete(request);
    if (this.#requests.size === 0) this.#idle?.();
  }

  /**
   * `work` as it is when it is not a promise; else a promise that settles as `work` does, or
   * rejects with 503 ServiceUnavailable after `ms` milliseconds. A late outcome is ignored.
   */
  deadline<T>(request: InFlightRequest, work: T, ms: number | false): T | Promise<Awaited<T>> {
    if (ms === false || !isThenable(work)) return work;
    return new Promise<Awaited<T>>((resolve, reject) => {
      request.timer = setTimeout(() => reject(new ServiceUnavailableError(`the backend did not answer within ${ms} ms`)), ms);
      const settle = () => {
        clearTimeout(request.timer);
        request.timer = undefined;
      };
      (work as PromiseLike<Awaited<T>>).then(
        (value) => (settle(), resolve(value)),
        (error: unknown) => (settle(), reject(error)),
      );
    });
  }

  /**
   * Waits until no request is in flight, at most `grace` milliseconds; then destroys the
   * responses still open (their clients see the connection close) and clears their timers.
   */
  async drain(grace: number): Promise<void> {
    if (this.#requests.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const idle = new Promise<boolean>((resolve) => (this.#idle = () => resolve(true)));
    const graceOver = new Promise<boolean>((resolve) => (timer = setTimeout(resolve, grace, false)));
    const finished = await Promise.race([idle, graceOver]);
    clearTimeout(timer);
    this.#idle = undefined;
    if (finished) return;
    for (const request of this.#requests) {
      clearTimeout(request.timer);
      request.res.destroy();
    }
  }
}

export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return value !== null && (typeof value === 'object' || typeof value === 'function') && typeof (value as PromiseLike<unknown>).then === 'function';
}
