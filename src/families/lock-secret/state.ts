import { createHash } from 'node:crypto';
import { notificationType } from '../../memory/execution/notification.js';
import { cacheDescriptor } from '../../memory/state/cache.js';
import type { LockInfo } from '../lock-shared/lock-info.js';

/** How a proof becomes a secret (catapult's LockHashAlgorithm): sha3-256, ripemd160 of sha256, double sha256. */
export const LOCK_HASH_ALGORITHM = { sha3_256: 0, hash_160: 1, hash_256: 2 } as const;

/** One secret lock (catapult's SecretLockInfo, the newest of its composite hash's history). Immutable. */
export interface SecretLockEntry extends LockInfo {
  /** 64 hex: sha3-256 of the secret and the resolved recipient's address. */
  readonly compositeHash: string;
  readonly hashAlgorithm: number;
  /** 64 hex. */
  readonly secret: string;
  /** 48 hex, resolved: who gets the mosaic for the proof. */
  readonly recipientAddress: string;
}

/** The secret lock cache, by composite hash (64 hex). */
export const SECRET_LOCKS = cacheDescriptor<SecretLockEntry>('secretLocks');

/**
 * A proof's secret (64 hex) under a hash algorithm, as catapult's CalculateHash: a 20-byte
 * hash-160 is padded with zeros to 32 bytes.
 */
export function secretOf(hashAlgorithm: number, proof: Uint8Array): string {
  let hash: Buffer;
  if (hashAlgorithm === LOCK_HASH_ALGORITHM.sha3_256) hash = createHash('sha3-256').update(proof).digest();
  else if (hashAlgorithm === LOCK_HASH_ALGORITHM.hash_160) hash = Buffer.concat([createHash('ripemd160').update(createHash('sha256').update(proof).digest()).digest(), Buffer.alloc(12)]);
  else if (hashAlgorithm === LOCK_HASH_ALGORITHM.hash_256) hash = createHash('sha256').update(createHash('sha256').update(proof).digest()).digest();
  else throw new RangeError(`no lock hash algorithm ${hashAlgorithm}`);
  return hash.toString('hex').toUpperCase();
}

/** A lock's key (catapult's CalculateSecretLockInfoHash): sha3-256 of the secret (32 bytes) then the recipient's address (24 bytes). */
export function compositeHashOf(secret: string, recipientAddress: string): string {
  return createHash('sha3-256').update(Buffer.from(secret, 'hex')).update(Buffer.from(recipientAddress, 'hex')).digest('hex').toUpperCase();
}

/** A lock's duration, in blocks. */
export const SECRET_LOCK_DURATION = notificationType<{ duration: bigint }>('secretLockDuration');
/** The hash algorithm a lock or a proof names. */
export const SECRET_LOCK_HASH_ALGORITHM = notificationType<{ hashAlgorithm: number }>('secretLockHashAlgorithm');
/** A lock made: the mosaic (already debited from the owner) waits for the recipient's proof. */
export const SECRET_LOCK = notificationType<{
  ownerAddress: string;
  unresolvedMosaicId: string;
  amount: bigint;
  duration: bigint;
  hashAlgorithm: number;
  secret: string;
  unresolvedRecipientAddress: string;
}>('secretLock');
/** A proof and the secret it claims to hash to. */
export const PROOF_SECRET = notificationType<{ hashAlgorithm: number; secret: string; proof: Uint8Array }>('proofSecret');
/** A proof published: the lock of this secret and recipient is claimed. */
export const PROOF_PUBLICATION = notificationType<{ ownerAddress: string; hashAlgorithm: number; secret: string; unresolvedRecipientAddress: string }>('proofPublication');
