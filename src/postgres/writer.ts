import type pg from 'pg';
import type { ChainEvent } from '../backend/events.js';
import type { BlockInfoDTO, FinalizationProofDTO } from '../backend/dto.js';
import { chainInternals, type InMemoryChain } from '../memory/chain.js';
import { appendToLists } from './lists.js';
import { migrate } from './migrations.js';
import type { PartWrite, SealedBatch, StorePart } from './part.js';
import { STORE_MODULES } from './parts.js';
import { createPool, inTransaction, type PostgresOptions } from './pool.js';

/** The channel NOTIFY wakes readers on once new events are committed. */
export const EVENTS_CHANNEL = 'symbol_gateway_events';

/** What one database transaction writes: the blocks harvested since the last one, with every event in between. */
interface Batch {
  readonly events: ChainEvent[];
  readonly blocks: BlockInfoDTO[];
  readonly proofs: FinalizationProofDTO[];
  /** The chain's head, node storage and the like once the batch was taken (the meta rows). */
  meta: Record<string, unknown>;
  /** The parts' writes (transactions, state entries, receipts …), collected as the batch was sealed. */
  writes: PartWrite[];
}

export interface PostgresWriterOptions extends PostgresOptions {
  /** ms before a failed write is tried again (doubling up to 5 s). Default 100. */
  retryDelay?: number;
  /** Told about each failed write (it is retried). Default `console.error`. */
  onError?: (error: Error) => void;
}

/**
 * The single writer: follows an in-memory chain (the engine) and writes what it does into
 * PostgreSQL, for any number of gateway instances to serve (`createPostgresBackend`). Each
 * harvest (its block, the events of its transactions, a finalization and its proof, the
 * chain's head) goes in one database transaction, with every event since the previous one;
 * events between blocks (announces, cosignatures, statuses) go in their own. Writes are in
 * chain order, one at a time; a failed write is retried until it succeeds, so the database
 * never misses a block or an event and never has half of one.
 */
export class PostgresWriter {
  readonly #chain: InMemoryChain;
  readonly #pool: pg.Pool;
  readonly #options: PostgresWriterOptions;
  readonly #queue: Batch[] = [];
  #current: Batch | undefined;
  #writing: Promise<void> | undefined;
  #unsubscribe: (() => void) | undefined;
  #closed = false;
  readonly #idle: (() => void)[] = [];
  readonly #parts: readonly StorePart[];

  private constructor(chain: InMemoryChain, pool: pg.Pool, options: PostgresWriterOptions, parts: readonly StorePart[]) {
    this.#chain = chain;
    this.#pool = pool;
    this.#options = options;
    this.#parts = parts;
  }

