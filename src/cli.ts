import http from 'node:http';
import { createGateway } from './gateway.js';
import { InMemoryChain } from './memory/chain.js';

// `npm start`: the gateway on the in-memory chain. PORT, HOST and BLOCK_INTERVAL (ms) override the defaults.
const USAGE = `usage: symbol-gateway
  Serves a Symbol REST + WebSocket gateway over a deterministic in-memory chain.
  Environment: PORT (3000), HOST (0.0.0.0), BLOCK_INTERVAL in ms (5000).`;
const args = process.argv.slice(2);
if (args.length > 0) {
  const help = args.every((arg) => arg === '--help' || arg === '-h');
  (help ? console.log : console.error)(help ? USAGE : `unknown argument: ${args.join(' ')}\n${USAGE}`);
  process.exit(help ? 0 : 2);
}
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '0.0.0.0';
const blockInterval = Number(process.env.BLOCK_INTERVAL ?? 5000);

let chain: InMemoryChain;
try {
  chain = new InMemoryChain({ blockInterval });
} catch (error) {
  console.error(`symbol-gateway: ${(error as Error).message} (BLOCK_INTERVAL=${process.env.BLOCK_INTERVAL})`);
  process.exit(2);
}
const gateway = createGateway({ backend: chain, explorer: true });
const server = http.createServer(gateway.handle);
gateway.attach(server);

server.listen(port, host, () => {
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  console.log(`symbol-gateway listening on http://${shown}:${port} (in-memory ${chain.options.network}, a block every ${blockInterval} ms)`);
  console.log(`try: curl http://${shown}:${port}/blocks   (WebSocket: ws://${shown}:${port}/ws)`);
  console.log(`explorer: http://${shown}:${port}/explorer`);
  console.log(`funded test accounts (${chain.options.accountBalance / 1_000_000n} XYM each; generation hash seed ${chain.options.generationHashSeed}):`);
  for (const account of chain.fundedAccounts) console.log(`  ${account.address}  private key ${account.privateKey}`);
});

function shutdown(): void {
  server.close();
  void gateway.close();
  server.closeAllConnections();
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
