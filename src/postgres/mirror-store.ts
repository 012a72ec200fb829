import type pg from 'pg';
import type { BlockInfoDTO, FinalizationProofDTO, TransactionStatusDTO } from '../backend/dto.js';
import type { ChainEvent } from '../backend/events.js';
import type { BlockLeaves } from '../memory/block-merkle.js';
import { blockListEntries, insertBlockRows, insertEvents, insertProofs, insertRevision, removeBlocksAbove } from './blocks.js';
import { insertRanks, ListEnds, setListCounts, type RankedEntries } from './lists.js';
import { INBOUND_CHANNEL, type InboundKind } from './inputs.js';
import { MIRROR_META, writeMeta, type MirrorMeta } from './meta.js';
import { migrate } from './migrations.js';
import { createPool, inTransaction, slices, type PostgresOptions } from './pool.js';
import { insertLeaves } from './proofs.js';
import { insertStatementRows, lastStatementSeq, removeStatementsAbove, statementFilters, statementListEntries, type StatementRow } from './receipts.js';
import { LIST_BUCKET_SIZE } from './state-lists.js';
import { writeStateRows, type EntryRow as StateEntryRow, type StateRows } from './state-write.js';
import { confirmedListEntries, insertConfirmedRows, lastConfirmedSeq, removeFromPools, removeTransactionsAbove, replacePools, writeStatuses, type EntryRow } from './transactions.js';
import { WakeUpReader } from './wakeup.js';

/** What one database transaction of a mirror writes: blocks with what they hold, or a head and finalization alone. */
export interface MirroredBatch {
  readonly blocks: readonly BlockInfoDTO[];
  /** The blocks' confirmed transactions, each record's rows. */
  readonly rows: readonly EntryRow[][];
  readonly statuses: readonly { hash: string; status: TransactionStatusDTO }[];
  /** Hashes the blocks confirmed that the stored pools held: they leave them. */
  readonly unpooled: readonly string[];
  /** The blocks' statements: each block's transaction statements, then its resolutions. */
  readonly statements: readonly StatementRow[];
  /** Each block's merkle leaves. */
  readonly leaves: readonly { height: bigint; leaves: BlockLeaves }[];
  /** The state entries the blocks changed, as the upstream has them now. */
  readonly state?: StateRows;
  readonly events: readonly ChainEvent[];
  readonly proofs: readonly FinalizationProofDTO[];
  /** Meta rows to set with the batch (the head, the fee quotes, the storage figures …). */
  readonly meta: Readonly<Record<string, unknown>>;
}

/** The rows of a batch a mirror writes ahead, before the batches before it commit. */
export type MirroredRows = Pick<MirroredBatch, 'blocks' | 'rows' | 'statements' | 'leaves'>;

/** What a batch writes once the batches before it are committed. */
export type MirroredRest = Omit<MirroredBatch, keyof MirroredRows>;

/** A batch being written (`MirrorStore.begin`). */
export interface PendingBatch {
  /** Writes the rest once the batches begun before this one are committed, and commits; rolls back and rejects if one of them failed or a statement here fails. */
  commit(rest: MirroredRest): Promise<void>;
  /** Rolls the batch back (the batches begun after it roll back too). */
  abandon(): Promise<void>;
}

