import type pg from 'pg';
import type { ChainEvent, EventFeed } from '../backend/events.js';
import type { GatewayBackend } from '../backend/index.js';
import type { BlockInfoDTO, ChainInfoDTO, FinalizationProofDTO, NodeHealthDTO, NetworkTypeDTO, NodeInfoDTO, ServerInfoDTO } from '../backend/dto.js';
import type { BlockSearchCriteria, PageResult } from '../backend/repositories.js';
import type { StoredNetwork } from './inputs.js';
import { createPool, type PostgresOptions } from './pool.js';
import { blockList } from './lists.js';
import { STORE_MODULES } from './parts.js';
import { bigintParam, MAX_BIGINT, pageOfEntries, Reader } from './reader.js';
import { WakeUpReader } from './wakeup.js';
import { EVENTS_CHANNEL } from './blocks.js';
import { positive } from './pool.js';
import { staleness } from './staleness.js';

export interface PostgresBackendOptions extends PostgresOptions {
  /** ms between reads of the events table when no NOTIFY wakes the feed (a missed wake-up costs at most this). Default 1000. */
  eventPollInterval?: number;
  /** What `/node/peers` lists. Default: what the writer's chain lists. */
  peers?: readonly NodeInfoDTO[];
  /** What `/node/metadata` answers. Default: the writer's chain's. */
  nodeMetadata?: Readonly<Record<string, string>>;
  /** The `deployment` of `/node/server`. Default: the writer's chain's. */
  deployment?: Readonly<ServerInfoDTO['serverInfo']['deployment']>;
  /** The network's `description` in `/network`. Default: the writer's chain's. */
  networkDescription?: string;
  /**
   * Block times after which a database whose newest block has not moved counts as stopped:
   * `/node/health` then answers 503 with `apiNode: 'down'` and the `reason` (its writer, or the
   * node behind a mirror, is gone), and 200 again once a block arrives. Default: off.
   */
  staleAfter?: number;
  /** The block time (ms) `staleAfter` counts in. Default: the stored network's `blockGenerationTargetTime`. */
  blockTime?: number;
}

/**
 * A gateway backend over the PostgreSQL store a `PostgresWriter` fills: stateless, so any
 * number of gateway instances can serve one database. A database that cannot be reached
 * answers 503 (`/node/health` reports `db: down`) until it is back; nothing needs a restart.
 */
export interface PostgresBackend extends GatewayBackend {
  events: PostgresEventFeed;
  /** Ends the event feed's connection and the pool. */
  close(): Promise<void>;
}

