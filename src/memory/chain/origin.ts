import type { BlockInfoDTO, FinalizedBlockDTO } from '../../backend/dto.js';
import type { NetworkName } from '../../network.js';
import type { StateDelta, ChainState } from '../state/chain-state.js';
import type { EntrySource } from '../state/fetched-state.js';

/**
 * Where a chain starts when it does not start from a nemesis block of its own: a block of
 * another network (a fork's upstream) with that network's facts, and where the state entries
 * the chain never had are read from. The chain takes it as it is; `forkChain` (src/fork) reads one
 * from an upstream gateway.
 */
export interface ChainOrigin {
  /** Where the origin was read from (a gateway's URL): what `chain.fork` reports. */
  readonly url: string;
  readonly network: NetworkName;
  /** 64 uppercase hex. */
  readonly generationHashSeed: string;
  readonly epochAdjustment: number;
  readonly importanceGrouping: number;
  /** The chain's first block, as the origin has it (finalized). */
  readonly block: BlockInfoDTO;
  /** The first block as the finalized block (with the origin's finalization epoch and point). */
  readonly finalized: FinalizedBlockDTO;
  /** The origin's chain score at the first block. */
  readonly score: bigint;
  /** The hash of the latest importance block at or below the first block, 64 hex. */
  readonly lastImportanceHash: string;
  /** The currency's mosaic id (16 hex), the nemesis signer (64 hex), the sinks (48 hex each). */
  readonly currencyMosaicId: string;
  readonly nemesisPublicKey: string;
  readonly sinks: { readonly mosaicRental: string; readonly namespaceRental: string; readonly harvestNetworkFee: string };
  /** Where the entries the chain never had are read from, on first use. */
  readonly entries: EntrySource;
  /**
   * Puts what the chain needs at once into its state, at the first block: `state` takes entries as
   * fetched (`Cache.load`), `change` runs a change on the confirmed state. `own` are the addresses
   * (48 hex) of the chain's own accounts (funded and harvesters), each to be credited `credit` of
   * the currency on top of what it holds at the origin.
   */
  seed(state: ChainState, change: (apply: (delta: StateDelta) => void) => void, own: readonly string[], credit: bigint): void;
}
