import type pg from 'pg';
import type { PageResult } from '../backend/repositories.js';
import type { PageRequest } from '../pagination.js';
import type { Reader } from './reader.js';
import { storedJson } from '../http/json.js';

/**
 * The state lists (see state.ts): every list a state entry is paged under, ordered by a text
 * key (`state_lists (kind, list, id)`), and counted so that any page, the place of an offset
 * and a list's total cost what page 1 of a short list costs, and so that an entry joining or
 * leaving a list costs the same whatever the list's length.
 *
 * Buckets. A list's keys are cut into runs (`state_list_buckets`): a bucket holds the keys from
 * its `first` (the first bucket's is `''`, below every key) up to the next bucket's, and their
 * `count`. The writer keeps buckets between half the bucket size and twice it (a small one
 * joins the bucket before it, a big one is cut), so a list of n entries has about n / size
 * buckets, and a place inside a bucket is fewer than 2 × size index rows from its `first`.
 *
 * Slots and a Fenwick tree. Each bucket has a `slot`, a number that grows with `first` and
 * leaves gaps between buckets. The counts are summed in a Fenwick (binary indexed) tree over
 * the slots 1 … 2^k − 1 of the list (`state_list_tree`): node i holds the entries of the
 * slots i − lowbit(i) + 1 … i. So:
 * - a bucket's count changing adds to the nodes whose range holds its slot: at most k + 1 rows
 *   (about k / 2), whatever the list's length. (Keeping each bucket's count of the entries
 *   before it, as this store did first, moved every later bucket: up to n / size rows.)
 * - the entries before a slot are the sum of the nodes on its prefix path: one index scan
 *   over at most k node numbers. The root, node 2^k, holds the total and is the list's highest
 *   node: one backward index seek gives the total and k.
 * - the bucket that holds position p is found by the tree's descent from the root (k
 *   primary-key seeks in one recursive statement), then the first bucket after the slot it
 *   ends on; fewer than 2 × size index rows are skipped inside it.
 * A node no slot reaches is absent (read as 0), so a tree has about as many rows as its list
 * has buckets.
 *
 * Cuts and joins keep the other slots as they are. A join gives its count to the bucket
 * before it and frees its slot. A cut puts the new buckets at slots spread evenly over the gap
 * between the cut bucket's slot and the next bucket's (or the root). A gap too small for a cut
 * (after about log2(gap) cuts at one place: new entries that keep joining the same spot)
 * renumbers that list: its buckets get the slots gap, 2 × gap, 3 × gap …, k grows to fit
 * (k is the bit length of the highest slot), and its tree is built again from the buckets'
 * counts: about 2 × n / size rows, once in many cuts. A catch-up (and the migration from the
 * previous layout) numbers every list so. With the default gap of 1 024, k is 11 for a list of
 * one bucket and 20 for a list of a million entries (1 000 buckets): a wider gap would renumber
 * less often and add a descent step for each doubling.
 *
 * Why a Fenwick tree: it costs log n rows both ways and needs no structure besides the slots.
 * A second level of buckets (groups with their own count of the entries before them) would
 * move √n rows for each change, and needs its own cuts and joins of groups.
 */

/** Entries per bucket, about: the default of `PostgresWriterOptions.listBucketSize`. */
export const LIST_BUCKET_SIZE = 1_000;

/** The slots between neighbouring buckets as a list is numbered: room for about log2(gap) cuts at one place before the list is numbered again. */
export const LIST_SLOT_GAP = 1_024;

/** How the writer cuts and numbers the lists' buckets. */
export interface ListBuckets {
  /** Entries per bucket, about (buckets hold half of it to twice it). */
  readonly size: number;
  /** Slots between neighbouring buckets as a list is numbered; `LIST_SLOT_GAP` by default (tests use small ones to renumber often). */
  readonly slotGap?: number;
}

/** A list an entry joins (`delta` 1) or leaves (-1) under a key. */
export interface ListMove {
  readonly list: string;
  readonly id: string;
  readonly delta: number;
}