/** A backend over the PostgreSQL store at `options.url`. */
export function createPostgresBackend(options: PostgresBackendOptions): PostgresBackend {
  const staleAfter = options.staleAfter === undefined ? undefined : positive('staleAfter', options.staleAfter);
  const blockTime = options.blockTime === undefined ? undefined : positive('blockTime', options.blockTime);
  const pool = createPool(options);
  const db = new Reader(pool);
  const feed = new PostgresEventFeed(options, options.eventPollInterval ?? 1_000);
  const meta = <T>(key: string) => db.meta<T>(key);
  const served = STORE_MODULES.map((module) => module.repositories(db));
  return {
    blocks: {
      // What parts serve of the block routes (merkle paths) joins the blocks themselves.
      ...Object.assign({}, ...served.map((part) => part.blocks)),
      search: (criteria) => searchBlocks(db, criteria),
      getByHeight: (height) => db.byKey<BlockInfoDTO>('select height::text as key, json from blocks where height = any($1::bigint[])', [], bigintParam(height)),
    },
    chain: { info: () => meta<ChainInfoDTO>('chainInfo') },
    node: {
      info: () => meta('nodeInfo'),
      // A reader's own node settings, when given, over what the writer stored.
      server: async () => {
        const stored = await meta<ServerInfoDTO>('serverInfo');
        const { deployment } = options;
        return deployment ? { serverInfo: { ...stored.serverInfo, deployment: { ...deployment } } } : stored;
      },
      // The clock of this process, with the development controls' time travel as the writer stored it.
      networkTime: async () => {
        const [{ epochAdjustment }, offset] = await Promise.all([meta<StoredNetwork>('symbolNetwork'), meta<string>('timeOffset')]);
        return BigInt(Date.now()) - BigInt(epochAdjustment) * 1000n + BigInt(offset);
      },
      health: async (): Promise<NodeHealthDTO> => {
        if (!(await db.reachable())) return { status: { apiNode: 'up', db: 'down' } };
        const reason = staleAfter === undefined ? undefined : await staleness(db, staleAfter, blockTime).catch(() => 'the database did not answer');
        return reason === undefined ? { status: { apiNode: 'up', db: 'up' } } : { status: { apiNode: 'down', db: 'up' }, reason };
      },
      storage: () => meta('storage'),
      peers: () => (options.peers ? options.peers.map((peer) => ({ ...peer })) : meta('nodePeers')),
      unlockedAccounts: () => meta('unlockedAccounts'),
      metadata: () => (options.nodeMetadata ? { ...options.nodeMetadata } : meta('nodeMetadata')),
    },
    network: {
      type: async () => {
        const stored = await meta<NetworkTypeDTO>('networkType');
        return options.networkDescription === undefined ? stored : { ...stored, description: options.networkDescription };
      },
      properties: () => meta('networkProperties'),
      inflation: () => meta('inflation'),
    },
    finalization: {
      proofAtEpoch: (epoch) => db.json<FinalizationProofDTO>('select json from finalization_proofs where epoch = $1', [epoch]),
      proofAtHeight: (height) => db.json<FinalizationProofDTO>('select json from finalization_proofs where height = $1', [bigintParam(height)]),
    },
    ...Object.assign({}, ...served.map(({ blocks: _blocks, ...repositories }) => repositories)),
    events: feed,
    revision: answerRevision(feed),
    async observe() {
      const [row] = await db.rows<{ height: string | null }>('select max(height) as height from blocks').catch(() => [{ height: null }]);
      const delivered = feed.deliveredHeight;
      return {
        heightBehind: row.height === null || delivered === undefined ? undefined : Math.max(0, Number(BigInt(row.height) - delivered)),
        secondsSinceLastEvent: feed.secondsSinceLastEvent,
        pool: db.pool,
        queryErrors: db.errors,
      };
    },
    async close() {
      await feed.close();
      await pool.end();
    },
  };
}

/**
 * The revision of the answers a reader serves: the sequence of the last event its feed
 * delivered. Every write of a writer (or a mirror) that changes an answer commits an event row
 * with it (a `revision` row when nothing else), so an answer read after the feed delivered seq
 * n holds at least what n's transaction wrote, and the revision moves once a later one is read.
 * Until the feed knows where it starts, each call is a new revision: nothing is kept. The feed
 * is started on the first call, so the revision moves with no WebSocket subscriber too; while
 * the database is unreachable it stays (the data cannot change meanwhile), and the feed reads
 * the gap, moving it, once the database is back.
 */
function answerRevision(feed: PostgresEventFeed): () => number {
  let started = false;
  let unpositioned = 0;
  return () => {
    if (!started) {
      started = true;
      void feed.ready();
    }
    const seq = feed.lastSeq;
    return seq === undefined ? -++unpositioned : Number(seq);
  };
}

async function searchBlocks(db: Reader, criteria: BlockSearchCriteria): Promise<PageResult<BlockInfoDTO>> {
  const list = blockList(criteria.signerPublicKey, criteria.beneficiaryAddress);
  // The timestamp bounds as heights (timestamps grow with height), found by the page's own statement.
  const low = criteria.fromTimestamp === undefined ? '1' : { select: 'select min(height) from blocks where timestamp >= $?', value: bigintParam(criteria.fromTimestamp) };
  const high = criteria.toTimestamp === undefined ? MAX_BIGINT : { select: 'select max(height) from blocks where timestamp <= $?', value: bigintParam(criteria.toTimestamp) };
  const page = await pageOfEntries(db, { list, table: 'blocks', column: 'height' }, low, high, { ...criteria, offset: await offsetId(db, criteria) });
  return { data: page.json.map((json) => JSON.parse(json) as BlockInfoDTO), totalEntries: page.totalEntries };
}

/**
 * The offset as a block id: sorted by height it is a height, and ids grow with height, so the
 * blocks past a height are those past its block's id (past every id for a height above the
 * chain's, '' below every id for height 0).
 */
