import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import { GATEWAY_DEFAULTS } from './limits.js';

/** Cross-origin settings. */
export interface CorsOptions {
  /** Origins allowed to call the gateway from a browser: `'*'` (default: any site's scripts may read the responses) or an explicit list such as `['https://wallet.example']`. */
  origins?: '*' | readonly string[];
  /** Seconds a browser may cache a preflight answer. Default 600. */
  maxAge?: number;
}

// The answers that do not depend on the request, built once (frozen: callers only read them).
const ANY_ORIGIN: OutgoingHttpHeaders = Object.freeze({ 'access-control-allow-origin': '*' });
const VARY_ORIGIN: OutgoingHttpHeaders = Object.freeze({ vary: 'Origin' });
const NONE: OutgoingHttpHeaders = Object.freeze({});

/** Computes CORS response headers for one request. */
export class CorsPolicy {
  readonly #any: boolean;
  readonly #origins: ReadonlySet<string>;
  readonly #maxAge: string;

  constructor(options: CorsOptions | false = {}) {
    const origins = options === false ? [] : (options.origins ?? GATEWAY_DEFAULTS.cors.origins);
    this.#any = origins === '*';
    this.#origins = new Set(origins === '*' ? [] : origins);
    this.#maxAge = String(options === false ? 0 : (options.maxAge ?? GATEWAY_DEFAULTS.cors.maxAge));
  }

  /** Headers for an ordinary (non-preflight) response. */
  headers(req: IncomingMessage): OutgoingHttpHeaders {
    // Any origin: the request's headers are not even looked at (node builds them lazily).
    if (this.#any) return ANY_ORIGIN;
    const origin = req.headers.origin;
    if (origin !== undefined && this.#origins.has(origin)) return { 'access-control-allow-origin': origin, vary: 'Origin' };
    return this.#origins.size > 0 ? VARY_ORIGIN : NONE;
  }

  /** Headers for an ordinary response with headers of its own (`own`), which a browser's script may read: the CORS headers, those exposed to the origins allowed, and `own`. */
  exposing(req: IncomingMessage, own: Readonly<Record<string, string>>): OutgoingHttpHeaders {
    const base = this.headers(req);
    const names = Object.keys(own);
    if (!('access-control-allow-origin' in base) || names.length === 0) return { ...base, ...own };
    return { ...base, 'access-control-expose-headers': names.join(', '), ...own };
  }

  /** Headers for a preflight answer on a path that allows `methods`. */
  preflightHeaders(req: IncomingMessage, methods: readonly string[]): OutgoingHttpHeaders {
    const base = this.headers(req);
    if (!('access-control-allow-origin' in base)) return base;
    return {
      ...base,
      'access-control-allow-methods': [...methods, 'OPTIONS'].join(', '),
      'access-control-allow-headers': req.headers['access-control-request-headers'] ?? 'Content-Type',
      'access-control-max-age': this.#maxAge,
    };
  }
}
