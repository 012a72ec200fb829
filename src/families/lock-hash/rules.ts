/**
 * The hash lock plugin's validators and observers (catapult's plugins/txes/lock_hash and
 * lock_shared), each one rule, in the order catapult registers them.
 */
import { models } from 'symbol-sdk/symbol';
import type { TRANSACTION } from '../../memory/execution/core-notifications.js';
import type { FailureCode } from '../../memory/execution/notification.js';
import type { BlockContext, ObservationContext, ValidationContext } from '../../memory/execution/plugin.js';
import { RECEIPT_TYPE, type Receipt } from '../../memory/execution/receipts.js';
import { changeBalance } from '../core/rules.js';
import { LOCK_STATUS, isActiveLock } from '../lock-shared/lock-info.js';
import { HASH_LOCKS, type HASH_LOCK, type HASH_LOCK_DURATION, type HASH_LOCK_MOSAIC } from './state.js';
import type { HashLockStore } from './store.js';

type Payload<T> = T extends { readonly payload?: infer P } ? P : never;

const AGGREGATE_BONDED = models.TransactionType.AGGREGATE_BONDED.value;

// Stateless.

/** A duration of 0 or past the network's longest. */
export function validateLockDuration({ duration }: Payload<typeof HASH_LOCK_DURATION>, context: ValidationContext): FailureCode | undefined {
  return duration !== 0n && duration <= context.rules.maxHashLockDuration ? undefined : 'Failure_LockHash_Invalid_Duration';
}

// Stateful.

/** An aggregate bonded whose hash no lock names, or whose lock was used or expired. */
export function validateAggregateHashPresent({ hash, type }: Payload<typeof TRANSACTION>, context: ValidationContext): FailureCode | undefined {
  if (type !== AGGREGATE_BONDED) return undefined;
  const lock = context.state.cache(HASH_LOCKS).get(hash);
  if (!lock) return 'Failure_LockHash_Unknown_Hash';
  return isActiveLock(lock, context.height) ? undefined : 'Failure_LockHash_Inactive_Hash';
}

/** A hash an active lock already names. */
export function validateUniqueLock({ hash }: Payload<typeof HASH_LOCK>, context: ValidationContext): FailureCode | undefined {
  return isActiveLock(context.state.cache(HASH_LOCKS).get(hash), context.height) ? 'Failure_LockHash_Hash_Already_Exists' : undefined;
}

/** An amount other than the network's locked funds per aggregate, or a mosaic other than the currency. */
export function validateLockMosaic({ unresolvedMosaicId, amount }: Payload<typeof HASH_LOCK_MOSAIC>, context: ValidationContext): FailureCode | undefined {
  if (amount !== context.rules.lockedFundsPerAggregate) return 'Failure_LockHash_Invalid_Mosaic_Amount';
  return context.resolveMosaicId(unresolvedMosaicId) === context.network.currencyMosaicId ? undefined : 'Failure_LockHash_Invalid_Mosaic_Id';
}

// Observers.

/** Records the lock until `duration` blocks from now (`LockHash_Created`). */
export function observeLock({ ownerAddress, unresolvedMosaicId, amount, duration, hash }: Payload<typeof HASH_LOCK>, context: ObservationContext): void {
  const mosaicId = context.resolveMosaicId(unresolvedMosaicId);
  context.state.cache(HASH_LOCKS).set(hash, { hash, ownerAddress, mosaicId, amount, endHeight: context.height + duration, status: LOCK_STATUS.unused });
  context.receipt({ kind: 'balanceChange', type: RECEIPT_TYPE.lockHashCreated, mosaicId, amount, targetAddress: ownerAddress });
}

/** An aggregate bonded confirmed: its lock is used and the funds go back to the owner (`LockHash_Completed`). */
export function observeCompletedAggregate({ hash, type }: Payload<typeof TRANSACTION>, context: ObservationContext): void {
  if (type !== AGGREGATE_BONDED) return;
  const locks = context.state.cache(HASH_LOCKS);
  const lock = locks.get(hash);
  if (!lock) return;
  locks.set(hash, { ...lock, status: LOCK_STATUS.used });
  changeBalance(context, lock.ownerAddress, lock.mosaicId, lock.amount);
  context.receipt({ kind: 'balanceChange', type: RECEIPT_TYPE.lockHashCompleted, mosaicId: lock.mosaicId, amount: lock.amount, targetAddress: lock.ownerAddress });
}

/** Locks unused at their end height: the funds go to the block's harvester (`LockHash_Expired`), found by the height index. */
export function observeExpiredLocks(store: HashLockStore): (context: BlockContext) => void {
  return (context) => {
    const locks = context.state.cache(HASH_LOCKS);
    const receipts: Receipt[] = [];
    for (const hash of store.expiries.at(context.height)) {
      const lock = locks.get(hash);
      if (!lock || lock.status !== LOCK_STATUS.unused || lock.endHeight !== context.height) continue;
      changeBalance(context, context.harvesterAddress, lock.mosaicId, lock.amount);
      receipts.push({ kind: 'balanceChange', type: RECEIPT_TYPE.lockHashExpired, mosaicId: lock.mosaicId, amount: lock.amount, targetAddress: context.harvesterAddress });
    }
    // Catapult orders them by their bytes: the same target, so by mosaic id (little-endian) then amount.
    receipts.sort((a, b) => compareReceipts(a, b));
    for (const receipt of receipts) context.receipt(receipt);
  };
}

function compareReceipts(a: Receipt, b: Receipt): number {
  if (a.kind !== 'balanceChange' || b.kind !== 'balanceChange') return 0;
  const bytes = (receipt: typeof a) => Buffer.concat([Buffer.from(receipt.mosaicId, 'hex').reverse(), bigintBytes(receipt.amount)]);
  return Buffer.compare(bytes(a), bytes(b));
}

function bigintBytes(value: bigint): Buffer {
  const buffer = Buffer.alloc(8);
  buffer.writeBigUInt64LE(value);
  return buffer;
}
