import { SymbolFacade } from 'symbol-sdk/symbol';
import type { BlockInfoDTO, ChainInfoDTO, CosignatureDTO, FinalizationProofDTO, FinalizedBlockDTO } from '../backend/dto.js';
import type { ChainEvent } from '../backend/events.js';
import type { ResolutionStatementInfoDTO, TransactionStatementInfoDTO } from '../backend/receipts.js';
import { AddressBook } from '../memory/address-book.js';
import type { BlockLeaves } from '../memory/block-merkle.js';
import { networkNamed, NETWORK_IDENTIFIERS, symbolNetwork } from '../network.js';
import type { StoredNetwork } from '../postgres/inputs.js';
import { MIRROR_META, type MirrorMeta } from '../postgres/meta.js';
import { MirrorStore, type MirroredBatch, type PendingBatch } from '../postgres/mirror-store.js';
import { positive, type PostgresOptions } from '../postgres/pool.js';
import { FEES_META, type StatementRow } from '../postgres/receipts.js';
import type { WakeUpReader } from '../postgres/wakeup.js';
import { UpstreamClient } from '../upstream/client.js';
import { UpstreamListener } from '../upstream/listener.js';
import { PAGE_SIZE } from '../upstream/paging.js';
import type { UpstreamNetwork } from '../upstream/network.js';
import type { UpstreamClientOptions } from '../upstream/options.js';
import type { Check } from '../upstream/shape.js';
import { UpstreamError } from '../upstream/upstream-error.js';
import { blockLeaves } from './leaves.js';
import { poolCopy, type Pooled } from './pools.js';
import type { StateRows } from '../postgres/state-write.js';
import { endedRows, stateRows, type CopiedBlocks, type StateSource } from './state.js';
import { ImportantAccounts, type HarvestingRule } from './accounts.js';
import { configMosaicId, configNumber } from '../network.js';
import { RangeReader } from './ranges.js';
import { mirroredTransactions, type MirroredTransactions } from './transactions.js';

/** The error `Mirror.start` throws for the database the chain engine's writer fills. */
export { WriterStoreError } from '../postgres/mirror-store.js';

/** How a mirror follows its upstream into the store. */
export interface MirrorOptions {
  /** The gateway followed: its URL, or the upstream client's options (timeout, retries, rate …). */
  upstream: string | UpstreamClientOptions;
  /** The store written (the same database `createPostgresBackend` instances serve). */
  store: PostgresOptions;
  /** The first height copied into an empty database. Default 1 (the nemesis block). */
  fromHeight?: bigint;
  /** Blocks per database transaction while catching up. Default 1000 (one read's worth: each commit costs its own fixed share, a durable one its flush). */
  batchSize?: number;
  /** ms between reads of the upstream's head when its WebSocket says nothing (a `block` frame wakes the mirror at once). Default 1000. */
  pollInterval?: number;
  /** Told after each written batch: where the mirror is and how fast it goes. */
  onProgress?: (progress: MirrorProgress) => void;
  /** Told about each failed step (the mirror waits, then tries again) and each announce the upstream refused (dropped). Default `console.error`. */
  onError?: (error: Error) => void;
}

/** Where a mirror stands. */
export interface MirrorProgress {
  /** The height written last. */
  height: bigint;
  /** The upstream's height when it was last read. */
  head: bigint;
  /** Blocks written per second over the last minute. */
  blocksPerSecond: number;
  /** Seconds to reach `head` at that rate (0 once there; undefined before a rate is known). */
  secondsLeft: number | undefined;
}

/** What one database transaction of the mirror writes, as a step puts it together: the store's `MirroredBatch` but its meta rows, its lists to add to. */
type Batch = { -readonly [K in keyof Omit<MirroredBatch, 'meta'>]: MirroredBatch[K] extends readonly (infer T)[] ? T[] : MirroredBatch[K] };

/**
 * Blocks read from the upstream at once (10 pages of the block listing): what they hold is read
 * by height ranges over all of them, so the requests of a range's fixed cost (its transactions,
 * statements and resolutions, each at least one) are spread over this many blocks; they are
 * then written `batchSize` at a time.
 */
const READ_SPAN = 10 * PAGE_SIZE;

