import type { MosaicInfoDTO, MosaicSearchCriteria } from '../../backend/mosaic.js';
import type { Cache } from '../../memory/state/cache.js';
import { HeightIndex } from '../../memory/state/entry-index.js';
import { EntryListing, type Filters } from '../../memory/state/entry-listing.js';
import { expiryHeight, type MosaicEntry } from './state.js';

/** The confirmed mosaics with the indexes `/mosaics` and expiry read. */
export class MosaicStore extends EntryListing<MosaicEntry, MosaicInfoDTO, MosaicSearchCriteria> {
  /** Mosaics by the height they expire at. */
  readonly expiries: HeightIndex<MosaicEntry>;

  constructor(cache: Cache<MosaicEntry>, nextId: () => string) {
    super(cache, nextId);
    this.expiries = new HeightIndex(cache, expiryHeight);
  }

  protected filtersOf(mosaic: MosaicEntry): Filters {
    return mosaicFilters(mosaic);
  }

  protected queryFilters(criteria: MosaicSearchCriteria): Filters {
    return mosaicQueryFilters(criteria);
  }

  protected render(mosaic: MosaicEntry, id: string): MosaicInfoDTO {
    return {
      id,
      mosaic: {
        version: 1,
        id: mosaic.id,
        supply: mosaic.supply.toString(),
        startHeight: mosaic.startHeight.toString(),
        ownerAddress: mosaic.ownerAddress,
        revision: mosaic.revision,
        flags: mosaic.flags,
        divisibility: mosaic.divisibility,
        duration: mosaic.duration.toString(),
      },
    };
  }
}

/** The filters a mosaic is listed under (a mirror lists an upstream's mosaics by them too). */
export function mosaicFilters(mosaic: MosaicEntry): Filters {
  return { ownerAddress: mosaic.ownerAddress };
}

/** The filters a `/mosaics` query asks for (the PostgreSQL store pages by them too). */
export function mosaicQueryFilters(criteria: MosaicSearchCriteria): Filters {
  return { ownerAddress: criteria.ownerAddress };
}

/** The mosaic entry a `MosaicInfoDTO` shows (cache `MOSAICS`, key its id): the inverse of `render`. */
export function mosaicEntryOf(info: MosaicInfoDTO): MosaicEntry {
  const { mosaic } = info;
  return {
    id: mosaic.id.toUpperCase(),
    supply: BigInt(mosaic.supply),
    startHeight: BigInt(mosaic.startHeight),
    ownerAddress: mosaic.ownerAddress.toUpperCase(),
    revision: mosaic.revision,
    flags: mosaic.flags,
    divisibility: mosaic.divisibility,
    duration: BigInt(mosaic.duration),
  };
}
