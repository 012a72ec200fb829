import type pg from 'pg';
import { slices } from './pool.js';
import { LIST_SLOT_GAP, moveListBuckets, rebuildListBuckets, type ListMove } from './state-lists.js';

/**
 * What the writer stores of the state caches' changes (see state.ts): rendered as a batch is
 * sealed, written in its transaction. Every write replaces what it names (deletes, then
 * inserts), so running it again after a rollback writes the same rows.
 */

/** A listed entry (a mosaic, a lock, an account …) as stored; `entry` undefined once removed. */
export interface EntryRow {
  readonly key: string;
  readonly entry?: { readonly id: string; readonly lists: readonly ListMembership[]; readonly json: string };
}

/** A list an entry is paged under (`''` all of its kind, or a filter key), and the key that orders it there: its id, or for a balance order its amount and id. */
export interface ListMembership {
  readonly list: string;
  readonly id: string;
}

/** The memberships of an entry ordered by its id in every list. */
export function byId(id: string, lists: readonly string[]): ListMembership[] {
  return lists.map((list) => ({ list, id }));
}

/** A namespace's alias as `/namespaces/account/names` and `/namespaces/mosaic/names` read it; `alias` undefined for none (or no namespace). */
export interface AliasRow {
  readonly namespaceId: string;
  readonly alias?: { readonly type: number; readonly target: string; readonly id: string; readonly endHeight: string; readonly fullName: string };
}

/** Everything one batch changes in the state tables. */
export interface StateRows {
  /** By kind (`mosaics`, `accounts` …). */
  readonly entries: ReadonlyMap<string, readonly EntryRow[]>;
  readonly multisig: readonly { readonly address: string; readonly json?: string }[];
  /** Names registered since (never removed: `/namespaces/names` answers every name ever registered). */
  readonly names: readonly { readonly id: string; readonly name: string; readonly parentId: string }[];
  readonly aliases: readonly AliasRow[];
}

/** `StateRows` as they are put together: lists to add rows to. */
export type StateRowsBuilder = { [K in keyof StateRows]: StateRows[K] extends ReadonlyMap<infer Key, infer Value> ? Map<Key, Value> : StateRows[K] extends readonly (infer T)[] ? T[] : StateRows[K] };

/** Empty `StateRows` to put a batch's rows together in. */
export function emptyStateRows(): StateRowsBuilder {
  return { entries: new Map(), multisig: [], names: [], aliases: [] };
}

/** Empties the state tables: a catch-up writes the whole state again. */
export async function clearState(client: pg.PoolClient): Promise<void> {
  for (const table of ['state_entries', 'state_lists', 'state_list_buckets', 'state_list_tree', 'multisig_entries', 'namespace_names', 'namespace_aliases']) {
    await client.query(`delete from ${table}`);
  }
}

/**
 * Writes a batch's rows. `bucketSize` cuts the lists' buckets and `slotGap` numbers them
 * (default `LIST_SLOT_GAP`; see state-lists.ts); a `catchUp` (the whole state, after
 * `clearState`) builds them at the end, in one pass.
 */
export async function writeStateRows(client: pg.PoolClient, rows: StateRows, lists: { readonly bucketSize: number; readonly slotGap?: number; readonly catchUp: boolean }): Promise<void> {
  const layout = { size: lists.bucketSize, slotGap: lists.slotGap ?? LIST_SLOT_GAP };
  for (const [kind, entries] of rows.entries) {
    for (const slice of slices(entries)) {
      const moves = await writeEntries(client, kind, slice);
      if (!lists.catchUp) await moveListBuckets(client, kind, moves, layout);
    }
  }
  if (lists.catchUp) await rebuildListBuckets(client, layout.size, layout.slotGap);
  for (const slice of slices(rows.multisig)) await writeMultisig(client, slice);
  for (const names of slices(rows.names)) {
    await client.query('insert into namespace_names (id, name, parent_id) select * from unnest($1::text[], $2::text[], $3::text[]) on conflict (id) do nothing', [
      names.map((name) => name.id),
      names.map((name) => name.name),
      names.map((name) => name.parentId),
    ]);
  }
  for (const slice of slices(rows.aliases)) await writeAliases(client, slice);
}

/** Replaces entries of one kind with their list memberships; returns the memberships that left and joined, to move the lists' buckets by. */
async function writeEntries(client: pg.PoolClient, kind: string, rows: readonly EntryRow[]): Promise<ListMove[]> {
  const keys = rows.map((row) => row.key);
  const { rows: left } = await client.query<{ list: string; id: string }>('delete from state_lists where kind = $1 and key = any($2::text[]) returning list, id', [kind, keys]);
  const moves: ListMove[] = left.map(({ list, id }) => ({ list, id, delta: -1 }));
  await client.query('delete from state_entries where kind = $1 and key = any($2::text[])', [kind, keys]);
  const present = rows.filter((row) => row.entry !== undefined);
  if (present.length === 0) return moves;
  await client.query('insert into state_entries (kind, key, id, json) select $1, * from unnest($2::text[], $3::text[], $4::text[])', [
    kind,
    present.map((row) => row.key),
    present.map((row) => row.entry!.id),
    present.map((row) => row.entry!.json),
  ]);
  const memberships = present.flatMap((row) => row.entry!.lists.map(({ list, id }) => ({ list, id, key: row.key })));
  await client.query('insert into state_lists (kind, list, id, key) select $1, * from unnest($2::text[], $3::text[], $4::text[])', [
    kind,
    memberships.map((row) => row.list),
    memberships.map((row) => row.id),
    memberships.map((row) => row.key),
  ]);
  for (const { list, id } of memberships) moves.push({ list, id, delta: 1 });
  return moves;
}

async function writeMultisig(client: pg.PoolClient, rows: StateRows['multisig']): Promise<void> {
  await client.query('delete from multisig_entries where address = any($1::text[])', [rows.map((row) => row.address)]);
  const present = rows.filter((row) => row.json !== undefined);
  if (present.length === 0) return;
  await client.query('insert into multisig_entries (address, json) select * from unnest($1::text[], $2::text[])', [present.map((row) => row.address), present.map((row) => row.json)]);
}

async function writeAliases(client: pg.PoolClient, rows: readonly AliasRow[]): Promise<void> {
  await client.query('delete from namespace_aliases where namespace_id = any($1::text[])', [rows.map((row) => row.namespaceId)]);
  const aliased = rows.filter((row) => row.alias !== undefined);
  if (aliased.length === 0) return;
  await client.query(
    `insert into namespace_aliases (namespace_id, alias_type, target, id, end_height, full_name)
     select * from unnest($1::text[], $2::smallint[], $3::text[], $4::text[], $5::numeric[], $6::text[])`,
    [
      aliased.map((row) => row.namespaceId),
      aliased.map((row) => row.alias!.type),
      aliased.map((row) => row.alias!.target),
      aliased.map((row) => row.alias!.id),
      aliased.map((row) => row.alias!.endHeight),
      aliased.map((row) => row.alias!.fullName),
    ],
  );
}
