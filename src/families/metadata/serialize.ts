import { StateWriter, hashedTreeKey, hexBytes } from '../../memory/state/state-writer.js';
import type { MetadataEntry } from './state.js';

/** catapult's `MetadataEntrySerializer::State_Version`. */
export const METADATA_ENTRY_VERSION = 1;

/**
 * A metadata entry as the metadata cache's Patricia tree hashes it (catapult's
 * `MetadataEntrySerializer`, the catbuffer `MetadataEntry`): source and target addresses,
 * scoped key, target id (both uint64), type, then the value's size (uint16) and bytes.
 */
export function serializeMetadataEntry(entry: MetadataEntry): Uint8Array {
  if (entry.value.length > 0xffff) throw new RangeError(`metadata value of ${entry.value.length} bytes`);
  return new StateWriter(METADATA_ENTRY_VERSION)
    .hex(entry.sourceAddress, 24)
    .hex(entry.targetAddress, 24)
    .id(entry.scopedMetadataKey)
    .id(entry.targetId)
    .u8(entry.metadataType)
    .u16(entry.value.length)
    .bytes(entry.value)
    .finish();
}

/** The metadata tree's key: SHA3-256 of the composite hash (32 bytes; `MetadataKey::uniqueKey`). */
export function metadataTreeKey(compositeHash: string): Uint8Array {
  return hashedTreeKey(hexBytes(compositeHash, 32));
}
