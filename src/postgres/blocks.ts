import type pg from 'pg';
import type { BlockInfoDTO, FinalizationProofDTO } from '../backend/dto.js';
import type { ChainEvent } from '../backend/events.js';
import { appendToLists, blockList, truncateLists, type ListEntry } from './lists.js';
import { slices } from './pool.js';

/**
 * What every writer of the store writes the same way, whatever it follows (the chain engine,
 * or a mirror of another gateway): blocks with their list ranks, finalization proofs, and
 * events (with the NOTIFY that wakes the readers' feeds at commit, and their retention).
 */

/** The channel the event rows are announced on (a wake-up only: readers read the table). */
export const EVENTS_CHANNEL = 'symbol_gateway_events';

/** The lists a block is paged under: the whole chain, its signer, its beneficiary, both. */
function blockLists(info: BlockInfoDTO): string[] {
  const { signerPublicKey: signer, beneficiaryAddress: beneficiary } = info.block;
  return [blockList(), blockList(signer), blockList(undefined, beneficiary), blockList(signer, beneficiary)];
}

/**
 * A column of JSON texts as one JSON array parameter, read back by `json_array_elements($n::json)`
 * in `rows from (…)` beside the `unnest`s of the other columns: each element's text is the
 * document as written (a `json` value keeps its text). A `text[]` parameter of JSON costs far
 * more: pg escapes every quote of every document in JavaScript, and PostgreSQL parses it back.
 */
export function jsonColumn(documents: readonly unknown[]): string {
  return JSON.stringify(documents);
}

/** Appends blocks, in height order, after the stored ones. */
export async function insertBlocks(client: pg.PoolClient, blocks: readonly BlockInfoDTO[]): Promise<void> {
  await insertBlockRows(client, blocks);
  await appendToLists(client, blockListEntries(blocks));
}

/** The blocks' rows alone (their lists' entries are `blockListEntries`). */
export async function insertBlockRows(client: pg.PoolClient, blocks: readonly BlockInfoDTO[]): Promise<void> {
  // A slice a statement: a catch-up writes every block, each statement well inside the statement timeout.
  for (const slice of slices(blocks)) {
    await client.query(
      `insert into blocks (height, id, hash, timestamp, json)
       select height, id, hash, timestamp, json::text from rows from (unnest($1::bigint[]), unnest($2::text[]), unnest($3::text[]), unnest($4::bigint[]), json_array_elements($5::json)) as t (height, id, hash, timestamp, json)`,
      [slice.map((info) => info.block.height), slice.map((info) => info.id), slice.map((info) => info.meta.hash), slice.map((info) => info.block.timestamp), jsonColumn(slice)],
    );
  }
}

/** The entries blocks add to the lists they are paged under. */
export function blockListEntries(blocks: readonly BlockInfoDTO[]): ListEntry[] {
  return blocks.flatMap((info) => blockLists(info).map((list) => ({ list, key: info.id, entry: info.block.height })));
}

/**
 * Removes the blocks above `height` (a mirror's upstream switched to another fork): their rows,
 * their ranks (the tails of the block lists: ranks stay dense) and their lists' counts.
 */
export async function removeBlocksAbove(client: pg.PoolClient, height: bigint): Promise<void> {
  await truncateLists(client, blockList(), height + 1n);
  await client.query('delete from blocks where height > $1', [height.toString()]);
  await client.query('delete from finalization_proofs where height > $1', [height.toString()]);
}

export async function insertProofs(client: pg.PoolClient, proofs: readonly FinalizationProofDTO[]): Promise<void> {
  for (const proof of proofs) {
    await client.query('insert into finalization_proofs (epoch, height, json) values ($1, $2, $3) on conflict (epoch) do nothing', [proof.finalizationEpoch, proof.height, JSON.stringify(proof)]);
  }
}

/**
 * The channel of an event row that only says the data moved: readers' answer memos
 * (`GatewayBackend.revision`) move with the events their feeds deliver, so a write that changes
 * answers with no chain event (a development control's balance, a part's change between
 * blocks, a writer's start, a mirror's meta or removed fork) leaves one of these. No WebSocket
 * client can subscribe to it (it is no channel of the Symbol gateway), so the hub sends it to
 * no one.
 */
export const REVISION_CHANNEL = 'revision';

/**
 * Appends events (each after every event stored before it), or a `revision` row for a write
 * with none, and wakes the readers' feeds once the transaction commits.
 */