interface Bucket {
  readonly list: string;
  readonly first: string;
  readonly slot: number;
  readonly count: number;
}

/** The bit length of a positive whole number below 2^53: the k of a tree whose highest slot it is. */
function bitLength(value: number): number {
  return value.toString(2).length;
}

/** The lowest set bit of a positive whole number below 2^53 (JavaScript's bit operators stop at 32 bits). */
function lowbit(value: number): number {
  let bit = 1;
  while (Math.floor(value / bit) % 2 === 0) bit *= 2;
  return bit;
}

/** The nodes of a tree with this root whose range holds `slot`: the slot's node, then each next one up (i + lowbit(i)), to the root. */
export function coveringNodes(slot: number, root: number): number[] {
  const nodes: number[] = [];
  for (let node = slot; node <= root; node += lowbit(node)) nodes.push(node);
  return nodes;
}

/** What one batch does to the lists' trees: counts added at slots, by list, and the lists to number again (their trees built again from the counts). */
class TreeChanges {
  readonly #roots = new Map<string, number>();
  readonly #added = new Map<string, Map<number, number>>();
  readonly #renumbered = new Set<string>();
  readonly #gap: number;

  constructor(gap: number) {
    this.#gap = gap;
  }

  /** Notes a list's root as stored; a list with no tree yet (a new one, its first bucket at slot `gap`) gets the root of that slot. */
  knowRoot(list: string, root: number | null): void {
    this.#roots.set(list, root ?? 2 ** bitLength(this.#gap));
  }

  root(list: string): number {
    const root = this.#roots.get(list);
    if (root === undefined) throw new Error(`no tree root known for the list '${list}'`);
    return root;
  }

  add(list: string, slot: number, delta: number): void {
    if (delta === 0) return;
    let added = this.#added.get(list);
    if (!added) this.#added.set(list, (added = new Map()));
    added.set(slot, (added.get(slot) ?? 0) + delta);
  }

  renumber(list: string): void {
    this.#renumbered.add(list);
  }

  renumbering(list: string): boolean {
    return this.#renumbered.has(list);
  }

