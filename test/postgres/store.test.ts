/**
 * The PostgreSQL store, first part: a writer follows an in-memory chain into a throwaway
 * PostgreSQL, and a second gateway instance over the database answers the block, chain, node,
 * network and finalization routes exactly as the chain's own gateway does, pages included; its
 * WebSocket clients get every `block` and `finalizedBlock` once, in order, across a lost
 * database connection; a database it cannot reach answers 503 with `db: down`.
 */
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import type { InMemoryChain } from '../../src/in-memory-chain.js';
import { createPostgresBackend, type PostgresBackend } from '../../src/postgres/backend.js';
import { PostgresWriter } from '../../src/postgres/writer.js';
import { expectSameAnswers, usePostgresStore } from '../support/postgres.js';
import { startGateway, testChain, type TestServer } from '../support/server.js';
import { transfer } from '../support/signing.js';
import { Client } from '../support/ws-client.js';

const { postgres, cleanups } = usePostgresStore();

/** The chain's own gateway (A), the writer, and a gateway over the database (B). */
async function topology(): Promise<{ chain: InMemoryChain; writer: PostgresWriter; a: TestServer; b: TestServer; backend: PostgresBackend }> {
  const chain = testChain({ finalizationInterval: 5 });
  const writer = await PostgresWriter.start(chain, { url: postgres().url, onError: () => undefined });
  cleanups.push(() => writer.close());
  const a = await startGateway({ backend: chain });
  cleanups.push(() => a.close());
  const backend = createPostgresBackend({ url: postgres().url, eventPollInterval: 200 });
  const b = await startGateway({ backend });
  cleanups.push(() => b.close());
  return { chain, writer, a, b, backend };
}

/** Blocks with a few transfers each, written. */
async function grow(chain: InMemoryChain, writer: PostgresWriter, blocks: number): Promise<void> {
  const [x, y, z] = chain.fundedAccounts;
  for (let i = 0; i < blocks; i++) {
    if (i % 2 === 0) chain.announcer.announce(transfer(chain, i % 4 === 0 ? x : y, z, { amount: BigInt(1 + i) }).payload);
    chain.harvest();
  }
  await writer.flushed();
}

