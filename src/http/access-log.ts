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
  /** The request target, clipped as error messages clip it. */
  url: string;
  status: number;
  /** Milliseconds from arrival to the response written, to 0.001 ms. */
  duration: number;
  /** The peer address of the connection (a proxy's, behind one). */
  remoteAddress: string | undefined;
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
      url: clip(req.url ?? '/'),
      status: res.statusCode,
      duration: Math.round((performance.now() - startedAt) * 1000) / 1000,
      remoteAddress: req.socket?.remoteAddress,
    };
    this.#logger.info(entry, 'request');
  }
}