async function offsetId(db: Reader, criteria: BlockSearchCriteria): Promise<string | undefined> {
  if (criteria.orderBy !== 'height' || criteria.offset === undefined) return criteria.offset;
  const height = BigInt(criteria.offset);
  if (height === 0n) return '';
  const [row] = await db.rows<{ id: string }>('select id from blocks where height = $1', [bigintParam(height)]);
  return row?.id ?? 'G';
}

interface EventRow {
  seq: string;
  channel: string;
  addresses: string;
  data: string;
}

/**
 * Chain events from the events table, in sequence order, each once: a subscriber gets the
 * events committed after it subscribed. NOTIFY only wakes the feed (and a poll every
 * `pollInterval` ms covers a missed one); it reads every row after the last sequence it
 * delivered, so a lost connection loses nothing: once it is back, the gap is read.
 */
export class PostgresEventFeed implements EventFeed {
  readonly #listeners = new Set<(event: ChainEvent) => void>();
  readonly #reader: WakeUpReader;
  #last: bigint | undefined;
  /** The height of the newest block the feed knows delivered (at its start, the database's newest). */
  #height: bigint | undefined;
  /** `performance.now()` of the last event delivered (of the start, before the first). */
  #lastEventAt: number | undefined;
  #positioned!: () => void;
  readonly #ready = new Promise<void>((resolve) => (this.#positioned = resolve));

  constructor(options: PostgresOptions, pollInterval: number) {
    this.#reader = new WakeUpReader(options, EVENTS_CHANNEL, pollInterval, (client) => this.#read(client));
  }

  subscribe(listener: (event: ChainEvent) => void): () => void {
    const subscribed = (event: ChainEvent) => listener(event);
    this.#listeners.add(subscribed);
    this.#reader.start();
    return () => this.#listeners.delete(subscribed);
  }

  /** Resolves once the feed knows where it starts: events committed from then on reach its subscribers. */
  ready(): Promise<void> {
    this.#reader.start();
    return this.#ready;
  }

  /** Resolves once every event committed before the call has reached the subscribers. */
  async caughtUp(): Promise<void> {
    await this.ready();
    this.#reader.wake();
    await this.#reader.idle();
  }

  close(): Promise<void> {
    return this.#reader.close();
  }

  /** The height of the newest block the feed delivered (or found at its start); undefined before it started. */
  get deliveredHeight(): bigint | undefined {
    return this.#height;
  }

  /** The sequence of the last event the feed delivered (at its start, the database's last); undefined before it started. */
  get lastSeq(): bigint | undefined {
    return this.#last;
  }

  /** Seconds since the feed last delivered an event (since it started, before the first); undefined before it started. */
  get secondsSinceLastEvent(): number | undefined {
    return this.#lastEventAt === undefined ? undefined : (performance.now() - this.#lastEventAt) / 1000;
  }

  async #read(client: pg.Client): Promise<void> {
    if (this.#last === undefined) {
      const { rows } = await client.query<{ seq: string | null; height: string | null }>('select max(seq) as seq, (select max(height) from blocks) as height from events');
      this.#last = BigInt(rows[0].seq ?? 0);
      this.#height = BigInt(rows[0].height ?? 0);
      this.#lastEventAt = performance.now();
      this.#positioned();
      return;
    }
    for (;;) {
      const { rows }: pg.QueryResult<EventRow> = await client.query<EventRow>('select seq, channel, addresses, data from events where seq > $1 order by seq limit 1000', [this.#last.toString()]);
      for (const row of rows) {
        this.#last = BigInt(row.seq);
        const event: ChainEvent = { channel: row.channel as ChainEvent['channel'], addresses: row.addresses === '' ? [] : row.addresses.split(' '), data: JSON.parse(row.data) };
        this.#lastEventAt = performance.now();
        if (event.channel === 'block') this.#height = BigInt((event.data as BlockInfoDTO).block.height);
        for (const listener of [...this.#listeners]) {
          try {
            listener(event);
          } catch (error) {
            console.error('symbol-gateway: a chain event listener failed', error);
          }
        }
      }
      if (rows.length < 1000) return;
    }
  }
}
