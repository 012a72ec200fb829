import { StateWriter, hashedTreeKey, hexBytes } from '../../memory/state/state-writer.js';
import { writeLockInfo } from '../lock-shared/lock-info.js';
import type { SecretLockEntry } from './state.js';

/** catapult's `SecretLockInfoHistoryNonHistoricalSerializer::State_Version`. */
export const SECRET_LOCK_INFO_VERSION = 1;

/**
 * A secret lock as the secret lock cache's Patricia tree hashes it (catapult's
 * `SecretLockInfoHistoryNonHistoricalSerializer`: the newest lock info of the composite
 * hash's history; the catbuffer `SecretLockInfo`): owner, mosaic id and amount, end height,
 * status, hash algorithm, secret, recipient. The composite hash is not written (a node
 * derives it from the secret and the recipient).
 */
export function serializeSecretLockInfo(entry: SecretLockEntry): Uint8Array {
  return writeLockInfo(new StateWriter(SECRET_LOCK_INFO_VERSION), entry)
    .u8(entry.hashAlgorithm)
    .hex(entry.secret, 32)
    .hex(entry.recipientAddress, 24)
    .finish();
}

/** The secret lock tree's key: SHA3-256 of the composite hash (32 bytes). */
export function secretLockTreeKey(compositeHash: string): Uint8Array {
  return hashedTreeKey(hexBytes(compositeHash, 32));
}
