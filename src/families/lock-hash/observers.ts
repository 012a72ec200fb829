/**
 * The hash lock plugin's observers (catapult's plugins/txes/lock_hash and lock_shared): locks
 * made, used by their aggregate bonded, and expired, each with its receipt.
 */
import type { TRANSACTION } from '../../memory/execution/core-notifications.js';
import type { Payload } from '../../memory/execution/notification.js';
import type { BlockContext, ObservationContext } from '../../memory/execution/plugin.js';
import { RECEIPT_TYPE, type Receipt } from '../../memory/execution/receipts.js';
import { changeBalance } from '../core/observers.js';
import { LOCK_STATUS } from '../lock-shared/lock-info.js';
import { AGGREGATE_BONDED, HASH_LOCKS, type HASH_LOCK } from './state.js';
import type { HashLockStore } from './store.js';

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
