/**
 * `symbol-gateway/testing`: a gateway over a fresh in-memory chain on a free local port, for
 * an app's tests. The chain harvests only when told (`chain.dev.mine()`, or automine) and its
 * development controls are served under `/dev/` too, for tests written in other languages.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGateway, type Gateway, type GatewayOptions } from './gateway.js';
import { InMemoryChain } from './in-memory-chain.js';
import { type ChainAccount } from './memory/chain/identity.js';
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
  /**
   * Builds state once and starts every later test from it, as Hardhat's `loadFixture` does: the
   * first call with a fixture runs it, waits for it, and takes a snapshot of the chain; each
   * later call with the same function puts the chain back to that snapshot (cheap: undo
   * records, not a rebuild) and answers what the fixture answered the first time. A fixture
   * builds on the chain as it is when first loaded; one loaded after another goes when the
   * earlier one is loaded again, and is run again on its next load.
   *
   * @example
   * async function funded(node: TestGateway) {
   *   node.chain.dev.setBalance(node.accounts[0].addressHex, node.chain.currency.mosaicId, 5_000_000n);
   *   return { payer: node.accounts[0] };
   * }
   * it('pays', async () => {
   *   const { payer } = await node.loadFixture(funded);
   *   // ... every test that loads `funded` starts from the same chain
   * });
   */
  loadFixture<T>(fixture: (gateway: TestGateway) => T | Promise<T>): Promise<T>;
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
  const fixtures = new Map<Function, { snapshot: string; result: unknown }>();
  const node: TestGateway = {
    url: `http://${origin}`,
    wsUrl: `ws://${origin}${gateway.hub.path}`,
    accounts: chain.fundedAccounts,
    chain,
    gateway,
    async loadFixture<T>(fixture: (gateway: TestGateway) => T | Promise<T>): Promise<T> {
      if (typeof fixture !== 'function') throw new TypeError('loadFixture takes the function that builds the fixture');
      const loaded = fixtures.get(fixture);
      if (loaded && chain.dev.snapshots().includes(loaded.snapshot)) {
        chain.dev.revert(loaded.snapshot);
        return loaded.result as T;
      }
      const result = await fixture(node);
      fixtures.set(fixture, { snapshot: chain.dev.snapshot().id, result });
      return result;
    },
    async close() {
      await gateway.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return node;
}

export type { ChainAccount, InMemoryChain, InMemoryChainOptions };
