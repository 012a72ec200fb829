import type { PageRequest } from '../pagination.js';
import type {
  BlockInfoDTO,
  ChainInfoDTO,
  NetworkConfigurationDTO,
  NetworkTypeDTO,
  NodeHealthDTO,
  NodeInfoDTO,
  ServerInfoDTO,
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
}

export interface NetworkRepository {
  type(): Awaitable<NetworkTypeDTO>;
  properties(): Awaitable<NetworkConfigurationDTO>;
}
