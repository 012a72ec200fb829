import { models } from 'symbol-sdk/symbol';
import { notificationType } from '../../memory/execution/notification.js';
import { cacheDescriptor } from '../../memory/state/cache.js';
import type { LockInfo } from '../lock-shared/lock-info.js';

/** Funds locked for an aggregate bonded (catapult's HashLockInfo). Immutable. */
export interface HashLockEntry extends LockInfo {
  /** 64 hex: the aggregate bonded's hash. */
  readonly hash: string;
}

/** The hash lock cache, by the locked hash (64 hex). */
export const HASH_LOCKS = cacheDescriptor<HashLockEntry>('hashLocks');

/** The transaction type a hash lock is for: an aggregate bonded needs one, and its confirmation uses it. */
export const AGGREGATE_BONDED = models.TransactionType.AGGREGATE_BONDED.value;

/** A lock's duration, in blocks. */
export const HASH_LOCK_DURATION = notificationType<{ duration: bigint }>('hashLockDuration');
/** The mosaic a lock locks. */
export const HASH_LOCK_MOSAIC = notificationType<{ unresolvedMosaicId: string; amount: bigint }>('hashLockMosaic');
/** A lock made (its funds are debited by the balance debit published before it). */
export const HASH_LOCK = notificationType<{ ownerAddress: string; unresolvedMosaicId: string; amount: bigint; duration: bigint; hash: string }>('hashLock');
