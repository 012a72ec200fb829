import { StateWriter, hashedTreeKey, hexBytes } from '../../memory/state/state-writer.js';
import { writeLockInfo } from '../lock-shared/lock-info.js';
import type { HashLockEntry } from './state.js';

/** catapult's `HashLockInfoHistoryNonHistoricalSerializer::State_Version`. */
export const HASH_LOCK_INFO_VERSION = 1;

/**
 * A hash lock as the hash lock cache's Patricia tree hashes it (catapult's
 * `HashLockInfoHistoryNonHistoricalSerializer`: the newest lock info of the hash's history;
 * the catbuffer `HashLockInfo`): owner, mosaic id and amount, end height, status, hash.
 */
export function serializeHashLockInfo(entry: HashLockEntry): Uint8Array {
  return writeLockInfo(new StateWriter(HASH_LOCK_INFO_VERSION), entry).hex(entry.hash, 32).finish();
}

/** The hash lock tree's key: SHA3-256 of the locked hash (32 bytes). */
export function hashLockTreeKey(hash: string): Uint8Array {
  return hashedTreeKey(hexBytes(hash, 32));
}
