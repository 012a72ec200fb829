import type { MosaicInfoDTO, MosaicSearchCriteria } from '../../../backend/mosaics.js';
import type { PageResult } from '../../../backend/repositories.js';
import type { Cache } from '../../state/cache.js';
import { EntryIndex, HeightIndex, filterCombinations, filterKey, type EntryRef } from '../../state/entry-index.js';
import { pageOfRange } from '../../sorted.js';
import { expiryHeight, type MosaicEntry } from './state.js';

/** The confirmed mosaics with the indexes `/mosaics` and expiry read. */
export class MosaicStore {
  readonly #cache: Cache<MosaicEntry>;
  readonly #entries: EntryIndex<MosaicEntry>;
  /** Mosaics by the height they expire at. */
  readonly expiries: HeightIndex<MosaicEntry>;

  constructor(cache: Cache<MosaicEntry>, nextId: () => string) {
    this.#cache = cache;
    this.#entries = new EntryIndex(cache, nextId, (mosaic) => filterCombinations({ ownerAddress: mosaic.ownerAddress }));
    this.expiries = new HeightIndex(cache, expiryHeight);
  }

  /** A confirmed mosaic by id (16 hex). */
  get(mosaicId: string): MosaicEntry | undefined {
    return this.#cache.get(mosaicId);
  }

  search(criteria: MosaicSearchCriteria): PageResult<MosaicInfoDTO> {
    const list = this.#entries.list(filterKey({ ownerAddress: criteria.ownerAddress }));
    const page = pageOfRange(list, 0, list.length, criteria, (ref: EntryRef) => ref.id);
    return { data: page.data.map((ref) => this.#info(ref.key)!), totalEntries: page.totalEntries };
  }

  find(mosaicIds: readonly string[]): MosaicInfoDTO[] {
    return mosaicIds.map((id) => this.#info(id)).filter((info): info is MosaicInfoDTO => info !== undefined);
  }

  #info(mosaicId: string): MosaicInfoDTO | undefined {
    const mosaic = this.#cache.get(mosaicId);
    if (!mosaic) return undefined;
    return {
      id: this.#entries.idOf(mosaicId)!,
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
