/** The metadata family's resources (src/families/metadata): metadata entries. */
import type { PageRequest } from '../pagination.js';
import type { Awaitable, PageResult } from './repositories.js';

/** One metadata value under its key, as `GET /metadata/{compositeHash}` shows it. */
export interface MetadataEntryDTO {
  version: number;
  /** 64 hex: SHA3-256 of the key's parts (source, target, scoped key, target id, type). */
  compositeHash: string;
  /** 48 hex: the account that sent the value. */
  sourceAddress: string;
  /** 48 hex: the account the value is about (a mosaic's or namespace's owner). */
  targetAddress: string;
  /** 16 hex. */
  scopedMetadataKey: string;
  /** 16 hex: the mosaic or namespace id; "0000000000000000" for an account's metadata. */
  targetId: string;
  /** 0 account, 1 mosaic, 2 namespace. */
  metadataType: number;
  /** Bytes of `value`. */
  valueSize: number;
  /** Hex. */
  value: string;
}

export interface MetadataInfoDTO {
  /** 24 hex; ids sort in the order entries were first set. */
  id: string;
  metadataEntry: MetadataEntryDTO;
}

/** `GET /metadata` filters, already validated by the route (any combination). */
export interface MetadataSearchCriteria extends PageRequest {
  /** 48 hex. */
  sourceAddress?: string;
  /** 48 hex. */
  targetAddress?: string;
  /** 16 hex. */
  scopedMetadataKey?: string;
  /** 16 hex. */
  targetId?: string;
  /** Any unsigned number; only 0, 1 and 2 match entries. */
  metadataType?: number;
  orderBy: 'id';
}

/** Account, mosaic and namespace metadata. */
export interface MetadataRepository {
  search(criteria: MetadataSearchCriteria): Awaitable<PageResult<MetadataInfoDTO>>;
  /** Entries by composite hash (64 hex), in the order asked; unknown hashes are left out. */
  find(compositeHashes: readonly string[]): Awaitable<MetadataInfoDTO[]>;
}
