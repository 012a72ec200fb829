import type { MosaicRestrictionDTO, MosaicRestrictionSearchCriteria } from '../../../backend/mosaic-restrictions.js';
import type { PageResult } from '../../../backend/repositories.js';
import type { Cache } from '../../state/cache.js';
import { EntryIndex, filterCombinations, filterKey, type EntryRef } from '../../state/entry-index.js';
import { pageOfRange } from '../../sorted.js';
import { ENTRY_TYPE, type MosaicRestrictionEntry } from './state.js';

/** The confirmed mosaic restrictions with the index `/restrictions/mosaic` reads. */
export class MosaicRestrictionStore {
  readonly #cache: Cache<MosaicRestrictionEntry>;
  readonly #entries: EntryIndex<MosaicRestrictionEntry>;

  constructor(cache: Cache<MosaicRestrictionEntry>, nextId: () => string) {
    this.#cache = cache;
    this.#entries = new EntryIndex(cache, nextId, (entry) =>
      filterCombinations({
        mosaicId: entry.mosaicId,
        entryType: String(entry.entryType),
        targetAddress: entry.entryType === ENTRY_TYPE.address ? entry.targetAddress : undefined,
      }),
    );
  }

  /** A confirmed entry by composite hash (64 hex). */
  get(compositeHash: string): MosaicRestrictionEntry | undefined {
    return this.#cache.get(compositeHash);
  }

  search(criteria: MosaicRestrictionSearchCriteria): PageResult<MosaicRestrictionDTO> {
    const filters = {
      mosaicId: criteria.mosaicId,
      entryType: criteria.entryType === undefined ? undefined : String(criteria.entryType),
      targetAddress: criteria.targetAddress,
    };
    const list = this.#entries.list(filterKey(filters));
    const page = pageOfRange(list, 0, list.length, criteria, (ref: EntryRef) => ref.id);
    return { data: page.data.map((ref) => this.#dto(ref.key)!), totalEntries: page.totalEntries };
  }

  find(compositeHashes: readonly string[]): MosaicRestrictionDTO[] {
    return compositeHashes.map((hash) => this.#dto(hash)).filter((dto): dto is MosaicRestrictionDTO => dto !== undefined);
  }

  #dto(compositeHash: string): MosaicRestrictionDTO | undefined {
    const entry = this.#cache.get(compositeHash);
    if (!entry) return undefined;
    const id = this.#entries.idOf(compositeHash)!;
    if (entry.entryType === ENTRY_TYPE.global) {
      return {
        id,
        mosaicRestrictionEntry: {
          version: 1,
          compositeHash,
          entryType: ENTRY_TYPE.global,
          mosaicId: entry.mosaicId,
          restrictions: ascending(entry.rules).map(([key, rule]) => ({
            key: key.toString(),
            restriction: { referenceMosaicId: rule.referenceMosaicId, restrictionValue: rule.value.toString(), restrictionType: rule.type },
          })),
        },
      };
    }
    return {
      id,
      mosaicRestrictionEntry: {
        version: 1,
        compositeHash,
        entryType: ENTRY_TYPE.address,
        mosaicId: entry.mosaicId,
        targetAddress: entry.targetAddress,
        restrictions: ascending(entry.values).map(([key, value]) => ({ key: key.toString(), value: value.toString() })),
      },
    };
  }
}

// Catapult lists an entry's keys in ascending order (a std::set).
function ascending<V>(map: ReadonlyMap<bigint, V>): [bigint, V][] {
  return [...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
