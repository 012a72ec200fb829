import type { BlockInfoDTO } from '../backend/dto.js';
import type { ChainHeadDTO, DevControlsRepository, DroppedTransactionDTO, MinedBlockDTO, MiningDTO, NextBlockTimestampDTO, SnapshotDTO, TimeAdvanceDTO, TransactionTraceDTO } from '../backend/dev.js';
import { InvalidArgumentError, ResourceNotFoundError } from '../errors.js';
import type { ChainDump } from './chain-dump.js';

/** What the controls drive in the chain. */
export interface DevChain {
  /** Harvests one block, at `timestamp` (network time, ms) or now, after every announce waiting is checked. */
  harvest(timestamp?: bigint): BlockInfoDTO;
  /**
   * Harvests one block now, as the chain does by itself (its timer, automine): only the announces
   * that are due (`announceDelay` ms after their 202) are checked first; the others wait for a later block.
   */
  harvestScheduled(): BlockInfoDTO;
  networkTime(): bigint;
  height(): bigint;
  /** The time between blocks the chain's rules count with (ms). */
  readonly blockTime: number;
  /**
   * Sets an account's (48 hex) balance of a mosaic (16 hex) outside a block, kept among the chain's
   * inputs; what is unconfirmed runs again on it. Throws an InvalidArgumentError for a mosaic the chain lacks.
   */
  setBalance(address: string, mosaicId: string, amount: bigint): void;
  /** The impersonated addresses changed (kept among the chain's inputs: signatures are checked by them). */
  impersonationChanged(addresses: string[]): void;
  /** The chain and its state as JSON. */
  dump(): ChainDump;
  /** Replaces the chain by a dump's (all or nothing); returns the latest block. */
  load(dump: unknown): BlockInfoDTO;
  /** Where the chain reports what it does for a control (impersonated signatures). */
  log(message: string): void;
  /** A point to go back to: the chain's blocks, state, pools and counters as they are now. */
  checkpoint(): ChainCheckpoint;
  /** The latest block's timestamp (network time, ms). */
  latestTimestamp(): bigint;
  /** The chain back at its nemesis block (blocks, state, pools, inputs); returns that block. */
  reset(): BlockInfoDTO;
  /** How the chain ran a transaction (64 uppercase hex); undefined for one it does not know. */
  trace(hash: string): TransactionTraceDTO | undefined;
  /** Removes a transaction (64 hex) from the pool that holds it, kept among the chain's inputs; the pool, or undefined for none. */
  drop(hash: string): 'unconfirmed' | 'partial' | undefined;
}

/** A point the chain can go back to, any number of times while it is held. */
export interface ChainCheckpoint {
  /** The latest block when the checkpoint was taken. */
  readonly head: BlockInfoDTO;
  /** Puts the chain back as it was at the checkpoint; returns its latest block then. */
  restore(): BlockInfoDTO;
  /** Lets the checkpoint go (its undo records go with the last one held). */
  release(): void;
}

/** Blocks one `mine` or `advanceTime` may harvest: a bound on how long one call blocks the process. */
export const MAX_MINED_BLOCKS = 10_000;

/**
 * The development controls of the in-memory chain, one engine for the TypeScript API
 * (`chain.dev`) and the `/dev/` routes: mining on demand, automine and interval mining, time
 * travel, balances, impersonation. Not for a chain that serves a real network.
 */
export class DevControls implements DevControlsRepository {
  readonly #chain: DevChain;
  #automine = false;
  #interval = 0;
  #timer: NodeJS.Timeout | undefined;
  #blockDue = false;
  #closed = false;
  /** How far the controls moved the clock (ms). */
  #offset = 0n;
  readonly #impersonated = new Set<string>();
  /** Snapshots held, oldest first, by id. */
  readonly #snapshots = new Map<string, { checkpoint: ChainCheckpoint; offset: bigint }>();
  #snapshotCount = 0;
  /** The timestamp the next block takes (`setNextBlockTimestamp`), until it is made. */
  #nextTimestamp: bigint | undefined;
  /** How the chain was made to mine: `reset` goes back to it. */
  readonly #initialMining: Partial<MiningDTO>;

  /** @internal A chain makes its own (`chain.dev`). */
  constructor(chain: DevChain, mining: Partial<MiningDTO>) {
    this.#chain = chain;
    this.#initialMining = mining;
    this.setMining(mining);
  }

  /** Milliseconds `advanceTime` added to the chain's clock. */
  get timeOffset(): bigint {
    return this.#offset;
  }

