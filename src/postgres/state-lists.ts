import type pg from 'pg';
import type { PageResult } from '../backend/repositories.js';
import type { PageRequest } from '../pagination.js';
import type { Reader } from './reader.js';
import { storedJson } from '../http/json.js';

/**
 * The state lists (see state.ts): every list a state entry is paged under, ordered by a text
 * key (`state_lists (kind, list, id)`), and counted in buckets so that any page, and the
 * place of an offset, costs what page 1 costs however long the list and however deep the page.
 *
 * A list's buckets (`state_list_buckets`) cut its keys into runs: a bucket holds the keys from
 * its `first` (the first bucket's is `''`, below every key) up to the next bucket's, with their
 * `count` and the entries in the buckets before it (`before`). A position is found by the last
 * bucket that starts at or before it, then fewer than 2 × the bucket size index rows skipped
 * inside it; a list's total is its last bucket's `before + count`. The writer keeps buckets
 * between half the bucket size and twice it (a small one joins the bucket before it, a big one
 * is cut), so a list of n entries has about n / size buckets, and a change moves the `before`
 * of the buckets after it only.
 */

/** Entries per bucket, about: the default of `PostgresWriterOptions.listBucketSize`. */
export const LIST_BUCKET_SIZE = 1_000;

/** A list an entry joins (`delta` 1) or leaves (-1) under a key. */
export interface ListMove {
  readonly list: string;
  readonly id: string;
  readonly delta: number;
}

interface Bucket {
  readonly list: string;
  readonly first: string;
  readonly count: number;
}

/**
 * Moves the buckets of one kind's lists by what joined and left them; the rows of `state_lists`
 * are written already. One statement moves the counts, one the `before` of the buckets after
 * the first changed one of each list; cuts and joins are rare (once per about size/2 changes of
 * a bucket).
 */
export async function moveListBuckets(client: pg.PoolClient, kind: string, written: readonly ListMove[], size: number): Promise<void> {
  // An entry written again under the same key (most are) moves nothing.
  const net = new Map<string, { list: string; id: string; delta: number }>();
  for (const move of written) {
    const name = `${move.list}\n${move.id}`;
    const known = net.get(name);
    if (known) known.delta += move.delta;
    else net.set(name, { ...move });
  }
  const moves = [...net.values()].filter((move) => move.delta !== 0);
  if (moves.length === 0) return;
  await client.query(
    `insert into state_list_buckets (kind, list, first, count, before) select distinct $1, list, '', 0, 0 from unnest($2::text[]) as list
     on conflict do nothing`,
    [kind, [...new Set(moves.map((move) => move.list))]],
  );
  const { rows } = await client.query<{ list: string; first: string; count: string }>(
    `with moved as (
       select list collate "C" as list, id collate "C" as id, delta from unnest($2::text[], $3::text[], $4::int[]) as m(list, id, delta)
     ), bucket as (
       select m.list, b.first, sum(m.delta) as delta from moved m
       cross join lateral (
         select first from state_list_buckets where kind = $1 and list = m.list and first <= m.id order by first desc limit 1
       ) b
       group by m.list, b.first
     )
     update state_list_buckets s set count = s.count + bucket.delta from bucket
     where s.kind = $1 and s.list = bucket.list and s.first = bucket.first and bucket.delta <> 0
     returning s.list, s.first, s.count`,
    [kind, moves.map((move) => move.list), moves.map((move) => move.id), moves.map((move) => move.delta)],
  );
  const changed = rows.map((row) => ({ list: row.list, first: row.first, count: Number(row.count) }));
  if (changed.length > 0) await moveBefores(client, kind, await rebalance(client, kind, changed, size));
  // A list left empty keeps no bucket.
  await client.query(
    `delete from state_list_buckets b where kind = $1 and list = any($2::text[]) and first = '' and count = 0
     and not exists (select 1 from state_list_buckets n where n.kind = $1 and n.list = b.list and n.first > '')`,
    [kind, [...new Set(moves.map((move) => move.list))]],
  );
}

