import type pg from 'pg';
import type { TransactionGroup, TransactionInfoDTO, TransactionStatusDTO } from '../backend/dto.js';
import type { ChainEvent } from '../backend/events.js';
import type { PageResult, TransactionKey, TransactionSearchCriteria } from '../backend/repositories.js';
import type { Chain } from '../memory/chain/chain.js';
import type { EmbeddedEntry, Searchable, TransactionRecord } from '../memory/transactions/record.js';
import { appendToLists, truncateLists, type ListEntry } from './lists.js';
import type { PartWrite, SealedBatch, StoreModule } from './part.js';
import { slices } from './pool.js';
import { bigintParam, filteredPage, MAX_BIGINT, pageOfEntries, type Reader } from './reader.js';
import { storedJson } from '../http/json.js';

/**
 * Transactions in the store: the confirmed group, the two pools, and statuses.
 *
 * Confirmed entries only grow. Each has a sequence number (`seq`, its place in the group with
 * embedded entries counted) and is ranked in append-only lists (see `ranks` in migrations.ts):
 * the top-level entries, all entries, and both per address, so a page by address or of the
 * whole group is an index seek at any depth and its total a counter. Other filters (signer,
 * recipient, type, transferred mosaic and amount) are checked by the database over the list's
 * rows, as the in-memory store checks them entry by entry.
 *
 * The pools (unconfirmed, partial) are small and change: their rows are replaced as entries
 * come and go, and a page counts its rows. A status row is kept per hash the chain spoke of.
 */
const MIGRATION = {
  version: 2,
  name: 'transactions, pools, statuses',
  sql: `
    create table transactions (
      seq bigint primary key,
      id text not null unique,
      hash text unique,
      height bigint not null,
      type integer not null,
      signer text not null,
      recipients text[] not null,
      transfers jsonb not null,
      json text not null,
      full_json text
    );
    create index transactions_by_height on transactions (height, seq);
    create table pool_transactions (
      grp text not null,
      id text not null,
      hash text,
      parent_hash text,
      embedded boolean not null,
      height bigint not null,
      type integer not null,
      signer text not null,
      addresses text[] not null,
      recipients text[] not null,
      transfers jsonb not null,
      json text not null,
      full_json text,
      primary key (grp, id)
    );
    create index pool_transactions_by_hash on pool_transactions (grp, hash);
    create index pool_transactions_by_parent on pool_transactions (grp, parent_hash);
    create table transaction_statuses (
      hash text primary key,
      json text not null
    );
  `,
};

/** One entry as stored: a top-level transaction (with its hash) or an embedded one. */
export interface EntryRow {
  id: string;
  hash: string | null;
  parentHash: string | null;
  height: string;
  type: number;
  signer: string;
  addresses: string[];
  recipients: string[];
  transfers: string;
  json: string;
  fullJson: string | null;
}

/** A record and its embedded entries as rows, in id order. */
export function rowsOf(record: TransactionRecord, group: TransactionGroup): EntryRow[] {
  const top: EntryRow = {
    ...attributes(record),
    id: record.id,
    hash: record.hash,
    parentHash: null,
    json: JSON.stringify(record.toInfo(group, false)),
    fullJson: record.embeddedEntries.length > 0 ? JSON.stringify(record.toInfo(group, true)) : null,
  };
  const embedded = record.embeddedEntries.map((entry: EmbeddedEntry): EntryRow => ({
    ...attributes(entry),
    id: entry.id,
    hash: null,
    parentHash: record.hash,
    json: JSON.stringify(record.embeddedInfo(entry)),
    fullJson: null,
  }));
  return [top, ...embedded];
}

function attributes(entry: Searchable): Pick<EntryRow, 'height' | 'type' | 'signer' | 'addresses' | 'recipients' | 'transfers'> {
  return {
    height: entry.height().toString(),
    type: entry.type,
    signer: entry.signerPublicKey,
    addresses: [...entry.addresses],
    recipients: [...entry.recipients],
    transfers: JSON.stringify(Object.fromEntries([...entry.transfers].map(([mosaic, amount]) => [mosaic, amount.toString()]))),
  };
}

/** The hash a transaction event is about. */
function hashOf(event: ChainEvent): string | undefined {
  const data = event.data as { meta?: { hash?: string }; hash?: string; parentHash?: string };
  return data.meta?.hash ?? data.hash ?? data.parentHash;
}

const POOLS = ['unconfirmed', 'partial'] as const;

