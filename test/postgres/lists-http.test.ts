/**
 * The state lists (src/postgres/state-lists.ts) through a reader gateway's HTTP: mosaics join
 * and leave at random places in `GET /mosaics` and in their owners' lists
 * (`?ownerAddress=…`), written as the writer writes them with buckets of four and two slots
 * between buckets, so buckets are cut and joined, and lists numbered again, all the time.
 * After every batch the gateway's pages (first, last, past the end, random depths, both orders)
 * and offsets (present and absent ids) answer what a sorted array of the mosaics answers, the
 * totals with them.
 */
import { PublicKey } from 'symbol-sdk';
import { SymbolFacade } from 'symbol-sdk/symbol';
import { describe, expect, it } from 'vitest';
import { createPostgresBackend } from '../../src/postgres/backend.js';
import { insertRevision } from '../../src/postgres/blocks.js';
import { migrate } from '../../src/postgres/migrations.js';
import { createPool, inTransaction } from '../../src/postgres/pool.js';
import { writeStateRows, type EntryRow } from '../../src/postgres/state-write.js';
import { usePostgres } from '../support/postgres.js';
import { random } from '../support/random.js';
import { startGateway } from '../support/server.js';

const postgres = usePostgres();

interface Mosaic {
  /** The entry id (24 hex): the key of both lists it is in. */
  readonly id: string;
  readonly mosaicId: string;
  readonly owner: number;
}

describe('PostgreSQL store: state lists through a reader gateway', () => {
  it('pages /mosaics and its owners\' lists as a sorted array does while mosaics join and leave at random places', async () => {
    const pool = createPool({ url: postgres().url });
    const facade = new SymbolFacade('testnet');
    const owners = [1, 2, 3].map((n) => facade.network.publicKeyToAddress(new PublicKey(Buffer.alloc(32, n))));
    const ownerHex = owners.map((address) => Buffer.from(address.bytes).toString('hex').toUpperCase());
    const server = await startGateway({ backend: createPostgresBackend({ url: postgres().url }) });
    try {
      await migrate(pool);
      const draw = random(20261128);
      const hex = (digits: number) => Array.from({ length: digits }, () => Math.floor(draw() * 16).toString(16)).join('').toUpperCase();
      const mosaics = new Map<string, Mosaic>();
      const dto = (mosaic: Mosaic) => ({
        id: mosaic.id,
        mosaic: { version: 1, id: mosaic.mosaicId, supply: '1000', startHeight: '1', ownerAddress: ownerHex[mosaic.owner], revision: 1, flags: 1, divisibility: 0, duration: '0' },
      });
      const rowOf = (key: string): EntryRow => {
        const mosaic = mosaics.get(key);
        const lists = mosaic && ['', `ownerAddress=${ownerHex[mosaic.owner]}`].map((list) => ({ list, id: mosaic.id }));
        return { key, entry: mosaic && { id: mosaic.id, lists: lists!, json: JSON.stringify(dto(mosaic)) } };
      };
      let requests = 0;
      const expectPage = async (query: string, sorted: readonly Mosaic[], order: 'asc' | 'desc', pageNumber: number, offset?: string) => {
        const past = offset === undefined ? sorted : sorted.filter((mosaic) => (order === 'asc' ? mosaic.id > offset : mosaic.id < offset));
        const ordered = order === 'asc' ? past : [...past].reverse();
        const url = `/mosaics?${query}pageSize=10&pageNumber=${pageNumber}&order=${order}${offset === undefined ? '' : `&offset=${offset}`}`;
        const { status, body } = await server.get(url);
        const expected = { data: ordered.slice((pageNumber - 1) * 10, pageNumber * 10).map(dto), pagination: { pageNumber, pageSize: 10, totalEntries: past.length, totalPages: Math.ceil(past.length / 10) } };
        expect({ url, status, body }).toEqual({ url, status: 200, body: expected });
        requests++;
      };
      const expectLists = async () => {
        const all = [...mosaics.values()].sort((a, b) => (a.id < b.id ? -1 : 1));
        const lists = [{ query: '', sorted: all }, ...owners.map((address, owner) => ({ query: `ownerAddress=${address.toString()}&`, sorted: all.filter((mosaic) => mosaic.owner === owner) }))];
        for (const { query, sorted } of lists) {
          const pages = Math.ceil(sorted.length / 10);
          for (const order of ['asc', 'desc'] as const) {
            for (const pageNumber of new Set([1, 2, pages, pages + 1, 1 + Math.floor(draw() * pages), 1 + Math.floor(draw() * pages)])) await expectPage(query, sorted, order, Math.max(1, pageNumber));
            const offsets = [sorted[Math.floor(draw() * sorted.length)]?.id, sorted[Math.floor(draw() * sorted.length)]?.id, hex(24)].filter((id): id is string => id !== undefined);
            for (const offset of offsets) await expectPage(query, sorted, order, 1 + Math.floor(draw() * 3), offset);
          }
        }
      };

      for (let round = 0; round < 16; round++) {
        const touched = new Set<string>();
        // Early rounds mostly add, later ones mostly remove: the lists grow past many buckets, then shrink (buckets join).
        const joining = round < 10 ? 0.8 : 0.25;
        for (let n = 0; n < 60; n++) {
          if (draw() < joining || mosaics.size < 5) {
            const mosaicId = hex(16);
            mosaics.set(mosaicId, { id: hex(24), mosaicId, owner: Math.floor(draw() * owners.length) });
            touched.add(mosaicId);
          } else {
            const key = [...mosaics.keys()][Math.floor(draw() * mosaics.size)];
            mosaics.delete(key);
            touched.add(key);
          }
        }
        // With the revision event a writer commits with every write: the reader's answer memo lets go of the pages before it.
        await inTransaction(pool, async (client) => {
          await writeStateRows(client, { entries: new Map([['mosaics', [...touched].map(rowOf)]]), multisig: [], names: [], aliases: [] }, { bucketSize: 4, slotGap: 2, catchUp: false });
          await insertRevision(client);
        });
        await expectLists();
      }
      // The lists grew past a hundred buckets and shrank again; every answer was compared.
      expect(mosaics.size).toBeGreaterThan(100);
      expect(requests).toBeGreaterThan(1_000);
    } finally {
      await server.close();
      await pool.end();
    }
  }, 180_000);
});
