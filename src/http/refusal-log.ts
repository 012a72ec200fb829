import type { AccessLogEntry, AccessLogger } from './access-log.js';

/** Options of `RefusalLog`. */
export interface RefusalLogOptions {
  /** ms during which a client address's 429s after a written one are only counted. Default 1000. */
  interval?: number;
  /** Client addresses remembered at most; past it the least recently written is forgotten (its count written first). Default 10 000. */
  maxClients?: number;
}

/** A client's last written 429 line (ms of the log's clock) and its 429s left out since. */
interface Refused {
  at: number;
  suppressed: number;
}

/**
 * The access log under throttling: every line is passed on, except that of 429s
 * (`TooManyRequests`) at most one per client address (`remoteAddress`: a proxy's, behind one) is
 * written a second. The next line written for that address carries `suppressed`, its 429s left
 * out since the one before; a count left when the address goes quiet is written within two
 * intervals as a `throttled` line (`{ remoteAddress, status: 429, suppressed }`). A client
 * sending 5,000 requests over its limit in 3 s writes 4 lines, not 5,000; the metrics count
 * every one.
 *
 * @example
 * const log = new RefusalLog(pino());
 * new AccessLog(log); // 429 lines sampled, every other line written
 */
export class RefusalLog implements AccessLogger {
  readonly #logger: AccessLogger;
  readonly #interval: number;
  readonly #maxClients: number;
  readonly #now: () => number;
  // In order of each address's last written line: the first is the oldest.
  readonly #clients = new Map<string, Refused>();
  #timer: NodeJS.Timeout | undefined;

  /**
   * @param logger where the lines go (a pino logger)
   * @param options see `RefusalLogOptions`
   * @param now the clock in ms (monotonic by default)
   */
  constructor(logger: AccessLogger, options: RefusalLogOptions = {}, now: () => number = () => performance.now()) {
    this.#logger = logger;
    this.#interval = options.interval ?? 1_000;
    this.#maxClients = options.maxClients ?? 10_000;
    this.#now = now;
  }

  /** Client addresses remembered now. */
  get size(): number {
    return this.#clients.size;
  }

  info(entry: object, message?: string): void {
    if ((entry as Partial<AccessLogEntry>).status !== 429) {
      this.#logger.info(entry, message);
      return;
    }
    const client = (entry as Partial<AccessLogEntry>).remoteAddress ?? '-';
    const now = this.#now();
    const seen = this.#clients.get(client);
    if (seen !== undefined && now - seen.at < this.#interval) {
      seen.suppressed++;
      this.#timer ??= setTimeout(() => this.#flush(false), this.#interval).unref();
      return;
    }
    this.#clients.delete(client);
    if (this.#clients.size >= this.#maxClients) this.#forget(this.#clients.keys().next().value!);
    this.#clients.set(client, { at: now, suppressed: 0 });
    this.#logger.info(seen !== undefined && seen.suppressed > 0 ? { ...entry, suppressed: seen.suppressed } : entry, message);
  }

  /** Writes every count left out now and stops the timer (the gateway's `close()` calls it). */
  close(): void {
    clearTimeout(this.#timer);
    this.#flush(true);
  }

  // The addresses whose interval is over: their counts written, themselves forgotten (a next 429 is written at once anyway).
  #flush(all: boolean): void {
    this.#timer = undefined;
    const now = this.#now();
    for (const [client, seen] of this.#clients) {
      if (!all && now - seen.at < this.#interval) break;
      this.#forget(client);
    }
    // Until every address is forgotten: the ones left are at most an interval old.
    if (!all && this.#clients.size > 0) this.#timer = setTimeout(() => this.#flush(false), this.#interval).unref();
  }

  #forget(client: string): void {
    const seen = this.#clients.get(client)!;
    this.#clients.delete(client);
    if (seen.suppressed > 0) this.#logger.info({ remoteAddress: client, status: 429, suppressed: seen.suppressed }, 'throttled');
  }
}
