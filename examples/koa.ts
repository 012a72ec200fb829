// The gateway in a Koa 3 app, mounted under /symbol with koa-mount, beside the app's own route.
// Run: npx tsx examples/koa.ts   then   curl localhost:3000/symbol/blocks   or   curl localhost:3000/hello
// (PORT=4000 npx tsx examples/koa.ts listens on port 4000)
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { bodyParser } from '@koa/bodyparser';
import Koa from 'koa';
import mount from 'koa-mount';
import { createGateway, InMemoryChain } from 'symbol-gateway';
import { koaGateway } from 'symbol-gateway/koa';

export function createApp(chain = new InMemoryChain()) {
  // WebSocket upgrades never pass through Koa, so their path carries the prefix itself.
  const gateway = createGateway({ backend: chain, ws: { path: '/symbol/ws' } });
  const app = new Koa();

  // The app's body parser may come first: the gateway uses the ctx.request.body it parsed.
  app.use(bodyParser());

  // koa-mount strips '/symbol', so the gateway sees '/blocks', '/transactions', ...
  // A path no gateway route owns (e.g. /symbol/nope) goes on to the next middleware,
  // and in the end to Koa's own 404.
  app.use(mount('/symbol', koaGateway(gateway)));

  // The app's own route.
  app.use(async (ctx, next) => {
    if (ctx.method !== 'GET' || ctx.path !== '/hello') return next();
    ctx.body = { hello: 'world', height: String(chain.height) };
  });

  const server = http.createServer(app.callback());
  gateway.attach(server); // WebSocket subscriptions on /symbol/ws, same port
  server.on('close', () => void gateway.close());
  return server;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // PORT, default 3000 (0: a free one, printed).
  const server = createApp();
  server.listen(Number(process.env.PORT || 3000), () => console.log(`listening on http://localhost:${(server.address() as AddressInfo).port}`));
}