export async function insertEvents(client: pg.PoolClient, events: readonly ChainEvent[]): Promise<void> {
  if (events.length === 0) {
    await insertRevision(client);
    return;
  }
  const all = [...slices(events)];
  for (const [i, slice] of all.entries()) {
    const values = [slice.map((event) => event.channel), slice.map((event) => event.addresses.join(' ')), jsonColumn(slice.map((event) => event.data))];
    const insert = 'insert into events (channel, addresses, data) select channel, addresses, data::text from rows from (unnest($1::text[]), unnest($2::text[]), json_array_elements($3::json)) as t (channel, addresses, data) returning seq';
    // The last slice wakes the readers in the same statement, telling the last sequence (a standby's reader reads until it has it).
    if (i < all.length - 1) await client.query(insert, values);
    else await client.query(`with added as (${insert}) select pg_notify($4, (select max(seq) from added)::text)`, [...values, EVENTS_CHANNEL]);
  }
}

/** A `revision` event row (see `REVISION_CHANNEL`) in the writing transaction, with the NOTIFY that wakes the readers' feeds at commit (telling its sequence). */
export async function insertRevision(client: pg.PoolClient): Promise<void> {
  await client.query(`with added as (insert into events (channel, addresses, data) values ($1, '', '{}') returning seq) select pg_notify($2, (select seq from added)::text)`, [REVISION_CHANNEL, EVENTS_CHANNEL]);
}

/**
 * Blocks whose events the writer keeps by default (`eventRetention`): a day of 30 s blocks.
 * Counted in blocks, not time: a reader is behind by blocks (what a feed has to read grows
 * with them), and a development chain that mines on request, or travels in time, keeps as many
 * as a live one.
 */
export const EVENT_RETENTION = 2_880;

/** Event rows one write deletes at most: a database that kept every event is pruned over many writes, each of them short. */
export const EVENTS_PRUNED_PER_WRITE = 5_000;

/**
 * The meta row with the sequence through which event rows were deleted: a feed that delivered
 * less than it lost the events in between (`PostgresEventFeed`). It is always the sequence of
 * a row that was committed, so a feed behind it did miss one.
 */
export const EVENTS_PRUNED_META = 'eventsPrunedThrough';

/**
 * `value` (the writer's `eventRetention`), checked to be a whole number of blocks ≥ 1 or
 * `Infinity` (every event kept); `EVENT_RETENTION` when undefined.
 *
 * @throws TypeError naming the option otherwise
 */
export function eventRetention(value: number = EVENT_RETENTION): number {
  if (value !== Infinity && (!Number.isSafeInteger(value) || value < 1)) throw new TypeError(`eventRetention must be a whole number of blocks (1 or more) or Infinity, not ${String(value)}`);
  return value;
}

/**
 * Keeps the events of the last `retention` blocks, in the writing transaction, after its events
 * are inserted: the batch's newest block (if it has one) is marked with the newest event row,
 * and the rows up to the mark of the newest block at least `retention` below it are deleted,
 * `EVENTS_PRUNED_PER_WRITE` at most (the rest with the next writes), by a range of the primary
 * key after the last row deleted before (`EVENTS_PRUNED_META`), which moves with them. A batch of
 * several blocks (a catch-up, blocks mined together) counts as its newest, so a few more may
 * be kept. `Infinity` marks and deletes nothing.
 *
 * @example
 * await insertEvents(client, events);
 * await pruneEvents(client, blocks, 2_880);
 */
export async function pruneEvents(client: pg.PoolClient, blocks: readonly BlockInfoDTO[], retention: number): Promise<void> {
  if (retention === Infinity) return;
  const newest = blocks.at(-1)?.block.height;
  if (newest !== undefined) await client.query('insert into event_marks (height, seq) select $1, max(seq) from events on conflict (height) do update set seq = excluded.seq', [newest]);
  await client.query(
    `with bound as (
       select height, seq from event_marks where height <= (select max(height) from event_marks) - $1 order by height desc limit 1
     ), done as (
       select coalesce((select (json::jsonb #>> '{}')::bigint from meta where key = $2), 0) as seq
     ), upto as (
       -- The bound, or the last of the first $3 rows before it.
       select least(bound.seq, (select seq from events where seq > done.seq and seq <= bound.seq order by seq offset $3 - 1 limit 1)) as seq from bound, done
     ), gone as (
       delete from events where seq > (select seq from done) and seq <= (select seq from upto)
     ), marks as (
       delete from event_marks where height < (select height from bound)
     )
     insert into meta (key, json) select $2, to_jsonb(upto.seq::text)::text from upto, done where upto.seq > done.seq
     on conflict (key) do update set json = excluded.json`,
    [retention, EVENTS_PRUNED_META, EVENTS_PRUNED_PER_WRITE],
  );
}