/** A promise and what settles it. */
function deferred(): { promise: Promise<void>; resolve: () => void; reject: (error: Error) => void } {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((yes, no) => ([resolve, reject] = [yes, no]));
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

/** A mirror given the database the chain engine's writer fills: it writes only into an empty database or its own. */
export class WriterStoreError extends Error {
  constructor() {
    super('the database holds a chain its own writer wrote: a mirror writes into an empty database or its own');
    this.name = 'WriterStoreError';
  }
}

/** An announce a gateway instance queued for the upstream. */
export interface QueuedAnnounce {
  readonly seq: string;
  readonly kind: InboundKind;
  readonly payload: string;
}

/**
 * The PostgreSQL store as a mirror writes it: the only writer of its database, which it reads
 * back to resume (its last block, its last finalization), to compare with the upstream (a
 * block's hash), and to know what it holds of the state it copies (keys of a list, namespace
 * roots, multisig accounts, entries ending in a range of heights). Every statement a mirror
 * runs is here; src/mirror only follows the upstream.
 */
export class MirrorStore {
  readonly #pool: pg.Pool;
  /** The ends of the lists as the batches begun make them. */
  readonly #ends = new ListEnds();
  /** The next sequence numbers of confirmed entries and statements, after the batches begun; read from the store when unknown. */
  #next: { transactions: bigint; statements: bigint } | undefined;
  /** Batches begun. */
  #batches = 0;
  /** Settles when the last batch begun is committed or rolled back. */
  #last: Promise<void> = Promise.resolve();
  /** Moves each time the numbering is forgotten: a batch numbered before cannot commit. */
  #generation = 0;
  /** Settles when the last batch begun is numbered. */
  #numbering: Promise<void> = Promise.resolve();

  private constructor(pool: pg.Pool) {
    this.#pool = pool;
  }

  /**
   * Opens and migrates the store; refuses a database that holds a chain its own writer wrote.
   * Returns it with what it says of the mirror that wrote it (undefined for an empty database).
   */
  static async open(options: PostgresOptions): Promise<{ store: MirrorStore; meta: MirrorMeta | undefined }> {
    const pool = createPool(options);
    try {
      await migrate(pool);
      const { rows } = await pool.query<{ json: string }>('select json from meta where key = $1', [MIRROR_META]);
      const meta = rows[0] && (JSON.parse(rows[0].json) as MirrorMeta);
      const { rows: blocks } = await pool.query<{ count: string }>('select count(*) as count from blocks');
      if (!meta && Number(blocks[0].count) > 0) throw new WriterStoreError();
      return { store: new MirrorStore(pool), meta };
    } catch (error) {
      await pool.end();
      throw error;
    }
  }

  /** The last block stored: its height and hash; undefined for none. */
  async head(): Promise<{ height: bigint; hash: string } | undefined> {
    const { rows } = await this.#pool.query<{ height: string; hash: string }>('select height, hash from blocks order by height desc limit 1');
    return rows[0] && { height: BigInt(rows[0].height), hash: rows[0].hash };
  }

  /** The last finalization proof stored. */
  async lastProof(): Promise<FinalizationProofDTO | undefined> {
    const { rows } = await this.#pool.query<{ json: string }>('select json from finalization_proofs order by epoch desc limit 1');
    return rows[0] && (JSON.parse(rows[0].json) as FinalizationProofDTO);
  }

  /** The hash of the block stored at `height` ('' for none). */
  async hashAt(height: bigint): Promise<string> {
    const { rows } = await this.#pool.query<{ hash: string }>('select hash from blocks where height = $1', [height.toString()]);
    return rows[0]?.hash ?? '';
  }

  /** Sets meta rows (the node and network answers, the mirror's own) in a transaction of their own. */
  async writeMeta(values: Readonly<Record<string, unknown>>): Promise<void> {
    await inTransaction(this.#pool, async (client) => {
      await writeMeta(client, values);
      await insertRevision(client);
    });
  }

  /** Writes a batch in one database transaction: blocks, transactions, statements, leaves, state, pools, statuses, proofs, events and meta. */
  async write(batch: MirroredBatch): Promise<void> {
    const { blocks, rows, statements, leaves, ...rest } = batch;
    await this.begin({ blocks, rows, statements, leaves }).commit(rest);
  }

  /**
   * Starts writing a batch in a database transaction of its own connection: its rows (blocks,
   * transactions, statements, leaves, their lists' ranks) go in at once, numbered after the
   * batches begun before it, while those are still being written. `commit` adds the rest once
   * they are committed, and commits: the batches commit in the order they began, each whole,
   * and one that fails takes those begun after it down with it (rolled back), so the store
   * never holds a batch without the ones before it.
   */
  begin(rows: MirroredRows): PendingBatch {
    const batch = ++this.#batches;
    const previous = this.#last;
    const settled = deferred();
    this.#last = settled.promise;
    const client = this.#pool.connect();
    // Numbered and ranked in the order the batches began, whatever order their connections come in.
    let generation = -1;
    const numbered = this.#numbering.then(async () => {
      generation = this.#generation;
      return this.#numbered(await client, rows, batch);
    });
    this.#numbering = numbered.then(() => undefined, () => undefined);
    const written = numbered.then(async ({ client: connection, ...numbering }) => {
      await connection.query('begin');
      await insertBlockRows(connection, rows.blocks);
      await insertConfirmedRows(connection, rows.rows.flat(), numbering.transactions);
      await insertStatementRows(connection, rows.statements, numbering.statements, numbering.filters);
      await insertLeaves(connection, rows.leaves);
      await insertRanks(connection, numbering.ranks);
    });
    written.catch(() => undefined);
    const finish = async (rest: MirroredRest | undefined): Promise<void> => {
      const connection = await client.catch(() => undefined);
      try {
        await written;
        if (rest === undefined) throw new Error('the batch was abandoned');
        // A batch before it failed: this one fails too if it was numbered on top of it (before the numbering was read again).
        await previous.catch((error: unknown) => {
          if (generation !== this.#generation) throw error;
        });
        await setListCounts(connection!, this.#ends.endsOf(batch));
        if (rest.state) await writeStateRows(connection!, await changedState(connection!, rest.state), { bucketSize: LIST_BUCKET_SIZE, catchUp: false });
        await removeFromPools(connection!, rest.unpooled);
        await writeStatuses(connection!, rest.statuses);
        await insertProofs(connection!, rest.proofs);
        await insertEvents(connection!, rest.events);
        await writeMeta(connection!, rest.meta);
        await connection!.query('commit');
        this.#ends.settled(batch);
        settled.resolve();
      } catch (error) {
        await connection?.query('rollback').catch(() => undefined);
        // What was numbered after the last batch committed is not in the store: once the batches before this one
        // are settled, the next batch reads the numbering from the store, and those numbered before fail.
        await previous.catch(() => undefined);
        this.#forget();
        settled.reject(error as Error);
        throw error;
      } finally {
        connection?.release();
      }
    };
    let finished: Promise<void> | undefined;
    return {
      commit: (rest) => (finished ??= finish(rest)),
      abandon: () => (finished ??= finish(undefined)).catch(() => undefined),
    };
  }

  /** Every batch begun is settled (committed, or rolled back). */
  async settled(): Promise<void> {
    await this.#last.catch(() => undefined);
  }

  /** The batch's sequence numbers (after the batches begun before it) and its lists' ranks. */
  async #numbered(client: pg.PoolClient, rows: MirroredRows, batch: number): Promise<{ client: pg.PoolClient; transactions: bigint; statements: bigint; filters: string[][]; ranks: RankedEntries }> {
    this.#next ??= { transactions: (await lastConfirmedSeq(client)) + 1n, statements: (await lastStatementSeq(client)) + 1n };
    const confirmed = rows.rows.flat();
    const { transactions, statements } = this.#next;
    this.#next = { transactions: transactions + BigInt(confirmed.length), statements: statements + BigInt(rows.statements.length) };
    const filters = statementFilters(rows.statements);
    const entries = [...blockListEntries(rows.blocks), ...confirmedListEntries(confirmed, transactions), ...statementListEntries(rows.statements, statements, filters)];
    return { client, transactions, statements, filters, ranks: await this.#ends.rank(client, entries, batch) };
  }

  /** Forgets the numbering kept (a batch failed, or blocks were removed): the next batch reads it from the store. */
  #forget(): void {
    this.#generation++;
    this.#next = undefined;
    this.#ends.reset();
  }

  /** The pools written whole in place of the stored ones, with the statuses and events of what changed, in one transaction. */
  async replacePools(pools: { rows: Parameters<typeof replacePools>[1]; statuses: readonly { hash: string; status?: TransactionStatusDTO }[]; events: readonly ChainEvent[] }): Promise<void> {
    await inTransaction(this.#pool, async (client) => {
      await replacePools(client, pools.rows);
      await writeStatuses(client, pools.statuses);
      await insertEvents(client, pools.events);
    });
  }

  /** Removes every block above `height`, with its transactions and statements (the upstream switched to another fork). */
  async removeAbove(height: bigint): Promise<void> {
    await inTransaction(this.#pool, async (client) => {
      await removeTransactionsAbove(client, height);
      await removeStatementsAbove(client, height);
      await removeBlocksAbove(client, height);
      await insertRevision(client);
    });
    this.#forget();
  }

  /** The keys the store lists in a kind's list (`''`: every entry of the kind). */
  async listed(kind: string, list: string): Promise<string[]> {
    const { rows } = await this.#pool.query<{ key: string }>('select key from state_lists where kind = $1 and list = $2', [kind, list]);
    return rows.map((row) => row.key);
  }

  /** The roots (16 hex) of the stored namespaces among these ids, by id. */
  async namespaceRoots(ids: readonly string[]): Promise<Map<string, string>> {
    const { rows } = await this.#pool.query<{ key: string; root: string }>("select key, (json::jsonb)->'namespace'->>'level0' as root from state_entries where kind = 'namespaces' and key = any($1::text[])", [ids]);
    return new Map(rows.map((row) => [row.key, row.root.toUpperCase()]));
  }

  /** The stored accounts (48 hex) that hold importance (a scan of the accounts: the mirror reads it once a start, at its first importance block). */
  async importantAccounts(): Promise<string[]> {
    const { rows } = await this.#pool.query<{ key: string }>("select key from state_entries where kind = 'accounts' and (json::jsonb)->'account'->>'importance' <> '0'");
    return rows.map((row) => row.key);
  }

  /** The accounts (48 hex) with a stored multisig entry. */
  async multisigAccounts(): Promise<string[]> {
    const { rows } = await this.#pool.query<{ address: string }>('select address from multisig_entries');
    return rows.map((row) => row.address);
  }

  /** The stored entries (their JSON) of a kind whose end height (at `path` in the JSON) is above `from` and at most `to`. */
  async ending(kind: string, path: readonly string[], from: bigint, to: bigint): Promise<unknown[]> {
    const { rows } = await this.#pool.query<{ json: string }>(
      'select json from state_entries where kind = $1 and ((json::jsonb) #>> $2::text[])::numeric > $3::numeric and ((json::jsonb) #>> $2::text[])::numeric <= $4::numeric',
      [kind, path, from.toString(), to.toString()],
    );
    return rows.map((row) => JSON.parse(row.json) as unknown);
  }

  /**
   * Forwards what gateway instances queue (in queue order) with `forward`, each removed once
   * forwarded (or refused: `forward` resolves); one that throws stops the read, and the next
   * wake-up goes on from it. Woken by NOTIFY and by a poll every `interval` ms.
   */
  forwardAnnounces(options: PostgresOptions, interval: number, forward: (announce: QueuedAnnounce) => Promise<void>, stopped: () => boolean): WakeUpReader {
    return new WakeUpReader(options, INBOUND_CHANNEL, interval, async (client) => {
      for (;;) {
        const { rows } = await client.query<QueuedAnnounce>('select seq, kind, payload from inbound order by seq limit 100');
        if (rows.length === 0 || stopped()) return;
        for (const row of rows) {
          await forward(row);
          await client.query('delete from inbound where seq = $1', [row.seq]);
        }
      }
    });
  }

  async close(): Promise<void> {
    await this.#pool.end();
  }
}

/**
 * `state` without the entries the store already holds as they are (the same id and JSON: their
 * lists follow from the JSON, so they are the same too) nor the removals of keys it does not
 * hold: what a batch reads again unchanged (every account after an importance block, most of
 * them as they were) costs a read instead of a delete and an insert of the entry and its lists.
 */
async function changedState(client: pg.PoolClient, state: StateRows): Promise<StateRows> {
  const entries = new Map<string, StateEntryRow[]>();
  for (const [kind, rows] of state.entries) {
    const stored = new Map<string, { id: string; json: string }>();
    for (const slice of slices(rows)) {
      const { rows: found } = await client.query<{ key: string; id: string; json: string }>('select key, id, json from state_entries where kind = $1 and key = any($2::text[])', [kind, slice.map((row) => row.key)]);
      for (const row of found) stored.set(row.key, row);
    }
    const changed = rows.filter(({ key, entry }) => {
      const was = stored.get(key);
      return entry === undefined ? was !== undefined : was === undefined || was.id !== entry.id || was.json !== entry.json;
    });
    if (changed.length > 0) entries.set(kind, changed);
  }
  return { ...state, entries };
}

