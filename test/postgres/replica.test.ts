/**
 * Readers on a hot standby: a writer on the primary, and two gateway instances reading a
 * streaming replica of it (`pg_basebackup -R`). Instance A is given the primary (announces are
 * queued there, its event feed is woken there), instance B is not (its feed polls the standby,
 * and it refuses announces). Block and confirmedAdded frames reach both, and each instance's
 * pages show what a frame tells once it arrived; an announce through A confirms; a standby whose
 * replay is paused delays frames without losing or reordering any (and a reader with `staleAfter`
 * reports it stale); a standby that restarts makes the instances answer 503, and they recover by
 * themselves with every event once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalReplication, type LocalReplication } from '../../scripts/local-postgres-replica.js';
import type { InMemoryChain } from '../../src/in-memory-chain.js';
import { createPostgresBackend, type PostgresBackend } from '../../src/postgres/backend.js';
import { openPostgresChain, type PostgresWriter } from '../../src/postgres/writer.js';
import { listening } from '../support/cli.js';
import { POSTGRES_TIMEOUT, expectSameAnswers } from '../support/postgres.js';
import { startGateway, type TestServer } from '../support/server.js';
import { transfer } from '../support/signing.js';
import { Client } from '../support/ws-client.js';

let replication: LocalReplication;
let chain: InMemoryChain;
let writer: PostgresWriter;
/** The chain's own gateway: what the instances must answer. */
let own: TestServer;
/** On the standby, announcing to the primary. */
let a: TestServer;
/** On the standby, with no primary. */
let b: TestServer;
const backends: PostgresBackend[] = [];
const clients: Client[] = [];
const cleanups: (() => Promise<unknown>)[] = [];

/** A gateway over the standby, with `options` beside its URL. */
async function reader(options: Omit<Parameters<typeof createPostgresBackend>[0], 'url'> = {}): Promise<TestServer> {
  const backend = createPostgresBackend({ url: replication.standby.url, ...options });
  backends.push(backend);
  const server = await startGateway({ backend });
  cleanups.push(() => server.close());
  return server;
}

/** A WebSocket client of `server` subscribed to blocks and to the confirmed transactions of `address`. */
async function watcher(server: TestServer, address: string): Promise<Client> {
  const client = await Client.connect(server.wsUrl);
  clients.push(client);
  await client.subscribe('block', `confirmedAdded/${address}`);
  return client;
}

/** The next `count` frames, each as its channel and its key (a block's height, a transaction's hash). */
async function frames(client: Client, count: number): Promise<{ topic: string; key: string }[]> {
  const read: { topic: string; key: string }[] = [];
  while (read.length < count) {
    const frame = await client.next();
    read.push({ topic: frame.topic.split('/')[0], key: frame.topic === 'block' ? frame.data.block.height : frame.data.meta.hash });
  }
  return read;
}

