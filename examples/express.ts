// The gateway as Express middleware under /symbol, beside the app's own routes.
// Run: npx tsx examples/express.ts   then   curl localhost:3000/symbol/blocks   or   curl localhost:3000/hello
// (PORT=4000 npx tsx examples/express.ts listens on port 4000)
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createGateway, InMemoryChain } from 'symbol-gateway';
import { expressGateway } from 'symbol-gateway/express';

export function createApp(chain = new InMemoryChain()) {
  // WebSocket upgrades never pass through Express, so their path carries the prefix itself.
  const gateway = createGateway({ backend: chain, ws: { path: '/symbol/ws' } });
  const app = express();

  // The app's own middleware may come first: the gateway uses a body express.json() already parsed.
  app.use(express.json());
  app.get('/hello', (_req, res) => {
    res.json({ hello: 'world', height: String(chain.height) });
  });

  // Express strips '/symbol', so the gateway sees '/blocks', '/transactions', ...
  // A path no gateway route owns (e.g. /symbol/nope) goes on to next(): to the handler below.
  app.use('/symbol', expressGateway(gateway));

  // The app's own 404, for its paths and for unknown ones under /symbol alike.
  app.use((req, res) => {
    res.status(404).json({ error: `no page at ${req.originalUrl}` });
  });

  const server = http.createServer(app);
  gateway.attach(server); // WebSocket subscriptions on /symbol/ws, same port
  server.on('close', () => void gateway.close());
  return server;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // PORT, default 3000 (0: a free one, printed).
  const server = createApp();
  server.listen(Number(process.env.PORT || 3000), () => console.log(`listening on http://localhost:${(server.address() as AddressInfo).port}`));
}