/** Blocks as read from the upstream, before they are put together: per block, its transactions (none: undefined), statements and leaves; per batch of `batchSize` blocks, its state rows. */
interface ReadBatch {
  readonly blocks: BlockInfoDTO[];
  readonly transactions: (MirroredTransactions | undefined)[];
  readonly statements: StatementRow[][];
  readonly leaves: BlockLeaves[];
  readonly states: PlannedState[];
}

/**
 * The state rows of a batch not yet written, read ahead: its upstream reads go on while the
 * batches before it are written; its reads of the store wait for them (see `#planState`).
 */
interface PlannedState {
  readonly rows: Promise<StateRows>;
  /** Told once the batch is written (its rows in the store), or that it never will be (the step failed or ended). */
  readonly written: Gate;
}

/** A promise settled from outside: `open` once what it waits for happened, `abandon` when it never will. */
class Gate {
  readonly passed: Promise<void>;
  open!: () => void;
  abandon!: (reason: Error) => void;

  constructor() {
    this.passed = new Promise((resolve, reject) => [this.open, this.abandon] = [resolve, reject]);
    // Awaited only by the reads planned after it; one abandoned before any waits is no unhandled rejection.
    this.passed.catch(() => undefined);
  }
}

/** Batches written at once: the next one's rows go in while the one before it completes and commits. */
const WRITES_IN_FLIGHT = 2;

/** How far below the upstream's head a block's events are still written (see `#assembled`): the last hour of a 30-second chain and more. */
const RECENT_BLOCKS = 200n;

/** Answers the mirror copies as they are: any JSON object or array. */
const anyJson: Check<unknown> = (value) => {
  if (typeof value !== 'object' || value === null) throw new Error('is not a JSON object or array');
  return value;
};

/**
 * Follows an upstream Symbol gateway (this package's or the reference catapult-rest) into the
 * PostgreSQL store, block by block, so any number of `createPostgresBackend` instances serve
 * that network: its blocks (each linked to the one before it), their confirmed transactions
 * (each rebuilt into its signed bytes and checked against its hash and signatures) with their
 * statuses, their statements, the state entries they changed (every kind: see state.ts), its
 * head, its finalization proofs, the `block`, `confirmedAdded` and `finalizedBlock` events, and
 * its node and network answers;
 * each block's merkle leaves (the merkle path routes), and its pools with their events;
 * announces made to its readers are forwarded to the upstream (state proofs are asked of it by
 * the readers). Each batch of blocks is
 * one database transaction; a restarted mirror resumes after the last block it wrote. When the
 * upstream's block at a stored height differs (it switched to another fork), the unfinalized
 * blocks above the fork are removed and copied again. A database written by a chain engine's
 * writer, or by a mirror of another network, is refused.
 */
export class Mirror {
  readonly #store: MirrorStore;
  readonly #client: UpstreamClient;
  /** The accounts holding importance in the store, and which accounts are high-value: what an importance block changes. */
  readonly #important = new ImportantAccounts();
  #harvesting: HarvestingRule | undefined;
  /** Reads what runs of blocks hold by height ranges. */
  readonly #ranges: RangeReader;
  readonly #options: MirrorOptions;
  readonly #onError: (error: Error) => void;
  readonly #batchSize: number;
  readonly #pollInterval: number;
  #listener: UpstreamListener | undefined;
  readonly #abort = new AbortController();
  #running: Promise<void> | undefined;
  #wake: (() => void) | undefined;
  #woken = false;
  /** The last block written: its height and hash (0 and '' for none). */
  #height = 0n;
  #hash = '';
  /** The last finalization round stored (what the stored head shows as finalized). */
  #finalized: FinalizedBlockDTO | undefined;
  /** The first height the store holds (the mirror's `fromHeight` when it started on an empty database). */
  #fromHeight = 1n;
  #head = 0n;
  readonly #written: { at: number; height: bigint }[] = [];
  readonly #steps = new Set<() => void>();
  /** The upstream's network: what its transactions are decoded and checked for. */
  #facade!: SymbolFacade;
  #addresses!: AddressBook;
  /** Whether the next batch copies every state entry it mirrors (a fresh store, or one a fork switch left behind). */
  #copyState = false;
  /** The head as last written (JSON). */
  #writtenHead = '';
  /** The pools as last written (undefined before the first copy, which tells nothing). */
  #pooled: Map<string, Pooled> | undefined;
  /** Forwards what readers queue in `inbound` to the upstream. */
  readonly #inbound: WakeUpReader;
  /** The state reads planned in this step, in the order their batches are written: each starts once the one before it has read the upstream. */
  #planned: PlannedState[] = [];