/** Resolves once `check` holds, trying every 20 ms for up to `ms`. */
async function eventually(check: () => boolean | Promise<boolean>, ms = 5_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const put = (server: TestServer, payload: string) => server.request('PUT', '/transactions', { body: JSON.stringify({ payload }), headers: { 'content-type': 'application/json' } });

beforeAll(async () => {
  replication = await startLocalReplication();
  ({ chain, writer } = await openPostgresChain({ url: replication.primary.url, chain: { blockInterval: false, finalizationInterval: 5 }, inboundPollInterval: 50, onError: () => undefined }));
  chain.harvest();
  await writer.flushed();
  await replication.caughtUp();
  own = await startGateway({ backend: chain });
  // A's poll is far apart: its frames come from the primary's NOTIFY (and reads of the standby until it has replayed them).
  a = await reader({ primaryUrl: replication.primary.url, eventPollInterval: 60_000 });
  b = await reader();
  // Both feeds know where they start: what comes from here on reaches their subscribers.
  await Promise.all(backends.map((backend) => backend.events.caughtUp()));
}, POSTGRES_TIMEOUT);

afterAll(async () => {
  for (const client of clients) client.socket.terminate();
  for (const cleanup of cleanups.reverse()) await cleanup();
  await own?.close();
  await writer?.close();
  chain?.close();
  await replication?.stop();
}, POSTGRES_TIMEOUT);

describe('PostgreSQL readers on a hot standby', () => {
  it('reads from a standby that refuses LISTEN and writes: A is woken by the primary, B polls; the options are checked', () => {
    expect(backends.map((backend) => backend.events.standby)).toEqual([true, true]);
    expect(() => createPostgresBackend({ url: replication.standby.url, primaryUrl: 'primary.example:5432' })).toThrow(new TypeError("primaryUrl must be a PostgreSQL URL (postgres://…), not 'primary.example:5432'"));
    expect(() => createPostgresBackend({ url: replication.standby.url, standbyPollInterval: 0 })).toThrow(new TypeError('standbyPollInterval must be a positive whole number, not 0'));
  });

  it('block and confirmedAdded frames reach both instances, and their pages show the block and its transfer once the frame arrived', async () => {
    const [x, y] = chain.fundedAccounts;
    const [onA, onB] = [await watcher(a, y.address), await watcher(b, y.address)];
    for (let i = 0; i < 3; i++) {
      const signed = transfer(chain, x, y, { amount: BigInt(100 + i) });
      chain.announcer.announce(signed.payload);
      const height = chain.harvest().block.height;
      for (const [client, server] of [[onA, a], [onB, b]] as const) {
        const got = await frames(client, 2);
        expect(got).toEqual(expect.arrayContaining([{ topic: 'block', key: height }, { topic: 'confirmedAdded', key: signed.hash }]));
        // Read right after the frame: the standby has replayed the whole batch that holds the event.
        await expectSameAnswers(own, server, [`/blocks/${height}`, `/transactions/confirmed/${signed.hash}`, `/transactions/confirmed?address=${y.address}`, `/accounts/${y.address}`, '/chain/info']);
      }
    }
  });

  it('an announce through A is queued on the primary, confirms on the writer, and its frames reach both; B, with no primary, answers 503', async () => {
    const [, y, z] = chain.fundedAccounts;
    const [onA, onB] = [await watcher(a, y.address), await watcher(b, y.address)];
    const signed = transfer(chain, z, y, { amount: 5n });
    expect((await put(a, signed.payload)).status).toBe(202);
    await eventually(async () => (await chain.transactions.find('unconfirmed', [{ hash: signed.hash }])).length === 1);
    const height = chain.harvest().block.height;
    for (const client of [onA, onB]) expect(await frames(client, 2)).toEqual(expect.arrayContaining([{ topic: 'block', key: height }, { topic: 'confirmedAdded', key: signed.hash }]));
    expect((await a.get(`/transactionStatus/${signed.hash}`)).body).toMatchObject({ group: 'confirmed', height });

    const refused = await put(b, transfer(chain, z, y, { amount: 6n }).payload);
    expect(refused.status).toBe(503);
    expect(refused.body.code).toBe('ServiceUnavailable');
    expect(refused.body.message).toMatch(/read-only.*primary/);
  });

  it('a standby that falls behind delays frames but loses none, in order; a reader with staleAfter reports it stale meanwhile', async () => {
    const [x, y] = chain.fundedAccounts;
    const [onA, onB] = [await watcher(a, y.address), await watcher(b, y.address)];
    // Stale after 2 block times of 400 ms without a new block on the standby.
    const watched = await reader({ primaryUrl: replication.primary.url, staleAfter: 2, blockTime: 400 });
    chain.harvest();
    await frames(onA, 1);
    await frames(onB, 1);
    expect((await watched.get('/node/health')).status).toBe(200);

    await replication.pauseReplay();
    const sent: string[] = [];
    const heights: string[] = [];
    for (let i = 0; i < 6; i++) {
      const signed = transfer(chain, x, y, { amount: BigInt(200 + i) });
      chain.announcer.announce(signed.payload);
      heights.push(chain.harvest().block.height);
      sent.push(signed.hash);
      await writer.flushed();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // The primary has it all; the standby shows none of it, and no frame has gone out.
    await eventually(async () => {
      const health = await watched.get('/node/health');
      return health.status === 503 && health.body.status.apiNode === 'down' && /newest block/.test(health.body.reason);
    });
    expect((await a.get(`/blocks/${heights[0]}`)).status).toBe(404);
    expect([onA.pending, onB.pending]).toEqual([0, 0]);

    await replication.resumeReplay();
    for (const [client, server] of [[onA, a], [onB, b]] as const) {
      const first = await frames(client, 2);
      // The first block told is on the standby's pages as its frame arrives.
      expect((await server.get(`/blocks/${first.find((frame) => frame.topic === 'block')!.key}`)).status).toBe(200);
      const got = [...first, ...(await frames(client, 10))];
      expect(got.filter((frame) => frame.topic === 'block').map((frame) => frame.key)).toEqual(heights);
      expect(got.filter((frame) => frame.topic === 'confirmedAdded').map((frame) => frame.key)).toEqual(sent);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect([onA.pending, onB.pending]).toEqual([0, 0]);
    chain.harvest();
    await eventually(async () => (await watched.get('/node/health')).status === 200);
    // Delivered here, so the next test's clients do not see it.
    for (const client of [onA, onB]) await frames(client, 1);
  });

  it('a standby that restarts: both instances answer 503 while it is down, recover by themselves, and deliver every event once', async () => {
    const [x, y] = chain.fundedAccounts;
    const [onA, onB] = [await watcher(a, y.address), await watcher(b, y.address)];
    await replication.standby.pause();
    const sent: string[] = [];
    const heights: string[] = [];
    try {
      for (const server of [a, b]) {
        expect((await server.get('/blocks/1')).status).toBe(503);
        const health = await server.get('/node/health');
        expect(health.status).toBe(503);
        expect(health.body.status.db).toBe('down');
      }
      for (let i = 0; i < 3; i++) {
        const signed = transfer(chain, x, y, { amount: BigInt(300 + i) });
        chain.announcer.announce(signed.payload);
        heights.push(chain.harvest().block.height);
        sent.push(signed.hash);
      }
      await writer.flushed();
    } finally {
      await replication.standby.resume();
    }
    for (const [client, server] of [[onA, a], [onB, b]] as const) {
      await eventually(async () => (await server.get('/node/health')).status === 200);
      const got = await frames(client, 6);
      expect(got.filter((frame) => frame.topic === 'block').map((frame) => frame.key)).toEqual(heights);
      expect(got.filter((frame) => frame.topic === 'confirmedAdded').map((frame) => frame.key)).toEqual(sent);
      await expectSameAnswers(own, server, [`/blocks/${heights.at(-1)}`, `/accounts/${y.address}`]);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect([onA.pending, onB.pending]).toEqual([0, 0]);
    // The primary takes A's announces again.
    const signed = transfer(chain, y, x, { amount: 7n });
    expect((await put(a, signed.payload)).status).toBe(202);
    await eventually(async () => (await chain.transactions.find('unconfirmed', [{ hash: signed.hash }])).length === 1);
  });

  it('symbol-gateway --store <standby> --reader --primary <primary>: a reader process announces through the primary and its clients get the frames', async () => {
    // Accounts no earlier test used: the block may hold their pending transfers.
    const [x, y] = chain.fundedAccounts.slice(3, 5);
    const process = await listening(['--store', replication.standby.url, '--reader', '--primary', replication.primary.url]);
    try {
      expect(process.output()).toMatch(/a reader of postgres:\/\/postgres@127\.0\.0\.1:\d+\/symbol_gateway, announcing to postgres:\/\//);
      const client = await Client.connect(`${process.base.replace('http', 'ws')}/ws`);
      clients.push(client);
      await client.subscribe(`confirmedAdded/${y.address}`);
      const signed = transfer(chain, x, y, { amount: 9n });
      const answer = await fetch(`${process.base}/transactions`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ payload: signed.payload }) });
      expect(answer.status).toBe(202);
      await eventually(async () => (await chain.transactions.find('unconfirmed', [{ hash: signed.hash }])).length === 1);
      chain.harvest();
      expect((await client.next()).data.meta.hash).toBe(signed.hash);
    } finally {
      process.child.kill('SIGTERM');
    }
  }, POSTGRES_TIMEOUT);
});
