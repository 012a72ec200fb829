/**
 * The PostgreSQL store's state lists, counted in buckets (src/postgres/state-lists.ts), against
 * a model: batches of random entries joining, moving between and leaving four lists, written as
 * the writer writes them with buckets of three, then a catch-up (the buckets built again in one
 * pass) and more batches. After each batch every list's total, pages at every depth in both
 * orders and offsets (present keys, absent keys, below and above every key) answer what the
 * model answers, and the buckets hold: counts that sum to the list, `before` the entries of the
 * buckets before, none bigger than twice the size, none left for an empty list.
 */
import { describe, expect, it } from 'vitest';
import { migrate, MIGRATIONS } from '../../src/postgres/migrations.js';
import { createPool, inTransaction } from '../../src/postgres/pool.js';
import { Reader } from '../../src/postgres/reader.js';
import { listPage } from '../../src/postgres/state-lists.js';
import { clearState, writeStateRows, type EntryRow } from '../../src/postgres/state-write.js';
import { usePostgres } from '../support/postgres.js';

const postgres = usePostgres();

const SIZE = 3;
const LISTS = ['', 'a', 'b', 'c'];
const KIND = 'mosaics';

/** A small deterministic generator (mulberry32), so a failure is found again. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface Modelled {
  /** Its order key in each list it is in. */
  readonly lists: Map<string, string>;
}

