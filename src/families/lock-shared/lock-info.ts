/**
 * What hash and secret locks share (catapult's lock_shared plugin): funds taken from an owner
 * until an end height, a status, when a lock still holds, and how those common fields are
 * written in the state layout and on the wire.
 */
import type { LockDTO } from '../../backend/lock-shared.js';
import type { StateWriter } from '../../memory/state/state-writer.js';

/** Whether a lock was used (catapult's LockStatus): its aggregate bonded confirmed, or claimed by a proof. */
export const LOCK_STATUS = { unused: 0, used: 1 } as const;

/** The fields every lock has (catapult's LockInfo). */
export interface LockInfo {
  /** 48 hex: who locked the funds, and gets them back when a secret lock ends unclaimed. */
  readonly ownerAddress: string;
  /** 16 hex, resolved. */
  readonly mosaicId: string;
  readonly amount: bigint;
  /** The height the lock ends at (the height it was made at + its duration). */
  readonly endHeight: bigint;
  readonly status: number;
}

/** Whether a lock still holds at `height`: unused and not ended (catapult's LockInfo::isActive). */
export function isActiveLock<L extends LockInfo>(lock: L | undefined, height: bigint): lock is L {
  return lock !== undefined && lock.status === LOCK_STATUS.unused && height < lock.endHeight;
}

/** The end height of a lock that is still unused (what goes back or to the harvester there); undefined once used. */
export function unusedEndHeight(lock: LockInfo): bigint | undefined {
  return lock.status === LOCK_STATUS.unused ? lock.endHeight : undefined;
}

/** Writes a lock's common fields in catapult's state layout (catbuffer `LockInfo`): owner, mosaic id and amount, end height, status. */
export function writeLockInfo(writer: StateWriter, lock: LockInfo): StateWriter {
  return writer.hex(lock.ownerAddress, 24).id(lock.mosaicId).u64(lock.amount).u64(lock.endHeight).u8(lock.status);
}

/** A lock's common fields as the lock routes render them. */
export function lockDto(lock: LockInfo): LockDTO {
  return { version: 1, ownerAddress: lock.ownerAddress, mosaicId: lock.mosaicId, amount: lock.amount.toString(), endHeight: lock.endHeight.toString(), status: lock.status };
}

/** A lock's common fields from the lock routes' DTO: the inverse of `lockDto`. */
export function lockInfoOf(lock: LockDTO): LockInfo {
  return { ownerAddress: lock.ownerAddress.toUpperCase(), mosaicId: lock.mosaicId.toUpperCase(), amount: BigInt(lock.amount), endHeight: BigInt(lock.endHeight), status: lock.status };
}