/** The writer's side: confirmed entries from `confirmedAdded`, pool entries and statuses of every hash an event names. */
function collect(chain: Chain, batch: SealedBatch): PartWrite | undefined {
  const lifecycle = chain.following().transactions;
  const confirmed: EntryRow[][] = [];
  const touched = new Set<string>();
  if (batch.catchUp) {
    for (const record of lifecycle.confirmed.records()) {
      if (record.height() <= batch.catchUp.storedHeight) continue;
      confirmed.push(rowsOf(record, 'confirmed'));
      touched.add(record.hash);
    }
    for (const pool of POOLS) for (const record of lifecycle[pool].records()) touched.add(record.hash);
    for (const hash of lifecycle.failedHashes()) touched.add(hash);
  }
  for (const event of batch.events) {
    if (event.channel === 'block' || event.channel === 'finalizedBlock') continue;
    const hash = hashOf(event);
    if (hash === undefined) continue;
    touched.add(hash);
    if (event.channel === 'confirmedAdded') confirmed.push(rowsOf(lifecycle.confirmed.get(hash)!, 'confirmed'));
  }
  if (confirmed.length === 0 && touched.size === 0) return undefined;
  // Each touched hash as it stands now: in a pool (its rows), and its status (or none, once forgotten).
  const pools = [...touched].map((hash) => ({
    hash,
    rows: POOLS.flatMap((group) => {
      const record = lifecycle[group].get(hash);
      return record ? rowsOf(record, group).map((row) => ({ group, row })) : [];
    }),
    status: lifecycle.statuses([hash])[0] as TransactionStatusDTO | undefined,
  }));
  return async (client) => {
    await appendConfirmed(client, confirmed);
    const hashes = pools.map((pool) => pool.hash);
    await client.query('delete from pool_transactions where hash = any($1) or parent_hash = any($1)', [hashes]);
    await insertPoolRows(client, pools.flatMap((pool) => pool.rows));
    await writeStatuses(client, pools);
  };
}

/** Removes the confirmed transactions above `height` (the upstream switched forks): their rows, ranks, lists' counts and statuses. */
export async function removeTransactionsAbove(client: pg.PoolClient, height: bigint): Promise<void> {
  const { rows: [first] } = await client.query<{ seq: string | null }>('select min(seq) as seq from transactions where height > $1', [height.toString()]);
  if (first.seq === null) return;
  await truncateLists(client, 'tx', BigInt(first.seq));
  await client.query('delete from transaction_statuses where hash in (select hash from transactions where seq >= $1 and hash is not null)', [first.seq]);
  await client.query('delete from transactions where seq >= $1', [first.seq]);
}

/** Sets the status of each hash (or forgets it: `status` undefined). */
export async function writeStatuses(client: pg.PoolClient, statuses: readonly { hash: string; status?: TransactionStatusDTO }[]): Promise<void> {
  for (const slice of slices(statuses)) await writeStatusSlice(client, slice);
}

async function writeStatusSlice(client: pg.PoolClient, statuses: readonly { hash: string; status?: TransactionStatusDTO }[]): Promise<void> {
  const known = statuses.filter((entry) => entry.status !== undefined);
  await client.query('delete from transaction_statuses where hash = any($1)', [statuses.filter((entry) => entry.status === undefined).map((entry) => entry.hash)]);
  if (known.length === 0) return;
  await client.query(
    'insert into transaction_statuses (hash, json) select * from unnest($1::text[], $2::text[]) on conflict (hash) do update set json = excluded.json',
    [known.map((entry) => entry.hash), known.map((entry) => JSON.stringify(entry.status))],
  );
}

/** A confirmed list: the top-level entries or all of them (embedded ones too), whole or of one address. */
function confirmedList(view: 'top' | 'all', address?: string): string {
  return address === undefined ? `tx/${view}` : `tx/${view}/address=${address}`;
}

/** The lists a confirmed entry is ranked in: all entries, and top-level ones; each whole and per address. */
function confirmedLists(row: EntryRow): string[] {
  const views = row.hash !== null ? (['top', 'all'] as const) : (['all'] as const);
  return views.flatMap((view) => [confirmedList(view), ...row.addresses.map((address) => confirmedList(view, address))]);
}

/** Appends confirmed entries (each record's rows: the top-level entry, then its embedded ones) after the stored ones, ranked in their lists. */
export async function appendConfirmed(client: pg.PoolClient, records: readonly EntryRow[][]): Promise<void> {
  const rows = records.flat();
  if (rows.length === 0) return;
  const first = (await lastConfirmedSeq(client)) + 1n;
  await insertConfirmedRows(client, rows, first);
  await appendToLists(client, confirmedListEntries(rows, first));
}

/** The highest sequence number of the confirmed entries stored (0 for none). */
export async function lastConfirmedSeq(client: pg.PoolClient): Promise<bigint> {
  const { rows: [last] } = await client.query<{ seq: string | null }>('select max(seq) as seq from transactions');
  return BigInt(last.seq ?? 0);
}