describe('PostgreSQL store: blocks, chain, node, finalization', () => {
  it('answers as the chain itself: every block, every page and filter, the head, proofs, node and network', async () => {
    const { chain, writer, a, b } = await topology();
    await grow(chain, writer, 23);
    const latest = chain.latestBlock;
    const [signer] = chain.harvesters;
    const urls = [
      '/chain/info',
      '/node/info',
      '/node/server',
      '/node/storage',
      '/node/peers',
      '/network',
      '/network/properties',
      ...Array.from({ length: Number(chain.height) + 1 }, (_, i) => `/blocks/${i + 1}`),
      ...[1, 2, 3, 4].map((epoch) => `/finalization/proof/epoch/${epoch}`),
      '/finalization/proof/height/10',
      '/blocks',
      '/blocks?pageSize=10&pageNumber=2',
      '/blocks?pageSize=10&pageNumber=3&order=desc',
      '/blocks?orderBy=height&order=asc&pageSize=10&pageNumber=9',
      `/blocks?signerPublicKey=${signer.publicKey}`,
      `/blocks?signerPublicKey=${signer.publicKey}&order=asc`,
      `/blocks?beneficiaryAddress=${signer.address}&pageSize=10&order=asc`,
      `/blocks?signerPublicKey=${signer.publicKey}&beneficiaryAddress=${signer.address}`,
      `/blocks?signerPublicKey=${'00'.repeat(32)}`,
      `/blocks?offset=${(await a.get('/blocks/7')).body.id}&order=asc`,
      `/blocks?offset=${(await a.get('/blocks/7')).body.id}&order=desc&pageSize=10`,
      `/blocks?offset=${'0'.repeat(24)}&order=asc&pageSize=10`,
      `/blocks?fromTimestamp=${(await a.get('/blocks/5')).body.block.timestamp}&toTimestamp=${(await a.get('/blocks/15')).body.block.timestamp}&order=asc&pageSize=10&pageNumber=2`,
      `/blocks?fromTimestamp=${BigInt(latest.block.timestamp) + 1n}`,
    ];
    await expectSameAnswers(a, b, urls);
  });

  it('delivers every block and finalization to B\'s WebSocket clients once, in order, across a lost database connection', async () => {
    const { chain, writer, b } = await topology();
    const client = await Client.connect(b.wsUrl);
    cleanups.push(async () => client.socket.terminate());
    await client.subscribe('block', 'finalizedBlock');
    // Until B's feed holds its connection, events it has not yet read from are not its subscribers' own.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await grow(chain, writer, 4);
    // Cut the feed's connection (as a database restart would), while blocks go on.
    const admin = new pg.Client({ connectionString: postgres().url });
    await admin.connect();
    const killed = await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where query like 'select seq, channel%' or query like 'listen %'");
    await admin.end();
    expect(killed.rowCount).toBeGreaterThan(0);
    await grow(chain, writer, 8);
    const frames: { topic: string; height: string }[] = [];
    while (frames.length < 12 + 2) {
      const frame = await client.next();
      frames.push({ topic: frame.topic, height: frame.topic === 'block' ? frame.data.block.height : frame.data.height });
    }
    const heights = frames.filter((frame) => frame.topic === 'block').map((frame) => Number(frame.height));
    expect(heights).toEqual(Array.from({ length: 12 }, (_, i) => i + 2));
    expect(frames.filter((frame) => frame.topic === 'finalizedBlock').map((frame) => frame.height)).toEqual(['5', '10']);
  });

  it('answers 503 and reports db: down when the database cannot be reached', async () => {
    const backend = createPostgresBackend({ url: 'postgres://postgres@127.0.0.1:1/none', connectTimeout: 1_000 });
    const server = await startGateway({ backend });
    cleanups.push(() => server.close());
    const health = await server.get('/node/health');
    expect(health.status).toBe(503);
    expect(health.body.status.db).toBe('down');
    const blocks = await server.get('/blocks/1');
    expect(blocks.status).toBe(503);
    expect(blocks.body).toEqual({ code: 'ServiceUnavailable', message: 'the database is unreachable' });
  });

  it('answers 503 when a query outlives the statement timeout, and serves again once it can; survives its connections being cut', async () => {
    const { chain, writer } = await topology();
    await grow(chain, writer, 2);
    const backend = createPostgresBackend({ url: postgres().url, statementTimeout: 200 });
    const server = await startGateway({ backend });
    cleanups.push(() => server.close());
    expect((await server.get('/blocks/2')).status).toBe(200);
    // Another session holds the blocks table: the read waits, and PostgreSQL cancels it at 200 ms.
    const admin = new pg.Client({ connectionString: postgres().url });
    await admin.connect();
    await admin.query('begin; lock table blocks in access exclusive mode');
    // A URL not read before: a repeated one may be answered from the bytes the reader kept, without the database.
    const started = Date.now();
    const slow = await server.get('/blocks/1');
    expect(slow.status).toBe(503);
    expect(slow.body).toEqual({ code: 'ServiceUnavailable', message: 'the database did not answer in time' });
    expect(Date.now() - started).toBeLessThan(3_000);
    await admin.query('rollback');
    expect((await server.get('/blocks/1')).status).toBe(200);
    // Every connection of the pool cut (a database restart): the next reads open new ones.
    await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'symbol-gateway' and pid <> pg_backend_pid()");
    await admin.end();
    let after = await server.get('/blocks/2');
    // A request that picked a cut connection fails once; the pool has dropped it by the next.
    if (after.status === 503) after = await server.get('/blocks/2');
    expect(after.status).toBe(200);
    expect((await server.get('/node/health')).body.status).toEqual({ apiNode: 'up', db: 'up' });
  });

  it('refuses a database that holds another chain', async () => {
    const { chain, writer } = await topology();
    await grow(chain, writer, 2);
    const other = testChain({ seed: 'another chain' });
    cleanups.push(async () => other.close());
    await expect(PostgresWriter.start(other, { url: postgres().url })).rejects.toThrow(/holds another chain/);
  });

  it('keeps the chain it follows from being reset (its history is in the database)', async () => {
    const { chain, writer } = await topology();
    await grow(chain, writer, 2);
    expect(() => chain.dev.reset()).toThrow("resetting the chain would rewrite the chain's history, and a PostgreSQL writer follows this chain");
    expect(chain.height).toBe(3n);
  });
});
