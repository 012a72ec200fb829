// The gateway in a plain node:http server, beside the app's own route.
// Run: npx tsx examples/node-http.ts   then   curl localhost:3000/blocks   or   curl localhost:3000/hello
import http from 'node:http';
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
  const port = Number(process.env.PORT ?? 3000);
  createApp().listen(port, () => console.log(`listening on http://localhost:${port}`));
}
