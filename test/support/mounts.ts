import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express5 from 'express';
import express4 from 'express4';
import Koa from 'koa';
import mount from 'koa-mount';
import type { Gateway } from '../../src/index.js';
import { expressGateway } from '../../src/frameworks/express.js';
import { koaGateway, type KoaContextLike } from '../../src/frameworks/koa.js';

/**
 * The ways an app mounts the gateway. The behaviour suite runs once per mount (the
 * GATEWAY_MOUNT variable, set per vitest project), so a mount cannot silently differ.
 */
export const MOUNTS = ['node-http', 'express5', 'express5-prefix', 'express4', 'koa', 'koa-prefix'] as const;
export type MountName = (typeof MOUNTS)[number];

export function currentMount(): MountName {
  const name = (process.env.GATEWAY_MOUNT ?? 'node-http') as MountName;
  if (!MOUNTS.includes(name)) throw new Error(`GATEWAY_MOUNT must be one of ${MOUNTS.join(', ')}`);
  return name;
}

/** The path prefix the mount serves the gateway under ('' at the root). */
export function mountPrefix(name: MountName = currentMount()): string {
  return name.endsWith('-prefix') ? '/symbol' : '';
}

/** A listening server with the gateway mounted; `base` includes the mount's prefix. */
export async function listen(gateway: Gateway, name: MountName = currentMount()): Promise<{ server: http.Server; origin: string; base: string }> {
  const server = http.createServer(requestListener(gateway, name));
  gateway.attach(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { server, origin, base: origin + mountPrefix(name) };
}

// Each framework app ends with the gateway answering what nothing else did (its JSON 404),
// as an app that wants the gateway's error bodies everywhere would.
function requestListener(gateway: Gateway, name: MountName): http.RequestListener {
  const prefix = mountPrefix(name);
  const last = (req: http.IncomingMessage, res: http.ServerResponse) => void gateway.handle(req, res);
  switch (name) {
    case 'node-http':
      return gateway.handle;
    case 'express5':
    case 'express5-prefix': {
      const app = express5();
      app.disable('x-powered-by');
      if (prefix) app.use(prefix, expressGateway(gateway));
      else app.use(expressGateway(gateway));
      app.use(last);
      return app;
    }
    case 'express4': {
      const app = express4();
      app.disable('x-powered-by');
      app.use(expressGateway(gateway));
      app.use(last);
      return app;
    }
    case 'koa':
    case 'koa-prefix': {
      const app = new Koa();
      const middleware = koaGateway(gateway) as unknown as Koa.Middleware;
      app.use(prefix ? mount(prefix, middleware) : middleware);
      app.use(async (ctx) => {
        (ctx as unknown as KoaContextLike).respond = false;
        await gateway.handle(ctx.req, ctx.res);
      });
      return app.callback();
    }
  }
}
