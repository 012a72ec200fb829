/** The lock-hash family's resources (src/families/lock-hash): hash locks. */
import type { PageRequest } from '../pagination.js';
import type { Awaitable, PageResult } from './repositories.js';
import type { LockDTO } from './lock-shared.js';

/** A hash lock, as `GET /lock/hash/{hash}` shows it. */
export interface HashLockEntryDTO extends LockDTO {
  /** 64 hex: the aggregate bonded it locks funds for. */
  hash: string;
}

export interface HashLockInfoDTO {
  /** 24 hex; ids sort in the order locks were made. */
  id: string;
  lock: HashLockEntryDTO;
}

/** `GET /lock/hash` filters, already validated by the route. */
export interface HashLockSearchCriteria extends PageRequest {
  /** 48 hex: the owner. */
  address?: string;
  orderBy: 'id';
}

/** Hash locks (the funds an aggregate bonded locks while it waits for cosignatures). */
export interface HashLockRepository {
  search(criteria: HashLockSearchCriteria): Awaitable<PageResult<HashLockInfoDTO>>;
  /** Locks by the hash they lock for (64 hex), in the order asked; unknown hashes are left out. */
  find(hashes: readonly string[]): Awaitable<HashLockInfoDTO[]>;
}
