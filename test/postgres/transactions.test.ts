/**
 * Transactions in the PostgreSQL store: a gateway over the database answers the confirmed group
 * and both pools (every filter, order, offset and deep page), lookups by id and hash, and
 * statuses exactly as the chain's own gateway does, whether the writer followed the chain from
 * its start or caught up with a chain that ran before it.
 */
import { describe, expect, it } from 'vitest';
import type { InMemoryChain } from '../../src/in-memory-chain.js';
import { createPostgresBackend } from '../../src/postgres/backend.js';
import { PostgresWriter } from '../../src/postgres/writer.js';
import { activity, type Activity } from '../support/chain-activity.js';
import { expectSameAnswers, usePostgresStore } from '../support/postgres.js';
import { startGateway, testChain, type TestServer } from '../support/server.js';

const { postgres, cleanups } = usePostgresStore();

/** A writer on `chain`, the chain's own gateway (A) and one over the database (B). */
async function follow(chain: InMemoryChain): Promise<{ writer: PostgresWriter; a: TestServer; b: TestServer }> {
  const writer = await PostgresWriter.start(chain, { url: postgres().url, onError: () => undefined });
  cleanups.push(() => writer.close());
  const a = await startGateway({ backend: chain });
  cleanups.push(() => a.close());
  const b = await startGateway({ backend: createPostgresBackend({ url: postgres().url }) });
  cleanups.push(() => b.close());
  return { writer, a, b };
}

/** The transaction routes' answers worth comparing after `rounds` of activity. */
async function transactionUrls(chain: InMemoryChain, a: TestServer, rounds: readonly Activity[]): Promise<string[]> {
  const [x, y] = chain.fundedAccounts;
  const all = (await a.get('/transactions/confirmed?pageSize=100&embedded=true')).body.data as { id: string; meta: { hash?: string; aggregateHash?: string } }[];
  const middle = all[Math.floor(all.length / 2)].id;
  const urls = [];
  for (const group of ['confirmed', 'unconfirmed', 'partial']) {
    const base = `/transactions/${group}`;
    urls.push(
      base,
      `${base}?embedded=true&pageSize=10`,
      `${base}?embedded=true&pageSize=10&pageNumber=2&order=desc`,
      `${base}?pageSize=10&pageNumber=3`,
      `${base}?address=${x.address}`,
      `${base}?address=${x.address}&embedded=true&order=asc&pageSize=10&pageNumber=2`,
      `${base}?address=${y.address}&type=16724`,
      `${base}?signerPublicKey=${x.publicKey}&embedded=true`,
      `${base}?recipientAddress=${y.address}`,
      `${base}?type=16724&type=16961&embedded=true`,
      `${base}?transferMosaicId=${chain.currency.mosaicId}&fromTransferAmount=1000000&toTransferAmount=2000000`,
      `${base}?transferMosaicId=${chain.currency.mosaicId}&embedded=true&order=desc`,
      `${base}?height=3&embedded=true`,
      `${base}?fromHeight=4&toHeight=20`,
      `${base}?fromHeight=4&toHeight=20&address=${x.address}&embedded=true`,
      `${base}?offset=${middle}&embedded=true&order=asc&pageSize=10`,
      `${base}?offset=${middle}&order=desc`,
      `${base}?offset=${middle}&address=${x.address}&order=desc&embedded=true`,
      `${base}?offset=${middle}&signerPublicKey=${x.publicKey}&order=asc&embedded=true`,
      `${base}?address=${'A'.repeat(39)}`,
    );
  }
  const hashes = rounds.flatMap((round) => [...round.hashes, round.partialHash, round.pendingHash]);
  for (const entry of all.slice(0, 30)) urls.push(`/transactions/confirmed/${entry.id}`);
  for (const hash of hashes) {
    for (const group of ['confirmed', 'unconfirmed', 'partial']) urls.push(`/transactions/${group}/${hash}`);
    urls.push(`/transactionStatus/${hash}`);
  }
  return urls;
}

describe('PostgreSQL store: transactions, pools and statuses', () => {
  it('answers every transaction route as the chain does, followed from the start and across rounds', async () => {
    const chain = testChain({ finalizationInterval: 5 });
    cleanups.push(async () => chain.close());
    const { writer, a, b } = await follow(chain);
    const rounds = [activity(chain, 'first')];
    await writer.flushed();
    await expectSameAnswers(a, b, await transactionUrls(chain, a, rounds));
    rounds.push(activity(chain, 'second'));
    await writer.flushed();
    await expectSameAnswers(a, b, await transactionUrls(chain, a, rounds));
    // POST lookups, in the order asked, unknown ones left out.
    const ids = ((await a.get('/transactions/confirmed?pageSize=10&embedded=true')).body.data as { id: string }[]).map((entry) => entry.id).reverse();
    for (const group of ['confirmed', 'unconfirmed', 'partial']) {
      const body = JSON.stringify({ transactionIds: [...ids, rounds[1].pendingHash, rounds[1].partialHash, '0'.repeat(24)] });
      const [mine, stored] = await Promise.all([a, b].map((server) => server.request('POST', `/transactions/${group}`, { body, headers: { 'content-type': 'application/json' } })));
      expect(stored.body).toEqual(mine.body);
    }
    const body = JSON.stringify({ hashes: [...rounds[1].hashes, rounds[1].pendingHash, 'F'.repeat(64)] });
    const [mine, stored] = await Promise.all([a, b].map((server) => server.request('POST', '/transactionStatus', { body, headers: { 'content-type': 'application/json' } })));
    expect(stored.body).toEqual(mine.body);
    expect((stored.body as unknown[]).length).toBe(rounds[1].hashes.length + 1);
  });

  it('catches up with a chain that ran before the writer, pools included', async () => {
    const chain = testChain({ finalizationInterval: 5 });
    cleanups.push(async () => chain.close());
    const rounds = [activity(chain, 'before')];
    const { writer, a, b } = await follow(chain);
    await writer.flushed();
    await expectSameAnswers(a, b, await transactionUrls(chain, a, rounds));
    rounds.push(activity(chain, 'after'));
    await writer.flushed();
    await expectSameAnswers(a, b, await transactionUrls(chain, a, rounds));
  });
});