/** Sets the `before` of each list's buckets from its first bucket that may be off (its own is right: nothing before it changed). */
async function moveBefores(client: pg.PoolClient, kind: string, lowest: ReadonlyMap<string, string>): Promise<void> {
  await client.query(
    `with low as (
       select list collate "C" as list, first collate "C" as first from unnest($2::text[], $3::text[]) as low(list, first)
     ), run as (
       select b.list, b.first, first_value(b.before) over w + sum(b.count) over w - b.count as before
       from state_list_buckets b join low on b.kind = $1 and b.list = low.list and b.first >= low.first
       window w as (partition by b.list order by b.first)
     )
     update state_list_buckets s set before = run.before from run
     where s.kind = $1 and s.list = run.list and s.first = run.first and s.before <> run.before`,
    [kind, [...lowest.keys()], [...lowest.values()]],
  );
}

/**
 * Joins each changed bucket smaller than half the size to the bucket before it (the first
 * bucket stays), then cuts each bucket bigger than twice the size into buckets of the size
 * (the last takes what remains). Returns, per list, the first bucket whose `before` may be off.
 */
async function rebalance(client: pg.PoolClient, kind: string, changed: readonly Bucket[], size: number): Promise<Map<string, string>> {
  const lowest = new Map<string, string>();
  const lower = (list: string, first: string) => {
    const known = lowest.get(list);
    if (known === undefined || first < known) lowest.set(list, first);
  };
  // The changed buckets and those they joined, by list and first, with their counts as they now are.
  const counts = new Map<string, Bucket>();
  const name = (bucket: { list: string; first: string }) => `${bucket.list}\n${bucket.first}`;
  for (const bucket of changed) {
    lower(bucket.list, bucket.first);
    counts.set(name(bucket), bucket);
  }
  // From the last bucket down, so a bucket that joins the one before it finds that one's count as it now is.
  const small = changed.filter((bucket) => bucket.first !== '' && bucket.count < size / 2).sort((a, b) => (a.first < b.first ? 1 : a.first > b.first ? -1 : 0));
  for (const bucket of small) {
    if (counts.get(name(bucket))!.count >= size / 2) continue;
    const { rows } = await client.query<{ first: string; count: string }>(
      `with gone as (delete from state_list_buckets where kind = $1 and list = $2 and first = $3 returning count)
       update state_list_buckets set count = count + (select count from gone)
       where kind = $1 and list = $2 and first = (select max(first) from state_list_buckets where kind = $1 and list = $2 and first < $3)
       returning first, count`,
      [kind, bucket.list, bucket.first],
    );
    counts.delete(name(bucket));
    const into = { list: bucket.list, first: rows[0].first, count: Number(rows[0].count) };
    counts.set(name(into), into);
    lower(into.list, into.first);
  }
  for (const bucket of counts.values()) if (bucket.count > 2 * size) await cut(client, kind, bucket, size);
  return lowest;
}

/** Cuts a bucket into buckets of `size` entries, the last one with what remains (size to 2 × size − 1). */
async function cut(client: pg.PoolClient, kind: string, bucket: Bucket, size: number): Promise<void> {
  const pieces = Math.floor(bucket.count / size);
  const { rows } = await client.query<{ next: string | null }>('select min(first) as next from state_list_buckets where kind = $1 and list = $2 and first > $3', [kind, bucket.list, bucket.first]);
  const values: unknown[] = [kind, bucket.list, bucket.first, size, pieces, bucket.count];
  const below = rows[0].next === null ? '' : `and id < $${values.push(rows[0].next)}`;
  await client.query(
    `with member as (
       select id, row_number() over (order by id) - 1 as n from state_lists where kind = $1 and list = $2 and id >= $3 ${below}
     )
     insert into state_list_buckets (kind, list, first, count, before)
     select $1, $2, id, case when n / $4 = $5 - 1 then $6 - n else $4 end, 0 from member
     where n > 0 and n % $4 = 0 and n / $4 < $5`,
    values,
  );
  await client.query('update state_list_buckets set count = $4 where kind = $1 and list = $2 and first = $3', [kind, bucket.list, bucket.first, size]);
}

