import type { RegisteredState } from '../families/index.js';
import type { ListQuery } from '../families/family.js';
import { listOf, listsUnder } from '../memory/state/entry-listing.js';
import { byId, type EntryRow as StateRow } from '../postgres/state-write.js';
import type { UpstreamClient } from '../upstream/client.js';
import { addressParam } from '../upstream/params.js';

/**
 * The state kinds a mirror copies entry by entry (the `listed` layout: mosaics, locks, metadata,
 * restrictions …). Each entry is stored under its key with the lists the chain's store pages it
 * under (its filters, from the entry the upstream's JSON stands for), its JSON the upstream's own.
 */

/** Query parameters that name an account: sent in the 39-character form every gateway takes. */
const ADDRESS_PARAMETERS = new Set(['address', 'sourceAddress', 'targetAddress', 'ownerAddress']);

/** The stored keys of a kind's list (`''`: every entry of the kind). */
export type StoredKeys = (kind: string, list: string) => Promise<readonly string[]>;

/** An entry's row as the chain's store lists it: by its key, under the lists its filters name, ordered by its id. */
export function listedRow(state: RegisteredState, dto: unknown): StateRow {
  const { id } = dto as { id: string };
  if (!state.entryOf || !state.filters) throw new Error(`the listed state kind '${state.kind}' has no entries or filters of its DTOs`);
  return { key: state.keyOf(dto), entry: { id, lists: byId(id, listsUnder(state.filters(state.entryOf(dto)))), json: JSON.stringify(dto) } };
}

/**
 * The rows that make a list of a kind the upstream's (`{}`: every entry): each entry it pages
 * there now, and a removal for each key the store lists there that it no longer has. A list
 * is read under filters an entry never leaves (an owner, a secret, a mosaic), so a key gone
 * from it is an entry gone.
 */
export async function listRows(client: UpstreamClient, stored: StoredKeys, state: RegisteredState, criteria: ListQuery): Promise<StateRow[]> {
  if (!state.route || !state.queryFilters) throw new Error(`the listed state kind '${state.kind}' has no route or query filters`);
  const query = new URLSearchParams(Object.entries(criteria).map(([name, value]): [string, string] => [name, ADDRESS_PARAMETERS.has(name) ? addressParam(value) : value]));
  query.set('order', 'asc');
  const rows: StateRow[] = [];
  for await (const page of client.pages(`${state.route}?${query}`, state.check)) for (const dto of page) rows.push(listedRow(state, dto));
  return withRemoved(rows, await stored(state.kind, listOf(state.queryFilters(criteria as never))));
}

/** The rows of these entries (by key) as the upstream has them now; one it no longer has goes. */
export async function keyRows(client: UpstreamClient, state: RegisteredState, keys: Iterable<string>): Promise<StateRow[]> {
  const wanted = [...keys];
  if (wanted.length === 0) return [];
  const found = new Map((await state.read(client, wanted)).map((dto) => [state.keyOf(dto), dto]));
  return wanted.map((key) => (found.has(key) ? listedRow(state, found.get(key)) : { key }));
}

/** `rows` (a list as the upstream has it), and a removal for each key the store lists there that they lack. */
export function withRemoved(rows: StateRow[], listed: readonly string[]): StateRow[] {
  const kept = new Set(rows.map((row) => row.key));
  for (const key of listed) if (!kept.has(key)) rows.push({ key });
  return rows;
}

/** Rows of one kind by key, one each: an entry read under one list wins over its removal read under another. */
export function mergedRows(rows: Iterable<StateRow>): StateRow[] {
  const byKey = new Map<string, StateRow>();
  for (const row of rows) if (row.entry !== undefined || !byKey.has(row.key)) byKey.set(row.key, row);
  return [...byKey.values()];
}
