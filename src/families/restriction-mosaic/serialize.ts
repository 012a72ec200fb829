import { StateWriter, hashedTreeKey, hexBytes } from '../../memory/state/state-writer.js';
import { ENTRY_TYPE, type MosaicRestrictionEntry } from './state.js';

/** catapult's `MosaicRestrictionEntrySerializer::State_Version`. */
export const MOSAIC_RESTRICTION_ENTRY_VERSION = 1;

/**
 * A mosaic restriction as the mosaic restriction cache's Patricia tree hashes it (catapult's
 * `MosaicRestrictionEntrySerializer`, the catbuffer `MosaicRestrictionEntry`): the entry type,
 * the mosaic id, the address (address restrictions only), then the keys (a uint8 count,
 * ascending) with their values (address) or rules (global: reference mosaic, value, type).
 */
export function serializeMosaicRestrictionEntry(entry: MosaicRestrictionEntry): Uint8Array {
  const writer = new StateWriter(MOSAIC_RESTRICTION_ENTRY_VERSION).u8(entry.entryType).id(entry.mosaicId);
  if (entry.entryType === ENTRY_TYPE.address) {
    writer.hex(entry.targetAddress, 24);
    const keys = sortedKeys(entry.values);
    writer.u8(keys.length);
    for (const key of keys) writer.u64(key).u64(entry.values.get(key)!);
  } else {
    const keys = sortedKeys(entry.rules);
    writer.u8(keys.length);
    for (const key of keys) {
      const rule = entry.rules.get(key)!;
      writer.u64(key).id(rule.referenceMosaicId).u64(rule.value).u8(rule.type);
    }
  }
  return writer.finish();
}

function sortedKeys(map: ReadonlyMap<bigint, unknown>): bigint[] {
  if (map.size > 0xff) throw new RangeError(`${map.size} restriction keys`);
  return [...map.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The mosaic restriction tree's key: SHA3-256 of the composite hash (32 bytes; `CreateMosaicRestrictionEntryKey`). */
export function mosaicRestrictionTreeKey(compositeHash: string): Uint8Array {
  return hashedTreeKey(hexBytes(compositeHash, 32));
}
