import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Gateway } from '../gateway.js';

/** The part of a Koa context the adapter uses (no Koa types needed at runtime or in declarations). */
export interface KoaContextLike {
  req: IncomingMessage;
  res: ServerResponse;
  /** Set to false so Koa leaves a response the gateway wrote alone. */
  respond?: boolean;
  request: { body?: unknown };
  /** The URL before koa-mount took its prefix off: what the gateway's node lists name it by (as Express's `req.originalUrl`). */
  originalUrl?: string;
}

/** A Koa middleware. */
export type KoaMiddleware = (ctx: KoaContextLike, next: () => Promise<unknown>) => Promise<void>;

/**
 * Mounts the gateway in a Koa 3 app. Requests for no gateway route go on to the next
 * middleware; under koa-mount the prefix is stripped as usual. A body a Koa body parser
 * already read (`ctx.request.body`) is used as it is.
 *
 * @example
 * import Koa from 'koa';
 * import { createGateway } from 'symbol-gateway';
 * import { koaGateway } from 'symbol-gateway/koa';
 *
 * const gateway = createGateway();
 * const app = new Koa().use(koaGateway(gateway));
 * gateway.attach(app.listen(3000));
 */
export function koaGateway(gateway: Pick<Gateway, 'handle'>): KoaMiddleware {
  return async (ctx, next) => {
    const req = ctx.req as IncomingMessage & { body?: unknown; originalUrl?: string };
    if (ctx.request.body !== undefined && req.body === undefined) req.body = ctx.request.body;
    if (ctx.originalUrl !== undefined && req.originalUrl === undefined) req.originalUrl = ctx.originalUrl;
    let passed = false;
    await gateway.handle(ctx.req, ctx.res, () => {
      passed = true;
    });
    if (passed) return void (await next());
    ctx.respond = false; // the gateway wrote the response
  };
}
