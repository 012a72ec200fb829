import type pg from 'pg';
import type { RentalFeesDTO, TransactionFeesDTO } from '../backend/dto.js';
import type {
  ResolutionStatementInfoDTO,
  TransactionStatementInfoDTO,
  TransactionStatementSearchCriteria,
} from '../backend/receipts.js';
import type { PageResult } from '../backend/repositories.js';
import type { BlockLeaves } from '../memory/block-merkle.js';
import type { Chain } from '../memory/chain/chain.js';
import { statementFilterKeys } from '../memory/receipt-store.js';
import type { PageRequest } from '../pagination.js';
import { jsonColumn } from './blocks.js';
import { appendToLists, truncateLists, type ListEntry } from './lists.js';
import { ROWS_PER_STATEMENT } from './pool.js';
import { writeMeta } from './meta.js';
import type { PartWrite, SealedBatch, StoreModule, StorePart } from './part.js';
import { blockMerklePath, insertLeaves, stateProofRepository, TreeFollower, writeTreeChanges } from './proofs.js';
import { bigintParam, filteredPage, MAX_BIGINT, pageOfEntries, type Reader } from './reader.js';
import { storedJson } from '../http/json.js';

/** The meta rows of the fee quotes, rendered by the chain as each batch with blocks is sealed. */
export const FEES_META = { transaction: 'transactionFees', rental: 'rentalFees' } as const;

/** The lists statements are paged under (see `ranks` in migrations.ts). */
const TRANSACTION_STATEMENTS = 'statements/transaction';
/** A filter value's list: the transaction statements with a receipt of that value (`type=8515`, `sender=…`). */
const filterList = (key: string) => `${TRANSACTION_STATEMENTS}/${key}`;
const resolutionList = (kind: 'address' | 'mosaic') => `statements/resolutions/${kind}`;

/**
 * Receipts and proofs: every block's statements (`/statements/…`), its merkle leaves (the
 * block merkle path routes), the fee quotes (`/network/fees/…`) and the state trees' nodes
 * (the nine `/…/merkle` state proof routes).
 */
export const RECEIPTS_MODULE: StoreModule = {
  migrations: [
    {
      version: 4,
      name: 'statements, block merkle leaves, state tree nodes',
      sql: `
        -- Every statement, transaction and resolution ones, numbered in the order the chain
        -- made them: the order of their ids, in which heights never go down.
        create table statements (
          seq bigint primary key,
          kind text not null,
          id text not null unique,
          height bigint not null,
          -- A transaction statement's filter values (type=…, sender=…, …), checked by a page
          -- under several filters as the in-memory store checks them.
          filters text[] not null,
          json text not null
        );
        create index statements_by_height on statements (height, seq);
        -- Each block's merkle leaves, 32 bytes each, back to back.
        create table block_merkle_leaves (
          height bigint primary key,
          transactions bytea not null,
          statements bytea not null
        );
        -- The state trees' nodes by hash (content-addressed: a node several trees or roots
        -- hold is one row). Only added to: the nodes a tree replaced stay.
        create table state_tree_nodes (
          hash bytea primary key,
          node bytea not null
        );
      `,
    },
  ],
  createPart(): StorePart {
    const follower = new TreeFollower();
    return {
      name: 'receipts',
      // A development control (a balance) changes the state without an event: a commit of a state tree seals a batch.
      follow(chain, touch) {
        const { state } = chain.following();
        for (const name of state.trees()) state.tree(name)?.onCommit(touch);
      },
      collect: (chain, batch) => collectReceipts(chain, batch, follower),
    };
  },
  repositories: (db) => ({
    receipts: {
      searchTransactionStatements: (criteria) => searchTransactionStatements(db, criteria),
      searchResolutionStatements: (kind, criteria) => pageOfStatements<ResolutionStatementInfoDTO>(db, resolutionList(kind), criteria.height, criteria.height, criteria),
    },
    blocks: {
      transactionMerklePath: (height, hash) => blockMerklePath(db, height, 'transactions', hash),
      statementMerklePath: (height, hash) => blockMerklePath(db, height, 'statements', hash),
    },
    fees: {
      transactionFees: () => db.meta<TransactionFeesDTO>(FEES_META.transaction),
      rentalFees: () => db.meta<RentalFeesDTO>(FEES_META.rental),
    },
    stateProofs: stateProofRepository(db),
  }),
};

type StatementKind = 'transaction' | 'address' | 'mosaic';

/** One statement to write: its kind and its rendered JSON (frozen by the chain). */
export interface StatementRow {
  readonly kind: StatementKind;
  readonly info: TransactionStatementInfoDTO | ResolutionStatementInfoDTO;
}

/**
 * What a batch writes: the blocks' leaves and statements, the fee quotes once blocks came
 * (they follow from the latest blocks' fee multipliers alone), and the state trees' new nodes.
 */