  /** Adds the counts to the nodes above their slots (one statement for every list), and numbers the lists marked for it again. */
  async write(client: pg.PoolClient, kind: string): Promise<void> {
    const nodes = new Map<string, { list: string; node: number; delta: number }>();
    for (const [list, added] of this.#added) {
      if (this.#renumbered.has(list)) continue;
      const root = this.root(list);
      for (const [slot, delta] of added) {
        for (const node of coveringNodes(slot, root)) {
          const name = `${list}\n${node}`;
          const known = nodes.get(name);
          if (known) known.delta += delta;
          else nodes.set(name, { list, node, delta });
        }
      }
    }
    const changed = [...nodes.values()].filter((node) => node.delta !== 0);
    if (changed.length > 0) {
      await client.query(
        `insert into state_list_tree (kind, list, node, sum) select $1, * from unnest($2::text[], $3::bigint[], $4::bigint[])
         on conflict (kind, list, node) do update set sum = state_list_tree.sum + excluded.sum`,
        [kind, changed.map((node) => node.list), changed.map((node) => node.node), changed.map((node) => node.delta)],
      );
    }
    for (const list of this.#renumbered) await renumber(client, kind, list, this.#gap);
  }
}

/**
 * The statement that builds the trees of the lists whose buckets `where` picks (the buckets
 * are `b`): each bucket's count summed into every node whose range holds its slot, the root
 * 2^k above the list's highest slot.
 */
function buildTrees(where: string): string {
  return `insert into state_list_tree (kind, list, node, sum)
    select kind, list, (((slot - 1) >> bit) + 1) << bit as node, sum(count)
    from (
      select kind, list, slot, count, length(ltrim((max(slot) over (partition by kind, list))::bit(64)::text, '0')) as height
      from state_list_buckets b where ${where}
    ) b
    cross join lateral generate_series(0, height) as bit
    where ((slot - 1) >> bit) % 2 = 0
    group by kind, list, node`;
}

/** Numbers a list's buckets again (gap, 2 × gap, … in key order) and builds its tree again from their counts. */
async function renumber(client: pg.PoolClient, kind: string, list: string, gap: number): Promise<void> {
  await client.query(
    `with b as (select first, row_number() over (order by first) as n from state_list_buckets where kind = $1 and list = $2)
     update state_list_buckets s set slot = b.n * $3::bigint from b where s.kind = $1 and s.list = $2 and s.first = b.first`,
    [kind, list, gap],
  );
  await client.query('delete from state_list_tree where kind = $1 and list = $2', [kind, list]);
  await client.query(buildTrees('kind = $1 and list = $2'), [kind, list]);
}

/** `layout.slotGap`, or the default, checked. */
function slotGap(layout: ListBuckets): number {
  const gap = layout.slotGap ?? LIST_SLOT_GAP;
  if (!Number.isSafeInteger(gap) || gap < 1 || gap > 2 ** 30) throw new TypeError(`the lists' slot gap must be a whole number from 1 to 2^30, not ${String(gap)}`);
  return gap;
}

/**
 * Moves the buckets of one kind's lists by what joined and left them; the rows of
 * `state_lists` are written already. One statement moves the buckets' counts, one the nodes
 * of the trees above them; cuts and joins are rare (once per about size / 2 changes of a
 * bucket), renumbering rarer still.
 */
export async function moveListBuckets(client: pg.PoolClient, kind: string, written: readonly ListMove[], layout: ListBuckets): Promise<void> {
  const gap = slotGap(layout);
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
  const lists = [...new Set(moves.map((move) => move.list))];
  await client.query(
    `insert into state_list_buckets (kind, list, first, slot, count) select $1, list, '', $3::bigint, 0 from unnest($2::text[]) as list
     on conflict do nothing`,
    [kind, lists, gap],
  );
  const { rows } = await client.query<{ list: string; first: string; slot: string; count: string; delta: string; root: string | null }>(
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
     returning s.list, s.first, s.slot, s.count, bucket.delta,
       (select node from state_list_tree t where t.kind = $1 and t.list = s.list order by node desc limit 1) as root`,
    [kind, moves.map((move) => move.list), moves.map((move) => move.id), moves.map((move) => move.delta)],
  );
  const tree = new TreeChanges(gap);
  const changed: Bucket[] = [];
  for (const row of rows) {
    const bucket = { list: row.list, first: row.first, slot: Number(row.slot), count: Number(row.count) };
    tree.knowRoot(bucket.list, row.root === null ? null : Number(row.root));
    tree.add(bucket.list, bucket.slot, Number(row.delta));
    changed.push(bucket);
  }
  if (changed.length > 0) await rebalance(client, kind, changed, layout.size, tree);
  await tree.write(client, kind);
  // A list left empty keeps no bucket and no tree.
  await client.query(
    `with gone as (
       delete from state_list_buckets b where kind = $1 and list = any($2::text[]) and first = '' and count = 0
       and not exists (select 1 from state_list_buckets n where n.kind = $1 and n.list = b.list and n.first > '')
       returning list
     )
     delete from state_list_tree t using gone where t.kind = $1 and t.list = gone.list`,
    [kind, lists],
  );
}

/**
 * Joins each changed bucket smaller than half the size to the bucket before it (the first
 * bucket stays), then cuts each bucket bigger than twice the size into buckets of the size
 * (the last takes what remains), noting what each moves in the trees.
 */
async function rebalance(client: pg.PoolClient, kind: string, changed: readonly Bucket[], size: number, tree: TreeChanges): Promise<void> {
  // The changed buckets and those they joined, by list and first, with their counts as they now are.
  const counts = new Map<string, Bucket>();
  const name = (bucket: { list: string; first: string }) => `${bucket.list}\n${bucket.first}`;
  for (const bucket of changed) counts.set(name(bucket), bucket);
  // From the last bucket down, so a bucket that joins the one before it finds that one's count as it now is.
  const small = changed.filter((bucket) => bucket.first !== '' && bucket.count < size / 2).sort((a, b) => (a.first < b.first ? 1 : a.first > b.first ? -1 : 0));
  for (const bucket of small) {
    if (counts.get(name(bucket))!.count >= size / 2) continue;
    const { rows } = await client.query<{ first: string; slot: string; count: string; moved: string }>(
      `with gone as (delete from state_list_buckets where kind = $1 and list = $2 and first = $3 returning count)
       update state_list_buckets set count = count + (select count from gone)
       where kind = $1 and list = $2 and first = (select max(first) from state_list_buckets where kind = $1 and list = $2 and first < $3)
       returning first, slot, count, (select count from gone) as moved`,
      [kind, bucket.list, bucket.first],
    );
    const moved = Number(rows[0].moved);
    const into = { list: bucket.list, first: rows[0].first, slot: Number(rows[0].slot), count: Number(rows[0].count) };
    tree.add(bucket.list, bucket.slot, -moved);
    tree.add(into.list, into.slot, moved);
    counts.delete(name(bucket));
    counts.set(name(into), into);
  }
  for (const bucket of counts.values()) if (bucket.count > 2 * size) await cut(client, kind, bucket, size, tree);
}

/**
 * Cuts a bucket into buckets of `size` entries, the last one with what remains (size to
 * 2 × size − 1), at slots spread over the gap before the next bucket; a gap with too few slots
 * marks the list to be numbered again (the new buckets take the cut one's slot until then).
 */
async function cut(client: pg.PoolClient, kind: string, bucket: Bucket, size: number, tree: TreeChanges): Promise<void> {
  const pieces = Math.floor(bucket.count / size);
  const { rows: [next] } = await client.query<{ first: string; slot: string }>(
    'select first, slot from state_list_buckets where kind = $1 and list = $2 and first > $3 order by first limit 1',
    [kind, bucket.list, bucket.first],
  );
  const span = (next === undefined ? tree.root(bucket.list) : Number(next.slot)) - bucket.slot;
  if (tree.renumbering(bucket.list) || span < pieces) tree.renumber(bucket.list);
  // Piece j (0 is the cut bucket itself) goes at slot + ⌊j × span / pieces⌋; all at the cut one's slot while the list waits to be numbered again.
  const spread = tree.renumbering(bucket.list) ? 0 : span;
  const values: unknown[] = [kind, bucket.list, bucket.first, size, pieces, bucket.count, bucket.slot, spread];
  const below = next === undefined ? '' : `and id < $${values.push(next.first)}`;
  await client.query(
    `with member as (
       select id, row_number() over (order by id) - 1 as n from state_lists where kind = $1 and list = $2 and id >= $3 ${below}
     )
     insert into state_list_buckets (kind, list, first, slot, count)
     select $1, $2, id, $7::bigint + (n / $4) * $8::bigint / $5, case when n / $4 = $5 - 1 then $6 - n else $4 end from member
     where n > 0 and n % $4 = 0 and n / $4 < $5`,
    values,
  );
  await client.query('update state_list_buckets set count = $4 where kind = $1 and list = $2 and first = $3', [kind, bucket.list, bucket.first, size]);
  tree.add(bucket.list, bucket.slot, size - bucket.count);
  for (let piece = 1; piece < pieces; piece++) {
    const count = piece === pieces - 1 ? bucket.count - piece * size : size;
    tree.add(bucket.list, bucket.slot + Math.floor((piece * spread) / pieces), count);
  }
}

/**
 * Builds every list's buckets and tree again from its rows (after a catch-up wrote the whole
 * state, or rows were put in by hand): full buckets of `size`, the last with what remains, at
 * slots gap, 2 × gap, … An exported step that a tool filling `state_lists` by SQL calls too.
 */
export async function rebuildListBuckets(client: pg.PoolClient, size: number, gap: number = LIST_SLOT_GAP): Promise<void> {
  await client.query('delete from state_list_buckets');
  await client.query('delete from state_list_tree');
  await client.query(
    `insert into state_list_buckets (kind, list, first, slot, count)
     select kind, list, case when piece = 0 then '' else min(id) end, (piece + 1) * $2::bigint, count(*)
     from (select kind, list, id, (row_number() over (partition by kind, list order by id) - 1) / $1 as piece from state_lists) m
     group by kind, list, piece`,
    [size, slotGap({ size, slotGap: gap })],
  );
  await client.query(buildTrees('true'));
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
 * total (the tree's root), the offset's place (its bucket, the nodes before its slot and fewer
 * than 2 × size rows of the bucket), the bucket that holds the window's start (the tree's
 * descent) and the window's entries, in one statement (one snapshot).
 */
export async function listPage<T>(db: Reader, kind: string, list: string, request: PageRequest, bound?: ListBound): Promise<PageResult<T>> {
  const descending = request.order === 'desc';
  const skip = Math.min((request.pageNumber - 1) * request.pageSize, Number.MAX_SAFE_INTEGER);
  const values: string[] = [kind, list, String(skip), String(request.pageSize)];
  // The entries before the offset: those before its bucket's slot (the nodes of the slot − 1's prefix path), and the bucket's rows below it.
  const boundSql = bound === undefined
    ? 'null::bigint'
    : `(select (select coalesce(sum(t.sum), 0)::bigint from state_list_tree t where t.kind = $1 and t.list = $2 and t.node = any(array(
          select ((b.slot - 1) >> bit) << bit from generate_series(0, 62) as bit where ((b.slot - 1) >> bit) % 2 = 1)))
        + (select count(*) from state_lists l where l.kind = $1 and l.list = $2 and l.id >= b.first and l.id ${bound.inclusive ? '<=' : '<'} $${values.push(bound.key)})
        from state_list_buckets b where b.kind = $1 and b.list = $2 and b.first <= $${values.length} order by b.first desc limit 1)`;
  // pageWindow in SQL: the entries the offset leaves are a run [lo, hi) of the list; the window counts from its end nearest the offset.
  // (\`range\` is materialized: inlined, its bound would be counted once for each use of it.)
  const window = descending
    ? `select hi as total_entries, greatest(0, hi - $3::bigint - $4::bigint) as start, greatest(0, hi - $3::bigint) as stop
       from (select coalesce(bound, total) as hi from range) r`
    : `select greatest(0, total - lo) as total_entries, least(total, lo + $3::bigint) as start, least(total, lo + $3::bigint + $4::bigint) as stop
       from (select total, coalesce(bound, 0) as lo from range) r`;
  // Pages of the same shape that concurrent requests ask (each mosaic's holders, say) are read together.
  const rows = await db.batched<{ total_entries: string; json: string | null }>(
    `with recursive root as (
       select node, sum from state_list_tree where kind = $1 and list = $2 order by node desc limit 1
     ), range as materialized (
       select coalesce((select sum from root), 0) as total, ${boundSql} as bound
     ), w as (${window}),
     -- The Fenwick descent: the highest slot whose prefix holds at most \`start\` entries, and what is left of start past it.
     descent (step, pos, rem) as (
       select node / 2, 0::bigint, (select start from w)::bigint from root
       union all
       select d.step / 2, d.pos + case when n.sum <= d.rem then d.step else 0 end, d.rem - case when n.sum <= d.rem then n.sum else 0 end
       from descent d
       cross join lateral (select coalesce((select t.sum from state_list_tree t where t.kind = $1 and t.list = $2 and t.node = d.pos + d.step), 0) as sum offset 0) n
       where d.step > 0
     ), at as (
       select b.first, d.rem as skip from descent d
       cross join lateral (select first from state_list_buckets where kind = $1 and list = $2 and slot > d.pos order by slot limit 1) b
       where d.step = 0
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
