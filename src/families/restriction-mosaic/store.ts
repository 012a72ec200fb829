import type { MosaicRestrictionDTO, MosaicRestrictionSearchCriteria } from '../../backend/restriction-mosaic.js';
import { EntryListing, type Filters } from '../../memory/state/entry-listing.js';
import { ENTRY_TYPE, type MosaicRestrictionEntry } from './state.js';

/** The confirmed mosaic restrictions with the index `/restrictions/mosaic` reads. */
export class MosaicRestrictionStore extends EntryListing<MosaicRestrictionEntry, MosaicRestrictionDTO, MosaicRestrictionSearchCriteria> {
  protected filtersOf(entry: MosaicRestrictionEntry): Filters {
    return mosaicRestrictionFilters(entry);
  }

  protected queryFilters(criteria: MosaicRestrictionSearchCriteria): Filters {
    return mosaicRestrictionQueryFilters(criteria);
  }

  protected render(entry: MosaicRestrictionEntry, id: string): MosaicRestrictionDTO {
    const { compositeHash } = entry;
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

/** The filters a mosaic restriction is listed under (a mirror lists an upstream's by them too). */
export function mosaicRestrictionFilters(entry: MosaicRestrictionEntry): Filters {
  return { mosaicId: entry.mosaicId, entryType: String(entry.entryType), targetAddress: entry.entryType === ENTRY_TYPE.address ? entry.targetAddress : undefined };
}

/** The filters a `/restrictions/mosaic` query asks for (the PostgreSQL store pages by them too). */
export function mosaicRestrictionQueryFilters(criteria: MosaicRestrictionSearchCriteria): Filters {
  return { mosaicId: criteria.mosaicId, entryType: criteria.entryType === undefined ? undefined : String(criteria.entryType), targetAddress: criteria.targetAddress };
}

/** The restriction entry a `MosaicRestrictionDTO` shows (cache `MOSAIC_RESTRICTIONS`, key its composite hash): the inverse of `render`. */
export function mosaicRestrictionEntryOf({ mosaicRestrictionEntry: entry }: MosaicRestrictionDTO): MosaicRestrictionEntry {
  const compositeHash = entry.compositeHash.toUpperCase();
  const mosaicId = entry.mosaicId.toUpperCase();
  if (entry.entryType === ENTRY_TYPE.global) {
    const rules = new Map(entry.restrictions.map(({ key, restriction }) => [BigInt(key), { referenceMosaicId: restriction.referenceMosaicId.toUpperCase(), value: BigInt(restriction.restrictionValue), type: restriction.restrictionType }] as const));
    return { entryType: ENTRY_TYPE.global, compositeHash, mosaicId, rules };
  }
  const values = new Map(entry.restrictions.map(({ key, value }) => [BigInt(key), BigInt(value)] as const));
  return { entryType: ENTRY_TYPE.address, compositeHash, mosaicId, targetAddress: entry.targetAddress.toUpperCase(), values };
}
