import type { FinalizedBlockDTO } from '../backend/dto.js';
import type { BlockNotificationDTO } from './dto-shapes.js';

/** Waits between attempts: `initial` ms, doubled after each failure up to `max` ms, with jitter. */
export interface BackoffOptions {
  /** First wait, in ms. Default 250. */
  initial?: number;
  /** Longest wait, in ms; also caps a `Retry-After` the upstream asks for. Default 5 000. */
  max?: number;
}

/** How `UpstreamClient` talks to a gateway; defaults in `UPSTREAM_DEFAULTS`. */
export interface UpstreamClientOptions {
  /** The gateway's base URL, `http://node:3000` (a path prefix is kept: `https://host/symbol`). Required. */
  url: string;
  /** Longest one attempt may take, answer body included, in ms. Default 10 000. */
  timeout?: number;
  /** Attempts after the first for a transient failure (unreachable, timeout, 429, 5xx). Default 5. */
  retries?: number;
  /** Waits between attempts. Default `{ initial: 250, max: 5 000 }`. */
  backoff?: BackoffOptions;
  /**
   * Requests per second, over every call of the client together (retries count). Requests
   * past it wait their turn, evenly spaced; they never fail for it. Default 20, gentle
   * enough for a public node.
   */
  maxRequestsPerSecond?: number;
  /**
   * Requests in flight at once, over every call of the client together: the window that lets
   * answers overlap the upstream's latency, still paced by `maxRequestsPerSecond`. Default 4.
   */
  maxInFlight?: number;
  /** Cancels everything: requests in flight, waiting for their turn or between attempts reject with kind `aborted`. */
  signal?: AbortSignal;
  /** The fetch to use. Default: requests over node:http(s) with their keep-alive agents (cheaper than the global `fetch` for large pages). */
  fetch?: typeof fetch;
}

/** How `UpstreamListener` follows a gateway's blocks, and what it calls; defaults in `UPSTREAM_DEFAULTS`. */
export interface UpstreamListenerOptions {
  /** The gateway's base URL (`http://node:3000`); the listener connects to `<url>/ws`. Required. */
  url: string;
  /** Each `block` notification: a block the upstream harvested or synchronized. Required. */
  onBlock(block: BlockNotificationDTO): void;
  /** Each `finalizedBlock` notification: the upstream finalized up to this block. Required. */
  onFinalized(block: FinalizedBlockDTO): void;
  /**
   * Called each time the listener is subscribed again after a drop. The upstream does not
   * replay what it sent meanwhile: catch up by REST from here (blocks from then on come here too).
   */
  onReconnect?(): void;
  /**
   * Each thing that went wrong: a drop (`unreachable`), a frame that is not a notification
   * (`garbage`, ignored), an error thrown by a callback. The listener carries on after each;
   * without `onError` they are not reported.
   */
  onError?(error: Error): void;
  /** Waits before each reconnection after a drop. Default `{ initial: 250, max: 5 000 }`. */
  backoff?: BackoffOptions;
  /**
   * Milliseconds between pings; a connection that did not answer the previous ping is dropped
   * (and reconnected), so a silently dead upstream is noticed within two intervals. 0 disables.
   * Default 30 000.
   */
  heartbeatInterval?: number;
  /** Stops the listener for good, as `close()` does. */
  signal?: AbortSignal;
}

/** Defaults of `UpstreamClientOptions` and `UpstreamListenerOptions` (each explained where the option is). */
export const UPSTREAM_DEFAULTS = {
  timeout: 10_000,
  retries: 5,
  backoff: { initial: 250, max: 5_000 },
  maxRequestsPerSecond: 20,
  maxInFlight: 4,
  heartbeatInterval: 30_000,
} as const;

/** The base URL without a trailing slash, or a TypeError for anything but an absolute http(s) URL. */
export function parseBaseUrl(url: unknown): string {
  let parsed: URL | undefined;
  try {
    parsed = typeof url === 'string' ? new URL(url) : undefined;
  } catch {
    // reported below
  }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.search || parsed.hash) {
    throw new TypeError(`url must be an absolute http(s) URL without a query, such as http://localhost:3000, not ${JSON.stringify(url)}`);
  }
  return parsed.href.replace(/\/+$/, '');
}

/** `backoff` with its defaults, or a TypeError naming the bad value. */
export function resolveBackoff(backoff: BackoffOptions = {}): Required<BackoffOptions> {
  const initial = atLeast('backoff.initial', backoff.initial ?? UPSTREAM_DEFAULTS.backoff.initial, 0);
  const max = atLeast('backoff.max', backoff.max ?? UPSTREAM_DEFAULTS.backoff.max, initial);
  return { initial, max };
}

/** `value`, checked to be a whole number of at least `min` (a TypeError naming the option otherwise). */
export function atLeast(name: string, value: number, min: number): number {
  if (!Number.isSafeInteger(value) || value < min) throw new TypeError(`${name} must be a whole number of at least ${min}, not ${String(value)}`);
  return value;
}
