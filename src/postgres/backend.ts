import type pg from 'pg';
import type { ChainEvent, EventFeed } from '../backend/events.js';
import type { GatewayBackend } from '../backend/index.js';
import type { BlockInfoDTO, ChainInfoDTO, FinalizationProofDTO, NodeHealthDTO, NetworkTypeDTO, NodeInfoDTO, ServerInfoDTO } from '../backend/dto.js';
import type { BlockSearchCriteria, PageResult } from '../backend/repositories.js';
import { storedJson } from '../http/json.js';
import { inboundAnnouncer, type StoredNetwork } from './inputs.js';
import { createPool, type PostgresOptions } from './pool.js';
import { blockList } from './lists.js';
import { STORE_MODULES } from './parts.js';
import { bigintParam, MAX_BIGINT, pageOfEntries, Reader } from './reader.js';
import { WakeUpReader, type ReadOutcome } from './wakeup.js';
import { EVENTS_CHANNEL, EVENTS_PRUNED_META } from './blocks.js';
import { positive } from './pool.js';
import { staleness } from './staleness.js';

export interface PostgresBackendOptions extends PostgresOptions {
  /** ms between reads of the events table when no NOTIFY wakes the feed (a missed wake-up costs at most this). Default 1000. */
  eventPollInterval?: number;
  /**
   * The primary, when `url` is a hot standby (a streaming replica): announces are queued there
   * (a standby refuses every write), and the event feed LISTENs there (a standby refuses LISTEN),
   * then reads the events from `url` once the standby has replayed them. Without it, a reader of
   * a standby serves reads and events (polling every `standbyPollInterval` ms) and answers
   * announces 503. Default: none.
   */
  primaryUrl?: string;
  /** ms between reads of a hot standby's events table when no primary wakes the feed (no `primaryUrl`). Default 50. */
  standbyPollInterval?: number;
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
  const eventPollInterval = positive('eventPollInterval', options.eventPollInterval ?? 1_000);
  const standbyPollInterval = positive('standbyPollInterval', options.standbyPollInterval ?? 50);
  const primary = options.primaryUrl === undefined ? undefined : { ...options, url: postgresUrl('primaryUrl', options.primaryUrl) };
  // A reader's statements are prepared (see Reader) and planned once each.
  const pool = createPool(options, { genericPlans: true });
  const db = new Reader(pool);
  // Announces go to the primary (a standby refuses writes); its pool opens a connection only when one comes.
  const primaryPool = primary && createPool(primary);
  const feed = new PostgresEventFeed(options, eventPollInterval, { primary, standbyPollInterval });
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
    ...(primaryPool ? { announcer: inboundAnnouncer(db, new Reader(primaryPool)) } : {}),
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
      await Promise.all([pool.end(), primaryPool?.end()]);
    },
  };
}

