import type pg from 'pg';
import { ROWS_PER_STATEMENT, slices } from './pool.js';

/** The list blocks are paged under for a signer, a beneficiary, both or neither (`blocks`). */
export function blockList(signer?: string, beneficiary?: string): string {
  const filters = [...(signer === undefined ? [] : [`signer=${signer}`]), ...(beneficiary === undefined ? [] : [`beneficiary=${beneficiary}`])];
  return filters.length === 0 ? 'blocks' : `blocks/${filters.join('&')}`;
}

/** One entry appended to an append-only list (see `ranks` in migrations.ts). */
export interface ListEntry {
  readonly list: string;
  /** The entry's key in the list's order (its id, hex): an offset is placed by it. */
  readonly key: string;
  /** What the entry points at (a block's height, a transaction's sequence number), a decimal string. */
  readonly entry: string;
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
  const next = new Map(rows.map((row) => [row.list, Number(row.count) - added.get(row.list)! + 1]));
  await insertRanks(client, ranked(entries, next));
}

/** Entries with their ranks in their lists, as the columns of `ranks`. */
export interface RankedEntries {
  readonly lists: readonly string[];
  readonly ranks: readonly number[];
  readonly keys: readonly string[];
  /** Each entry's value as a decimal string. */
  readonly entries: readonly string[];
}

/** `entries` ranked from each list's next rank in `next` (moved past them). Ranks are numbers: a list of 2^53 entries is far off. */
function ranked(entries: readonly ListEntry[], next: Map<string, number>): RankedEntries {
  const lists: string[] = [];
  const ranks: number[] = [];
  const keys: string[] = [];
  const values: string[] = [];
  for (const { list, key, entry } of entries) {
    const rank = next.get(list)!;
    next.set(list, rank + 1);
    lists.push(list);
    ranks.push(rank);
    keys.push(key);
    values.push(entry);
  }
  return { lists, ranks, keys, entries: values };
}

/**
 * Inserts ranked entries, ROWS_PER_STATEMENT a statement. Each list's name goes once a
 * statement, the rows point at it by index: a block's four lists carry its signer's key and
 * beneficiary's address, 130 characters each row would otherwise send and PostgreSQL parse again.
 */
export async function insertRanks(client: pg.PoolClient, ranked: RankedEntries): Promise<void> {
  for (let from = 0; from < ranked.lists.length; from += ROWS_PER_STATEMENT) {
    const to = Math.min(from + ROWS_PER_STATEMENT, ranked.lists.length);
    const names = new Map<string, number>();
    const indexes: number[] = [];
    for (let i = from; i < to; i++) {
      const list = ranked.lists[i];
      let index = names.get(list);
      if (index === undefined) names.set(list, (index = names.size + 1));
      indexes.push(index);
    }
    // The columns but the names as comma-separated text (keys are hex ids, the others numbers): pg escapes each element of an array parameter.
    await client.query(
      `insert into ranks (list, rank, key, entry)
       select n.list, t.rank, t.key, t.entry
       from unnest(string_to_array($2, ',')::int[], string_to_array($3, ',')::bigint[], string_to_array($4, ','), string_to_array($5, ',')::bigint[]) as t(i, rank, key, entry)
       join unnest($1::text[]) with ordinality as n(list, i) using (i)`,
      [[...names.keys()], indexes.join(','), ranked.ranks.slice(from, to).join(','), ranked.keys.slice(from, to).join(','), ranked.entries.slice(from, to).join(',')],
    );
  }
}

/**
 * The ends of the lists as their only writer (a mirror) keeps them while it writes batches on
 * several connections at once: a batch's entries are ranked here, before the batches written
 * ahead of it commit, and each batch then sets its lists' counts to what it makes them. A list
 * not known here is read from `list_counts` (what is committed: a list a batch in flight
 * touched is known here until that batch is settled). `reset` after a failure or a removal.
 */
export class ListEnds {
  /** Each list's count as the batches ranked so far make it, and the last batch that touched it. */
  readonly #counts = new Map<string, { count: number; batch: number }>();
  /** What each batch not yet committed leaves its lists' counts at. */
  readonly #ends = new Map<number, Map<string, number>>();
  /** Lists kept at most (the per-address lists of a large network are millions): the older ones go. */
  readonly #limit: number;

  constructor(limit = 200_000) {
    this.#limit = limit;
  }

  /** Ranks `entries` after what is ranked already, for batch `batch`; reads the lists not known on `client`. */
  async rank(client: pg.PoolClient, entries: readonly ListEntry[], batch: number): Promise<RankedEntries> {
    const unknown = [...new Set(entries.map((entry) => entry.list))].filter((list) => !this.#counts.has(list));
    for (const slice of slices(unknown)) {
      const { rows } = await client.query<{ list: string; count: string }>('select list, count from list_counts where list = any($1::text[])', [slice]);
      const stored = new Map(rows.map((row) => [row.list, Number(row.count)]));
      for (const list of slice) if (!this.#counts.has(list)) this.#counts.set(list, { count: stored.get(list) ?? 0, batch });
    }
    const next = new Map<string, number>();
    for (const { list } of entries) if (!next.has(list)) next.set(list, this.#counts.get(list)!.count + 1);
    const result = ranked(entries, next);
    const ends = this.#ends.get(batch) ?? new Map<string, number>();
    this.#ends.set(batch, ends);
    for (const [list, rank] of next) {
      this.#counts.set(list, { count: rank - 1, batch });
      ends.set(list, rank - 1);
    }
    return result;
  }

  /** The counts batch `batch` leaves its lists at (the lists it touched); asked once, at its commit. */
  endsOf(batch: number): Map<string, number> {
    const ends = this.#ends.get(batch) ?? new Map<string, number>();
    this.#ends.delete(batch);
    return ends;
  }

  /** Batch `batch` and every one before it are committed: past the limit, the lists they touched last are let go. */
  settled(batch: number): void {
    if (this.#counts.size <= this.#limit) return;
    for (const [list, known] of this.#counts) if (known.batch <= batch) this.#counts.delete(list);
  }

  /** Forgets every list (after a failed batch, or a removal): the next ranks read the committed counts. */
  reset(): void {
    this.#counts.clear();
    this.#ends.clear();
  }
}

/** Sets lists' counts to the values given (a mirror's batch, after the batches before it committed). */
export async function setListCounts(client: pg.PoolClient, counts: ReadonlyMap<string, number>): Promise<void> {
  for (const slice of slices([...counts])) {
    await client.query(
      'insert into list_counts (list, count) select * from unnest($1::text[], $2::bigint[]) on conflict (list) do update set count = excluded.count',
      [slice.map(([list]) => list), slice.map(([, count]) => count)],
    );
  }
}
