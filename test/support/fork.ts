import { createGateway } from '../../src/gateway.js';
import { InMemoryChain } from '../../src/in-memory-chain.js';
import { TestServer } from './server.js';

/** A gateway over an in-memory chain: the upstream a fork reads. */
export type Upstream = TestServer & { chain: InMemoryChain };

/** A fork of `upstream` (at `height`, or its latest finalized block) served by a gateway of its own, harvesting on request. */
export async function forkOf(upstream: Upstream, height?: bigint): Promise<TestServer & { chain: InMemoryChain }> {
  const chain = await InMemoryChain.fork({ url: upstream.base, height, upstream: { maxRequestsPerSecond: 1_000 } }, { blockInterval: false });
  const server = await TestServer.start(createGateway({ backend: chain, dev: true, logger: { error() {} } }));
  return Object.assign(server, { chain });
}

/** Harvests on `upstream` until its latest finalized block is its head: a fork of it then starts at its whole state. */
export async function finalizeHead(upstream: Upstream): Promise<void> {
  while (BigInt((await upstream.get('/chain/info')).body.latestFinalizedBlock.height) < upstream.chain.height) upstream.chain.harvest();
}

/** Closes the servers given (those a `beforeAll` got to start) and their chains. */
export async function closeServers(...servers: ((TestServer & { chain: InMemoryChain }) | undefined)[]): Promise<void> {
  for (const server of servers) {
    await server?.close();
    server?.chain.close();
  }
}