/** Confirmed entries' rows alone, numbered from `first` on (their lists' entries are `confirmedListEntries`). */
export async function insertConfirmedRows(client: pg.PoolClient, rows: readonly EntryRow[], first: bigint): Promise<void> {
  let seq = first;
  for (const slice of slices(rows)) {
    await insertConfirmed(client, slice, seq);
    seq += BigInt(slice.length);
  }
}

/** The entries confirmed rows numbered from `first` on add to their lists. */
export function confirmedListEntries(rows: readonly EntryRow[], first: bigint): ListEntry[] {
  return rows.flatMap((row, i) => {
    const entry = (first + BigInt(i)).toString();
    return confirmedLists(row).map((list) => ({ list, key: row.id, entry }));
  });
}

/** Inserts rows numbered from `first` on. */
async function insertConfirmed(client: pg.PoolClient, rows: readonly EntryRow[], first: bigint): Promise<void> {
  await client.query(
    `insert into transactions (seq, id, hash, height, type, signer, recipients, transfers, json, full_json)
     select seq, id, hash, height, type, signer, string_to_array(recipients, ' '), transfers::jsonb, json, full_json
     from unnest($1::bigint[], $2::text[], $3::text[], $4::bigint[], $5::integer[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[])
       as t(seq, id, hash, height, type, signer, recipients, transfers, json, full_json)`,
    [
      rows.map((_, i) => (first + BigInt(i)).toString()),
      rows.map((row) => row.id),
      rows.map((row) => row.hash),
      rows.map((row) => row.height),
      rows.map((row) => row.type),
      rows.map((row) => row.signer),
      rows.map((row) => row.recipients.join(' ')),
      rows.map((row) => row.transfers),
      rows.map((row) => row.json),
      rows.map((row) => row.fullJson),
    ],
  );
}

/** Replaces both pools with these rows (a mirror copies its upstream's pools whole: they are small). */
export async function replacePools(client: pg.PoolClient, rows: readonly { group: 'unconfirmed' | 'partial'; row: EntryRow }[]): Promise<void> {
  await client.query('delete from pool_transactions');
  for (const slice of slices(rows)) await insertPoolRows(client, slice);
}

/** Removes these hashes (and their embedded entries) from the pools: a mirror copied them confirmed. */
export async function removeFromPools(client: pg.PoolClient, hashes: readonly string[]): Promise<void> {
  if (hashes.length > 0) await client.query('delete from pool_transactions where hash = any($1) or parent_hash = any($1)', [hashes]);
}

async function insertPoolRows(client: pg.PoolClient, rows: readonly { group: string; row: EntryRow }[]): Promise<void> {
  if (rows.length === 0) return;
  await client.query(
    `insert into pool_transactions (grp, id, hash, parent_hash, embedded, height, type, signer, addresses, recipients, transfers, json, full_json)
     select grp, id, hash, parent_hash, parent_hash is not null, height, type, signer, string_to_array(addresses, ' '), string_to_array(recipients, ' '), transfers::jsonb, json, full_json
     from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[], $6::integer[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[])
       as t(grp, id, hash, parent_hash, height, type, signer, addresses, recipients, transfers, json, full_json)`,
    [
      rows.map(({ group }) => group),
      rows.map(({ row }) => row.id),
      rows.map(({ row }) => row.hash),
      rows.map(({ row }) => row.parentHash),
      rows.map(({ row }) => row.height),
      rows.map(({ row }) => row.type),
      rows.map(({ row }) => row.signer),
      rows.map(({ row }) => row.addresses.join(' ')),
      rows.map(({ row }) => row.recipients.join(' ')),
      rows.map(({ row }) => row.transfers),
      rows.map(({ row }) => row.json),
      rows.map(({ row }) => row.fullJson),
    ],
  );
}

/** SQL conditions for the filters no list answers, over a row aliased `t`; `values` receives their parameters. */
function residualConditions(criteria: TransactionSearchCriteria, values: unknown[], withAddress: boolean): string[] {
  const where: string[] = [];
  const param = (value: unknown) => `$${values.push(value)}`;
  if (withAddress && criteria.address !== undefined) where.push(`${param(criteria.address)} = any(t.addresses)`);
  if (criteria.signerPublicKey !== undefined) where.push(`t.signer = ${param(criteria.signerPublicKey)}`);
  if (criteria.recipientAddress !== undefined) where.push(`${param(criteria.recipientAddress)} = any(t.recipients)`);
  if (criteria.type !== undefined) where.push(`t.type = any(${param(criteria.type)}::integer[])`);
  if (criteria.transferMosaicId !== undefined) {
    const amount = `(t.transfers ->> ${param(criteria.transferMosaicId)})::numeric`;
    where.push(`${amount} is not null`);
    if (criteria.fromTransferAmount !== undefined) where.push(`${amount} >= ${param(criteria.fromTransferAmount.toString())}::numeric`);
    if (criteria.toTransferAmount !== undefined) where.push(`${amount} <= ${param(criteria.toTransferAmount.toString())}::numeric`);
  }
  return where;
}

