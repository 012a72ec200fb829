/**
 * The secret lock plugin's validators (catapult's plugins/txes/lock_secret), each one rule,
 * in the order catapult registers them.
 */
import type { FailureCode, Payload } from '../../memory/execution/notification.js';
import type { ValidationContext } from '../../memory/execution/plugin.js';
import { isActiveLock } from '../lock-shared/lock-info.js';
import {
  LOCK_HASH_ALGORITHM,
  SECRET_LOCKS,
  compositeHashOf,
  secretOf,
  type PROOF_PUBLICATION,
  type PROOF_SECRET,
  type SECRET_LOCK,
  type SECRET_LOCK_DURATION,
  type SECRET_LOCK_HASH_ALGORITHM,
} from './state.js';

// Stateless.

/** A lock of no duration, or longer than the network allows. */
export function validateLockDuration({ duration }: Payload<typeof SECRET_LOCK_DURATION>, context: ValidationContext): FailureCode | undefined {
  return duration !== 0n && duration <= context.rules.maxSecretLockDuration ? undefined : 'Failure_LockSecret_Invalid_Duration';
}

/** A hash algorithm catapult does not know. */
export function validateHashAlgorithm({ hashAlgorithm }: Payload<typeof SECRET_LOCK_HASH_ALGORITHM>): FailureCode | undefined {
  return hashAlgorithm <= LOCK_HASH_ALGORITHM.hash_256 ? undefined : 'Failure_LockSecret_Invalid_Hash_Algorithm';
}

/** A proof of an unknown algorithm, of a size out of the network's bounds, or that does not hash to the secret. */
export function validateProofSecret({ hashAlgorithm, secret, proof }: Payload<typeof PROOF_SECRET>, context: ValidationContext): FailureCode | undefined {
  if (hashAlgorithm > LOCK_HASH_ALGORITHM.hash_256) return 'Failure_LockSecret_Invalid_Hash_Algorithm';
  if (proof.length < context.rules.minProofSize || proof.length > context.rules.maxProofSize) return 'Failure_LockSecret_Proof_Size_Out_Of_Bounds';
  return secretOf(hashAlgorithm, proof) === secret ? undefined : 'Failure_LockSecret_Secret_Mismatch';
}

// Stateful.

/** A lock of a secret and recipient that already have an active lock. */
export function validateLockUnique({ secret, unresolvedRecipientAddress }: Payload<typeof SECRET_LOCK>, context: ValidationContext): FailureCode | undefined {
  const lock = context.state.cache(SECRET_LOCKS).get(compositeHashOf(secret, context.resolveAddress(unresolvedRecipientAddress)));
  return isActiveLock(lock, context.height) ? 'Failure_LockSecret_Hash_Already_Exists' : undefined;
}

/** A proof for no lock, for a used or ended one, or naming another hash algorithm than the lock's. */
export function validateProof({ hashAlgorithm, secret, unresolvedRecipientAddress }: Payload<typeof PROOF_PUBLICATION>, context: ValidationContext): FailureCode | undefined {
  const lock = context.state.cache(SECRET_LOCKS).get(compositeHashOf(secret, context.resolveAddress(unresolvedRecipientAddress)));
  if (!lock) return 'Failure_LockSecret_Unknown_Composite_Key';
  if (!isActiveLock(lock, context.height)) return 'Failure_LockSecret_Inactive_Secret';
  return lock.hashAlgorithm === hashAlgorithm ? undefined : 'Failure_LockSecret_Hash_Algorithm_Mismatch';
}
