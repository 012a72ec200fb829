import type pg from 'pg';

/**
 * What the writer stores of the state caches' changes (see state.ts): rendered as a batch is
 * sealed, written in its transaction. Every write replaces what it names (deletes, then
 * inserts), so running it again after a rollback writes the same rows.
 */

/** A listed entry (a mosaic, a lock, an account …) as stored; `entry` undefined once removed. */
export interface EntryRow {
  readonly key: string;
  readonly entry?: { readonly id: string; readonly lists: readonly string[]; readonly json: string };
}

/** An account's balances, the order of `/accounts?mosaicId=…&orderBy=balance`; none for an account removed. */
export interface BalanceRow {
  readonly address: string;
  readonly id: string | undefined;
  readonly balances: readonly { readonly mosaicId: string; readonly amount: string }[];
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
  readonly balances: readonly BalanceRow[];
  readonly multisig: readonly { readonly address: string; readonly json?: string }[];
  /** Names registered since (never removed: `/namespaces/names` answers every name ever registered). */
  readonly names: readonly { readonly id: string; readonly name: string; readonly parentId: string }[];
  readonly aliases: readonly AliasRow[];
}

/** Rows per statement: a catch-up writes every entry the chain holds. */
const CHUNK = 5_000;

/** Empties the state tables: a catch-up writes the whole state again. */
export async function clearState(client: pg.PoolClient): Promise<void> {
  for (const table of ['state_entries', 'state_lists', 'state_list_counts', 'account_balances', 'multisig_entries', 'namespace_names', 'namespace_aliases']) {
    await client.query(`delete from ${table}`);
  }
}

export async function writeStateRows(client: pg.PoolClient, rows: StateRows): Promise<void> {
  for (const [kind, entries] of rows.entries) {
    for (let i = 0; i < entries.length; i += CHUNK) await writeEntries(client, kind, entries.slice(i, i + CHUNK));
  }
  for (let i = 0; i < rows.balances.length; i += CHUNK) await writeBalances(client, rows.balances.slice(i, i + CHUNK));
  for (let i = 0; i < rows.multisig.length; i += CHUNK) await writeMultisig(client, rows.multisig.slice(i, i + CHUNK));
  for (let i = 0; i < rows.names.length; i += CHUNK) {
    const names = rows.names.slice(i, i + CHUNK);
    await client.query('insert into namespace_names (id, name, parent_id) select * from unnest($1::text[], $2::text[], $3::text[]) on conflict (id) do nothing', [
      names.map((name) => name.id),
      names.map((name) => name.name),
      names.map((name) => name.parentId),
    ]);
  }
  for (let i = 0; i < rows.aliases.length; i += CHUNK) await writeAliases(client, rows.aliases.slice(i, i + CHUNK));
}

/**
 * Replaces entries of one kind with their list memberships, and moves each list's count by
 * what left and joined it (one upsert), so a list's total is always its count row.
 */
async function writeEntries(client: pg.PoolClient, kind: string, rows: readonly EntryRow[]): Promise<void> {
  const keys = rows.map((row) => row.key);
  const delta = new Map<string, number>();
  const { rows: left } = await client.query<{ list: string }>('delete from state_lists where kind = $1 and key = any($2::text[]) returning list', [kind, keys]);
  for (const { list } of left) delta.set(list, (delta.get(list) ?? 0) - 1);
  await client.query('delete from state_entries where kind = $1 and key = any($2::text[])', [kind, keys]);
  const present = rows.filter((row) => row.entry !== undefined);
  if (present.length > 0) {
    await client.query('insert into state_entries (kind, key, id, json) select $1, * from unnest($2::text[], $3::text[], $4::text[])', [
      kind,
      present.map((row) => row.key),
      present.map((row) => row.entry!.id),
      present.map((row) => row.entry!.json),
    ]);
    const memberships = present.flatMap((row) => row.entry!.lists.map((list) => ({ list, id: row.entry!.id, key: row.key })));
    await client.query('insert into state_lists (kind, list, id, key) select $1, * from unnest($2::text[], $3::text[], $4::text[])', [
      kind,
      memberships.map((row) => row.list),
      memberships.map((row) => row.id),
      memberships.map((row) => row.key),
    ]);
    for (const { list } of memberships) delta.set(list, (delta.get(list) ?? 0) + 1);
  }
  const moved = [...delta].filter(([, count]) => count !== 0);
  if (moved.length === 0) return;
  await client.query(
    `insert into state_list_counts (kind, list, count) select $1, * from unnest($2::text[], $3::bigint[])
     on conflict (kind, list) do update set count = state_list_counts.count + excluded.count`,
    [kind, moved.map(([list]) => list), moved.map(([, count]) => count)],
  );
  await client.query('delete from state_list_counts where kind = $1 and list = any($2::text[]) and count = 0', [kind, moved.map(([list]) => list)]);
}

async function writeBalances(client: pg.PoolClient, rows: readonly BalanceRow[]): Promise<void> {
  await client.query('delete from account_balances where address = any($1::text[])', [rows.map((row) => row.address)]);
  const balances = rows.flatMap((row) => (row.id === undefined ? [] : row.balances.map((balance) => ({ ...balance, address: row.address, id: row.id! }))));
  if (balances.length === 0) return;
  await client.query('insert into account_balances (mosaic_id, address, amount, id) select * from unnest($1::text[], $2::text[], $3::numeric[], $4::text[])', [
    balances.map((balance) => balance.mosaicId),
    balances.map((balance) => balance.address),
    balances.map((balance) => balance.amount),
    balances.map((balance) => balance.id),
  ]);
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
