/**
 * A PostgreSQL reader's answer memo: a repeated GET of a pure route is answered from the bytes
 * answered before (the reader's repositories are not asked again) until the reader's event feed
 * delivers the next event a writer committed; then the same URL answers the new data. Every
 * write that changes an answer leaves an event row: a harvest, a development control's balance
 * (no chain event: a `revision` row), a mirror's removal of blocks above a fork and its meta
 * rows. Errors and `/node/health` are never kept.
 */
import pg from 'pg';
import { Address } from 'symbol-sdk/symbol';
import { describe, expect, it } from 'vitest';
import type { BlockInfoDTO, ChainInfoDTO } from '../../src/backend/dto.js';
import type { InMemoryChain } from '../../src/in-memory-chain.js';
import { createPostgresBackend, type PostgresBackend } from '../../src/postgres/backend.js';
import { MIRROR_META } from '../../src/postgres/meta.js';
import { MirrorStore } from '../../src/postgres/mirror-store.js';
import type { PostgresWriter } from '../../src/postgres/writer.js';
import { usePostgresStore } from '../support/postgres.js';
import { startGateway, testChain, type TestServer } from '../support/server.js';
import { transfer } from '../support/signing.js';

const { postgres, cleanups, writerOn } = usePostgresStore();

/** How many times the reader's repositories were asked, by what. */
interface Reads {
  chainInfo: number;
  blocks: number;
  accounts: number;
}

/** A reader whose chain info, block and account reads are counted (own properties of its repositories, wrapped before the gateway is made). */
function countedReader(): { backend: PostgresBackend; reads: Reads } {
  const backend = createPostgresBackend({ url: postgres().url });
  const reads: Reads = { chainInfo: 0, blocks: 0, accounts: 0 };
  const info = backend.chain.info.bind(backend.chain);
  backend.chain.info = () => {
    reads.chainInfo++;
    return info();
  };
  const block = backend.blocks.getByHeight.bind(backend.blocks);
  backend.blocks.getByHeight = (height) => {
    reads.blocks++;
    return block(height);
  };
  const accounts = backend.accounts!;
  const find = accounts.find.bind(accounts);
  accounts.find = (keys) => {
    reads.accounts++;
    return find(keys);
  };
  return { backend, reads };
}

/** A chain with a few written blocks, its writer, and a counted reader gateway over the database. */
async function topology(): Promise<{ chain: InMemoryChain; writer: PostgresWriter; reader: TestServer; backend: PostgresBackend; reads: Reads }> {
  const chain = testChain();
  cleanups.push(async () => chain.close());
  const writer = await writerOn(chain);
  chain.harvest();
  chain.harvest();
  await writer.flushed();
  const { backend, reads } = countedReader();
  const reader = await startGateway({ backend });
  cleanups.push(() => reader.close());
  // Once the feed knows its place, the memo keeps answers.
  await backend.events.ready();
  return { chain, writer, reader, backend, reads };
}

const heightOf = (reply: { body: ChainInfoDTO }) => BigInt(reply.body.height);

