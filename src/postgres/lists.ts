import type pg from 'pg';
import { slices } from './pool.js';

/** The list blocks are paged under for a signer, a beneficiary, both or neither (`blocks`). */
export function blockList(signer?: string, beneficiary?: string): string {
  const filters = [...(signer === undefined ? [] : [`signer=${signer}`]), ...(beneficiary === undefined ? [] : [`beneficiary=${beneficiary}`])];
  return filters.length === 0 ? 'blocks' : `blocks/${filters.join('&')}`;
}

/** One entry appended to an append-only list (see `ranks` in migrations.ts). */
export interface ListEntry {
  readonly list: string;
  /** The entry's key in the list's order (its id): an offset is placed by it. */
  readonly key: string;
  /** What the entry points at (a block's height, a transaction's sequence number). */
  readonly entry: bigint;
}

/**
 * Appends entries at the ends of their lists, in the order given: each list's count goes up in
 * one statement, the ranks follow from the counts, and the rows go in with one more. Run in
 * the writer's transaction, so a list's count and its ranks never disagree.
 */
export async function appendToLists(client: pg.PoolClient, entries: readonly ListEntry[]): Promise<void> {
  for (const slice of slices(entries)) await appendSlice(client, slice);
}

/**
 * Removes every entry from `fromEntry` on of the lists named `name` or `name/…` (`blocks`,
 * `tx`, `statements`) and moves their counts down: the undoing of `appendToLists`, for a mirror
 * whose upstream switched forks. The removed entries are the lists' tails, so ranks stay dense.
 */
export async function truncateLists(client: pg.PoolClient, name: string, fromEntry: bigint): Promise<void> {
  const { rows } = await client.query<{ list: string; removed: string }>(
    `with gone as (delete from ranks where (list = $1 or list like $1 || '/%') and entry >= $2 returning list)
     select list, count(*) as removed from gone group by list`,
    [name, fromEntry.toString()],
  );
  if (rows.length === 0) return;
  await client.query('update list_counts c set count = c.count - r.removed from unnest($1::text[], $2::bigint[]) as r(list, removed) where c.list = r.list', [
    rows.map((row) => row.list),
    rows.map((row) => row.removed),
  ]);
}

async function appendSlice(client: pg.PoolClient, entries: readonly ListEntry[]): Promise<void> {
  const added = new Map<string, number>();
  for (const { list } of entries) added.set(list, (added.get(list) ?? 0) + 1);
  const { rows } = await client.query<{ list: string; count: string }>(
    `insert into list_counts (list, count) select * from unnest($1::text[], $2::bigint[])
     on conflict (list) do update set count = list_counts.count + excluded.count returning list, count`,
    [[...added.keys()], [...added.values()]],
  );
  // The rank after the last one each list had before this statement.
  const next = new Map(rows.map((row) => [row.list, BigInt(row.count) - BigInt(added.get(row.list)!) + 1n]));
  const ranks = entries.map(({ list }) => {
    const rank = next.get(list)!;
    next.set(list, rank + 1n);
    return rank.toString();
  });
  await client.query('insert into ranks (list, rank, key, entry) select * from unnest($1::text[], $2::bigint[], $3::text[], $4::bigint[])', [
    entries.map((entry) => entry.list),
    ranks,
    entries.map((entry) => entry.key),
    entries.map((entry) => entry.entry.toString()),
  ]);
}