  private constructor(store: MirrorStore, upstream: UpstreamClientOptions, options: MirrorOptions) {
    this.#store = store;
    const signal = upstream.signal ? AbortSignal.any([upstream.signal, this.#abort.signal]) : this.#abort.signal;
    this.#client = new UpstreamClient({ ...upstream, signal });
    this.#ranges = new RangeReader(this.#client);
    this.#options = options;
    this.#onError = options.onError ?? ((error) => console.error('symbol-gateway mirror:', error));
    this.#batchSize = positive('batchSize', options.batchSize ?? READ_SPAN);
    this.#pollInterval = positive('pollInterval', options.pollInterval ?? 1_000);
    this.#inbound = store.forwardAnnounces(options.store, this.#pollInterval, (announce) => this.#forward(announce), () => this.#abort.signal.aborted);
  }

  /**
   * Migrates the store, checks it holds nothing or this network's mirror, reads the upstream's
   * node and network, and starts following.
   *
   * @throws Error for a store that holds another chain; UpstreamError when the upstream is unreachable or on another network
   */
  static async start(options: MirrorOptions): Promise<Mirror> {
    const upstream = typeof options.upstream === 'string' ? { url: options.upstream } : options.upstream;
    const fromHeight = options.fromHeight ?? 1n;
    if (fromHeight < 1n) throw new TypeError(`fromHeight must be 1 or more, not ${fromHeight}`);
    const { store, meta: stored } = await MirrorStore.open(options.store);
    try {
      const mirror = new Mirror(store, upstream, options);
      const network = await mirror.#client.connect({ generationHash: stored?.generationHash });
      const name = networkNamed(network.networkIdentifier);
      if (name === undefined) throw new Error(`the upstream's network identifier ${network.networkIdentifier} is neither mainnet's (${NETWORK_IDENTIFIERS.mainnet}) nor testnet's (${NETWORK_IDENTIFIERS.testnet})`);
      const followed: StoredNetwork = { network: name, epochAdjustment: network.epochAdjustment, generationHashSeed: network.generationHash };
      const symbol = symbolNetwork(followed);
      mirror.#facade = new SymbolFacade(symbol);
      mirror.#addresses = new AddressBook(symbol);
      mirror.#harvesting = harvestingRule(network.properties);
      await mirror.#resume();
      await mirror.#writeNode(network, followed, stored ?? { generationHash: network.generationHash, upstream: mirror.#client.url, fromHeight: fromHeight.toString() });
      mirror.#fromHeight = BigInt(stored?.fromHeight ?? fromHeight);
      if (mirror.#height === 0n) mirror.#height = mirror.#fromHeight - 1n;
      mirror.#listener = new UpstreamListener({
        url: mirror.#client.url,
        onBlock: () => mirror.#wakeUp(),
        onFinalized: () => mirror.#wakeUp(),
        onReconnect: () => mirror.#wakeUp(),
        onError: () => undefined,
        backoff: upstream.backoff,
      });
      mirror.#running = mirror.#run();
      mirror.#inbound.start();
      return mirror;
    } catch (error) {
      await store.close();
      throw error;
    }
  }

  /** The height written last. */
  get height(): bigint {
    return this.#height;
  }

  /** Resolves once the mirror has written the upstream's head as it is now (and its finalization). */
  async caughtUp(): Promise<void> {
    const head = BigInt((await this.#client.chainInfo()).height);
    while (this.#height < head) await this.#nextStep();
    await this.#nextStep();
  }

  /** Stops following: the step in progress ends (a batch in progress is committed or rolled back whole), then the pool closes. */
  async close(): Promise<void> {
    if (this.#abort.signal.aborted) return;
    this.#abort.abort();
    this.#listener?.close();
    await this.#inbound.close();
    this.#wakeUp();
    await this.#running;
    await this.#store.close();
  }

  /**
   * Announces what a reader queued to the upstream; one the upstream refuses (a 4xx: its envelope
   * is wrong, trying again would not help) is reported and dropped. A transient failure throws:
   * the store keeps the announce, and the next wake-up tries it again.
   */
  async #forward(announce: { kind: 'transaction' | 'partial' | 'cosignature'; payload: string }): Promise<void> {
    try {
      await this.#client.announce(announce.kind, announce.kind === 'cosignature' ? (JSON.parse(announce.payload) as CosignatureDTO) : announce.payload);
    } catch (error) {
      if (!(error instanceof UpstreamError && error.kind === 'status' && error.status! < 500)) throw error;
      this.#onError(error);
    }
  }

  // Reads where the store stands: the last block and the last finalization epoch.
  async #resume(): Promise<void> {
    const head = await this.#store.head();
    if (head) [this.#height, this.#hash] = [head.height, head.hash];
    else this.#copyState = true;
    const proof = await this.#store.lastProof();
    if (proof) this.#finalized = finalizedOf(proof);
  }

  // What the node and network routes answer: the upstream's own answers, copied at each start.
  async #writeNode(network: UpstreamNetwork, followed: StoredNetwork, meta: MirrorMeta): Promise<void> {
    const get = (path: string) => this.#client.get(path, anyJson);
    const [serverInfo, nodePeers, unlockedAccounts, networkType, inflation] = await Promise.all(['/node/server', '/node/peers', '/node/unlockedaccount', '/network', '/network/inflation'].map(get));
    const nodeMetadata = await this.#client.find('/node/metadata', anyJson);
    await this.#store.writeMeta({
        [MIRROR_META]: meta,
        nodeInfo: network.node,
        serverInfo,
        nodePeers,
        unlockedAccounts,
        ...(nodeMetadata === undefined ? {} : { nodeMetadata }),
        networkType,
        networkProperties: network.properties,
        inflation,
        symbolNetwork: followed,
        timeOffset: '0',
    });
  }

  async #run(): Promise<void> {
    let failures = 0;
    while (!this.#abort.signal.aborted) {
      try {
        await this.#step();
        failures = 0;
      } catch (error) {
        if (this.#abort.signal.aborted) break;
        failures++;
        this.#onError(error as Error);
      }
      for (const resolve of [...this.#steps]) resolve();
      this.#steps.clear();
      if (this.#abort.signal.aborted) break;
      // After a failure, wait longer each time (up to 30 s); else until a block frame or the poll.
      await this.#sleep(failures === 0 ? this.#pollInterval : Math.min(30_000, this.#pollInterval * 2 ** Math.min(failures, 5)));
    }
  }

  // Copies what the upstream has past the store: blocks in batches, then finalization; the head and fees with each.
  async #step(): Promise<void> {
    let info = await this.#client.chainInfo();
    this.#head = BigInt(info.height);
    // The pools first: what left them for a block leaves before the block's transactions arrive.
    await this.#copyPools();
    // After a fork switch the head read before it is another chain's.
    if (!(await this.#onSameFork())) [info, this.#head] = await this.#readHead();
    let feesWritten = false;
    let next = this.#readAhead(this.#height + 1n, this.#hash, this.#copyState);
    // And the read after it: two reads ahead of the writes, so a write slot that frees finds its batch read.
    let after = this.#readAfter(next);
    /** The batches being written, oldest first. */
    const inFlight: Promise<void>[] = [];
    try {
      while (!this.#abort.signal.aborted) {
        const read = await next;
        if (read === undefined) break;
        if (read.blocks.length === 0) {
          // The upstream's next block does not follow the stored head: its chain changed under it.
          for (const committed of inFlight.splice(0)) await committed;
          if (await this.#onSameFork()) throw new Error(`the upstream's block ${this.#height + 1n} does not follow its own block ${this.#height}`);
          [info, this.#head] = await this.#readHead();
          await after.catch(() => undefined);
          next = this.#readAhead(this.#height + 1n, this.#hash, this.#copyState);
          after = this.#readAfter(next);
          continue;
        }
        // The next blocks are read while these are put together and written: the writes stay in order, each batch whole.
        next = after;
        after = this.#readAfter(next);
        for (let start = 0, at = 0; start < read.blocks.length && !this.#abort.signal.aborted; start += this.#batchSize, at++) {
          const batch = this.#assembled(read, start, Math.min(start + this.#batchSize, read.blocks.length));
          const end = batch.blocks.at(-1)!;
          // The fee quotes with a step's first batch and its last (they follow the upstream's head, not the batch); the batches between keep them.
          const withFees = !feesWritten || BigInt(end.block.height) >= this.#head;
          feesWritten = true;
          // Its rows go in now, while the batches before it are still being written; it commits after them.
          const committed = this.#committed(this.#store.begin(batch), batch, read.states[at], { ...info, height: end.block.height }, withFees);
          committed.catch(() => undefined);
          inFlight.push(committed);
          if (inFlight.length >= WRITES_IN_FLIGHT) await inFlight.shift();
        }
      }
      for (const committed of inFlight.splice(0)) await committed;
    } catch (error) {
      // A batch read ahead of one that failed is dropped (once its read ends: it plans no state after the plans are
      // abandoned), and the resolution walks start again from heights; the batches being written after it roll back.
      await Promise.all([next, after].map((read) => read.catch(() => undefined)));
      this.#abandonPlans();
      this.#important.forget();
      await this.#store.settled();
      this.#ranges.reset();
      throw error;
    } finally {
      // The state reads planned for batches not written (a failure, or the mirror closed) wait for nothing more.
      this.#abandonPlans();
    }
    await this.#finalize(info);
  }

  /**
   * Reads the batch from `height` on (its blocks, what they hold, their leaves), its blocks linked
   * to `previous` (the hash of the block below); undefined at the head. Its first block not
   * linked (the upstream switched forks) answers no blocks. A batch ends at a page of the block
   * listing's end, so each costs one page of blocks. The state rows of its batches are planned
   * as it is read (`whole`: its first batch copies every state entry).
   */
  #readAhead(height: bigint, previous: string, whole: boolean): Promise<ReadBatch | undefined> {
    const promise = this.#readBatch(height, previous, whole);
    // Awaited by the loop, or dropped after a failure: never an unhandled rejection meanwhile.
    promise.catch(() => undefined);
    return promise;
  }

  /** The read of the blocks after those `previous` reads (none after the head, or after a read that found its chain changed). */
  #readAfter(previous: Promise<ReadBatch | undefined>): Promise<ReadBatch | undefined> {
    const promise = previous.then((read) => {
      const last = read?.blocks.at(-1);
      return last === undefined ? undefined : this.#readBatch(BigInt(last.block.height) + 1n, last.meta.hash, false);
    });
    promise.catch(() => undefined);
    return promise;
  }

  async #readBatch(height: bigint, previous: string, whole: boolean): Promise<ReadBatch | undefined> {
    if (height > this.#head || this.#abort.signal.aborted) return undefined;
    const fetched = await this.#client.blocks(height, spanLength(height, Math.max(READ_SPAN, this.#batchSize), this.#head));
    if (fetched.length === 0) return undefined;
    const blocks = linkedTo(previous, fetched);
    if (blocks.length === 0) return { blocks, transactions: [], statements: [], leaves: [], states: [] };
    const contents = await this.#ranges.read(blocks);
    const transactions = await Promise.all(blocks.map((block) => {
      const listed = contents.transactions.get(block.block.height);
      return listed === undefined ? undefined : mirroredTransactions(this.#client, block.block.height, listed, this.#facade, this.#addresses);
    }));
    const statements = blocks.map((block) => contents.statements.get(block.block.height) ?? []);
    // Each block's leaves, held to its transactionsHash and receiptsHash: nothing left out, added or changed.
    const leaves = blocks.map((block, i) => {
      const ofKind = (kind: StatementRow['kind']) => statements[i].filter((row) => row.kind === kind).map((row) => row.info);
      return blockLeaves(block, transactions[i]?.merkleComponentHashes ?? [], {
        transaction: ofKind('transaction') as TransactionStatementInfoDTO[],
        address: ofKind('address') as ResolutionStatementInfoDTO[],
        mosaic: ofKind('mosaic') as ResolutionStatementInfoDTO[],
      });
    });
    const states: PlannedState[] = [];
    for (let start = 0; start < blocks.length; start += this.#batchSize) {
      const end = Math.min(start + this.#batchSize, blocks.length);
      const rows = transactions.slice(start, end).flatMap((listed) => listed?.rows ?? []);
      states.push(this.#planState({ blocks: blocks.slice(start, end), rows, statements: statements.slice(start, end).flat() }, whole && start === 0));
    }
    return { blocks, transactions, statements, leaves, states };
  }

  /**
   * Plans the state rows of the next batch to write: read from the upstream once the batch
   * planned before it has read its own (the upstream's state only moves forward, so a batch
   * written later never holds older entries), and from the store once every batch before it
   * is written (the mirror is the store's only writer: what it reads then stays until it writes
   * this batch). So a batch's state is read while the one before it is written.
   */
  #planState(blocks: CopiedBlocks, whole: boolean): PlannedState {
    const before = this.#planned.at(-1);
    const written = new Gate();
    const storeReady = before ? before.written.passed : Promise.resolve();
    const upstreamReady = before ? before.rows.then(() => undefined) : Promise.resolve();
    const rows = upstreamReady.then(() => stateRows(this.#stateSourceAfter(storeReady), blocks, whole));
    // Awaited by the write loop, or dropped with the read: never an unhandled rejection meanwhile.
    rows.catch(() => undefined);
    const planned = { rows, written };
    this.#planned.push(planned);
    return planned;
  }

  // Ends the step's plans: the written ones are done; the others' store reads fail (nothing waits for them).
  #abandonPlans(): void {
    for (const planned of this.#planned) planned.written.abandon(new Error('the batch before was not written'));
    this.#planned = [];
  }

  /**
   * Blocks `start` to `end` (excluded) of a read as one database transaction writes them: the
   * blocks, their rows, statements, leaves and events (pooled transactions confirmed leave their
   * pool first). A block `RECENT_BLOCKS` or more below the upstream's head is history being
   * caught up: without its `block` and `confirmedAdded` events, as the chain engine's writer
   * catches up (a network's history is not replayed to WebSocket clients, nor kept in the events
   * table; the batch's write tells readers that the data moved); the pools' removals stay.
   */
  #assembled(read: ReadBatch, start: number, end: number): Batch {
    const batch: Batch = { blocks: read.blocks.slice(start, end), rows: [], statuses: [], unpooled: [], statements: [], leaves: [], events: [], proofs: [] };
    batch.blocks.forEach((block, at) => {
      const i = start + at;
      const catchingUp = this.#head - BigInt(block.block.height) >= RECENT_BLOCKS;
      const transactions = read.transactions[i];
      batch.statements.push(...read.statements[i]);
      batch.leaves.push({ height: BigInt(block.block.height), leaves: read.leaves[i] });
      batch.rows.push(...(transactions?.rows ?? []));
      batch.statuses.push(...(transactions?.statuses ?? []));
      for (const event of transactions?.events ?? []) {
        // Confirmed out of a stored pool: it leaves it first, as on a chain.
        const { hash } = (event.data as { meta: { hash: string } }).meta;
        const was = this.#pooled?.get(hash);
        if (was) {
          batch.events.push({ channel: `${was.group}Removed`, addresses: was.addresses, data: { meta: { hash } } });
          batch.unpooled.push(hash);
        }
        if (!catchingUp) batch.events.push(event);
      }
      if (!catchingUp) batch.events.push({ channel: 'block', addresses: [], data: { block: block.block, meta: { hash: block.meta.hash, generationHash: block.meta.generationHash } } });
    });
    return batch;
  }

  // The upstream's pools, written whole in place of the stored ones, with the events of what changed.
  async #copyPools(): Promise<void> {
    const copy = await poolCopy(this.#client, this.#facade, this.#addresses, this.#pooled);
    if (copy.changed) await this.#store.replacePools(copy);
    this.#pooled = copy.pooled;
  }

  /**
   * Whether the upstream still has the stored head; if not (it switched to another fork), the
   * blocks above the highest height where both agree are removed, and false is answered.
   * Finalized blocks never change: an upstream that differs at or below the stored finalized
   * height follows another chain, and the step fails.
   */
  async #onSameFork(): Promise<boolean> {
    let height = this.#height;
    /** The stored hash at `height` ('' for none). */
    let hash = '';
    for (; height > 0n; height--) {
      const [upstream, stored] = await Promise.all([this.#client.block(height), this.#store.hashAt(height)]);
      hash = stored;
      // Nothing stored there (a mirror that started above it), or the same block.
      if (hash === '' || upstream?.meta.hash === hash) break;
      if (this.#finalized && height <= BigInt(this.#finalized.height)) {
        throw new Error(`the upstream's block ${height} is not the finalized block the store holds: it follows another chain`);
      }
    }
    if (height === this.#height) return true;
    if (height === 0n) hash = '';
    await this.#store.removeAbove(height);
    [this.#height, this.#hash] = [height, hash];
    // The state the removed blocks changed is the upstream's again once copied whole.
    this.#copyState = true;
    // The resolutions read last may be of the removed blocks.
    this.#ranges.reset();
    return false;
  }

  // New finalization rounds the store lacks, for blocks it holds.
  async #finalize(info: ChainInfoDTO): Promise<void> {
    const latest = info.latestFinalizedBlock.finalizationEpoch;
    const proofs: FinalizationProofDTO[] = [];
    const first = this.#finalized ? this.#finalized.finalizationEpoch + 1 : await this.#firstEpoch(latest);
    for (let epoch = first; epoch <= latest; epoch++) {
      const proof = await this.#client.finalizationProofAtEpoch(epoch);
      if (!proof || BigInt(proof.height) > this.#height) break;
      proofs.push(proof);
    }
    if (proofs.length === 0) {
      // The head alone may have changed (its score after a fork switch, a head read while the upstream moved): written once it is the stored block's.
      if (BigInt(info.height) === this.#height && JSON.stringify(this.#storedHead(info)) !== this.#writtenHead) {
        await this.#write({ blocks: [], rows: [], statuses: [], unpooled: [], statements: [], leaves: [], events: [], proofs: [] }, info, await this.#fees());
      }
      return;
    }
    // What ended in the blocks now final may be pruned upstream.
    const state = await endedRows(this.#stateSource, BigInt(this.#finalized?.height ?? 0), BigInt(proofs.at(-1)!.height));
    this.#finalized = finalizedOf(proofs.at(-1)!);
    const events = proofs.map((proof): ChainEvent => ({ channel: 'finalizedBlock', addresses: [], data: finalizedOf(proof) }));
    await this.#write({ blocks: [], rows: [], statuses: [], unpooled: [], statements: [], leaves: [], state, events, proofs }, { ...info, height: this.#height.toString() }, await this.#fees());
  }

  async #readHead(): Promise<[ChainInfoDTO, bigint]> {
    const info = await this.#client.chainInfo();
    return [info, BigInt(info.height)];
  }

  /**
   * The first round that finalized a block the store holds: 1 for a mirror from the nemesis,
   * else found by bisection (a round's height grows with its epoch), a few reads at most.
   */
  async #firstEpoch(latest: number): Promise<number> {
    let [low, high] = [1, latest + 1];
    while (this.#fromHeight > 1n && low < high) {
      const middle = Math.floor((low + high) / 2);
      const proof = await this.#client.finalizationProofAtEpoch(middle);
      if (proof && BigInt(proof.height) >= this.#fromHeight) high = middle;
      else low = middle + 1;
    }
    return low;
  }

  // The fee quotes and storage figures, as the upstream answers them now.
  async #fees(): Promise<Record<string, unknown>> {
    const [transaction, rental, storage] = await Promise.all(['/network/fees/transaction', '/network/fees/rental', '/node/storage'].map((path) => this.#client.get(path, anyJson)));
    return { [FEES_META.transaction]: transaction, [FEES_META.rental]: rental, storage };
  }

  // One database transaction without blocks: the head, the fees, a finalization's proofs, state and events.
  async #write(batch: Batch, head: ChainInfoDTO, meta: Record<string, unknown>): Promise<void> {
    const chainInfo = this.#storedHead(head);
    await this.#store.write({ ...batch, meta: { ...meta, chainInfo } });
    this.#writtenHead = JSON.stringify(chainInfo);
  }

  /** The head as the store has it: its last block, and the last finalization round it holds. */
  #storedHead(head: ChainInfoDTO): ChainInfoDTO {
    return { ...head, latestFinalizedBlock: this.#finalized ?? head.latestFinalizedBlock };
  }

  /**
   * A batch begun in the store, completed and committed: its state rows (read while the batches
   * before it were written), the proofs, the events, the head and meta; then the mirror's own
   * account of what the store holds moves to it (in the order the batches commit).
   */
  async #committed(pending: PendingBatch, batch: Batch, planned: PlannedState, head: ChainInfoDTO, withFees: boolean): Promise<void> {
    let meta: Record<string, unknown>;
    try {
      batch.state = await planned.rows;
      meta = withFees ? await this.#fees() : {};
    } catch (error) {
      await pending.abandon();
      throw error;
    }
    const chainInfo = this.#storedHead(head);
    const { blocks, rows, statements, leaves, ...rest } = batch;
    await pending.commit({ ...rest, meta: { ...meta, chainInfo } });
    this.#writtenHead = JSON.stringify(chainInfo);
    const end = blocks.at(-1)!;
    const now = Date.now();
    this.#written.push({ at: now, height: BigInt(end.block.height) });
    while (this.#written.length > 0 && this.#written[0].at < now - 60_000) this.#written.shift();
    planned.written.open();
    // Written: the batches planned after it read the store from here on, and its rows are let go.
    this.#planned.splice(this.#planned.indexOf(planned), 1);
    for (const hash of batch.unpooled) this.#pooled?.delete(hash);
    this.#copyState = false;
    [this.#height, this.#hash] = [BigInt(end.block.height), end.meta.hash];
    this.#progress();
  }

  #progress(): void {
    if (!this.#options.onProgress) return;
    const first = this.#written[0];
    const last = this.#written.at(-1);
    const seconds = first && last && last.at > first.at ? (last.at - first.at) / 1000 : 0;
    const blocksPerSecond = seconds > 0 ? Number(last!.height - first!.height) / seconds : 0;
    const left = this.#head > this.#height ? Number(this.#head - this.#height) : 0;
    this.#options.onProgress({ height: this.#height, head: this.#head, blocksPerSecond, secondsLeft: left === 0 ? 0 : blocksPerSecond > 0 ? left / blocksPerSecond : undefined });
  }

  #wakeUp(): void {
    this.#woken = true;
    this.#wake?.();
  }

  #sleep(ms: number): Promise<void> {
    if (this.#woken) {
      this.#woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.#wake = () => {
        this.#woken = false;
        this.#wake = undefined;
        done();
      };
    });
  }

  /** What the state copy reads of the upstream and of the store (the mirror is the store's only writer: what it reads stays until it writes). */
  get #stateSource(): StateSource {
    return this.#stateSourceAfter(Promise.resolve());
  }

  /** The state source whose reads of the store wait for `ready` (the batches before written). */
  #stateSourceAfter(ready: Promise<void>): StateSource {
    const store = this.#store;
    return {
      client: this.#client,
      addresses: this.#addresses,
      stored: async (kind, list) => (await ready, store.listed(kind, list)),
      storedRoots: async (ids) => (await ready, store.namespaceRoots(ids)),
      storedMultisig: async () => (await ready, store.multisigAccounts()),
      storedEnding: async (kind, path, from, to) => (await ready, store.ending(kind, path, from, to)),
      storedImportant: async () => (await ready, store.importantAccounts()),
      important: this.#important,
      harvesting: this.#harvesting,
    };
  }

  // Resolves after the next step ends (it starts at once).
  #nextStep(): Promise<void> {
    return new Promise((resolve) => {
      this.#steps.add(resolve);
      this.#wakeUp();
    });
  }
}

/** `blocks` as far as each follows the one before it, the first following the block of hash `previous` ('' for none). */
function linkedTo(previous: string, blocks: readonly BlockInfoDTO[]): BlockInfoDTO[] {
  const linked: BlockInfoDTO[] = [];
  for (const block of blocks) {
    if (previous !== '' && block.block.previousBlockHash !== previous) break;
    linked.push(block);
    previous = block.meta.hash;
  }
  return linked;
}

/**
 * How many blocks a read from `height` takes: `span` at most, up to `head`; one that stops short
 * of the head ends at a page's end of the block listing, so the next starts a page.
 */
function spanLength(height: bigint, span: number, head: bigint): number {
  const page = BigInt(PAGE_SIZE);
  const end = height + BigInt(span) - 1n;
  if (end >= head) return Number(head - height + 1n);
  const pageEnd = (end / page) * page;
  return Number((pageEnd >= height ? pageEnd : end) - height + 1n);
}

function finalizedOf(proof: FinalizationProofDTO): FinalizedBlockDTO {
  return { finalizationEpoch: proof.finalizationEpoch, finalizationPoint: proof.finalizationPoint, height: proof.height, hash: proof.hash };
}

/** Which accounts are high-value, from `/network/properties` (the harvesting mosaic and its minimum); undefined when it does not say. */
function harvestingRule(properties: { readonly chain?: Readonly<Record<string, unknown>> }): HarvestingRule | undefined {
  const mosaicId = configMosaicId(properties.chain?.harvestingMosaicId ?? properties.chain?.currencyMosaicId);
  const minBalance = configNumber(properties.chain?.minHarvesterBalance);
  return mosaicId === undefined || minBalance === undefined ? undefined : { mosaicId, minBalance: BigInt(minBalance) };
}
