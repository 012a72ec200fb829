import type { MetadataInfoDTO, MetadataSearchCriteria } from '../../backend/metadata.js';
import { fromHex, toHex } from '../../memory/keys.js';
import { EntryListing, type Filters } from '../../memory/state/entry-listing.js';
import type { MetadataEntry } from './state.js';

/** The confirmed metadata entries with the index `/metadata` reads (every combination of its five filters). */
export class MetadataStore extends EntryListing<MetadataEntry, MetadataInfoDTO, MetadataSearchCriteria> {
  protected filtersOf(entry: MetadataEntry): Filters {
    return metadataFilters(entry);
  }

  protected queryFilters(criteria: MetadataSearchCriteria): Filters {
    return metadataQueryFilters(criteria);
  }

  protected render(entry: MetadataEntry, id: string): MetadataInfoDTO {
    return {
      id,
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

/** The filters of a metadata entry or a `/metadata` query, in one fixed order so both name them alike (a mirror lists an upstream's entries by them too). */
export function metadataFilters(source: { sourceAddress?: string; targetAddress?: string; scopedMetadataKey?: string; targetId?: string; metadataType?: number }): Filters {
  return {
    source: source.sourceAddress,
    target: source.targetAddress,
    key: source.scopedMetadataKey,
    id: source.targetId,
    type: source.metadataType?.toString(),
  };
}

/** The filters a `/metadata` query asks for (the PostgreSQL store pages by them too). */
export function metadataQueryFilters(criteria: MetadataSearchCriteria): Filters {
  return metadataFilters(criteria);
}

/** The metadata entry a `MetadataInfoDTO` shows (cache `METADATA`, key its composite hash): the inverse of `render`. */
export function metadataEntryOf({ metadataEntry: entry }: MetadataInfoDTO): MetadataEntry {
  return {
    compositeHash: entry.compositeHash.toUpperCase(),
    sourceAddress: entry.sourceAddress.toUpperCase(),
    targetAddress: entry.targetAddress.toUpperCase(),
    scopedMetadataKey: entry.scopedMetadataKey.toUpperCase(),
    targetId: entry.targetId.toUpperCase(),
    metadataType: entry.metadataType,
    value: fromHex(entry.value),
  };
}