describe('PostgreSQL store: state lists in buckets', () => {
  it('pages every list at every depth as a sorted model does, through joins, moves, leaves and a catch-up', async () => {
    const pool = createPool({ url: postgres().url });
    try {
      await migrate(pool);
      await pool.query('delete from state_entries; delete from state_lists; delete from state_list_buckets');
      const db = new Reader(pool);
      const draw = random(20261123);
      const pick = <T>(items: readonly T[]): T => items[Math.floor(draw() * items.length)];
      const hex = () => Math.floor(draw() * 0x1_0000).toString(16).toUpperCase().padStart(4, '0');
      const model = new Map<string, Modelled>();
      let nextKey = 0;
      let compared = 0;

      const rowOf = (key: string): EntryRow => {
        const entry = model.get(key);
        return { key, entry: entry && { id: key, lists: [...entry.lists].map(([list, id]) => ({ list, id })), json: JSON.stringify({ key }) } };
      };
      const batch = async (catchUp: boolean) => {
        const touched = new Set<string>();
        const operations = catchUp ? 0 : 1 + Math.floor(draw() * 40);
        for (let n = 0; n < operations; n++) {
          const roll = draw();
          if (roll < 0.45 || model.size < 5) {
            // Joins: a new entry in one to three lists, under keys that may tie with others'.
            const key = `K${String(nextKey++).padStart(5, '0')}`;
            const lists = new Map<string, string>();
            for (const list of LISTS) if (list === '' || draw() < 0.5) lists.set(list, `${hex()} ${key}`);
            model.set(key, { lists });
            touched.add(key);
          } else if (roll < 0.75) {
            // Moves: another order key in one list, or a list joined or left.
            const key = pick([...model.keys()]);
            const list = pick(LISTS);
            const { lists } = model.get(key)!;
            if (list !== '' && lists.has(list) && draw() < 0.3) lists.delete(list);
            else lists.set(list, `${hex()} ${key}`);
            touched.add(key);
          } else {
            const key = pick([...model.keys()]);
            model.delete(key);
            touched.add(key);
          }
        }
        await inTransaction(pool, async (client) => {
          if (catchUp) await clearState(client);
          const keys = catchUp ? [...model.keys()] : [...touched];
          await writeStateRows(client, { entries: new Map([[KIND, keys.map(rowOf)]]), multisig: [], names: [], aliases: [] }, { bucketSize: SIZE, catchUp });
        });
        compared += await expectModel();
      };

      const expectModel = async (): Promise<number> => {
        let queries = 0;
        const { rows: buckets } = await pool.query<{ list: string; first: string; count: string; before: string }>('select list, first, count, before from state_list_buckets where kind = $1 order by list, first', [KIND]);
        for (const list of LISTS) {
          const sorted = [...model].flatMap(([key, { lists }]) => (lists.has(list) ? [{ key, order: lists.get(list)! }] : [])).sort((x, y) => (x.order < y.order ? -1 : 1));
          const own = buckets.filter((bucket) => bucket.list === list);
          // The buckets: none for an empty list; else the first at '', counts summing to the list, before what precedes.
          if (sorted.length === 0) expect(own).toEqual([]);
          else expect(own[0].first).toBe('');
          let before = 0;
          for (const bucket of own) {
            expect({ list, first: bucket.first, before: Number(bucket.before) }).toEqual({ list, first: bucket.first, before });
            expect(Number(bucket.count)).toBeLessThanOrEqual(2 * SIZE);
            if (bucket.first !== '') expect(Number(bucket.count)).toBeGreaterThan(0);
            before += Number(bucket.count);
          }
          expect(before).toBe(sorted.length);

          const expected = (order: 'asc' | 'desc', pageSize: number, pageNumber: number, offset?: string) => {
            const past = offset === undefined ? sorted : sorted.filter((entry) => (order === 'asc' ? entry.order > offset : entry.order < offset));
            const ordered = order === 'asc' ? past : [...past].reverse();
            return { data: ordered.slice((pageNumber - 1) * pageSize, pageNumber * pageSize).map((entry) => ({ key: entry.key })), totalEntries: past.length };
          };
          const check = async (order: 'asc' | 'desc', pageSize: number, pageNumber: number, offset?: string) => {
            const request = { order, pageSize, pageNumber, orderBy: 'id' };
            const bound = offset === undefined ? undefined : { key: offset, inclusive: order === 'asc' };
            const page = await listPage<{ key: string }>(db, KIND, list, request, bound);
            expect({ list, order, pageSize, pageNumber, offset, page }).toEqual({ list, order, pageSize, pageNumber, offset, page: expected(order, pageSize, pageNumber, offset) });
            queries++;
          };
          for (const order of ['asc', 'desc'] as const) {
            for (let pageNumber = 1; pageNumber <= Math.ceil(sorted.length / 4) + 1; pageNumber++) await check(order, 4, pageNumber);
            await check(order, 1, 1 + Math.floor(draw() * (sorted.length + 1)));
            const offsets = ['', '~', ...Array.from({ length: 3 }, () => pick(sorted)?.order).filter((key): key is string => key !== undefined), `${hex()} K`];
            for (const offset of offsets) for (const pageNumber of [1, 2]) await check(order, 3, pageNumber, offset);
          }
        }
        return queries;
      };

      for (let round = 0; round < 12; round++) await batch(false);
      await batch(true);
      for (let round = 0; round < 12; round++) await batch(false);
      // The rounds grew lists past many buckets, and compared every page of them.
      expect(model.size).toBeGreaterThan(60);
      expect(compared).toBeGreaterThan(2_000);
    } finally {
      await pool.end();
    }
  }, 120_000);

  it('migrates a database of version 5: its lists get buckets of 1 000, its holders by balance become lists', async () => {
    const pool = createPool({ url: postgres().url });
    try {
      await pool.query('drop schema public cascade; create schema public');
      await migrate(pool, MIGRATIONS.filter((migration) => migration.version <= 5));
      await pool.query(`insert into state_entries (kind, key, id, json) select 'accounts', 'A' || n, lpad(n::text, 6, '0'), '{"n":' || n || '}' from generate_series(1, 2500) n`);
      await pool.query(`insert into state_lists (kind, list, id, key) select 'accounts', '', id, key from state_entries`);
      await pool.query(`insert into state_list_counts (kind, list, count) values ('accounts', '', 2500)`);
      await pool.query(`insert into account_balances (mosaic_id, address, amount, id) select 'M', key, (id::int % 7) * 1000, id from state_entries`);
      expect(await migrate(pool)).toEqual([6]);
      const { rows } = await pool.query('select list, first, count::int, before::int from state_list_buckets order by list, first');
      // By balance: 357 accounts hold 0, 358 hold 1 000 (n = 1 mod 7), 357 each other amount; the 1 001st is the 286th holding 2 000 (n = 1997), the 2 001st the 215th holding 5 000 (n = 1503).
      expect(rows.map((row) => `${row.list}|${row.first}|${row.count}|${row.before}`)).toEqual([
        '||1000|0', '|001001|1000|1000', '|002001|500|2000',
        `mosaicId=M&orderBy=balance||1000|0`, `mosaicId=M&orderBy=balance|${'0'.repeat(16)}2000 001997|1000|1000`, `mosaicId=M&orderBy=balance|${'0'.repeat(16)}5000 001503|500|2000`,
      ]);
      const db = new Reader(pool);
      const request = { pageSize: 3, pageNumber: 500, order: 'asc', orderBy: 'id' } as const;
      expect(await listPage(db, 'accounts', '', request)).toEqual({ data: [{ n: 1498 }, { n: 1499 }, { n: 1500 }], totalEntries: 2500 });
      // The richest (6 000, ties by id descending) first.
      expect(await listPage(db, 'accounts', 'mosaicId=M&orderBy=balance', { ...request, order: 'desc', pageNumber: 1 })).toEqual({ data: [{ n: 2498 }, { n: 2491 }, { n: 2484 }], totalEntries: 2500 });
      for (const table of ['account_balances', 'state_list_counts']) {
        expect((await pool.query('select to_regclass($1) as found', [table])).rows[0].found).toBe(null);
      }
    } finally {
      await pool.end();
    }
  });
});
