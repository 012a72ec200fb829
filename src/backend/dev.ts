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
  /** Sets an account's balance of a mosaic (the mosaic's supply moves by the difference); returns the new amount. */
  setBalance(address: string, mosaicId: string, amount: bigint): Awaitable<string>;
  /** Accepts the account's transactions and cosignatures without checking their signatures, until stopped. */
  impersonate(address: string): Awaitable<string[]>;
  stopImpersonating(address: string): Awaitable<string[]>;
  /** The impersonated addresses. */
  impersonated(): Awaitable<string[]>;
}
