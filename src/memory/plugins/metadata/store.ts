import type { MetadataInfoDTO, MetadataSearchCriteria } from '../../../backend/metadata.js';
import type { PageResult } from '../../../backend/repositories.js';
import { toHex } from '../../keys.js';
import type { Cache } from '../../state/cache.js';
import { EntryIndex, filterCombinations, filterKey, type EntryRef } from '../../state/entry-index.js';
import { pageOfRange } from '../../sorted.js';
import type { MetadataEntry } from './state.js';

/** The confirmed metadata entries with the index `/metadata` reads (every combination of its five filters). */
export class MetadataStore {
  readonly #cache: Cache<MetadataEntry>;
  readonly #entries: EntryIndex<MetadataEntry>;

  constructor(cache: Cache<MetadataEntry>, nextId: () => string) {
    this.#cache = cache;
    this.#entries = new EntryIndex(cache, nextId, (entry) => filterCombinations(filtersOf(entry)));
  }

  /** A confirmed entry by composite hash (64 hex). */
  get(compositeHash: string): MetadataEntry | undefined {
    return this.#cache.get(compositeHash);
  }

  search(criteria: MetadataSearchCriteria): PageResult<MetadataInfoDTO> {
    const list = this.#entries.list(
      filterKey(
        filtersOf({
          sourceAddress: criteria.sourceAddress,
          targetAddress: criteria.targetAddress,
          scopedMetadataKey: criteria.scopedMetadataKey,
          targetId: criteria.targetId,
          metadataType: criteria.metadataType,
        }),
      ),
    );
    const page = pageOfRange(list, 0, list.length, criteria, (ref: EntryRef) => ref.id);
    return { data: page.data.map((ref) => this.#info(ref.key)!), totalEntries: page.totalEntries };
  }

  find(compositeHashes: readonly string[]): MetadataInfoDTO[] {
    return compositeHashes.map((hash) => this.#info(hash)).filter((info): info is MetadataInfoDTO => info !== undefined);
  }

  #info(compositeHash: string): MetadataInfoDTO | undefined {
    const entry = this.#cache.get(compositeHash);
    if (!entry) return undefined;
    return {
      id: this.#entries.idOf(compositeHash)!,
      metadataEntry: {
        version: 1,
        compositeHash: entry.compositeHash,
        sourceAddress: entry.sourceAddress,
        targetAddress: entry.targetAddress,
        scopedMetadataKey: entry.scopedMetadataKey,
        targetId: entry.targetId,
        metadataType: entry.metadataType,
        valueSize: entry.value.length,
        value: toHex(entry.value),
      },
    };
  }
}

// The filters in one fixed order, so an entry's keys and a query's key name them alike.
function filtersOf(entry: {
  sourceAddress?: string;
  targetAddress?: string;
  scopedMetadataKey?: string;
  targetId?: string;
  metadataType?: number;
}): Record<string, string | undefined> {
  return {
    source: entry.sourceAddress,
    target: entry.targetAddress,
    key: entry.scopedMetadataKey,
    id: entry.targetId,
    type: entry.metadataType?.toString(),
  };
}
