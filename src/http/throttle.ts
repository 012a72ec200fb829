import type { IncomingMessage } from 'node:http';
import { TooManyRequestsError } from '../errors.js';
import { ClientAddresses } from './client-address.js';

/** The `throttling` option of `createGateway`: requests per client address, as catapult-rest's `throttling` setting. */
export interface ThrottlingOptions {
  /** Requests a client may make at once, after a pause (the bucket's size). Default 20, catapult-rest's. */
  burst?: number;
  /** Requests per second a client earns back, fractions allowed (`0.5`: one every 2 s). Default 5, catapult-rest's. */
  rate?: number;
  /**
   * Addresses and CIDR ranges of reverse proxies in front of the gateway (`['10.0.0.0/8', '::1']`).
   * A request from one of them is counted for the client its `X-Forwarded-For` names (the
   * right-most address that is not a trusted proxy); from anyone else the header is ignored.
   * Default none: the peer's address counts.
   */
  trustedProxies?: readonly string[];
  /**
   * Client addresses remembered at most. A client whose bucket has filled up again is forgotten
   * (it would get a full burst anyway); past this many busy ones, the least recently seen is.
   * Default 10 000 (restify's `maxKeys`).
   */
  maxClients?: number;
  /**
   * Throttle every path, the metrics path (`metrics`) and the explorer page (`explorer`) too.
   * Default `false`: those two are never counted nor refused, so a Prometheus scrape and a
   * visitor's page load get through from an address that spent its requests (the explorer's own
   * reads of the gateway's routes are counted as any client's).
   */
  throttleAll?: boolean;
}

/** Defaults of `ThrottlingOptions` (throttling itself is off unless the option is given). */
export const THROTTLING_DEFAULTS = { burst: 20, rate: 5, maxClients: 10_000, throttleAll: false } as const;

/** A client's tokens as of `at` (ms of the throttle's clock). */
interface Bucket {
  tokens: number;
  at: number;
}

/**
 * A token bucket per client address: each request takes a token, a client holds at most
 * `burst` and earns `rate` a second; a request without a token is refused with 429
 * `TooManyRequests` and `Retry-After`. Memory is bounded by `maxClients` and follows the busy
 * clients: each request also forgets the least recently seen client when its bucket is full again.
 *
 * @example
 * const throttle = new RequestThrottle({ burst: 20, rate: 5 });
 * throttle.admit(req); // throws TooManyRequestsError once the client's 20 are spent faster than 5/s
 */
export class RequestThrottle {
  readonly burst: number;
  readonly rate: number;
  readonly maxClients: number;
  readonly #clients: ClientAddresses;
  readonly #now: () => number;
  // In order of last use (a touched bucket moves to the end), so the first entry is the least recently seen.
  readonly #buckets = new Map<string, Bucket>();

  /**
   * @param options see `ThrottlingOptions`; defaults in `THROTTLING_DEFAULTS`
   * @param now the clock in ms (monotonic by default)
   * @throws TypeError naming an option out of range
   */
  constructor(options: ThrottlingOptions = {}, now: () => number = () => performance.now()) {
    this.burst = options.burst ?? THROTTLING_DEFAULTS.burst;
    this.rate = options.rate ?? THROTTLING_DEFAULTS.rate;
    this.maxClients = options.maxClients ?? THROTTLING_DEFAULTS.maxClients;
    if (!Number.isSafeInteger(this.burst) || this.burst < 1) throw new TypeError('throttling.burst must be a positive integer');
    if (typeof this.rate !== 'number' || !Number.isFinite(this.rate) || this.rate <= 0) throw new TypeError('throttling.rate must be a positive number of requests per second');
    if (!Number.isSafeInteger(this.maxClients) || this.maxClients < 1) throw new TypeError('throttling.maxClients must be a positive integer');
    this.#clients = new ClientAddresses(options.trustedProxies);
    this.#now = now;
  }

  /** Clients remembered now (each with a bucket not yet full). */
  get size(): number {
    return this.#buckets.size;
  }

  /** Takes a token for the request's client, or throws `TooManyRequestsError` when it has none. */
  admit(req: IncomingMessage): void {
    this.take(this.#clients.of(req));
  }

  /** Takes a token for `client`, or throws `TooManyRequestsError` with the seconds until it has one. */
  take(client: string): void {
    const now = this.#now();
    this.#forgetOldest(now);
    const bucket = this.#buckets.get(client);
    if (bucket === undefined) {
      if (this.#buckets.size >= this.maxClients) this.#buckets.delete(this.#buckets.keys().next().value!);
      this.#buckets.set(client, { tokens: this.burst - 1, at: now });
      return;
    }
    const tokens = this.#tokens(bucket, now);
    this.#buckets.delete(client);
    this.#buckets.set(client, bucket);
    bucket.at = now;
    if (tokens >= 1) {
      bucket.tokens = tokens - 1;
      return;
    }
    bucket.tokens = tokens;
    throw new TooManyRequestsError(this.rate, Math.max(1, Math.ceil((1 - tokens) / this.rate)));
  }

  #tokens(bucket: Bucket, now: number): number {
    return Math.min(this.burst, bucket.tokens + ((now - bucket.at) * this.rate) / 1000);
  }

  // A full bucket is what an unknown client gets, so forgetting it changes nothing. Two looks a request
  // (one client more at most) keep it O(1) and the map shrinking back when the crowd is gone.
  #forgetOldest(now: number): void {
    for (let look = 0; look < 2; look++) {
      const oldest = this.#buckets.entries().next();
      if (oldest.done || this.#tokens(oldest.value[1], now) < this.burst) return;
      this.#buckets.delete(oldest.value[0]);
    }
  }
}
