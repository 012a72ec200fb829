import type { Awaitable } from './repositories.js';

/** How a development chain makes blocks. */
export interface MiningDTO {
  /** A block as soon as a transaction enters the unconfirmed pool. */
  automine: boolean;
  /** Milliseconds between blocks harvested on a timer; 0 when there is no timer. */
  interval: number;
}

/** A block a control harvested. */
export interface MinedBlockDTO {
  /** uint64 as a decimal string. */
  height: string;
  hash: string;
  /** Network time of the block, ms (uint64 as a decimal string). */
  timestamp: string;
  /** Transactions confirmed in it. */
  transactions: number;
}

export interface TimeAdvanceDTO {
  /** The network time after the jump, ms since the nemesis block (decimal string). */
  networkTime: string;
  /** The blocks harvested to cover the jump, oldest first. */
  blocks: MinedBlockDTO[];
}

/** A chain's latest block. */
export interface ChainHeadDTO {
  /** uint64 as a decimal string. */
  height: string;
  hash: string;
}

/** The timestamp the next block will have (`setNextBlockTimestamp`). */
export interface NextBlockTimestampDTO {
  /** Network time of the next block, ms since the nemesis block (decimal string). */
  timestamp: string;
  /** The network time now, moved up to the timestamp when it was ahead (decimal string). */
  networkTime: string;
}

/** A transaction a control took out of a pool (`dropTransaction`). */
export interface DroppedTransactionDTO {
  hash: string;
  /** The pool it left. */
  group: 'unconfirmed' | 'partial';
}

/** A snapshot a development chain holds, and the block it was taken at. */
export interface SnapshotDTO extends ChainHeadDTO {
  /** The snapshot's id (a decimal string, never reused by the chain). */
  id: string;
}

/**
 * The development controls of a chain (`/dev/...` when the gateway is made with `dev: true`).
 * Addresses are 48 uppercase hex, mosaic ids 16 uppercase hex; the routes check the input.
 */
export interface DevControlsRepository {
  /** Harvests `count` blocks now, with whatever the unconfirmed pool holds. */
  mine(count: number): Awaitable<MinedBlockDTO[]>;
  mining(): Awaitable<MiningDTO>;
  /** Changes how blocks are made; what is not given stays. */
  setMining(change: Partial<MiningDTO>): Awaitable<MiningDTO>;
  /**
   * Moves the network time `ms` ahead. With `blocks` (the default), the blocks the network
   * would have harvested meanwhile are harvested, so deadlines, lock and namespace expiries
   * and the time of new blocks all follow; without, only the clock moves.
   */
  advanceTime(ms: number, options?: { blocks?: boolean }): Awaitable<TimeAdvanceDTO>;
  /**
   * Gives the next block this timestamp (network time, ms), however it is made (mined, automine,
   * the interval timer, a time jump); it must be after the latest block's. A timestamp ahead of
   * the clock moves the clock up to it, so the blocks after it follow from there. Kept until the
   * next block only: a dump, a snapshot's revert or a load forgets it.
   */
  setNextBlockTimestamp(timestamp: bigint): Awaitable<NextBlockTimestampDTO>;
  /**
   * Takes a transaction (64 hex) out of the unconfirmed or partial pool as if it had never been
   * announced: its WebSocket clients get `unconfirmedRemoved` or `partialRemoved`, its status is
   * unknown again (404), and what stays unconfirmed is checked again without it. Kept among the
   * chain's inputs (a dump replays it). Not waiting in a pool: 404.
   */
  dropTransaction(hash: string): Awaitable<DroppedTransactionDTO>;
  /**
   * Puts the chain back to its nemesis block, as it was made: no blocks, pools, snapshots or
   * impersonations; the clock's own time; the mining mode it was made with. Refused by a chain
   * a PostgreSQL writer follows and by a fork.
   */
  reset(): Awaitable<ChainHeadDTO>;
  /** Sets an account's balance of a mosaic (the mosaic's supply moves by the difference); returns the new amount. */
  setBalance(address: string, mosaicId: string, amount: bigint): Awaitable<string>;
  /** Accepts the account's transactions and cosignatures without checking their signatures, until stopped. */
  impersonate(address: string): Awaitable<string[]>;
  stopImpersonating(address: string): Awaitable<string[]>;
  /** The impersonated addresses. */
  impersonated(): Awaitable<string[]>;
  /**
   * Takes a snapshot of the chain: its blocks, state, pools and network time, to go back to
   * with `revert`. Cheap: from here on the state keeps undo records of what changes (held until
   * the snapshot is dropped), and the pools are copied.
   */
  snapshot(): Awaitable<SnapshotDTO>;
  /**
   * Puts the chain back as it was at the snapshot (blocks, state, pools, statuses, entry ids and
   * network time; announces still waiting are dropped). The snapshot stays held, so a test can
   * go back to it again; the snapshots taken after it are dropped. Unknown id: 404.
   */
  revert(id: string): Awaitable<SnapshotDTO>;
  /** Lets a snapshot go (and its undo records once no snapshot is held). Unknown id: 404. */
  dropSnapshot(id: string): Awaitable<void>;
  /** Ids of the snapshots held, oldest first. */
  snapshots(): Awaitable<string[]>;
  /**
   * The whole chain as JSON: the options that decide its state and every input it was given
   * (announces as they were checked, blocks and their times, controls). Announces still
   * waiting are checked first.
   */
  dump(): Awaitable<unknown>;
  /**
   * Replaces the chain by a dump's, made by a chain with the same state options: its inputs
   * are played again on a fresh chain, which then has the dump's blocks, hashes, state, pools,
   * statuses and ids (checked against the dump's head). All or nothing: a dump that does not
   * play (409) leaves the chain as it was. Snapshots held are dropped.
   */
  load(dump: unknown): Awaitable<ChainHeadDTO>;
}
