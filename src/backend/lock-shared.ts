/** What every lock holds (catapult's lock_shared): the funds, their owner, the end and the status. */
export interface LockDTO {
  version: number;
  /** 48 hex: who locked the funds. */
  ownerAddress: string;
  /** 16 hex. */
  mosaicId: string;
  amount: string;
  /** The height the lock ends at. */
  endHeight: string;
  /** 0 while unused, 1 once used (its aggregate bonded confirmed, or claimed by a proof). */
  status: number;
}