/** Builds every list's buckets again from its rows (after a catch-up wrote the whole state): full buckets of `size`, the last with what remains. */
export async function rebuildListBuckets(client: pg.PoolClient, size: number): Promise<void> {
  await client.query('delete from state_list_buckets');
  await client.query(
    `insert into state_list_buckets (kind, list, first, count, before)
     select kind, list, case when piece = 0 then '' else min(id) end, count(*), piece * $1
     from (select kind, list, id, (row_number() over (partition by kind, list order by id) - 1) / $1 as piece from state_lists) m
     group by kind, list, piece`,
    [size],
  );
}

/**
 * Where an offset puts a page: the list's entries below `key` (`inclusive`: up to and with it)
 * come before the offset; `asc` pages the entries after them, `desc` those before.
 */
export interface ListBound {
  readonly key: string;
  readonly inclusive: boolean;
}

/**
 * A page of one list of a kind, in its key order, as `pageWindow` pages any collection: its
 * total, the offset's place, the window's first bucket and its entries in one statement (one
 * snapshot), each an index seek or fewer than 2 × the bucket size index rows.
 */
export async function listPage<T>(db: Reader, kind: string, list: string, request: PageRequest, bound?: ListBound): Promise<PageResult<T>> {
  const descending = request.order === 'desc';
  const skip = Math.min((request.pageNumber - 1) * request.pageSize, Number.MAX_SAFE_INTEGER);
  const values: string[] = [kind, list, String(skip), String(request.pageSize)];
  // The entries before the offset: the bucket that holds its key, and the rows of that bucket below it.
  const boundSql = bound === undefined
    ? 'null::bigint'
    : `(select b.before + (select count(*) from state_lists l where l.kind = $1 and l.list = $2 and l.id >= b.first and l.id ${bound.inclusive ? '<=' : '<'} $${values.push(bound.key)})
        from state_list_buckets b where b.kind = $1 and b.list = $2 and b.first <= $${values.length} order by b.first desc limit 1)`;
  // pageWindow in SQL: the entries the offset leaves are a run [lo, hi) of the list; the window counts from its end nearest the offset.
  const window = descending
    ? `select hi as total_entries, greatest(0, hi - $3::bigint - $4::bigint) as start, greatest(0, hi - $3::bigint) as stop
       from (select coalesce(bound, total) as hi from range) r`
    : `select greatest(0, total - lo) as total_entries, least(total, lo + $3::bigint) as start, least(total, lo + $3::bigint + $4::bigint) as stop
       from (select total, coalesce(bound, 0) as lo from range) r`;
  // Pages of the same shape that concurrent requests ask (each mosaic's holders, say) are read together.
  const rows = await db.batched<{ total_entries: string; json: string | null }>(
    `with range as (
       select coalesce((select before + count from state_list_buckets where kind = $1 and list = $2 order by first desc limit 1), 0) as total, ${boundSql} as bound
     ), w as (${window}), at as (
       select b.first, (select start from w) - b.before as skip from state_list_buckets b
       where b.kind = $1 and b.list = $2 and b.before <= (select start from w) order by b.before desc, b.first desc limit 1
     )
     select w.total_entries, e.json, p.id from w
     left join (
       select key, id, row_number() over (order by id) as n from (
         select key, id from state_lists where kind = $1 and list = $2 and id >= (select first from at)
         order by id offset (select skip from at) limit $4::bigint
       ) page
     ) p on p.n <= w.stop - w.start
     left join state_entries e on e.kind = $1 and e.key = p.key
     order by p.id ${descending ? 'desc' : 'asc'}`,
    values,
    `id ${descending ? 'desc' : 'asc'}`,
  );
  const data = rows.filter((row) => row.json !== null).map((row) => storedJson<T>(row.json!));
  return { data, totalEntries: Number(rows[0]?.total_entries ?? 0) };
}
