/**
 * The PostgreSQL store's state lists, counted in buckets summed in a Fenwick tree per list
 * (src/postgres/state-lists.ts), against a model: batches of random entries joining, moving
 * between and leaving four lists, written as the writer writes them with buckets of three and
 * two slots between buckets (cuts, joins and lists numbered again all the time), then a catch-up
 * (the buckets built again in one pass) and more batches. After each batch every list's total,
 * pages at every depth in both orders and offsets (present keys, absent keys, below and above
 * every key) answer what the model answers, and the buckets hold: counts that sum to the list,
 * none bigger than twice the size, none left for an empty list, slots rising with the keys and
 * each tree node the sum of its slots' counts. Then databases of versions 5 and 6 migrate in
 * place.
 */
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrate, MIGRATIONS } from '../../src/postgres/migrations.js';
import { createPool, inTransaction } from '../../src/postgres/pool.js';
import { Reader } from '../../src/postgres/reader.js';
import { coveringNodes, listPage } from '../../src/postgres/state-lists.js';
import { clearState, writeStateRows, type EntryRow } from '../../src/postgres/state-write.js';
import { usePostgres } from '../support/postgres.js';
import { random } from '../support/random.js';

const postgres = usePostgres();

const SIZE = 3;
/** Two slots between buckets: a second cut at one place already numbers the list again. */
const SLOT_GAP = 2;
const LISTS = ['', 'a', 'b', 'c'];
const KIND = 'mosaics';

interface StoredBucket {
  readonly list: string;
  readonly first: string;
  readonly slot: number;
  readonly count: number;
}

async function bucketsOf(pool: pg.Pool, kind: string): Promise<StoredBucket[]> {
  const { rows } = await pool.query<{ list: string; first: string; slot: string; count: string }>('select list, first, slot, count from state_list_buckets where kind = $1 order by list, first', [kind]);
  return rows.map((row) => ({ list: row.list, first: row.first, slot: Number(row.slot), count: Number(row.count) }));
}

/** Each list's tree: node → sum. */
async function treesOf(pool: pg.Pool, kind: string): Promise<Map<string, Map<number, number>>> {
  const { rows } = await pool.query<{ list: string; node: string; sum: string }>('select list, node, sum from state_list_tree where kind = $1', [kind]);
  const trees = new Map<string, Map<number, number>>();
  for (const row of rows) {
    if (!trees.has(row.list)) trees.set(row.list, new Map());
    trees.get(row.list)!.set(Number(row.node), Number(row.sum));
  }
  return trees;
}

/**
 * A list's tree is the Fenwick tree of its buckets: slots rise with the buckets' keys, below the
 * root (a power of two, the highest node); each stored node sums the counts of the slots in its
 * range, and every node above a bucket that holds entries is stored. None for an empty list.
 */
function expectTree(list: string, buckets: readonly StoredBucket[], tree: ReadonlyMap<number, number>): void {
  if (buckets.length === 0) {
    expect({ list, tree: [...tree] }).toEqual({ list, tree: [] });
    return;
  }
  const root = Math.max(...tree.keys());
  expect({ list, rootIsPowerOfTwo: Number.isInteger(Math.log2(root)) }).toEqual({ list, rootIsPowerOfTwo: true });
  for (let i = 1; i < buckets.length; i++) expect({ list, rising: buckets[i].slot > buckets[i - 1].slot }).toEqual({ list, rising: true });
  expect({ list, below: buckets.at(-1)!.slot < root, above: buckets[0].slot >= 1 }).toEqual({ list, below: true, above: true });
  const lowbit = (node: number) => node & -node;
  for (const [node, sum] of tree) {
    const covered = buckets.filter((bucket) => bucket.slot > node - lowbit(node) && bucket.slot <= node).reduce((total, bucket) => total + bucket.count, 0);
    expect({ list, node, sum }).toEqual({ list, node, sum: covered });
  }
  for (const bucket of buckets.filter((each) => each.count > 0)) {
    for (const node of coveringNodes(bucket.slot, root)) expect({ list, node, stored: tree.has(node) }).toEqual({ list, node, stored: true });
  }
}

interface Modelled {
  /** Its order key in each list it is in. */
  readonly lists: Map<string, string>;
}

/**
 * An empty database migrated to `version`, holding `count` entries of `kind` (keys `prefix` + n, ids n
 * on six digits, JSON {"n": n}) in its whole list '' as a writer of that version left them.
 */
