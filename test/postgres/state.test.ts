/**
 * The PostgreSQL store, state entries: a gateway over the database (B) answers every state
 * route as the chain's own gateway (A) does: accounts (by id, by a mosaic's holders, by
 * balance), mosaics, namespaces and their names, hash and secret locks, metadata, account and
 * mosaic restrictions and the multisig graph, each page under every combination of its filters,
 * in both orders, with offsets and deep pages, and every entry by key; whether the writer
 * started on a chain that already had them (catch-up) or followed them being made; and after
 * entries change and leave (a used lock, a pruned lock and namespace, removed metadata,
 * restrictions and cosignatory).
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { InMemoryChain } from '../../src/in-memory-chain.js';
import { createPostgresBackend } from '../../src/postgres/backend.js';
import { hex } from '../support/announce.js';
import { actors, change, COLLECTIONS, expectSameState, populate, populateMore, stateChain as newStateChain } from '../support/chain-state.js';
import { usePostgresStore } from '../support/postgres.js';
import { startGateway } from '../support/server.js';

const { postgres, cleanups, writerOn, gateways } = usePostgresStore();

const JSON_HEADERS = { 'content-type': 'application/json' };

/** A chain with short-lived namespaces (see chain-state.ts), closed after the test. */
function stateChain(): InMemoryChain {
  const chain = newStateChain();
  cleanups.push(async () => chain.close());
  return chain;
}

describe('PostgreSQL store: state entries', () => {
  it('writes the whole state at catch-up and answers every state route as the chain itself', async () => {
    const chain = stateChain();
    await populate(chain);
    const writer = await writerOn(chain);
    await writer.flushed();
    const { a, b } = await gateways(chain);
    const { compared, entries } = await expectSameState(a, b, chain);
    // The comparison covered full collections: more than a page of accounts, mosaics and namespaces, every kind present.
    expect(compared).toBeGreaterThan(500);
    for (const path of ['/accounts', '/mosaics', '/namespaces']) expect(entries.get(path)!.length).toBeGreaterThan(10);
    for (const collection of COLLECTIONS) expect(entries.get(collection.path)!.length).toBeGreaterThan(1);
    const { g, brief } = actors(chain);
    expect(entries.get('/namespaces')!.filter((entry) => !entry.meta.active).map((entry) => entry.namespace.level0)).toEqual([hex(brief)]);
    expect((await b.get(`/account/${g.address}/multisig/graph`)).body.map((level: any) => level.level)).toEqual([-1, 0, 1]);
    expect((await b.request('POST', '/namespaces/mosaic/names', { body: JSON.stringify({ mosaicIds: [hex(actors(chain).mosaicIds[0])] }), headers: JSON_HEADERS })).body)
      .toEqual({ mosaicNames: [{ mosaicId: hex(actors(chain).mosaicIds[0]), names: ['estate', 'estate.wing.room'] }] });
  });

  it('follows the chain: entries made, changed and removed after the writer started', async () => {
    const chain = stateChain();
    const writer = await writerOn(chain);
    const { a, b } = await gateways(chain);
    await populate(chain);
    await writer.flushed();
    const before = await expectSameState(a, b, chain);

    await change(chain);
    await writer.flushed();
    const after = await expectSameState(a, b, chain);
    // What left the chain's state left the database's.
    const { e, i, brief } = actors(chain);
    const gone = [`/restrictions/account/${e.address}`, `/account/${i.address}/multisig`, `/namespaces/${hex(brief)}`];
    for (const url of gone) expect([url, (await a.get(url)).status, (await b.get(url)).status]).toEqual([url, 404, 404]);
    for (const path of ['/lock/secret', '/metadata', '/restrictions/mosaic']) {
      const ids = new Set(after.entries.get(path)!.map((entry) => entry.id));
      expect(before.entries.get(path)!.some((entry) => !ids.has(entry.id))).toBe(true);
    }
    // The first round's hash lock was used by the second round's aggregate.
    expect(after.entries.get('/lock/hash')!.map((entry) => entry.lock.status)).toContain(1);
  });

  it('pages lists cut into buckets of two as the chain pages them, at catch-up and while entries join, move and leave', async () => {
    const chain = stateChain();
    await populate(chain);
    const writer = await writerOn(chain, { listBucketSize: 2 });
    await writer.flushed();
    const { a, b } = await gateways(chain);
    await expectSameState(a, b, chain);
    const cut = async () => {
      const admin = new pg.Client({ connectionString: postgres().url });
      await admin.connect();
      try {
        const { rows } = await admin.query<{ buckets: string; entries: string }>(`select count(*) as buckets, sum(count) as entries from state_list_buckets where kind = 'accounts' and list = ''`);
        return { buckets: Number(rows[0].buckets), entries: Number(rows[0].entries) };
      } finally {
        await admin.end();
      }
    };
    const atCatchUp = await cut();
    // The list of every account is cut in buckets of two.
    expect(atCatchUp.entries).toBeGreaterThan(10);
    expect(atCatchUp.buckets).toBe(Math.ceil(atCatchUp.entries / 2));

    await change(chain);
    await populateMore(chain);
    await writer.flushed();
    await expectSameState(a, b, chain);
    const after = await cut();
    expect(after.entries).toBe(atCatchUp.entries + 9);
    expect(after.buckets).toBeGreaterThan(atCatchUp.buckets);
    // About 7.5 s beside other files on two cores.
  }, 30_000);

  it('writes the whole state again when a writer starts on a database that holds an older state of the chain', async () => {
    const chain = stateChain();
    const first = await writerOn(chain);
    await populate(chain);
    await first.close();
    await change(chain);
    const writer = await writerOn(chain);
    await writer.flushed();
    const { a, b } = await gateways(chain);
    await expectSameState(a, b, chain);
    // About 1 s alone; over 20 s once beside a full run and a benchmark on two cores.
  }, 60_000);

  it('answers 503 on every state route when the database cannot be reached', async () => {
    const server = await startGateway({ backend: createPostgresBackend({ url: 'postgres://postgres@127.0.0.1:1/none', connectTimeout: 1_000 }) });
    cleanups.push(() => server.close());
    const address = stateChain().fundedAccounts[0].address;
    const gets = ['/accounts', `/accounts/${address}`, '/mosaics', '/mosaics/0123456789ABCDEF', '/namespaces', '/lock/hash', '/lock/secret', '/metadata', '/restrictions/account', '/restrictions/mosaic', `/account/${address}/multisig`, `/account/${address}/multisig/graph`];
    for (const url of gets) {
      const reply = await server.get(url);
      expect({ url, status: reply.status, body: reply.body }).toEqual({ url, status: 503, body: { code: 'ServiceUnavailable', message: 'the database is unreachable' } });
    }
    const posts: [string, unknown][] = [['/namespaces/names', { namespaceIds: ['8123456789ABCDEF'] }], ['/namespaces/account/names', { addresses: [address] }], ['/accounts', { publicKeys: ['AB'.repeat(32)] }]];
    for (const [path, body] of posts) expect((await server.request('POST', path, { body: JSON.stringify(body), headers: JSON_HEADERS })).status).toBe(503);
  });
});
