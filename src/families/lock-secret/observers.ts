/**
 * The secret lock plugin's observers (catapult's plugins/txes/lock_secret): locks made,
 * claimed by a proof and expired, each with its receipt, and locks pruned once finalized.
 */
import type { Payload } from '../../memory/execution/notification.js';
import type { BlockContext, ObservationContext } from '../../memory/execution/plugin.js';
import { RECEIPT_TYPE, type Receipt } from '../../memory/execution/receipts.js';
import type { StateDelta } from '../../memory/state/chain-state.js';
import { changeBalance } from '../core/observers.js';
import { LOCK_STATUS } from '../lock-shared/lock-info.js';
import { SECRET_LOCKS, compositeHashOf, type PROOF_PUBLICATION, type SECRET_LOCK } from './state.js';
import type { SecretLockStore } from './store.js';

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
