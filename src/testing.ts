/**
 * `symbol-gateway/testing`: a gateway over a fresh in-memory chain on a free local port, for
 * an app's tests. The chain harvests only when told (`chain.dev.mine()`, or automine) and its
 * development controls are served under `/dev/` too, for tests written in other languages.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGateway, type Gateway, type GatewayOptions } from './gateway.js';
import { InMemoryChain, type ChainAccount } from './memory/chain.js';
import type { InMemoryChainOptions } from './memory/options.js';

export interface TestGatewayOptions extends InMemoryChainOptions {
  /** Address to listen on. Default `'127.0.0.1'`. */
  host?: string;
  /** Gateway options besides the backend (default: the development controls on). */
  gateway?: Omit<GatewayOptions, 'backend'>;
}

/** A running test gateway. */
export interface TestGateway {
  /** The REST base URL, like `http://127.0.0.1:53211`. */
  readonly url: string;
  /** The WebSocket URL, like `ws://127.0.0.1:53211/ws`. */
  readonly wsUrl: string;
  /** The funded accounts (`accountCount` of them, `accountBalance` each): keys and addresses. */
  readonly accounts: readonly ChainAccount[];
  /** The chain: `chain.dev` drives it, `chain.ledger` reads balances. */
  readonly chain: InMemoryChain;
  readonly gateway: Gateway;
  /** Closes the WebSockets, the server and the chain. */
  close(): Promise<void>;
}

/**
 * Starts a gateway over a new in-memory chain on a free port. Chain options as for
 * `new InMemoryChain` (default here: no block timer).
 *
 * @example
 * const { url, accounts, chain, close } = await startTestGateway({ accountCount: 2 });
 * // announce with symbol-sdk against `url`, then
 * chain.dev.mine();
 * await close();
 */
export async function startTestGateway(options: TestGatewayOptions = {}): Promise<TestGateway> {
  const { host = '127.0.0.1', gateway: gatewayOptions, ...chainOptions } = options;
  const chain = new InMemoryChain({ blockInterval: false, ...chainOptions });
  const gateway = createGateway({ dev: true, ...gatewayOptions, backend: chain });
  const server = http.createServer(gateway.handle);
  const detach = gateway.attach(server);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, host, () => resolve());
    });
  } catch (error) {
    detach();
    await gateway.close();
    throw error;
  }
  const { address, port } = server.address() as AddressInfo;
  const origin = `${address.includes(':') ? `[${address}]` : address}:${port}`;
  return {
    url: `http://${origin}`,
    wsUrl: `ws://${origin}${gateway.hub.path}`,
    accounts: chain.fundedAccounts,
    chain,
    gateway,
    async close() {
      await gateway.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type { ChainAccount, InMemoryChain, InMemoryChainOptions };
