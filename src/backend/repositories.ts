import type { PageRequest } from '../pagination.js';
import type {
  BlockInfoDTO,
  ChainInfoDTO,
  CosignatureDTO,
  FinalizationProofDTO,
  InflationPointDTO,
  NetworkConfigurationDTO,
  NetworkTypeDTO,
  NodeHealthDTO,
  NodeInfoDTO,
  RentalFeesDTO,
  ServerInfoDTO,
  StorageInfoDTO,
  TransactionGroup,
  TransactionInfoDTO,
  TransactionFeesDTO,
  TransactionStatusDTO,
  UnlockedAccountDTO,
} from './dto.js';

/** A value now or later: in-process backends answer synchronously, remote ones with a promise. */
export type Awaitable<T> = T | Promise<T>;

/** One page of rows and the number of entries the filters select (before paging). */
export interface PageResult<T> {
  data: T[];
  totalEntries: number;
}

/** `GET /blocks` filters, already validated by the route. */
export interface BlockSearchCriteria extends PageRequest {
  /** 64 uppercase hex characters. */
  signerPublicKey?: string;
  /** 48 uppercase hex characters (decoded address). */
  beneficiaryAddress?: string;
  /** Network timestamps (ms since nemesis), inclusive bounds. */
  fromTimestamp?: bigint;
  toTimestamp?: bigint;
  /** `id` or `height`. */
  orderBy: 'id' | 'height';
}

/**
 * Blocks. A page must cost the same at any depth: keep indexes, never scan.
 * An `offset` that names no entry selects nothing (an empty page).
 */
export interface BlockRepository {
  search(criteria: BlockSearchCriteria): Awaitable<PageResult<BlockInfoDTO>>;
  /** The block at `height`, or undefined when there is none. */
  getByHeight(height: bigint): Awaitable<BlockInfoDTO | undefined>;
  /**
   * `GET /blocks/{height}/transactions/{hash}/merkle`: the path from a transaction's merkle
   * component hash (64 hex, its `meta.merkleComponentHash`) to the block's `transactionsHash`;
   * undefined when there is no such block or the hash is none of its leaves.
   */
  transactionMerklePath?(height: bigint, hash: string): Awaitable<MerkleProofInfoDTO | undefined>;
  /**
   * `GET /blocks/{height}/statements/{hash}/merkle`: the path from a statement's hash (64 hex)
   * to the block's `receiptsHash`; undefined when there is no such block or statement.
   */
  statementMerklePath?(height: bigint, hash: string): Awaitable<MerkleProofInfoDTO | undefined>;
  /**
   * Why the backend serves nothing at `height` though the network has a block there (a fork's
   * heights below its first block, which are its upstream's): the message of the 404 the routes
   * of a height answer. Undefined for a height it serves, or one with no block at all.
   */
  notServed?(height: bigint): string | undefined;
}

/** A merkle path, leaf to root: each sibling hash (64 hex) and its side. */
export interface MerkleProofInfoDTO {
  merklePath: { hash: string; position: 'left' | 'right' }[];
}

export interface ChainRepository {
  info(): Awaitable<ChainInfoDTO>;
}

/** The node behind the backend: identity, clock, health. */
export interface NodeRepository {
  info(): Awaitable<NodeInfoDTO>;
  server(): Awaitable<ServerInfoDTO>;
  /** Network time in milliseconds since the nemesis block. */
  networkTime(): Awaitable<bigint>;
  /** Whether the node and the database are reachable. */
  health(): Awaitable<NodeHealthDTO>;
  /** `GET /node/storage`; without it the route answers 404. */
  storage?(): Awaitable<StorageInfoDTO>;
  /** `GET /node/peers`: the nodes this one knows (`[]` for a lone node). */
  peers?(): Awaitable<NodeInfoDTO[]>;
  /** `GET /node/unlockedaccount`. */
  unlockedAccounts?(): Awaitable<UnlockedAccountDTO>;
  /** `GET /node/metadata`: the operator's own fields, as strings. */
  metadata?(): Awaitable<Record<string, string>>;
}

export interface NetworkRepository {
  type(): Awaitable<NetworkTypeDTO>;
  properties(): Awaitable<NetworkConfigurationDTO>;
  /** `GET /network/inflation` (and `/at/{height}`, the step in force at a height): ascending by height; without it those routes answer 404. */
  inflation?(): Awaitable<InflationPointDTO[]>;
}

/** `GET /network/fees/...`: what transactions and rentals cost now. */
export interface NetworkFeeRepository {
  transactionFees(): Awaitable<TransactionFeesDTO>;
  rentalFees(): Awaitable<RentalFeesDTO>;
}

/** `GET /transactions/{group}` filters, already validated by the route. */
export interface TransactionSearchCriteria extends PageRequest {
  /** 48 uppercase hex: transactions that touch this address in any role. */
  address?: string;
  /** 64 uppercase hex. */
  signerPublicKey?: string;
  /** 48 uppercase hex. */
  recipientAddress?: string;
  height?: bigint;
  fromHeight?: bigint;
  toHeight?: bigint;
  /** Any of these transaction types. */
  type?: number[];
  /** Also list transactions embedded in aggregates, as entries of their own. */
  embedded: boolean;
  /** 16 uppercase hex: transfers of this mosaic. */
  transferMosaicId?: string;
  fromTransferAmount?: bigint;
  toTransferAmount?: bigint;
  orderBy: 'id';
}

/** One transaction named by its entry id (24 hex) or its hash (64 uppercase hex). */
export type TransactionKey = { id: string } | { hash: string };

/** Transactions by group. Entries a key does not name are left out of `find`'s answer. */
export interface TransactionRepository {
  search(group: TransactionGroup, criteria: TransactionSearchCriteria): Awaitable<PageResult<TransactionInfoDTO>>;
  find(group: TransactionGroup, keys: readonly TransactionKey[]): Awaitable<TransactionInfoDTO[]>;
}

/** Where announced transactions go. Validation failures are reported on the `status` channel, not thrown. */
export interface TransactionAnnouncer {
  /** A signed transaction payload (uppercase or lowercase hex). Throw InvalidArgumentError if it does not decode. */
  announce(payload: string): Awaitable<void>;
  /** An aggregate bonded transaction waiting for cosignatures. */
  announcePartial(payload: string): Awaitable<void>;
  announceCosignature(cosignature: CosignatureDTO): Awaitable<void>;
}

/** Statuses of transactions by hash; unknown hashes are left out. */
export interface TransactionStatusRepository {
  find(hashes: readonly string[]): Awaitable<TransactionStatusDTO[]>;
}

export interface FinalizationRepository {
  proofAtEpoch(epoch: number): Awaitable<FinalizationProofDTO | undefined>;
  proofAtHeight(height: bigint): Awaitable<FinalizationProofDTO | undefined>;
}
