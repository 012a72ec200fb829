import { notificationType } from '../../execution/notification.js';
import { cacheDescriptor } from '../../state/cache.js';

/** A lock's status (catapult's LockStatus). */
export const LOCK_STATUS = { unused: 0, used: 1 } as const;

/** Funds locked for an aggregate bonded (catapult's HashLockInfo). Immutable. */
export interface HashLockEntry {
  /** 64 hex: the aggregate bonded's hash. */
  readonly hash: string;
  /** 48 hex. */
  readonly ownerAddress: string;
  /** 16 hex, resolved. */
  readonly mosaicId: string;
  readonly amount: bigint;
  /** The height at which the lock expires. */
  readonly endHeight: bigint;
  readonly status: number;
}

/** The hash lock cache, by the locked hash (64 hex). */
export const HASH_LOCKS = cacheDescriptor<HashLockEntry>('hashLocks');

/** Whether a lock still holds at `height`: unused and not expired (catapult's isActive). */
export function isActiveLock(lock: HashLockEntry | undefined, height: bigint): lock is HashLockEntry {
  return lock !== undefined && lock.status === LOCK_STATUS.unused && height < lock.endHeight;
}

/** A lock's duration, in blocks. */
export const HASH_LOCK_DURATION = notificationType<{ duration: bigint }>('hashLockDuration');
/** The mosaic a lock locks. */
export const HASH_LOCK_MOSAIC = notificationType<{ unresolvedMosaicId: string; amount: bigint }>('hashLockMosaic');
/** A lock made (its funds are debited by the balance debit published before it). */
export const HASH_LOCK = notificationType<{ ownerAddress: string; unresolvedMosaicId: string; amount: bigint; duration: bigint; hash: string }>('hashLock');
