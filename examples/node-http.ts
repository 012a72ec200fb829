// The gateway in a plain node:http server, beside the app's own route.
// Run: npx tsx examples/node-http.ts   then   curl localhost:3000/blocks   or   curl localhost:3000/hello
// (PORT=4000 npx tsx examples/node-http.ts listens on port 4000)
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGateway, InMemoryChain } from 'symbol-gateway';

export function createApp(chain = new InMemoryChain()) {
  const gateway = createGateway({ backend: chain });

  // The app's own route, on the gateway's router.
  gateway.router.get('/hello', () => ({ hello: 'world', height: String(chain.height) }));

  const server = http.createServer(gateway.handle);
  gateway.attach(server); // WebSocket subscriptions on /ws, same port
  server.on('close', () => void gateway.close());
  return server;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // PORT, default 3000 (0: a free one, printed).
  const server = createApp();
  server.listen(Number(process.env.PORT || 3000), () => console.log(`listening on http://localhost:${(server.address() as AddressInfo).port}`));
}
