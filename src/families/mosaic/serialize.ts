import { StateWriter, hashedTreeKey, idBytes } from '../../memory/state/state-writer.js';
import type { MosaicEntry } from './state.js';

/** catapult's `MosaicEntrySerializer::State_Version`. */
export const MOSAIC_ENTRY_VERSION = 1;

/**
 * A mosaic as the mosaic cache's Patricia tree hashes it (catapult's `MosaicEntrySerializer`,
 * the catbuffer `MosaicEntry`): id, supply, then the definition (start height, owner,
 * revision, flags, divisibility, duration).
 */
export function serializeMosaicEntry(entry: MosaicEntry): Uint8Array {
  return new StateWriter(MOSAIC_ENTRY_VERSION)
    .id(entry.id)
    .u64(entry.supply)
    .u64(entry.startHeight)
    .hex(entry.ownerAddress, 24)
    .u32(entry.revision)
    .u8(entry.flags)
    .u8(entry.divisibility)
    .u64(entry.duration)
    .finish();
}

/** The mosaic tree's key: SHA3-256 of the mosaic id (8 bytes, little endian). */
export function mosaicTreeKey(mosaicId: string): Uint8Array {
  return hashedTreeKey(idBytes(mosaicId));
}