  /**
   * Migrates the database, writes the chain's blocks the database lacks, then follows the
   * chain. A database that holds another chain (another block at a height) is refused.
   */
  static async start(chain: InMemoryChain, options: PostgresWriterOptions): Promise<PostgresWriter> {
    const pool = createPool(options);
    try {
      await migrate(pool);
      const writer = new PostgresWriter(chain, pool, options, STORE_MODULES.map((module) => module.part));
      await writer.#catchUp();
      chainInternals().pin(chain, 'a PostgreSQL writer follows this chain');
      writer.#unsubscribe = chain.events.subscribe((event) => writer.#take(event));
      for (const part of writer.#parts) part.follow?.(chain, () => writer.#touch());
      return writer;
    } catch (error) {
      await pool.end();
      throw error;
    }
  }

  /** Resolves once everything the chain did so far is committed. */
  async flushed(): Promise<void> {
    this.#seal();
    if (!this.#writing) return;
    await new Promise<void>((resolve) => this.#idle.push(resolve));
  }

  /** Writes what is pending, stops following the chain and closes the pool. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#unsubscribe?.();
    await this.flushed();
    this.#closed = true;
    await this.#pool.end();
  }

  // The blocks the chain has and the database lacks, in one transaction (a fresh database: the nemesis block).
  async #catchUp(): Promise<void> {
    const { rows } = await this.#pool.query<{ height: string; hash: string }>('select height, hash from blocks order by height desc limit 1');
    const stored = rows[0] ? Number(rows[0].height) : 0;
    const height = Number(this.#chain.height);
    if (stored > 0) {
      const own = await this.#chain.blocks.getByHeight(BigInt(Math.min(stored, height)));
      const { rows: same } = await this.#pool.query<{ hash: string }>('select hash from blocks where height = $1', [own!.block.height]);
      if (same[0]?.hash !== own!.meta.hash || stored > height) {
        throw new Error(`the database holds another chain (its block ${own!.block.height} is ${same[0]?.hash ?? 'missing'}, the chain's ${own!.meta.hash}${stored > height ? `; it is at height ${stored}, the chain at ${height}` : ''})`);
      }
    }
    const batch = this.#newBatch();
    for (let h = stored + 1; h <= height; h++) batch.blocks.push((await this.#chain.blocks.getByHeight(BigInt(h)))!);
    for (let epoch = 1; ; epoch++) {
      const proof = await this.#chain.finalization.proofAtEpoch(epoch);
      if (!proof) break;
      if (Number(proof.height) > stored) batch.proofs.push(proof);
    }
    batch.meta = this.#startMeta();
    batch.writes = this.#collect(batch, { storedHeight: BigInt(stored) });
    await this.#write(batch);
  }

  #newBatch(): Batch {
    return { events: [], blocks: [], proofs: [], meta: {}, writes: [] };
  }

  // The open batch, or a new one that closes once the synchronous work that opened it (a harvest, a check) is done.
  #open(): Batch {
    if (!this.#current) {
      this.#current = this.#newBatch();
      queueMicrotask(() => this.#seal());
    }
    return this.#current;
  }

  // The chain changed without an event (a part saw it): a batch carries the change.
  #touch(): void {
    if (!this.#closed) this.#open();
  }

  #collect(batch: Batch, catchUp?: SealedBatch['catchUp']): PartWrite[] {
    const sealed: SealedBatch = { events: batch.events, blocks: batch.blocks, catchUp };
    return this.#parts.map((part) => part.collect(this.#chain, sealed)).filter((write): write is PartWrite => write !== undefined);
  }

  // Every event joins the open batch; a harvest's block and proof are read as they happen (the chain is synchronous).
  #take(event: ChainEvent): void {
    const batch = this.#open();
    batch.events.push(event);
    if (event.channel === 'block') {
      const { block } = event.data as { block: { height: string } };
      const info = this.#chain.blocks.getByHeight(BigInt(block.height)) as BlockInfoDTO | undefined;
      if (info) batch.blocks.push(info);
    } else if (event.channel === 'finalizedBlock') {
      const { finalizationEpoch } = event.data as { finalizationEpoch: number };
      const proof = this.#chain.finalization.proofAtEpoch(finalizationEpoch) as FinalizationProofDTO | undefined;
      if (proof) batch.proofs.push(proof);
    }
  }

  #seal(): void {
    const batch = this.#current;
    if (!batch) return;
    this.#current = undefined;
    // The head as it stands now: the batch's last block; the parts' rows as they stand now.
    batch.meta = this.#metaNow();
    batch.writes = this.#collect(batch);
    this.#queue.push(batch);
    if (!this.#writing) this.#writing = this.#drain();
  }

  async #drain(): Promise<void> {
    let delay = this.#options.retryDelay ?? 100;
    while (this.#queue.length > 0) {
      try {
        await this.#write(this.#queue[0]);
        this.#queue.shift();
        delay = this.#options.retryDelay ?? 100;
      } catch (error) {
        (this.#options.onError ?? ((e: Error) => console.error('symbol-gateway: writing to PostgreSQL failed; retrying', e)))(error as Error);
        await new Promise((resolve) => setTimeout(resolve, delay));
        delay = Math.min(delay * 2, 5_000);
      }
    }
    this.#writing = undefined;
    for (const resolve of this.#idle.splice(0)) resolve();
  }

  // One transaction: blocks with their list ranks, proofs, events, the meta rows; NOTIFY goes out at commit.
  async #write(batch: Batch): Promise<void> {
    await inTransaction(this.#pool, async (client) => {
      await insertBlocks(client, batch.blocks);
      for (const write of batch.writes) await write(client);
      for (const proof of batch.proofs) {
        await client.query('insert into finalization_proofs (epoch, height, json) values ($1, $2, $3) on conflict (epoch) do nothing', [proof.finalizationEpoch, proof.height, JSON.stringify(proof)]);
      }
      if (batch.events.length > 0) {
        await client.query(
          'insert into events (channel, addresses, data) select * from unnest($1::text[], $2::text[], $3::text[])',
          [batch.events.map((event) => event.channel), batch.events.map((event) => event.addresses.join(' ')), batch.events.map((event) => JSON.stringify(event.data))],
        );
        await client.query('select pg_notify($1, $2)', [EVENTS_CHANNEL, '']);
      }
      for (const [key, value] of Object.entries(batch.meta)) {
        await client.query('insert into meta (key, json) values ($1, $2) on conflict (key) do update set json = excluded.json', [key, JSON.stringify(value)]);
      }
    });
  }

  #metaNow(): Record<string, unknown> {
    const chain = this.#chain;
    return { chainInfo: chain.chain.info(), storage: chain.node.storage!() };
  }

  // At start, also what never changes: the node, the network and its properties.
  #startMeta(): Record<string, unknown> {
    const chain = this.#chain;
    return {
      ...this.#metaNow(),
      nodeInfo: chain.node.info(),
      serverInfo: chain.node.server(),
      nodePeers: chain.node.peers!(),
      nodeMetadata: chain.node.metadata!(),
      unlockedAccounts: chain.node.unlockedAccounts!(),
      networkType: chain.network.type(),
      networkProperties: chain.network.properties(),
      inflation: chain.network.inflation!(),
      epochAdjustment: chain.options.epochAdjustment,
    };
  }
}

/** The lists a block is paged under: the whole chain, its signer, its beneficiary, both. */
function blockLists(info: BlockInfoDTO): string[] {
  const { signerPublicKey: signer, beneficiaryAddress: beneficiary } = info.block;
  return ['blocks', `blocks/signer=${signer}`, `blocks/beneficiary=${beneficiary}`, `blocks/signer=${signer}&beneficiary=${beneficiary}`];
}

async function insertBlocks(client: pg.PoolClient, blocks: readonly BlockInfoDTO[]): Promise<void> {
  if (blocks.length === 0) return;
  await client.query('insert into blocks (height, id, hash, timestamp, json) select * from unnest($1::bigint[], $2::text[], $3::text[], $4::bigint[], $5::text[])', [
    blocks.map((info) => info.block.height),
    blocks.map((info) => info.id),
    blocks.map((info) => info.meta.hash),
    blocks.map((info) => info.block.timestamp),
    blocks.map((info) => JSON.stringify(info)),
  ]);
  await appendToLists(client, blocks.flatMap((info) => blockLists(info).map((list) => ({ list, key: info.id, entry: BigInt(info.block.height) }))));
}
