import type pg from 'pg';
import type { ChainEvent, EventFeed } from '../backend/events.js';
import type { GatewayBackend } from '../backend/index.js';
import type { BlockInfoDTO, CosignatureDTO, FinalizationProofDTO } from '../backend/dto.js';
import { InMemoryChain } from '../in-memory-chain.js';
import type { Chain } from '../memory/chain/chain.js';
import { differingOptions, dumpedNemesis, DUMP_FORMAT, DUMP_VERSION, dumpedOptions, optionsOfDump, STATE_OPTIONS, type ChainDump, type ChainInput, type DumpedOptions } from '../memory/chain-dump.js';
import { resolveChainOptions, type InMemoryChainOptions } from '../memory/options.js';
import { INBOUND_CHANNEL, type StoredNetwork } from './inputs.js';
import { eventRetention, insertBlocks, insertEvents, insertProofs, pruneEvents } from './blocks.js';
import { writeMeta } from './meta.js';
import { migrate } from './migrations.js';
import type { PartWrite, SealedBatch, StorePart } from './part.js';
import { STORE_MODULES } from './parts.js';
import { LIST_BUCKET_SIZE } from './state-lists.js';
import { createPool, inTransaction, positive, type PostgresOptions } from './pool.js';
import { WakeUpReader } from './wakeup.js';

/** The channel NOTIFY wakes readers on once new events are committed. */

/** What one database transaction writes: the blocks harvested since the last one, with every event in between. */
interface Batch {
  readonly events: ChainEvent[];
  readonly blocks: BlockInfoDTO[];
  readonly proofs: FinalizationProofDTO[];
  /** The chain's head, node storage and the like once the batch was taken (the meta rows). */
  meta: Record<string, unknown>;
  /** The parts' writes (transactions, state entries, receipts …), collected as the batch was sealed. */
  writes: PartWrite[];
  /** The last inbound announce the chain took before the batch was sealed (its row and those before go). */
  inboundTaken: bigint;
  /** Its place among the batches sealed (1, 2, …): what a commit barrier waits for. */
  seq: number;
}

/** A wait for the commit of the batches sealed up to `seq`. */
interface CommitWait {
  readonly seq: number;
  readonly resolve: () => void;
}

export interface PostgresWriterOptions extends PostgresOptions {
  /** ms before a failed write is tried again (doubling up to 5 s). Default 100. */
  retryDelay?: number;
  /** Told about each failed write (it is retried). Default `console.error`. */
  onError?: (error: Error) => void;
  /** ms between reads of the inbound announces when no NOTIFY wakes the writer. Default 1000. */
  inboundPollInterval?: number;
  /**
   * Entries per bucket of the state lists (accounts, mosaics, namespaces …; see
   * docs/postgres-store.md): any page finds its bucket by a tree's descent and skips fewer
   * than 2 × size index rows; an entry that joins or leaves a list of n entries moves its
   * bucket's count and a few tree nodes (at most log2(n / size) + 12). Default 1000.
   */
  listBucketSize?: number;
  /**
   * Blocks whose events the events table keeps (what readers' WebSocket feeds read): each
   * write deletes those of older blocks, 5,000 rows at most. A reader whose feed falls further
   * behind closes its WebSocket clients (1011, so they reconnect and resynchronize) and goes on
   * from the newest event. A whole number ≥ 1, or `Infinity` to keep every event. Default
   * 2880 (a day of 30 s blocks).
   */
  eventRetention?: number;
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
  readonly #chain: Chain;
  readonly #pool: pg.Pool;
  readonly #options: PostgresWriterOptions;
  readonly #queue: Batch[] = [];
  #current: Batch | undefined;
  #writing: Promise<void> | undefined;
  #unsubscribe: (() => void) | undefined;
  #closed = false;
  readonly #idle: (() => void)[] = [];
  readonly #parts: readonly StorePart[];
  readonly #inbound: WakeUpReader;
  /** The last inbound announce given to the chain. */
  #inboundTaken = 0n;
  /** Batches sealed so far, and how many of them are committed (in order: a batch commits after those before it). */
  #sealedCount = 0;
  #committedCount = 0;
  readonly #commitWaits: CommitWait[] = [];
  readonly #committedListeners = new Set<(event: ChainEvent) => void>();

  private constructor(chain: Chain, pool: pg.Pool, options: PostgresWriterOptions, parts: readonly StorePart[]) {
    this.#chain = chain;
    this.#pool = pool;
    this.#options = options;
    this.#parts = parts;
    this.#inbound = new WakeUpReader(options, INBOUND_CHANNEL, options.inboundPollInterval ?? 1_000, (client) => this.#takeInbound(client));
  }

