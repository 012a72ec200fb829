/** The restriction-mosaic family's resources (src/families/restriction-mosaic): mosaic restrictions. */
import type { PageRequest } from '../pagination.js';
import type { Awaitable, PageResult } from './repositories.js';

/** One global rule: `key` and values are decimal uint64 strings, as the reference gateway writes them. */
export interface MosaicGlobalRestrictionItemDTO {
  key: string;
  restriction: {
    /** 16 hex; all zeros when the rule reads the restricted mosaic's own values. */
    referenceMosaicId: string;
    restrictionValue: string;
    /** 1 EQ, 2 NE, 3 LT, 4 LE, 5 GT, 6 GE. */
    restrictionType: number;
  };
}

/** One value of an address: decimal uint64 strings. */
export interface MosaicAddressRestrictionItemDTO {
  key: string;
  value: string;
}

/** A mosaic's global restriction, as `GET /restrictions/mosaic` shows it (entryType 1). */
export interface MosaicGlobalRestrictionDTO {
  /** 24 hex. */
  id: string;
  mosaicRestrictionEntry: {
    version: number;
    /** 64 hex. */
    compositeHash: string;
    entryType: 1;
    /** 16 hex. */
    mosaicId: string;
    /** By key, ascending. */
    restrictions: MosaicGlobalRestrictionItemDTO[];
  };
}

/** A mosaic's restriction values for one address (entryType 0). */
export interface MosaicAddressRestrictionDTO {
  /** 24 hex. */
  id: string;
  mosaicRestrictionEntry: {
    version: number;
    /** 64 hex. */
    compositeHash: string;
    entryType: 0;
    /** 16 hex. */
    mosaicId: string;
    /** 48 hex. */
    targetAddress: string;
    /** By key, ascending. */
    restrictions: MosaicAddressRestrictionItemDTO[];
  };
}

export type MosaicRestrictionDTO = MosaicGlobalRestrictionDTO | MosaicAddressRestrictionDTO;

/** `GET /restrictions/mosaic` filters, already validated by the route. */
export interface MosaicRestrictionSearchCriteria extends PageRequest {
  /** 16 hex. */
  mosaicId?: string;
  /** 0 address, 1 global. */
  entryType?: number;
  /** 48 hex. */
  targetAddress?: string;
  orderBy: 'id';
}

/** Mosaic restrictions (global rules and address values). */
export interface MosaicRestrictionRepository {
  search(criteria: MosaicRestrictionSearchCriteria): Awaitable<PageResult<MosaicRestrictionDTO>>;
  /** Entries by composite hash (64 hex), in the order asked; unknown ones are left out. */
  find(compositeHashes: readonly string[]): Awaitable<MosaicRestrictionDTO[]>;
}
