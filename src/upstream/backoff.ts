import { setTimeout as wait } from 'node:timers/promises';
import type { BackoffOptions } from './options.js';

/**
 * The wait before attempt `retry + 1` (`retry` counts from 1): `initial` doubled for each
 * earlier retry, capped at `max`, of which a random half is taken off, so clients that
 * failed together do not come back together.
 *
 * @example
 * backoffDelay(1, { initial: 250, max: 5000 }); // 125..250
 * backoffDelay(3, { initial: 250, max: 5000 }); // 500..1000
 * backoffDelay(9, { initial: 250, max: 5000 }); // 2500..5000
 */
export function backoffDelay(retry: number, backoff: Required<BackoffOptions>): number {
  const full = Math.min(backoff.max, backoff.initial * 2 ** Math.min(retry - 1, 30));
  return Math.ceil(full / 2 + (Math.random() * full) / 2);
}

/**
 * A `Retry-After` header in seconds as ms, or undefined when there is none or it is an
 * HTTP date (the client's own backoff is used then).
 */
export function retryAfterMs(header: string | null): number | undefined {
  return header !== null && /^[0-9]{1,9}$/.test(header.trim()) ? Number(header.trim()) * 1000 : undefined;
}

/** Resolves after `ms`, or rejects at once when `signal` is (or becomes) aborted. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return wait(ms, undefined, signal ? { signal } : undefined);
}