async function searchConfirmed(db: Reader, criteria: TransactionSearchCriteria): Promise<{ json: string[]; totalEntries: number }> {
  const list = confirmedList(criteria.embedded ? 'all' : 'top', criteria.address);
  const from = criteria.height ?? criteria.fromHeight;
  const to = criteria.height ?? criteria.toHeight;
  const values: unknown[] = [list];
  const residual = residualConditions(criteria, values, false);
  if (residual.length > 0) {
    // The height bounds as sequence numbers (heights never decrease along the group); none: every entry.
    const [bounds] = from === undefined && to === undefined
      ? [{ low: '1', high: MAX_BIGINT }]
      : await db.rows<{ low: string | null; high: string | null }>(
          `select (select min(seq) from transactions where height >= $1) as low, (select max(seq) from transactions where height <= $2) as high`,
          [bigintParam(from ?? 0n), bigintParam(to ?? BigInt(MAX_BIGINT))],
        );
    if (bounds.low === null || bounds.high === null) return { json: [], totalEntries: 0 };
    const range = [`r.entry between $${values.push(bounds.low)} and $${values.push(bounds.high)}`];
    return filteredPage(db, { from: 'ranks r join transactions t on t.seq = r.entry', where: ['r.list = $1', ...range, ...residual], values, key: 't.id', json: 't.json' }, criteria);
  }
  // The height bounds found by the page's own statement.
  const low = from === undefined ? '1' : { select: 'select min(seq) from transactions where height >= $?', value: bigintParam(from) };
  const high = to === undefined ? MAX_BIGINT : { select: 'select max(seq) from transactions where height <= $?', value: bigintParam(to) };
  return pageOfEntries(db, { list, table: 'transactions', column: 'seq' }, low, high, criteria);
}

function searchPool(db: Reader, group: TransactionGroup, criteria: TransactionSearchCriteria): Promise<{ json: string[]; totalEntries: number }> {
  const values: unknown[] = [group];
  const where = ['t.grp = $1', ...residualConditions(criteria, values, true)];
  if (!criteria.embedded) where.push('not t.embedded');
  const from = criteria.height ?? criteria.fromHeight;
  const to = criteria.height ?? criteria.toHeight;
  if (from !== undefined) where.push(`t.height >= $${values.push(bigintParam(from))}`);
  if (to !== undefined) where.push(`t.height <= $${values.push(bigintParam(to))}`);
  return filteredPage(db, { from: 'pool_transactions t', where, values, key: 't.id', json: 't.json' }, criteria);
}

async function findTransactions(db: Reader, group: TransactionGroup, keys: readonly TransactionKey[]): Promise<TransactionInfoDTO[]> {
  if (keys.length === 0) return [];
  const ids = keys.flatMap((key) => ('id' in key ? [key.id.toUpperCase()] : []));
  const hashes = keys.flatMap((key) => ('hash' in key ? [key.hash] : []));
  const rows = group === 'confirmed'
    ? await db.rows<{ id: string; hash: string | null; json: string }>('select id, hash, coalesce(full_json, json) as json from transactions where id = any($1) or hash = any($2)', [ids, hashes])
    : await db.rows<{ id: string; hash: string | null; json: string }>('select id, hash, coalesce(full_json, json) as json from pool_transactions where grp = $1 and (id = any($2) or hash = any($3))', [group, ids, hashes]);
  const byId = new Map(rows.map((row) => [row.id, row.json]));
  const byHash = new Map(rows.filter((row) => row.hash !== null).map((row) => [row.hash!, row.json]));
  return keys.flatMap((key) => {
    const json = 'id' in key ? byId.get(key.id.toUpperCase()) : byHash.get(key.hash);
    return json === undefined ? [] : [storedJson<TransactionInfoDTO>(json)];
  });
}

export const transactionsStore: StoreModule = {
  createPart: () => ({ name: 'transactions', collect }),
  migrations: [MIGRATION],
  repositories: (db) => ({
    transactions: {
      async search(group, criteria): Promise<PageResult<TransactionInfoDTO>> {
        const page = group === 'confirmed' ? await searchConfirmed(db, criteria) : await searchPool(db, group, criteria);
        return { data: page.json.map((json) => storedJson<TransactionInfoDTO>(json)), totalEntries: page.totalEntries };
      },
      find: (group, keys) => findTransactions(db, group, keys),
    },
    transactionStatus: {
      find: async (hashes) => {
        const rows = await db.rows<{ hash: string; json: string }>('select hash, json from transaction_statuses where hash = any($1)', [hashes]);
        const byHash = new Map(rows.map((row) => [row.hash, storedJson<TransactionStatusDTO>(row.json)]));
        return hashes.flatMap((hash) => byHash.get(hash) ?? []);
      },
    },
  }),
};
