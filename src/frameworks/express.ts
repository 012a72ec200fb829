import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Gateway, NextFunction } from '../gateway.js';

/** An Express (4 or 5) or Connect middleware. */
export type ExpressMiddleware = (req: IncomingMessage, res: ServerResponse, next: NextFunction) => void;

/**
 * The gateway as Express middleware: `app.use(expressGateway(gateway))`, or under a
 * prefix, `app.use('/symbol', expressGateway(gateway))`. It is `gateway.handle` itself,
 * typed for Express; requests for no gateway route go on to `next()`, errors become the
 * gateway's JSON error (never Express's HTML page), and a body `express.json()` parsed
 * already is used as it is.
 *
 * @example
 * import express from 'express';
 * import { createGateway } from 'symbol-gateway';
 * import { expressGateway } from 'symbol-gateway/express';
 *
 * const gateway = createGateway();
 * const app = express().use('/symbol', expressGateway(gateway));
 * gateway.attach(app.listen(3000));
 */
export function expressGateway(gateway: Pick<Gateway, 'handle'>): ExpressMiddleware {
  return (req, res, next) => void gateway.handle(req, res, next);
}
