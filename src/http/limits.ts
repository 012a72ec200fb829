import type { ServerTimeouts } from './server-timeouts.js';

/**
 * The default of every limit, timeout and policy of `createGateway`, in one place.
 * Each is safe for a gateway on the open internet; an option of the same name overrides it.
 */
export const GATEWAY_DEFAULTS = {
  /** Bytes of a PUT/POST body (413 above): a transaction payload is a few KiB, a big aggregate well under 1 MiB. */
  bodyLimit: 1024 * 1024,
  /** Bytes of the request target, path and query (414 above): the longest Symbol query is a few hundred. */
  maxUrlLength: 4096,
  /** Query parameters of one request (409 above): the widest Symbol query, every filter and each of the 25 `type`s, is about 45. */
  maxQueryParameters: 64,
  /** Milliseconds a route (and the backend calls it awaits) may take before the gateway answers 503. */
  backendTimeout: 10_000,
  /** Milliseconds `close()` lets in-flight requests finish before it destroys them. */
  closeGracePeriod: 10_000,
  /** Milliseconds a client may take to send the request head (`server.headersTimeout`, set by `attach`); stops slowloris. */
  headersTimeout: 10_000,
  /** Milliseconds a client may take to send the whole request (`server.requestTimeout`, set by `attach`); at least `headersTimeout`. */
  requestTimeout: 30_000,
  /**
   * Milliseconds an idle keep-alive connection stays open (`server.keepAliveTimeout`, set by `attach`).
   * Longer than the 60 s idle timeout of common load balancers, so the balancer closes first
   * and never sends a request on a connection the server is closing (a spurious 502).
   */
  keepAliveTimeout: 65_000,
  /** Cross-origin policy: every origin may call (the gateway serves public chain data); preflights cached 600 s. */
  cors: { origins: '*', maxAge: 600 },
} as const;

/** The limits and timeouts of `GatewayOptions`; defaults in `GATEWAY_DEFAULTS`. */
export interface LimitOptions {
  /** Largest PUT/POST body in bytes; larger ones get 413 and are not processed. Default 1 MiB. */
  bodyLimit?: number;
  /** Longest request target (path and query) in bytes; longer ones get 414 before routing. Default 4096. */
  maxUrlLength?: number;
  /** Most query parameters a request may carry; more get 409 InvalidArgument. Default 64. */
  maxQueryParameters?: number;
  /** Milliseconds a route handler may take (backend calls included) before the gateway answers 503; its late result is ignored. `false`: no limit. Default 10 000. */
  backendTimeout?: number | false;
  /** Milliseconds `close()` waits for in-flight requests before it destroys their responses. Default 10 000. */
  closeGracePeriod?: number;
  /** `server.headersTimeout` that `attach(server)` sets, in ms (0: none); `false` leaves the server's own. Default 10 000 (or `requestTimeout` if lower). */
  headersTimeout?: number | false;
  /** `server.requestTimeout` that `attach(server)` sets, in ms (0: none); `false` leaves the server's own. Default 30 000. */
  requestTimeout?: number | false;
  /** `server.keepAliveTimeout` that `attach(server)` sets, in ms; `false` leaves the server's own. Default 65 000. */
  keepAliveTimeout?: number | false;
}

/** Limit options with their defaults applied and checked. */
export interface Limits {
  readonly bodyLimit: number;
  readonly maxUrlLength: number;
  readonly maxQueryParameters: number;
  readonly backendTimeout: number | false;
  readonly closeGracePeriod: number;
  /** Only the server settings to change; a `false` option is left out. */
  readonly serverTimeouts: ServerTimeouts;
}

// Node fires a timer set to more than this after 1 ms instead, with a warning.
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Applies the defaults and throws a TypeError (RangeError) naming the first option that is malformed (incoherent). */
export function resolveLimits(options: LimitOptions): Limits {
  const requestTimeout = timeout('requestTimeout', options.requestTimeout ?? GATEWAY_DEFAULTS.requestTimeout, 0, true);
  // Node allows headersTimeout <= requestTimeout only; the default follows a lower requestTimeout.
  const headersDefault = requestTimeout === false || requestTimeout === 0 ? GATEWAY_DEFAULTS.headersTimeout : Math.min(GATEWAY_DEFAULTS.headersTimeout, requestTimeout);
  const headersTimeout = timeout('headersTimeout', options.headersTimeout ?? headersDefault, 0, true);
  if (typeof headersTimeout === 'number' && typeof requestTimeout === 'number' && headersTimeout > 0 && requestTimeout > 0 && headersTimeout > requestTimeout) {
    throw new RangeError(`headersTimeout (${headersTimeout}) must not be greater than requestTimeout (${requestTimeout})`);
  }
  const keepAliveTimeout = timeout('keepAliveTimeout', options.keepAliveTimeout ?? GATEWAY_DEFAULTS.keepAliveTimeout, 0, true);

  const serverTimeouts: { -readonly [K in keyof ServerTimeouts]: ServerTimeouts[K] } = {};
  if (headersTimeout !== false) serverTimeouts.headersTimeout = headersTimeout;
  if (requestTimeout !== false) serverTimeouts.requestTimeout = requestTimeout;
  if (keepAliveTimeout !== false) serverTimeouts.keepAliveTimeout = keepAliveTimeout;

  return {
    bodyLimit: integer('bodyLimit', options.bodyLimit ?? GATEWAY_DEFAULTS.bodyLimit, 0),
    maxUrlLength: integer('maxUrlLength', options.maxUrlLength ?? GATEWAY_DEFAULTS.maxUrlLength, 1),
    maxQueryParameters: integer('maxQueryParameters', options.maxQueryParameters ?? GATEWAY_DEFAULTS.maxQueryParameters, 0),
    backendTimeout: timeout('backendTimeout', options.backendTimeout ?? GATEWAY_DEFAULTS.backendTimeout, 1, true),
    closeGracePeriod: timeout('closeGracePeriod', options.closeGracePeriod ?? GATEWAY_DEFAULTS.closeGracePeriod, 0, false) as number,
    serverTimeouts,
  };
}

function integer(name: string, value: number, min: number): number {
  if (!Number.isSafeInteger(value) || value < min) throw new TypeError(`${name} must be ${min === 0 ? 'a non-negative' : 'a positive'} integer`);
  return value;
}

function timeout(name: string, value: number | false, min: number, mayBeFalse: boolean): number | false {
  if (value === false && mayBeFalse) return false;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > MAX_TIMER_MS) {
    const range = `${min === 0 ? 'a non-negative' : 'a positive'} integer of milliseconds (at most ${MAX_TIMER_MS})`;
    throw new TypeError(`${name} must be ${range}${mayBeFalse ? ' or false' : ''}`);
  }
  return value;
}