function collectReceipts(chain: Chain, batch: SealedBatch, follower: TreeFollower): PartWrite | undefined {
  const following = chain.following();
  // A writer's first batch hands on the whole trees (its follower has seen none): its database may hold none of them.
  const trees = follower.changes(following.state);
  // The first block to write: on a writer's first batch every block (the write skips those the
  // database has; one from before this part has blocks without their statements), else the batch's.
  const from = batch.catchUp ? 1 : batch.blocks.length > 0 ? Number(batch.blocks[0].block.height) : undefined;
  if (from === undefined) return trees.roots === undefined ? undefined : (client) => writeTreeChanges(client, trees);
  // The batch ends at the chain's head: it was sealed right after the chain's last harvest.
  const blocks: { height: bigint; leaves: BlockLeaves }[] = [];
  for (let height = from; height <= following.height; height++) blocks.push({ height: BigInt(height), leaves: following.merkleLeaves(height)! });
  const above = following.statementsAbove(BigInt(from - 1));
  const statements: StatementRow[] = [
    ...above.transaction.map((info) => ({ kind: 'transaction' as const, info })),
    ...above.address.map((info) => ({ kind: 'address' as const, info })),
    ...above.mosaic.map((info) => ({ kind: 'mosaic' as const, info })),
  ];
  // The order the chain made them in (its ids are given in order): each block's transaction statements, then its resolutions.
  statements.sort((a, b) => (a.info.id < b.info.id ? -1 : a.info.id > b.info.id ? 1 : 0));
  const fees = { [FEES_META.transaction]: chain.fees.transactionFees() as TransactionFeesDTO, [FEES_META.rental]: chain.fees.rentalFees() as RentalFeesDTO };
  return async (client) => {
    const { rows } = await client.query<{ height: string }>('select coalesce(max(height), 0) as height from block_merkle_leaves');
    const stored = BigInt(rows[0].height);
    await insertLeaves(client, blocks.filter(({ height }) => height > stored));
    await insertStatements(client, statements.filter(({ info }) => BigInt(info.statement.height) > stored));
    await writeMeta(client, fees);
    await writeTreeChanges(client, trees);
  };
}

/** Appends statements (in the chain's order) to the table and to their lists: every transaction statement to the whole list and to a list per filter value of its receipts. */
export async function insertStatements(client: pg.PoolClient, statements: readonly StatementRow[]): Promise<void> {
  if (statements.length === 0) return;
  const first = (await lastStatementSeq(client)) + 1n;
  const filters = statementFilters(statements);
  await insertStatementRows(client, statements, first, filters);
  await appendToLists(client, statementListEntries(statements, first, filters));
}

/** The highest sequence number of the statements stored (0 for none). */
export async function lastStatementSeq(client: pg.PoolClient): Promise<bigint> {
  const { rows } = await client.query<{ seq: string }>('select coalesce(max(seq), 0) as seq from statements');
  return BigInt(rows[0].seq);
}

/** Each statement's filter values (a resolution has none): its row's `filters`, and the lists it is ranked in. */
export function statementFilters(statements: readonly StatementRow[]): string[][] {
  return statements.map(({ kind, info }) => (kind === 'transaction' ? statementFilterKeys(info as TransactionStatementInfoDTO) : []));
}

/** Statements' rows alone, numbered from `first` on (their lists' entries are `statementListEntries`). */
export async function insertStatementRows(client: pg.PoolClient, statements: readonly StatementRow[], first: bigint, filters: readonly string[][]): Promise<void> {
  // A slice a statement: a catch-up's statements may be hundreds of thousands, each statement well inside the statement timeout.
  for (let from = 0; from < statements.length; from += ROWS_PER_STATEMENT) {
    const slice = statements.slice(from, from + ROWS_PER_STATEMENT);
    await client.query(
      `insert into statements (seq, kind, id, height, filters, json)
       select seq, kind, id, height, string_to_array(filters, ' '), json::text
       from rows from (unnest($1::bigint[]), unnest($2::text[]), unnest($3::text[]), unnest($4::bigint[]), unnest($5::text[]), json_array_elements($6::json)) as t (seq, kind, id, height, filters, json)`,
      [
        slice.map((_, i) => (first + BigInt(from + i)).toString()),
        slice.map(({ kind }) => kind),
        slice.map(({ info }) => info.id),
        slice.map(({ info }) => info.statement.height),
        // Filter values hold no spaces (`type=8515`, `sender=<hex>`).
        filters.slice(from, from + ROWS_PER_STATEMENT).map((keys) => keys.join(' ')),
        jsonColumn(slice.map(({ info }) => info)),
      ],
    );
  }
}

