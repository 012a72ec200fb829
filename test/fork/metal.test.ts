/**
 * `GET /metadata/metal/{metalId}` on a fork: a Metal stored upstream before the fork block is
 * read chunk by chunk from the upstream on first use, byte for byte; `POST /metadata` too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from '../../src/gateway.js';
import { InMemoryChain } from '../../src/in-memory-chain.js';
import { chunksOf, compositeHash, download, fileOf, metalIdOf, store } from '../support/metal.js';
import { startGateway, testChain, TestServer } from '../support/server.js';

describe('a Metal on a fork', () => {
  let upstream: TestServer & { chain: InMemoryChain };
  let fork: TestServer;
  const file = fileOf(2_500, 7);
  const chunks = chunksOf(file, JSON.stringify(['seal1', 2_500, 'image/png', 'up.png']));
  let metalId: string;

  beforeAll(async () => {
    upstream = await startGateway({ backend: testChain({ seed: 'metal-upstream', finalizationInterval: 2 }) });
    const owner = upstream.chain.fundedAccounts[0];
    await store(upstream, owner, chunks);
    metalId = metalIdOf(owner, chunks[0].key);
    while (BigInt((await upstream.get('/chain/info')).body.latestFinalizedBlock.height) < upstream.chain.height) upstream.chain.harvest();
    const chain = await InMemoryChain.fork({ url: upstream.base, upstream: { maxRequestsPerSecond: 1_000 } }, { blockInterval: false });
    fork = await TestServer.start(createGateway({ backend: chain, logger: { error() {} } }));
  });
  afterAll(async () => {
    await fork?.close();
    await upstream?.close();
  });

  it('answers the upstream Metal byte for byte, typed and named by its seal', async () => {
    const reply = await download(fork, `/metadata/metal/${metalId}`);
    expect(reply.status).toBe(200);
    expect(reply.bytes.equals(Buffer.from(file))).toBe(true);
    expect([reply.headers.get('content-type'), reply.headers.get('content-disposition')]).toEqual(['image/png', 'inline; filename="up.png"']);
  });

  it('answers POST /metadata with the upstream entries', async () => {
    const owner = upstream.chain.fundedAccounts[0];
    const hashes = chunks.map((chunk) => Buffer.from(compositeHash(owner, chunk.key)).toString('hex').toUpperCase());
    const reply = await fork.request('POST', '/metadata', { body: JSON.stringify({ compositeHashes: hashes }), headers: { 'content-type': 'application/json' } });
    expect(reply.status).toBe(200);
    expect(reply.body.map((entry: any) => entry.metadataEntry.compositeHash)).toEqual(hashes);
  });
});