  mine(count = 1): MinedBlockDTO[] {
    checkCount('count', count, 1);
    return Array.from({ length: count }, () => mined(this.#chain.harvest()));
  }

  mining(): MiningDTO {
    return { automine: this.#automine, interval: this.#interval };
  }

  setMining(change: Partial<MiningDTO>): MiningDTO {
    const { automine = this.#automine, interval = this.#interval } = change;
    if (typeof automine !== 'boolean') throw new InvalidArgumentError('automine must be true or false');
    if (!Number.isSafeInteger(interval) || interval < 0) throw new InvalidArgumentError(`interval must be a whole number of ms (0 for none), not ${String(interval)}`);
    this.#automine = automine;
    if (interval !== this.#interval) this.#startTimer(interval);
    return this.mining();
  }

  advanceTime(ms: number, { blocks = true }: { blocks?: boolean } = {}): TimeAdvanceDTO {
    if (!Number.isSafeInteger(ms) || ms < 0) throw new InvalidArgumentError(`ms must be a whole number of milliseconds, not ${String(ms)}`);
    const step = BigInt(this.#chain.blockTime);
    const count = blocks ? Number(BigInt(ms) / step) : 0;
    checkCount('the blocks the jump covers', count, 0);
    const from = this.#chain.networkTime();
    this.#offset += BigInt(ms);
    // The blocks the network would have made meanwhile, a block time apart.
    const harvested = Array.from({ length: count }, (_, i) => mined(this.#chain.harvest(from + step * BigInt(i + 1))));
    return { networkTime: this.#chain.networkTime().toString(), blocks: harvested };
  }

  setNextBlockTimestamp(timestamp: bigint): NextBlockTimestampDTO {
    if (typeof timestamp !== 'bigint' || timestamp >= 1n << 64n) throw new InvalidArgumentError(`timestamp must be a uint64 of network time (ms), not ${String(timestamp)}`);
    const latest = this.#chain.latestTimestamp();
    if (timestamp <= latest) throw new InvalidArgumentError(`timestamp must be after the latest block's, ${latest} (network time, ms), not ${timestamp}`);
    const now = this.#chain.networkTime();
    if (timestamp > now) this.#offset += timestamp - now;
    this.#nextTimestamp = timestamp;
    return { timestamp: timestamp.toString(), networkTime: this.#chain.networkTime().toString() };
  }

  /** @internal The timestamp the next block must have (`setNextBlockTimestamp`), taken by the block made now. */
  takeNextTimestamp(): bigint | undefined {
    const timestamp = this.#nextTimestamp;
    this.#nextTimestamp = undefined;
    return timestamp;
  }

  dropTransaction(given: string): DroppedTransactionDTO {
    const hash = transactionHash(given);
    const group = this.#chain.drop(hash);
    if (group === undefined) throw new ResourceNotFoundError(`no transaction ${hash} waits in the unconfirmed or partial pool`);
    return { hash, group };
  }

  trace(given: string): TransactionTraceDTO {
    const hash = transactionHash(given);
    const trace = this.#chain.trace(hash);
    if (!trace) throw new ResourceNotFoundError(`the chain knows no transaction ${hash}: it is not in a pool or a block, and no failure of it is remembered`);
    return trace;
  }

  reset(): ChainHeadDTO {
    const nemesis = this.#chain.reset();
    for (const { checkpoint } of this.#snapshots.values()) checkpoint.release();
    this.#snapshots.clear();
    this.#offset = 0n;
    this.#nextTimestamp = undefined;
    this.#impersonated.clear();
    this.setMining({ automine: false, interval: 0, ...this.#initialMining });
    return { height: nemesis.block.height, hash: nemesis.meta.hash };
  }

  setBalance(address: string, mosaicId: string, amount: bigint): string {
    if (amount < 0n || amount >= 1n << 64n) throw new InvalidArgumentError(`amount must be a uint64, not ${amount}`);
    this.#chain.setBalance(address, mosaicId, amount);
    return amount.toString();
  }

  snapshot(): SnapshotDTO {
    const checkpoint = this.#chain.checkpoint();
    const id = String(++this.#snapshotCount);
    this.#snapshots.set(id, { checkpoint, offset: this.#offset });
    return { id, height: checkpoint.head.block.height, hash: checkpoint.head.meta.hash };
  }

  revert(id: string): SnapshotDTO {
    const snapshot = this.#snapshots.get(id);
    if (!snapshot) throw new ResourceNotFoundError(`no snapshot ${id} is held`);
    // The snapshots taken after this one describe a chain that is gone.
    let later = false;
    for (const [other, { checkpoint }] of this.#snapshots) {
      if (later) {
        checkpoint.release();
        this.#snapshots.delete(other);
      }
      if (other === id) later = true;
    }
    const latest = snapshot.checkpoint.restore();
    this.#offset = snapshot.offset;
    this.#nextTimestamp = undefined;
    // Impersonation is a setting, not chain state: it stays as it is, and the chain's inputs say so again.
    this.#chain.impersonationChanged(this.impersonated());
    return { id, height: latest.block.height, hash: latest.meta.hash };
  }

  dropSnapshot(id: string): void {
    const snapshot = this.#snapshots.get(id);
    if (!snapshot) throw new ResourceNotFoundError(`no snapshot ${id} is held`);
    snapshot.checkpoint.release();
    this.#snapshots.delete(id);
  }

  snapshots(): string[] {
    return [...this.#snapshots.keys()];
  }

  impersonate(address: string): string[] {
    if (!this.#impersonated.has(address)) {
      this.#impersonated.add(address);
      this.#chain.impersonationChanged(this.impersonated());
    }
    this.#chain.log(`impersonating ${address}: its transactions and cosignatures are accepted without a signature check`);
    return this.impersonated();
  }

  stopImpersonating(address: string): string[] {
    if (this.#impersonated.delete(address)) {
      this.#chain.impersonationChanged(this.impersonated());
      this.#chain.log(`no longer impersonating ${address}`);
    }
    return this.impersonated();
  }

  /** Replaces the impersonated addresses at once (a dump played, or a load undone), kept among the chain's inputs. */
  replaceImpersonated(addresses: readonly string[]): void {
    this.#impersonated.clear();
    for (const address of addresses) this.#impersonated.add(address);
    this.#chain.impersonationChanged(this.impersonated());
  }

  dump(): ChainDump {
    return this.#chain.dump();
  }

  load(dump: unknown): ChainHeadDTO {
    const latest = this.#chain.load(dump);
    this.#nextTimestamp = undefined;
    // The snapshots held were of the chain that was replaced.
    for (const { checkpoint } of this.#snapshots.values()) checkpoint.release();
    this.#snapshots.clear();
    this.#offset = BigInt((dump as ChainDump).timeOffset);
    return { height: latest.block.height, hash: latest.meta.hash };
  }

  impersonated(): string[] {
    return [...this.#impersonated].sort();
  }

  /** Whether signatures of `address` (48 hex) are waived. */
  isImpersonated(address: string): boolean {
    return this.#impersonated.has(address);
  }

  /** A transaction entered the unconfirmed pool: with automine, a block follows (one for all that arrive together). */
  transactionArrived(): void {
    if (!this.#automine || this.#blockDue || this.#closed) return;
    this.#blockDue = true;
    setImmediate(() => {
      this.#blockDue = false;
      if (this.#automine && !this.#closed) this.#harvestSafely();
    });
  }

  /** Stops the timer and automine. */
  close(): void {
    this.#closed = true;
    this.#startTimer(0);
  }

  #startTimer(interval: number): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
    this.#interval = interval;
    if (interval === 0 || this.#closed) return;
    this.#timer = setInterval(() => this.#harvestSafely(), interval);
    // The chain alone never keeps a process alive; a server does.
    this.#timer.unref();
  }

  // A failed block must not take the host server down with it. A block nobody asked for takes only
  // what is due: an announce answered 202 a moment ago waits, so its client can subscribe first.
  #harvestSafely(): void {
    try {
      this.#chain.harvestScheduled();
    } catch (error) {
      console.error('symbol-gateway: harvesting a block failed', error);
    }
  }
}

function mined(info: BlockInfoDTO): MinedBlockDTO {
  return { height: info.block.height, hash: info.meta.hash, timestamp: info.block.timestamp, transactions: info.meta.transactionsCount };
}

function checkCount(name: string, count: number, min: number): void {
  if (!Number.isSafeInteger(count) || count < min || count > MAX_MINED_BLOCKS) {
    throw new InvalidArgumentError(`${name} must be from ${min} to ${MAX_MINED_BLOCKS} blocks, not ${count}${min === 0 ? ' (advance the time in smaller steps, or without blocks)' : ''}`);
  }
}

// A transaction hash as the controls take it: 64 hex, either case; answered in uppercase.
function transactionHash(hash: unknown): string {
  if (typeof hash !== 'string' || !/^[0-9A-Fa-f]{64}$/.test(hash)) throw new InvalidArgumentError(`hash must be 64 hex, not ${JSON.stringify(hash)}`);
  return hash.toUpperCase();
}
