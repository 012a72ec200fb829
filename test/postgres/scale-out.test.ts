/**
 * Scale-out on PostgreSQL: one writer, two stateless gateway instances over one database.
 * A symbol-sdk 2.0.7 wallet announces on instance A and listens on instance B, and sees its
 * transaction's `unconfirmedAdded`, `confirmedAdded` and a failure's `status`; B's WebSocket
 * clients get every block and `confirmedAdded` once, in order, across a lost connection; a
 * restarted writer continues the chain where the database has it (state, pools, ids); with the
 * database down, health, reads and announces answer 503, and all recover once it is back.
 */
import { Mosaic, NamespaceId, PlainMessage, TransferTransaction, UInt64, type Account, type SignedTransaction } from 'symbol-sdk-v2';
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { InMemoryChain } from '../../src/in-memory-chain.js';
import { createPostgresBackend } from '../../src/postgres/backend.js';
import { openPostgresChain, PostgresWriter } from '../../src/postgres/writer.js';
import { activity, fingerprint } from '../support/chain-activity.js';
import { expectSameAnswers, usePostgresStore } from '../support/postgres.js';
import { firstValue, sdk2Wallet, xym, type Sdk2Wallet } from '../support/sdk2.js';
import { startGateway, type TestServer } from '../support/server.js';
import { transfer } from '../support/signing.js';
import { Client } from '../support/ws-client.js';

const { postgres, cleanups } = usePostgresStore();

/** The writer's chain (blocks only when a test harvests) on the database, and `count` gateway instances over it. */
async function topology(count: number): Promise<{ chain: InMemoryChain; writer: PostgresWriter; instances: TestServer[] }> {
  const { chain, writer } = await openPostgresChain({ url: postgres().url, chain: { blockInterval: false, finalizationInterval: 5, rules: { minNamespaceDuration: 5n } }, inboundPollInterval: 100, onError: () => undefined });
  cleanups.push(async () => {
    await writer.close();
    chain.close();
  });
  const instances: TestServer[] = [];
  for (let i = 0; i < count; i++) {
    const server = await startGateway({ backend: createPostgresBackend({ url: postgres().url, eventPollInterval: 100 }) });
    cleanups.push(() => server.close());
    instances.push(server);
  }
  return { chain, writer, instances };
}