async function schemaAt(pool: pg.Pool, version: number, kind: string, prefix: string, count: number): Promise<void> {
  await pool.query('drop schema public cascade; create schema public');
  await migrate(pool, MIGRATIONS.filter((migration) => migration.version <= version));
  await pool.query(`insert into state_entries (kind, key, id, json) select $1, $2 || n, lpad(n::text, 6, '0'), '{"n":' || n || '}' from generate_series(1, $3::int) n`, [kind, prefix, count]);
  await pool.query(`insert into state_lists (kind, list, id, key) select kind, '', id, key from state_entries`);
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
      // Each list's root after the previous batch, and how often one grew (the list numbered again with room for more buckets).
      const roots = new Map<string, number>();
      let grown = 0;

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
          await writeStateRows(client, { entries: new Map([[KIND, keys.map(rowOf)]]), multisig: [], names: [], aliases: [] }, { bucketSize: SIZE, slotGap: SLOT_GAP, catchUp });
        });
        compared += await expectModel();
      };

      const expectModel = async (): Promise<number> => {
        let queries = 0;
        const buckets = await bucketsOf(pool, KIND);
        const trees = await treesOf(pool, KIND);
        for (const list of LISTS) {
          const sorted = [...model].flatMap(([key, { lists }]) => (lists.has(list) ? [{ key, order: lists.get(list)! }] : [])).sort((x, y) => (x.order < y.order ? -1 : 1));
          const own = buckets.filter((bucket) => bucket.list === list);
          // The buckets: none for an empty list; else the first at '', counts summing to the list, none over twice the size.
          if (sorted.length === 0) expect(own).toEqual([]);
          else expect(own[0].first).toBe('');
          let total = 0;
          for (const bucket of own) {
            expect(bucket.count).toBeLessThanOrEqual(2 * SIZE);
            if (bucket.first !== '') expect(bucket.count).toBeGreaterThan(0);
            total += bucket.count;
          }
          expect(total).toBe(sorted.length);
          expectTree(list, own, trees.get(list) ?? new Map());
          const root = Math.max(0, ...(trees.get(list)?.keys() ?? []));
          if (root > (roots.get(list) ?? root)) grown++;
          roots.set(list, root);

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
      expect(grown).toBeGreaterThan(3);
    } finally {
      await pool.end();
    }
  }, 120_000);

  it('migrates a database of version 5: its lists get buckets of 1 000 and trees, its holders by balance become lists', async () => {
    const pool = createPool({ url: postgres().url });
    try {
      await schemaAt(pool, 5, 'accounts', 'A', 2500);
      await pool.query(`insert into state_list_counts (kind, list, count) values ('accounts', '', 2500)`);
      await pool.query(`insert into account_balances (mosaic_id, address, amount, id) select 'M', key, (id::int % 7) * 1000, id from state_entries`);
      expect(await migrate(pool)).toEqual([6, 7, 8]);
      const buckets = await bucketsOf(pool, 'accounts');
      // By balance: 357 accounts hold 0, 358 hold 1 000 (n = 1 mod 7), 357 each other amount; the 1 001st is the 286th holding 2 000 (n = 1997), the 2 001st the 215th holding 5 000 (n = 1503).
      expect(buckets.map((row) => `${row.list}|${row.first}|${row.count}|${row.slot}`)).toEqual([
        '||1000|1024', '|001001|1000|2048', '|002001|500|3072',
        `mosaicId=M&orderBy=balance||1000|1024`, `mosaicId=M&orderBy=balance|${'0'.repeat(16)}2000 001997|1000|2048`, `mosaicId=M&orderBy=balance|${'0'.repeat(16)}5000 001503|500|3072`,
      ]);
      const trees = await treesOf(pool, 'accounts');
      for (const list of ['', 'mosaicId=M&orderBy=balance']) expectTree(list, buckets.filter((bucket) => bucket.list === list), trees.get(list)!);
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

  it('migrates a database of version 6 in place: the buckets a writer left keep their keys and counts, get slots and trees, and the writer goes on', async () => {
    const pool = createPool({ url: postgres().url });
    try {
      // 3 000 entries in '', the even ones in 'even'; buckets as a version 6 writer leaves them after cuts and joins (uneven, the first one empty), each with the entries before it.
      await schemaAt(pool, 6, 'mosaics', 'M', 3000);
      await pool.query(`insert into state_lists (kind, list, id, key) select 'mosaics', 'even', id, key from state_entries where (id::int) % 2 = 0`);
      const firsts: Record<string, string[]> = { '': ['', '000001', '000700', '001900', '002400'], even: ['', '001000'] };
      await pool.query(
        `with cut as (
           select list, first, lead(first) over (partition by list order by first) as next from unnest($1::text[], $2::text[]) as c(list, first)
         ), counted as (
           select list, first, (select count(*) from state_lists l where l.kind = 'mosaics' and l.list = cut.list and l.id >= cut.first and (cut.next is null or l.id < cut.next)) as count from cut
         )
         insert into state_list_buckets (kind, list, first, count, before)
         select 'mosaics', list, first, count, sum(count) over (partition by list order by first) - count from counted`,
        [Object.entries(firsts).flatMap(([list, cuts]) => cuts.map(() => list)), Object.values(firsts).flat()],
      );
      expect(await migrate(pool)).toEqual([7, 8]);
      // Each list's ids in key order, and the n each entry's json holds.
      const model = new Map<string, string[]>([['', []], ['even', []]]);
      const nOf = new Map<string, number>();
      for (let n = 1; n <= 3000; n++) {
        const id = String(n).padStart(6, '0');
        nOf.set(id, n);
        model.get('')!.push(id);
        if (n % 2 === 0) model.get('even')!.push(id);
      }
      const db = new Reader(pool);
      const expectLists = async (): Promise<StoredBucket[]> => {
        const buckets = await bucketsOf(pool, 'mosaics');
        const trees = await treesOf(pool, 'mosaics');
        const entries = (ids: readonly string[]) => ids.map((id) => ({ n: nOf.get(id)! }));
        for (const [list, ids] of model) {
          const own = buckets.filter((bucket) => bucket.list === list);
          expect(own.reduce((total, bucket) => total + bucket.count, 0)).toBe(ids.length);
          expectTree(list, own, trees.get(list)!);
          for (const order of ['asc', 'desc'] as const) {
            const ordered = order === 'asc' ? ids : [...ids].reverse();
            for (const pageNumber of [1, 2, 7, 10, 11, 15, 16, 29, 30, 31, 40, 41]) {
              const page = await listPage<{ n: number }>(db, 'mosaics', list, { pageSize: 100, pageNumber, order, orderBy: 'id' });
              const expected = { data: entries(ordered.slice((pageNumber - 1) * 100, pageNumber * 100)), totalEntries: ids.length };
              expect({ list, order, pageNumber, page }).toEqual({ list, order, pageNumber, page: expected });
            }
            for (const offset of ['000699', '000700', '0010005x', '001901', '002999']) {
              const past = ordered.filter((id) => (order === 'asc' ? id > offset : id < offset));
              const page = await listPage<{ n: number }>(db, 'mosaics', list, { pageSize: 10, pageNumber: 3, order, orderBy: 'id' }, { key: offset, inclusive: order === 'asc' });
              expect({ list, order, offset, page }).toEqual({ list, order, offset, page: { data: entries(past.slice(20, 30)), totalEntries: past.length } });
            }
          }
        }
        return buckets;
      };
      const migrated = await expectLists();
      expect(migrated.map((bucket) => `${bucket.list}|${bucket.first}|${bucket.count}|${bucket.slot}`)).toEqual([
        '||0|1024', '|000001|699|2048', '|000700|1200|3072', '|001900|500|4096', '|002400|601|5120', 'even||499|1024', 'even|001000|1001|2048',
      ]);

      // The writer goes on over the migrated store, with buckets of 500: a thousand entries join the bucket at 000700 (among 001000 … 001099),
      // 1900 … 2299 leave (the bucket at 001900 keeps 100 and joins the one before, which is then cut in four).
      const rows: EntryRow[] = [];
      for (let n = 1; n <= 1000; n++) {
        const id = `0010${String(n).padStart(3, '0')}x`;
        nOf.set(id, -n);
        rows.push({ key: `N${n}`, entry: { id, lists: [{ list: '', id }], json: JSON.stringify({ n: -n }) } });
      }
      for (let n = 1900; n < 2300; n++) rows.push({ key: `M${n}` });
      await inTransaction(pool, (client) => writeStateRows(client, { entries: new Map([['mosaics', rows]]), multisig: [], names: [], aliases: [] }, { bucketSize: 500, catchUp: false }));
      const stays = (id: string) => id < '001900' || id >= '002300';
      model.set('', [...model.get('')!.filter(stays), ...rows.flatMap((row) => (row.entry ? [row.entry.id] : []))].sort());
      model.set('even', model.get('even')!.filter(stays));
      const moved = await expectLists();
      expect(moved.map((bucket) => `${bucket.list}|${bucket.first}|${bucket.count}|${bucket.slot}`)).toEqual([
        '||0|1024', '|000001|699|2048', '|000700|500|3072', '|0010181x|500|3584', '|0010636x|500|4096', '|001200|800|4608', '|002400|601|5120',
        'even||499|1024', 'even|001000|801|2048',
      ]);
    } finally {
      await pool.end();
    }
  });
});