/** `url`, checked to be a PostgreSQL connection URL (a TypeError naming the option otherwise). */
function postgresUrl(name: string, url: unknown): string {
  if (typeof url !== 'string' || !/^postgres(ql)?:\/\//.test(url)) throw new TypeError(`${name} must be a PostgreSQL URL (postgres://…), not ${typeof url === 'string' ? `'${url}'` : String(url)}`);
  return url;
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
  return { data: page.json.map((json) => storedJson<BlockInfoDTO>(json)), totalEntries: page.totalEntries };
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
  /** The writer's `EVENTS_PRUNED_META` row. */
  pruned: string | null;
}

/**
 * The rows after $1, each with the sequence the writer has deleted rows through (its meta row,
 * JSON; null when it has deleted none), in one statement: of one snapshot, so a row the feed
 * needs is either read or deleted through a sequence it sees. The writer never deletes the
 * newest rows, so when rows after $1 were deleted, rows after them come back to tell it.
 */
const READ_EVENTS = 'select seq, channel, addresses, data, (select json from meta where key = $2) as pruned from events where seq > $1 order by seq limit 1000';

interface Subscription {
  readonly listener: (event: ChainEvent) => void;
  readonly onError: ((error: Error) => void) | undefined;
}

/** Where a feed over a hot standby gets its wake-ups. */
export interface StandbyWakeUps {
  /** The standby's primary: the feed LISTENs there and learns how far the events go before reading them from the standby. */
  primary?: PostgresOptions;
  /** ms between reads of a standby that no primary wakes. Default 50. */
  standbyPollInterval?: number;
}

/**
 * Chain events from the events table, in sequence order, each once: a subscriber gets the
 * events committed after it subscribed. NOTIFY only wakes the feed (and a poll every
 * `pollInterval` ms covers a missed one); it reads every row after the last sequence it
 * delivered, so a lost connection loses nothing: once it is back, the gap is read.
 *
 * Over a hot standby the events are read from the standby, so a frame never goes out before the
 * standby's pages show what it tells (the writer commits both in one transaction, and a standby
 * replays a transaction whole). The wake-up comes from the primary when one is given: each
 * NOTIFY there is followed by the primary's newest sequence, and the feed reads the standby
 * again, a few ms apart, until it has delivered that far. Without a primary the standby is
 * polled every `standbyPollInterval` ms.
 *
 * The writer keeps the events of its latest blocks only (`eventRetention`). A feed that finds
 * the rows after its last sequence deleted (it was further behind: its connection was lost that
 * long, or it could not keep up) tells its subscribers' `onError` (the WebSocket hub closes its
 * sockets with 1011, so clients reconnect and resynchronize from the state), then goes on from
 * the newest event. It never delivers events with a silent gap.
 */
export class PostgresEventFeed implements EventFeed {
  readonly #subscriptions = new Set<Subscription>();
  readonly #reader: WakeUpReader;
  #last: bigint | undefined;
  /** The height of the newest block the feed knows delivered (at its start, the database's newest). */
  #height: bigint | undefined;
  /** `performance.now()` of the last event delivered (of the start, before the first). */
  #lastEventAt: number | undefined;
  /** The primary's newest sequence, as its last NOTIFY told: the feed over a standby reads until it has delivered this far. */
  #wanted = 0n;
  #positioned!: () => void;
  readonly #ready = new Promise<void>((resolve) => (this.#positioned = resolve));

  constructor(options: PostgresOptions, pollInterval: number, standby: StandbyWakeUps = {}) {
    this.#reader = new WakeUpReader(options, EVENTS_CHANNEL, pollInterval, (client) => this.#read(client), {
      listenOn: standby.primary,
      onNotify: async (primary, payload) => {
        // The writer's NOTIFY tells the last sequence it committed; one with no payload (an older writer's) is asked after.
        const told = /^\d+$/.test(payload) ? payload : (await primary.query<{ seq: string | null }>('select max(seq) as seq from events')).rows[0].seq;
        // As told, not the highest ever told: a primary emptied and filled again starts lower.
        this.#wanted = BigInt(told ?? 0);
      },
      unwokenInterval: standby.standbyPollInterval ?? 50,
    });
  }

  subscribe(listener: (event: ChainEvent) => void, onError?: (error: Error) => void): () => void {
    // An entry per call, so the same function subscribed twice is two subscriptions.
    const subscription: Subscription = { listener, onError };
    this.#subscriptions.add(subscription);
    this.#reader.start();
    return () => this.#subscriptions.delete(subscription);
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

  /** The sequence of the last event the feed delivered (at its start, the newest in the database); undefined before it started. */
  get lastSeq(): bigint | undefined {
    return this.#last;
  }

  /** Whether the database the feed reads is a hot standby (as its connection found); undefined before it connected. */
  get standby(): boolean | undefined {
    return this.#reader.standby;
  }

  /** The height of the newest block the feed delivered (or found at its start); undefined before it started. */
  get deliveredHeight(): bigint | undefined {
    return this.#height;
  }

  /** Seconds since the feed last delivered an event (since it started, before the first); undefined before it started. */
  get secondsSinceLastEvent(): number | undefined {
    return this.#lastEventAt === undefined ? undefined : (performance.now() - this.#lastEventAt) / 1000;
  }

  async #read(client: pg.Client): Promise<ReadOutcome> {
    if (this.#last === undefined) {
      await this.#positionAtNewest(client);
      this.#positioned();
      return;
    }
    for (;;) {
      const { rows }: pg.QueryResult<EventRow> = await client.query<EventRow>(READ_EVENTS, [this.#last.toString(), EVENTS_PRUNED_META]);
      const pruned = rows[0]?.pruned ? BigInt(JSON.parse(rows[0].pruned) as string) : 0n;
      if (pruned > this.#last) {
        await this.#lost(client, pruned);
        return;
      }
      for (const row of rows) {
        this.#last = BigInt(row.seq);
        const event: ChainEvent = { channel: row.channel as ChainEvent['channel'], addresses: row.addresses === '' ? [] : row.addresses.split(' '), data: JSON.parse(row.data) };
        this.#lastEventAt = performance.now();
        if (event.channel === 'block') this.#height = BigInt((event.data as BlockInfoDTO).block.height);
        for (const { listener } of [...this.#subscriptions]) {
          try {
            listener(event);
          } catch (error) {
            console.error('symbol-gateway: a chain event listener failed', error);
          }
        }
      }
      // Short of what the primary told: the standby has not replayed it yet.
      if (rows.length < 1000) return this.#last < this.#wanted ? 'behind' : undefined;
    }
  }

  /** Where the feed starts (or starts again): after the newest event, at the newest block. */
  async #positionAtNewest(client: pg.Client): Promise<void> {
    const { rows } = await client.query<{ seq: string | null; height: string | null }>('select max(seq) as seq, (select max(height) from blocks) as height from events');
    this.#last = BigInt(rows[0].seq ?? 0);
    this.#height = BigInt(rows[0].height ?? 0);
    this.#lastEventAt = performance.now();
  }

  /**
   * The events after the last one delivered, through `pruned`, were deleted before the feed read
   * them: it goes on from the newest, then tells its subscribers (once it stands there, so a
   * read that fails first tells them once, at its next attempt).
   */
  async #lost(client: pg.Client, pruned: bigint): Promise<void> {
    const first = this.#last! + 1n;
    await this.#positionAtNewest(client);
    const error = new Error(`the event feed fell behind the writer's event retention: the events of sequence ${first} to ${pruned} were deleted before it read them; it goes on after event ${this.#last}`);
    console.error(`symbol-gateway: ${error.message}`);
    for (const { onError } of [...this.#subscriptions]) {
      try {
        onError?.(error);
      } catch (thrown) {
        console.error('symbol-gateway: a chain event listener failed', thrown);
      }
    }
  }
}