/** Resolves once `check` holds, trying every 20 ms for up to `ms`. */
async function eventually(check: () => boolean | Promise<boolean>, ms = 5_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('PostgreSQL scale-out: one writer, instances A and B', () => {
  it('a wallet announces on A and its listener on B sees unconfirmedAdded, confirmedAdded and status', async () => {
    const { chain, writer, instances: [a, b] } = await topology(2);
    const walletA: Sdk2Wallet = await sdk2Wallet(a.base);
    const walletB = await sdk2Wallet(b.base);
    expect(walletA.generationHash).toBe(chain.options.generationHashSeed);
    const [alice, bob]: Account[] = chain.fundedAccounts.slice(0, 2).map((account) => walletA.account(account.privateKey));
    const send = (amount: UInt64): SignedTransaction =>
      alice.sign(
        TransferTransaction.create(walletA.deadline(), bob.address, [new Mosaic(new NamespaceId('symbol.xym'), amount)], PlainMessage.create('through the database'), walletA.networkType, xym(0.1)),
        walletA.generationHash,
      );
    const listener = await walletB.openListener();
    try {
      const signed = send(xym(1));
      const unconfirmed = firstValue(listener.unconfirmedAdded(alice.address, signed.hash));
      const confirmed = firstValue(listener.confirmed(bob.address, signed.hash));
      // Subscriptions reach B's hub before the announce.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await firstValue(walletA.factory.createTransactionRepository().announce(signed));
      expect((await unconfirmed).transactionInfo?.hash).toBe(signed.hash);
      await eventually(async () => (await chain.transactions.find('unconfirmed', [{ hash: signed.hash }])).length === 1);
      chain.harvest();
      const added = await confirmed;
      expect(added.transactionInfo?.height.toString()).toBe(chain.height.toString());
      // More than Alice has: a failure, announced on A, told on B.
      const overdraft = send(UInt64.fromNumericString(String(chain.options.accountBalance * 2n)));
      const status = firstValue(listener.status(alice.address, overdraft.hash));
      await new Promise((resolve) => setTimeout(resolve, 200));
      await firstValue(walletA.factory.createTransactionRepository().announce(overdraft));
      expect((await status).code).toBe('Failure_Core_Insufficient_Balance');
      await writer.flushed();
      // Both instances answer the outcome from the database.
      for (const server of [a, b]) {
        expect((await server.get(`/transactionStatus/${signed.hash}`)).body).toMatchObject({ group: 'confirmed', code: 'Success' });
        expect((await server.get(`/transactionStatus/${overdraft.hash}`)).body).toMatchObject({ group: 'failed', code: 'Failure_Core_Insufficient_Balance' });
      }
      // The announces are taken once: the inbound table is empty.
      const admin = new pg.Client({ connectionString: postgres().url });
      await admin.connect();
      expect((await admin.query('select count(*)::int as n from inbound')).rows[0].n).toBe(0);
      await admin.end();
    } finally {
      listener.close();
    }
  });

  it('B\'s clients get every block and confirmedAdded once, in order, with B\'s feed connection cut mid-run', async () => {
    const { chain, writer, instances: [, b] } = await topology(2);
    const [x, y] = chain.fundedAccounts;
    const client = await Client.connect(b.wsUrl);
    cleanups.push(async () => client.socket.terminate());
    await client.subscribe('block', `confirmedAdded/${y.address}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const sent: string[] = [];
    const grow = async (blocks: number) => {
      for (let i = 0; i < blocks; i++) {
        for (let j = 0; j < 2; j++) {
          const signed = transfer(chain, x, y, { amount: BigInt(1 + sent.length) });
          chain.announcer.announce(signed.payload);
          sent.push(signed.hash);
        }
        chain.harvest();
        await writer.flushed();
      }
    };
    await grow(3);
    const admin = new pg.Client({ connectionString: postgres().url });
    await admin.connect();
    const killed = await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where query like 'select seq, channel%' or query like 'listen %'");
    await admin.end();
    expect(killed.rowCount).toBeGreaterThan(0);
    await grow(6);
    const frames: { topic: string; key: string }[] = [];
    while (frames.length < 9 + sent.length) {
      const frame = await client.next();
      frames.push({ topic: frame.topic.split('/')[0], key: frame.topic === 'block' ? frame.data.block.height : frame.data.meta.hash });
    }
    expect(frames.filter((frame) => frame.topic === 'block').map((frame) => Number(frame.key))).toEqual(Array.from({ length: 9 }, (_, i) => i + 2));
    expect(frames.filter((frame) => frame.topic === 'confirmedAdded').map((frame) => frame.key)).toEqual(sent);
    // Nothing more than once: no frame comes after them.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(client.pending).toBe(0);
  });

  it('answers what the chain\'s own gateway answers on every route of the fingerprint, busy rounds included', async () => {
    const { chain, writer, instances: [stored] } = await topology(1);
    const own = await startGateway({ backend: chain });
    cleanups.push(() => own.close());
    const hashes: string[] = [];
    for (const name of ['one', 'two']) {
      const round = activity(chain, name);
      hashes.push(...round.hashes, round.partialHash, round.pendingHash);
      await writer.flushed();
      expect(await fingerprint(stored, chain, hashes)).toEqual(await fingerprint(own, chain, hashes));
    }
    // Past PostgreSQL's bigint: nothing there, as on the chain.
    await expectSameAnswers(own, stored, ['/blocks/18446744073709551615', '/finalization/proof/height/18446744073709551615', '/blocks?fromTimestamp=18446744073709551615', '/transactions/confirmed?fromHeight=18446744073709551615']);
  });

  it('misses nothing the chain does while its writer starts (a block every 10 ms meanwhile)', async () => {
    const chain = new InMemoryChain({ blockInterval: 10, finalizationInterval: 5 });
    for (let i = 0; i < 20; i++) chain.harvest();
    const writer = await PostgresWriter.start(chain, { url: postgres().url, onError: () => undefined });
    await new Promise((resolve) => setTimeout(resolve, 300));
    chain.close();
    await writer.flushed();
    await writer.close();
    const [own, stored] = [await startGateway({ backend: chain }), await startGateway({ backend: createPostgresBackend({ url: postgres().url }) })];
    cleanups.push(() => own.close(), () => stored.close());
    expect(Number(chain.height)).toBeGreaterThan(21);
    await expectSameAnswers(own, stored, ['/chain/info', '/blocks?pageSize=100&order=asc', '/finalization/proof/epoch/3']);
  });

  it('a restarted writer continues the chain: the same state, pools and ids, then new blocks', async () => {
    const first = await openPostgresChain({ url: postgres().url, chain: { blockInterval: false, finalizationInterval: 5 }, onError: () => undefined });
    const round = activity(first.chain, 'before restart');
    await first.writer.flushed();
    const own = await startGateway({ backend: first.chain });
    const before = await fingerprint(own, first.chain, round.hashes);
    await own.close();
    // Announced and not yet checked when the writer closes: checked and written as it closes.
    const late = transfer(first.chain, first.chain.fundedAccounts[2], first.chain.fundedAccounts[3], { amount: 3n });
    first.chain.announcer.announce(late.payload);
    await first.writer.close();
    first.chain.close();
    // State options that differ from the stored chain's are refused.
    await expect(openPostgresChain({ url: postgres().url, chain: { seed: 'another' } })).rejects.toThrow(/other options \(seed\)/);

    const { chain, writer } = await openPostgresChain({ url: postgres().url, chain: { blockInterval: false }, onError: () => undefined });
    cleanups.push(async () => {
      await writer.close();
      chain.close();
    });
    expect(chain.height).toBe(first.chain.height);
    const again = await startGateway({ backend: chain });
    cleanups.push(() => again.close());
    expect(await fingerprint(again, chain, round.hashes)).not.toEqual(before);
    expect((await again.get(`/transactionStatus/${late.hash}`)).body).toMatchObject({ group: 'unconfirmed' });
    // Apart from the late transfer, all as it was.
    expect({ ...(await fingerprint(again, chain, round.hashes)), '/transactions/unconfirmed?pageSize=100': null }).toEqual({ ...before, '/transactions/unconfirmed?pageSize=100': null });
    // The pending transfer was kept in the pool, and goes into the next block.
    chain.harvest();
    expect((await again.get(`/transactionStatus/${round.pendingHash}`)).body).toMatchObject({ group: 'confirmed', height: chain.height.toString() });
    activity(chain, 'after restart');
    await writer.flushed();
    const stored = await startGateway({ backend: createPostgresBackend({ url: postgres().url }) });
    cleanups.push(() => stored.close());
    await expectSameAnswers(again, stored, ['/chain/info', '/transactions/confirmed?pageSize=100&embedded=true', '/transactions/unconfirmed', '/transactions/partial', `/blocks/${chain.height}`]);
  });

  // Last: it stops the test file's database for a while.
  it('with the database down: health, reads and announces answer 503; all recover when it is back, and the writer loses nothing', async () => {
    const { chain, writer, instances: [a] } = await topology(1);
    const [x, y] = chain.fundedAccounts;
    chain.harvest();
    await writer.flushed();
    await postgres().pause();
    try {
      const health = await a.get('/node/health');
      expect(health.status).toBe(503);
      expect(health.body.status.db).toBe('down');
      expect((await a.get('/blocks/1')).status).toBe(503);
      expect((await a.get('/transactions/confirmed')).status).toBe(503);
      const refused = await a.request('PUT', '/transactions', { body: JSON.stringify({ payload: transfer(chain, x, y, { amount: 1n }).payload }), headers: { 'content-type': 'application/json' } });
      expect(refused.status).toBe(503);
      expect(refused.body.code).toBe('ServiceUnavailable');
      // The chain goes on while the database is away; the writer keeps its batches.
      chain.harvest();
      chain.harvest();
    } finally {
      await postgres().resume();
    }
    await writer.flushed();
    await eventually(async () => (await a.get('/node/health')).status === 200);
    expect((await a.get('/chain/info')).body.height).toBe(chain.height.toString());
    expect((await a.get(`/blocks/${chain.height}`)).body.meta.hash).toBe(chain.latestBlock.meta.hash);
    const signed = transfer(chain, x, y, { amount: 2n });
    expect((await a.request('PUT', '/transactions', { body: JSON.stringify({ payload: signed.payload }), headers: { 'content-type': 'application/json' } })).status).toBe(202);
    await eventually(async () => (await chain.transactions.find('unconfirmed', [{ hash: signed.hash }])).length === 1);
  });
});
