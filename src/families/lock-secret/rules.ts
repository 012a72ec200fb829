/**
 * The secret lock plugin's validators and observers (catapult's plugins/txes/lock_secret),
 * each one rule, in the order catapult registers them.
 */
import type { FailureCode } from '../../memory/execution/notification.js';
import type { BlockContext, ObservationContext, ValidationContext } from '../../memory/execution/plugin.js';
import { RECEIPT_TYPE, type Receipt } from '../../memory/execution/receipts.js';
import type { StateDelta } from '../../memory/state/chain-state.js';
import { changeBalance } from '../core/rules.js';
import { LOCK_STATUS, isActiveLock } from '../lock-shared/lock-info.js';
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
import type { SecretLockStore } from './store.js';

type Payload<T> = T extends { readonly payload?: infer P } ? P : never;

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

// Observers.

/** A new lock (replacing an inactive one of the same composite hash), with its `LockSecret_Created` receipt. */
export function observeLock(payload: Payload<typeof SECRET_LOCK>, context: ObservationContext): void {
  const mosaicId = context.resolveMosaicId(payload.unresolvedMosaicId);
  const recipientAddress = context.resolveAddress(payload.unresolvedRecipientAddress);
  const compositeHash = compositeHashOf(payload.secret, recipientAddress);
  context.state.cache(SECRET_LOCKS).set(compositeHash, {
    compositeHash,
    ownerAddress: payload.ownerAddress,
    mosaicId,
    amount: payload.amount,
    endHeight: context.height + payload.duration,
    status: LOCK_STATUS.unused,
    hashAlgorithm: payload.hashAlgorithm,
    secret: payload.secret,
    recipientAddress,
  });
  context.receipt({ kind: 'balanceChange', type: RECEIPT_TYPE.lockSecretCreated, mosaicId, amount: payload.amount, targetAddress: payload.ownerAddress });
}

/** A claimed lock: used from now on, its mosaic paid to the recipient with a `LockSecret_Completed` receipt. */
export function observeProof({ secret, unresolvedRecipientAddress }: Payload<typeof PROOF_PUBLICATION>, context: ObservationContext): void {
  const locks = context.state.cache(SECRET_LOCKS);
  const compositeHash = compositeHashOf(secret, context.resolveAddress(unresolvedRecipientAddress));
  const lock = locks.get(compositeHash)!;
  locks.set(compositeHash, { ...lock, status: LOCK_STATUS.used });
  changeBalance(context, lock.recipientAddress, lock.mosaicId, lock.amount);
  context.receipt({ kind: 'balanceChange', type: RECEIPT_TYPE.lockSecretCompleted, mosaicId: lock.mosaicId, amount: lock.amount, targetAddress: lock.recipientAddress });
}

/**
 * Each block: unused locks that end at its height go back to their owners, with a
 * `LockSecret_Expired` receipt each, in the order of the receipts' bytes (as catapult sorts them).
 */
export function observeSecretLockBlock(store: SecretLockStore): (context: BlockContext) => void {
  return (context) => {
    const locks = context.state.cache(SECRET_LOCKS);
    const receipts: Extract<Receipt, { kind: 'balanceChange' }>[] = [];
    for (const compositeHash of store.expiries.at(context.height)) {
      const lock = locks.get(compositeHash);
      // A lock made again under the same key in this block ends later: catapult refunds nothing then.
      if (!lock || lock.status !== LOCK_STATUS.unused || lock.endHeight !== context.height) continue;
      changeBalance(context, lock.ownerAddress, lock.mosaicId, lock.amount);
      receipts.push({ kind: 'balanceChange', type: RECEIPT_TYPE.lockSecretExpired, mosaicId: lock.mosaicId, amount: lock.amount, targetAddress: lock.ownerAddress });
    }
    receipts.sort((a, b) => Buffer.compare(receiptBytes(a), receiptBytes(b)));
    for (const receipt of receipts) context.receipt(receipt);
  };
}

// A balance change receipt's bytes after its common header: mosaic id and amount (little endian), then the address.
function receiptBytes({ mosaicId, amount, targetAddress }: { mosaicId: string; amount: bigint; targetAddress: string }): Buffer {
  const bytes = Buffer.alloc(40);
  bytes.writeBigUInt64LE(BigInt(`0x${mosaicId}`), 0);
  bytes.writeBigUInt64LE(amount, 8);
  Buffer.from(targetAddress, 'hex').copy(bytes, 16);
  return bytes;
}

/** Once a height is finalized, locks that ended at or before it leave the cache, as catapult prunes its lock caches. */
export function pruneSecretLocks(store: SecretLockStore): (previous: bigint, height: bigint, state: StateDelta) => void {
  return (previous, height, state) => {
    const locks = state.cache(SECRET_LOCKS);
    for (let end = previous + 1n; end <= height; end++) {
      for (const compositeHash of store.ends.at(end)) {
        const lock = locks.get(compositeHash);
        if (lock && lock.endHeight <= height) locks.remove(compositeHash);
      }
    }
  };
}