describe('a PostgreSQL reader answers repeated reads from its memo', () => {
  it('answers a repeated GET with the same bytes without reading the database, and the new data once the writer harvested', async () => {
    const { chain, writer, reader, reads } = await topology();
    const first = await reader.get('/chain/info');
    const again = await reader.get('/chain/info');
    expect(again.status).toBe(200);
    expect(again.text).toBe(first.text);
    expect(reads.chainInfo).toBe(1);
    const block = await reader.get('/blocks/2');
    expect((await reader.get('/blocks/2')).text).toBe(block.text);
    expect(reads.blocks).toBe(1);
    // A block not there yet: a 404 is never kept.
    expect((await reader.get('/blocks/4')).status).toBe(404);
    expect((await reader.get('/blocks/4')).status).toBe(404);
    expect(reads.blocks).toBe(3);

    chain.harvest();
    await writer.flushed();
    // (each request of the test server first waits until the reader's feed delivered what is committed)
    const after = await reader.get('/chain/info');
    expect(heightOf(after)).toBe(heightOf(first) + 1n);
    expect(reads.chainInfo).toBe(2);
    expect(((await reader.get('/blocks/4')).body as BlockInfoDTO).block.height).toBe('4');
    expect((await reader.get('/blocks/2')).text).toBe(block.text);
    expect(reads.blocks).toBe(5);
  });

  it('answers the new data within the feed\'s latency, with no wait for it', async () => {
    const { chain, writer, reader, reads } = await topology();
    reader.settle = undefined;
    const before = heightOf(await reader.get('/chain/info'));
    chain.harvest();
    await writer.flushed();
    const started = performance.now();
    let height = before;
    while (height === before) {
      expect(performance.now() - started, 'the new block is answered within 2 s').toBeLessThan(2_000);
      height = heightOf(await reader.get('/chain/info'));
    }
    expect(height).toBe(before + 1n);
    // Repeated once more, from the memo.
    const read = reads.chainInfo;
    expect(heightOf(await reader.get('/chain/info'))).toBe(height);
    expect(reads.chainInfo).toBe(read);
  });

  it('answers a balance a development control set on the writer\'s chain (a write with no chain event)', async () => {
    const { chain, writer, reader, reads } = await topology();
    const [account] = chain.fundedAccounts;
    const url = `/accounts/${account.address}`;
    const balance = async () => (await reader.get(url)).body.account.mosaics.find((m: { id: string }) => m.id === chain.currency.mosaicId).amount as string;
    const before = await balance();
    expect(await balance()).toBe(before);
    expect(reads.accounts).toBe(1);
    // The control takes the 48-hex form of the address.
    chain.dev.setBalance(Buffer.from(new Address(account.address).bytes).toString('hex').toUpperCase(), chain.currency.mosaicId, 123_456_789n);
    await writer.flushed();
    expect(await balance()).toBe('123456789');
    expect(reads.accounts).toBe(2);
  });

  it('answers a transfer\'s effects once harvested: the recipient\'s balance and its transactions page', async () => {
    const { chain, writer, reader } = await topology();
    const [from, to] = chain.fundedAccounts;
    const page = `/transactions/confirmed?address=${to.address}&pageSize=10&order=desc`;
    const totalBefore = (await reader.get(page)).body.pagination.totalEntries as number;
    const amount = async () => BigInt((await reader.get(`/accounts/${to.address}`)).body.account.mosaics[0].amount as string);
    const before = await amount();
    await reader.get(page);
    const signed = transfer(chain, from, to, { amount: 7_000_000n });
    chain.announcer.announce(signed.payload);
    chain.harvest();
    await writer.flushed();
    const after = await reader.get(page);
    expect(after.body.pagination.totalEntries).toBe(totalBefore + 1);
    expect(after.body.data[0].meta.hash).toBe(signed.hash);
    expect(await amount()).toBe(before + 7_000_000n);
  });

  it('answers what a mirror removed above a fork and the meta it wrote (writes with no chain event)', async () => {
    const { chain, writer, reader } = await topology();
    chain.harvest();
    chain.harvest();
    await writer.flushed();
    await writer.close();
    expect((await reader.get('/blocks/5')).status).toBe(200);
    expect((await reader.get('/blocks/5')).status).toBe(200);
    const info = await reader.get('/chain/info');
    expect(info.body.height).toBe('5');

    // The database as a mirror's (its meta row), then what a mirror does when its upstream switched forks.
    const admin = new pg.Client({ connectionString: postgres().url });
    await admin.connect();
    await admin.query('insert into meta (key, json) values ($1, $2)', [MIRROR_META, JSON.stringify({ generationHash: 'test', upstream: 'http://127.0.0.1:1', fromHeight: '1' })]);
    await admin.end();
    const { store } = await MirrorStore.open({ url: postgres().url });
    cleanups.push(() => store.close());
    await store.removeAbove(3n);
    expect((await reader.get('/blocks/5')).status).toBe(404);
    expect((await reader.get('/blocks/3')).status).toBe(200);
    await store.writeMeta({ chainInfo: { ...info.body, height: '3' } });
    expect((await reader.get('/chain/info')).body.height).toBe('3');
  });

  it('never keeps /node/health: each check asks the database', async () => {
    const { reader, backend } = await topology();
    let checks = 0;
    const health = backend.node.health.bind(backend.node);
    backend.node.health = () => {
      checks++;
      return health();
    };
    for (let i = 0; i < 3; i++) expect((await reader.get('/node/health')).body).toEqual({ status: { apiNode: 'up', db: 'up' } });
    expect(checks).toBe(3);
  });
});