  /**
   * Migrates the database, writes the chain's blocks the database lacks, then follows the
   * chain. A database that holds another chain (another block at a height) is refused.
   */
  static async start(chain: Chain, options: PostgresWriterOptions): Promise<PostgresWriter> {
    if (!chain.options.keepInputs) throw new TypeError('a chain written to PostgreSQL keeps its inputs (keepInputs: true): a writer restarts by playing them again');
    const partOptions = { listBucketSize: positive('listBucketSize', options.listBucketSize ?? LIST_BUCKET_SIZE) };
    const pool = createPool(options);
    try {
      await migrate(pool);
      const writer = new PostgresWriter(chain, pool, options, STORE_MODULES.map((module) => module.createPart(partOptions)));
      const { rows } = await pool.query<{ json: string }>(`select json from meta where key = 'inboundTaken'`);
      writer.#inboundTaken = BigInt(rows[0] ? (JSON.parse(rows[0].json) as string) : 0);
      const catchUp = await writer.#catchUp();
      // Taken with no wait since the catch-up was read: whatever the chain does from here on joins the next batches.
      chain.following().pin('a PostgreSQL writer follows this chain');
      writer.#unsubscribe = chain.events.subscribe((event) => writer.#take(event));
      for (const part of writer.#parts) part.follow?.(chain, () => writer.#touch());
      // The catch-up is written first; batches sealed meanwhile wait for it.
      const written = writer.#write(catchUp).then(() => writer.#committed(catchUp));
      writer.#writing = written.then(() => writer.#drain(), () => undefined);
      try {
        await written;
      } catch (error) {
        writer.#unsubscribe();
        writer.#closed = true;
        throw error;
      }
      writer.#inbound.start();
      return writer;
    } catch (error) {
      await pool.end();
      throw error;
    }
  }

  /**
   * What the chain did so far, once it is committed: `undefined` when it is already (nothing
   * to wait for), else a promise that resolves at the commit of the last batch. A gateway
   * serving the writer's chain waits for it before each answer (`writerBackend`), so no client
   * ever reads what a crash of the writer would take back.
   */
  durable(): Promise<void> | undefined {
    this.#seal();
    const seq = this.#sealedCount;
    if (this.#committedCount >= seq) return undefined;
    return new Promise<void>((resolve) => this.#commitWaits.push({ seq, resolve }));
  }

  /**
   * The chain's events once their batch is committed, in chain order: the WebSocket frames a
   * client gets never tell of a block or a status that a crash of the writer would take back.
   */
  readonly committedEvents: EventFeed = {
    subscribe: (listener) => {
      this.#committedListeners.add(listener);
      return () => void this.#committedListeners.delete(listener);
    },
  };

  // A batch is committed: its events go out, and the answers waiting for it.
  #committed(batch: Batch): void {
    this.#committedCount = batch.seq;
    for (const event of batch.events) {
      for (const listener of this.#committedListeners) {
        try {
          listener(event);
        } catch (error) {
          console.error('symbol-gateway: a listener of the committed events failed', error);
        }
      }
    }
    let kept = 0;
    for (const wait of this.#commitWaits) {
      if (wait.seq <= batch.seq) wait.resolve();
      else this.#commitWaits[kept++] = wait;
    }
    this.#commitWaits.length = kept;
  }

  /** Resolves once everything the chain did so far is committed. */
  async flushed(): Promise<void> {
    this.#seal();
    if (!this.#writing) return;
    await new Promise<void>((resolve) => this.#idle.push(resolve));
  }

  /**
   * Checks the announces the chain still holds (so a restart has them), writes what is pending,
   * stops following the chain and closes the pool.
   */
  async close(): Promise<void> {
    if (this.#closed) return;
    await this.#inbound.close();
    this.#chain.processAnnounced();
    this.#unsubscribe?.();
    await this.flushed();
    this.#closed = true;
    await this.#pool.end();
  }

  /**
   * The batch of what the chain has and the database lacks (a fresh database: everything from
   * the nemesis block). The database is read first; the batch is then taken from the chain with
   * no wait, so nothing the chain does can fall between it and the subscription that follows.
   */
  async #catchUp(): Promise<Batch> {
    const { rows } = await this.#pool.query<{ height: string; hash: string }>('select height, hash from blocks order by height desc limit 1');
    const stored = rows[0] ? Number(rows[0].height) : 0;
    const chain = this.#chain.following();
    if (stored > 0) {
      const at = Math.min(stored, chain.height);
      const { rows: same } = await this.#pool.query<{ hash: string }>('select hash from blocks where height = $1', [at]);
      const own = chain.block(at)!;
      const height = chain.height;
      if (same[0]?.hash !== own.meta.hash || stored > height) {
        throw new Error(`the database holds another chain (its block ${at} is ${same[0]?.hash ?? 'missing'}, the chain's ${own.meta.hash}${stored > height ? `; it is at height ${stored}, the chain at ${height}` : ''})`);
      }
    }
    const batch = this.#newBatch();
    for (let h = stored + 1; h <= chain.height; h++) batch.blocks.push(chain.block(h)!);
    for (let epoch = 1; ; epoch++) {
      const proof = chain.proofAtEpoch(epoch);
      if (!proof) break;
      if (Number(proof.height) > stored) batch.proofs.push(proof);
    }
    batch.meta = this.#startMeta();
    batch.writes = this.#collect(batch, { storedHeight: BigInt(stored) });
    batch.seq = ++this.#sealedCount;
    return batch;
  }

  #newBatch(): Batch {
    return { events: [], blocks: [], proofs: [], meta: {}, writes: [], inboundTaken: this.#inboundTaken, seq: 0 };
  }

  /**
   * Gives the chain the announces queued by gateway instances after the last one it took, and
   * has them checked now, so the batch that records the last one taken also holds their
   * effects (a restart neither loses nor repeats one). The instance checked each envelope; one
   * the chain still refuses is dropped, as a node drops what it cannot read.
   */
  async #takeInbound(client: pg.Client): Promise<void> {
    for (;;) {
      const { rows } = await client.query<{ seq: string; kind: string; payload: string }>('select seq, kind, payload from inbound where seq > $1 order by seq limit 500', [this.#inboundTaken.toString()]);
      if (rows.length === 0 || this.#closed) return;
      for (const row of rows) {
        try {
          if (row.kind === 'cosignature') this.#chain.announcer.announceCosignature(JSON.parse(row.payload) as CosignatureDTO);
          else if (row.kind === 'partial') this.#chain.announcer.announcePartial(row.payload);
          else this.#chain.announcer.announce(row.payload);
        } catch {
          // Refused by the chain: nothing to record.
        }
        this.#inboundTaken = BigInt(row.seq);
      }
      this.#chain.processAnnounced();
      this.#touch();
    }
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
    batch.inboundTaken = this.#inboundTaken;
    batch.writes = this.#collect(batch);
    batch.seq = ++this.#sealedCount;
    this.#queue.push(batch);
    if (!this.#writing) this.#writing = this.#drain();
  }

  async #drain(): Promise<void> {
    const retryDelay = this.#options.retryDelay ?? 100;
    let delay = retryDelay;
    while (this.#queue.length > 0) {
      try {
        const batch = this.#queue[0];
        await this.#write(batch);
        this.#queue.shift();
        this.#committed(batch);
        delay = retryDelay;
      } catch (error) {
        this.#report(error as Error);
        await new Promise((resolve) => setTimeout(resolve, delay));
        delay = Math.min(delay * 2, 5_000);
      }
    }
    this.#writing = undefined;
    for (const resolve of this.#idle.splice(0)) resolve();
  }

  #report(error: Error): void {
    (this.#options.onError ?? ((e: Error) => console.error('symbol-gateway: writing to PostgreSQL failed; retrying', e)))(error);
  }

  // One transaction: blocks with their list ranks, proofs, events, the meta rows; NOTIFY goes out at commit.
  async #write(batch: Batch): Promise<void> {
    // Checked at each write: the first (the catch-up, in `start`) refuses a bad value.
    const retention = eventRetention(this.#options.eventRetention);
    await inTransaction(this.#pool, async (client) => {
      await insertBlocks(client, batch.blocks);
      for (const write of batch.writes) await write(client);
      await insertProofs(client, batch.proofs);
      await insertEvents(client, batch.events);
      await pruneEvents(client, batch.blocks, retention);
      await client.query('delete from inbound where seq <= $1', [batch.inboundTaken.toString()]);
      await writeMeta(client, { ...batch.meta, inboundTaken: batch.inboundTaken.toString() });
    });
  }

  #metaNow(): Record<string, unknown> {
    const chain = this.#chain;
    return { chainInfo: chain.chain.info(), storage: chain.node.storage!(), timeOffset: chain.dev.timeOffset.toString() };
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
      symbolNetwork: { network: chain.options.network, epochAdjustment: chain.options.epochAdjustment, generationHashSeed: chain.options.generationHashSeed } satisfies StoredNetwork,
      chainOptions: dumpedOptions(chain.options),
    };
  }
}

/** What `openPostgresChain` takes: the database, the writer's options, and the chain's. */
export interface PostgresChainOptions extends PostgresWriterOptions {
  /**
   * The chain's options. When the database already holds a chain, those that decide its state
   * (seed, network, rules …, see `STATE_OPTIONS`) are the stored chain's: one given that differs
   * is refused; the rest (clock, block interval, mining) apply as given.
   */
  chain?: InMemoryChainOptions;
}

/**
 * The chain a PostgreSQL database holds, and its writer: a new chain for an empty database;
 * otherwise the stored chain, played again from its stored inputs (as `InMemoryChain.load`
 * plays a dump) to the height, state, pools and entry ids the database has, then followed on.
 *
 * @throws Error when the stored chain does not play to the database's head, or `options.chain`
 *   disagrees with it
 */
export async function openPostgresChain(options: PostgresChainOptions): Promise<{ chain: InMemoryChain; writer: PostgresWriter; backend: GatewayBackend }> {
  const pool = createPool(options);
  let dump: ChainDump | undefined;
  try {
    await migrate(pool);
    dump = await storedChain(pool);
  } finally {
    await pool.end();
  }
  const chain = dump ? restore(dump, options.chain ?? {}) : new InMemoryChain(options.chain);
  try {
    const writer = await PostgresWriter.start(chain, options);
    return { chain, writer, backend: writerBackend(chain, writer) };
  } catch (error) {
    chain.close();
    throw error;
  }
}

/**
 * The writer's chain as a gateway serves it: each answer waits for the commit of what the
 * chain did before it (`durable`), and the WebSocket frames are the committed events. So a
 * client of the writer's own gateway never sees a block, a status or a finalization that a
 * crash of the writer would take back (a restart plays the stored inputs, to the stored head).
 *
 * @example
 * const { chain, writer } = await openPostgresChain({ url });
 * const gateway = createGateway({ backend: writerBackend(chain, writer), dev: true });
 */
export function writerBackend(chain: InMemoryChain, writer: PostgresWriter): GatewayBackend {
  // The chain's repositories as they are (fields of the chain); its methods called on the chain itself.
  return {
    ...(chain as GatewayBackend),
    events: writer.committedEvents,
    revision: () => chain.revision(),
    durable: () => writer.durable(),
    close: () => chain.close(),
  };
}

// The stored chain as a dump: its options, inputs and head; undefined for a database with no block.
async function storedChain(pool: pg.Pool): Promise<ChainDump | undefined> {
  const { rows: [head] } = await pool.query<{ json: string }>('select json from blocks order by height desc limit 1');
  if (!head) return undefined;
  const latest = JSON.parse(head.json) as BlockInfoDTO;
  const meta = new Map((await pool.query<{ key: string; json: string }>(`select key, json from meta where key in ('chainOptions', 'timeOffset')`)).rows.map((row) => [row.key, JSON.parse(row.json) as unknown]));
  const inputs = (await pool.query<{ json: string }>('select json from inputs order by seq')).rows.map((row) => JSON.parse(row.json) as ChainInput);
  return {
    format: DUMP_FORMAT,
    version: DUMP_VERSION,
    options: meta.get('chainOptions') as DumpedOptions,
    timeOffset: (meta.get('timeOffset') as string | undefined) ?? '0',
    head: { height: latest.block.height, hash: latest.meta.hash, stateHash: latest.block.stateHash },
    inputs,
  };
}

function restore(dump: ChainDump, options: InMemoryChainOptions): InMemoryChain {
  const nemesis = dumpedNemesis(dump.options);
  if (nemesis !== undefined && options.nemesis === undefined) {
    throw new Error(`the database holds a chain made on a network's nemesis block (${nemesis}): give that block again (--genesis <its preset>) to continue it`);
  }
  const given = STATE_OPTIONS.filter((name) => options[name] !== undefined);
  const differing = differingOptions(dump, resolveChainOptions({ ...optionsOfDump(dump.options), ...pick(options, given) }));
  if (differing.length > 0) throw new Error(`the database holds a chain made with other options (${differing.join(', ')}): leave them out to continue it, or use another database`);
  // The nemesis block a stored chain was made on is given again (the database names it by its hash).
  const runtime = Object.fromEntries(Object.entries(options).filter(([name]) => name === 'nemesis' || !(STATE_OPTIONS as readonly string[]).includes(name)));
  try {
    return InMemoryChain.load(dump, runtime);
  } catch (error) {
    throw new Error(`the chain stored in the database does not play again to its head: ${(error as Error).message}`, { cause: error });
  }
}

function pick<T extends object, K extends keyof T>(value: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, value[key]])) as Pick<T, K>;
}
