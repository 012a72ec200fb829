import type { BlockInfoDTO, FinalizationProofDTO } from '../../backend/dto.js';
import type { BlockLeaves } from '../block-merkle.js';
import type { ChainInput } from '../chain-dump.js';
import type { ChainPlugin } from '../execution/plugin.js';
import type { ReceiptStore } from '../receipt-store.js';
import type { ChainState } from '../state/chain-state.js';
import type { TransactionLifecycle } from '../transactions/lifecycle.js';

/**
 * What a store that copies a chain as it runs (the PostgreSQL writer) reads of it, besides its
 * repositories and its events: `chain.following()`. Each member reads the chain as it stands
 * when it is read.
 */
export interface ChainFollowing {
  /** From now on the chain refuses what would rewrite its history (snapshots, dump loads), saying `reason`: the follower has stored it. */
  pin(reason: string): void;
  /** Calls `listener` each time the chain takes an input (a block, an announce's check, a control), as it starts running it. */
  onInput(listener: () => void): void;
  /** What the chain was given, in order: what a dump holds (nothing with `keepInputs: false`). */
  readonly inputs: readonly ChainInput[];
  /** The latest block's height. */
  readonly height: number;
  /** The block at a height, if the chain has it. */
  block(height: number): BlockInfoDTO | undefined;
  /** The proof of a finalization round, if there was one. */
  proofAtEpoch(epoch: number): FinalizationProofDTO | undefined;
  /** A block's merkle leaves (what the block merkle path routes read). */
  merkleLeaves(height: number): BlockLeaves | undefined;
  /** The statements of the blocks above a height, in the order they were made. */
  statementsAbove(height: bigint): ReturnType<ReceiptStore['above']>;
  /** The transaction pools (confirmed, unconfirmed, partial) and the statuses. */
  readonly transactions: Pick<TransactionLifecycle, 'confirmed' | 'unconfirmed' | 'partial' | 'failedHashes' | 'statuses'>;
  /** The confirmed state: its caches (to follow their commits and read their entries) and their trees. */
  readonly state: Pick<ChainState, 'cache' | 'tree' | 'trees'>;
  /** A family's plugin on the chain, by the family's name. */
  plugin(name: string): ChainPlugin | undefined;
}
