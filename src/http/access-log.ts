import type { IncomingMessage, ServerResponse } from 'node:http';
import { clip } from '../errors.js';

/** Where `GatewayOptions.accessLog` writes: a pino logger fits (`pino()`, `app.log`, `fastify.log`). */
export interface AccessLogger {
  info(entry: object, message?: string): void;
}

/** One access log line's fields (pino adds `level`, `time`, `msg`). */
export interface AccessLogEntry {
  /** The request's `x-request-id` header when it sent one, else a number the gateway counts up from 1. */
  reqId: string | number;
  method: string;
  /** The route template that answered (`/blocks/:height`), `(unmatched)` when none did. */
  route: string;
  /** The request target, clipped as error messages clip it (under Express, with its mount path). */
  url: string;
  status: number;
  /** Milliseconds from arrival to the response written, to 0.001 ms. */
  duration: number;
  /** The peer address of the connection (a proxy's, behind one). */
  remoteAddress: string | undefined;
  /** On a 429 under throttling: this address's 429s left out of the log since its previous line (see `GatewayOptions.throttling`). */
  suppressed?: number;
}

/** Writes one JSON line per answered request. */
export class AccessLog {
  readonly #logger: AccessLogger;
  #count = 0;

  constructor(logger: AccessLogger) {
    this.#logger = logger;
  }

  /**
   * @param route the route template that answered
   * @param startedAt `performance.now()` when the request arrived
   */
  write(req: IncomingMessage, res: ServerResponse, route: string, startedAt: number): void {
    const given = req.headers['x-request-id'];
    const entry: AccessLogEntry = {
      reqId: typeof given === 'string' && given !== '' ? clip(given) : ++this.#count,
      method: req.method ?? 'GET',
      route,
      // Express strips its mount path from req.url while the gateway answers (and puts it back later): its originalUrl is what the client asked for.
      url: clip((req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '/'),
      status: res.statusCode,
      duration: Math.round((performance.now() - startedAt) * 1000) / 1000,
      remoteAddress: req.socket?.remoteAddress,
    };
    this.#logger.info(entry, 'request');
  }
}

const LEVEL_NAMES: Readonly<Record<number, string>> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

/**
 * One pino JSON line as a person reads it on a terminal: `12:00:01.042 INFO  GET /blocks/1 200
 * 1.2 ms (/blocks/:height) 127.0.0.1 #3` for an access entry, `time LEVEL msg {rest}` for any
 * other; a line that is not JSON comes back as it is.
 */
export function readableLogLine(line: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  const { time, level, msg, pid: _pid, hostname: _hostname, ...rest } = entry;
  const clock = typeof time === 'number' ? new Date(time).toISOString().slice(11, 23) : '';
  const name = (LEVEL_NAMES[level as number] ?? String(level)).padEnd(5);
  if (msg === 'request' && typeof rest.status === 'number') {
    const { reqId, method, url, status, duration, route, remoteAddress, suppressed } = rest as unknown as AccessLogEntry;
    // `(unmatched)` is in parentheses already.
    return `${clock} ${name} ${method} ${url} ${status} ${duration} ms ${route.startsWith('(') ? route : `(${route})`} ${remoteAddress ?? '-'} #${reqId}${suppressed ? ` (${suppressed} more 429s not logged)` : ''}`;
  }
  return `${clock} ${name} ${String(msg ?? '')}${Object.keys(rest).length > 0 ? ` ${JSON.stringify(rest)}` : ''}`;
}

/** Where `BatchedLines` writes: stdout, or any stream that takes text. */
export interface TextSink {
  write(text: string): unknown;
}

/**
 * Log lines (a pino destination) gathered and written to `sink` in batches of `batchLength`
 * characters or more: one write where there was one per line, which for the access log is one
 * per request. A line waits `intervalMs` at most, and `flush()` writes what waits at once. The
 * batches go through `sink` in order, so stdout keeps the order of everything printed to it.
 *
 * @example
 * const output = new BatchedLines(process.stdout); // batches of 16,384, every 200 ms
 * process.once('exit', () => output.flush());
 * const log = pino({}, output);
 */
export class BatchedLines {
  readonly #sink: TextSink;
  readonly #batchLength: number;
  #pending = '';

  constructor(sink: TextSink, { batchLength = 16_384, intervalMs = 200 }: { batchLength?: number; intervalMs?: number } = {}) {
    this.#sink = sink;
    this.#batchLength = batchLength;
    // The last lines of an idle process show up soon all the same; the timer keeps no process alive.
    setInterval(() => this.flush(), intervalMs).unref();
  }

  write(line: string): boolean {
    this.#pending += line;
    if (this.#pending.length >= this.#batchLength) this.flush();
    return true;
  }

  /** Writes the lines that wait, if any (pino's `logger.flush(done)` calls it). */
  flush(done?: (error?: Error) => void): void {
    if (this.#pending !== '') {
      const text = this.#pending;
      this.#pending = '';
      this.#sink.write(text);
    }
    done?.();
  }
}