/** The entries statements numbered from `first` on add to their lists. */
export function statementListEntries(statements: readonly StatementRow[], first: bigint, filters: readonly string[][]): ListEntry[] {
  return statements.flatMap((row, i) => {
    const entry = (first + BigInt(i)).toString();
    const lists = row.kind === 'transaction' ? [TRANSACTION_STATEMENTS, ...filters[i].map(filterList)] : [resolutionList(row.kind)];
    return lists.map((list) => ({ list, key: row.info.id, entry }));
  });
}

/** Removes the statements above `height` (a mirror's upstream switched forks): their rows, ranks and lists' counts, and the blocks' merkle leaves. */
export async function removeStatementsAbove(client: pg.PoolClient, height: bigint): Promise<void> {
  await client.query('delete from block_merkle_leaves where height > $1', [height.toString()]);
  const { rows: [first] } = await client.query<{ seq: string | null }>('select min(seq) as seq from statements where height > $1', [height.toString()]);
  if (first.seq === null) return;
  await truncateLists(client, 'statements', BigInt(first.seq));
  await client.query('delete from statements where seq >= $1', [first.seq]);
}

/**
 * `GET /statements/transaction`, as the in-memory store answers it. No filter or one filter
 * value: a page of that value's list (an index seek at any depth, the total from its count).
 * Several: as the in-memory store does, the smallest list of an address or artifact (or the
 * union of the receipt types' lists) with the other filters checked on its statements, counted
 * and paged by the database.
 */
async function searchTransactionStatements(db: Reader, criteria: TransactionStatementSearchCriteria): Promise<PageResult<TransactionStatementInfoDTO>> {
  const keyed = [
    ...(criteria.recipientAddress ? [`recipient=${criteria.recipientAddress}`] : []),
    ...(criteria.senderAddress ? [`sender=${criteria.senderAddress}`] : []),
    ...(criteria.targetAddress ? [`target=${criteria.targetAddress}`] : []),
    ...(criteria.artifactId ? [`artifact=${criteria.artifactId}`] : []),
  ];
  const types = [...new Set(criteria.receiptType?.map((type) => `type=${type}`) ?? [])];
  // A range bound replaces an exact height, as in the reference gateway.
  const ranged = criteria.fromHeight !== undefined || criteria.toHeight !== undefined;
  const from = ranged ? criteria.fromHeight : criteria.height;
  const to = ranged ? criteria.toHeight : criteria.height;
  const filters = [...keyed, ...types];
  if (filters.length <= 1) return pageOfStatements(db, filters.length === 0 ? TRANSACTION_STATEMENTS : filterList(filters[0]), from, to, criteria);

  const where: string[] = [];
  const values: unknown[] = [];
  let rows = 'statements s';
  if (keyed.length > 0) {
    // The smallest of the address and artifact lists answers; an empty one answers nothing.
    const counts = await db.rows<{ list: string; count: string }>('select list, count from list_counts where list = any($1)', [keyed.map(filterList)]);
    if (counts.length < keyed.length) return { data: [], totalEntries: 0 };
    const smallest = counts.reduce((a, b) => (BigInt(b.count) < BigInt(a.count) ? b : a));
    rows = 'ranks r join statements s on s.seq = r.entry';
    where.push(`r.list = $${values.push(smallest.list)}`, `s.filters @> $${values.push(keyed)}::text[]`);
    if (types.length > 0) where.push(`s.filters && $${values.push(types)}::text[]`);
  } else {
    where.push(`s.seq in (select entry from ranks where list = any($${values.push(types.map(filterList))}::text[]))`);
  }
  if (from !== undefined) where.push(`s.height >= $${values.push(bigintParam(from))}`);
  if (to !== undefined) where.push(`s.height <= $${values.push(bigintParam(to))}`);
  const page = await filteredPage(db, { from: rows, where, values, key: 's.id', json: 's.json' }, criteria);
  return { data: page.json.map((json) => storedJson<TransactionStatementInfoDTO>(json)), totalEntries: page.totalEntries };
}

/**
 * A page of one statement list within heights `[from, to]` (either open): the heights' first
 * and last statements found by index (statements are numbered in height order), their places in
 * the list by index, the page by `pageOfEntries`.
 */
async function pageOfStatements<T>(db: Reader, list: string, from: bigint | undefined, to: bigint | undefined, request: PageRequest): Promise<PageResult<T>> {
  const low = { select: 'select seq from statements where height >= $? order by height, seq limit 1', value: bigintParam(from ?? 0n) };
  const high = { select: 'select seq from statements where height <= $? order by height desc, seq desc limit 1', value: bigintParam(to ?? BigInt(MAX_BIGINT)) };
  const page = await pageOfEntries(db, { list, table: 'statements', column: 'seq' }, low, high, request);
  return { data: page.json.map((json) => storedJson<T>(json)), totalEntries: page.totalEntries };
}

