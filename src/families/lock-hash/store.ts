import type { HashLockInfoDTO, HashLockSearchCriteria } from '../../backend/lock-hash.js';
import type { Cache } from '../../memory/state/cache.js';
import { HeightIndex } from '../../memory/state/entry-index.js';
import { EntryListing, type Filters } from '../../memory/state/entry-listing.js';
import { lockDto, lockInfoOf } from '../lock-shared/lock-info.js';
import type { HashLockEntry } from './state.js';

/** The confirmed hash locks with the indexes `/lock/hash` and expiry read. */
export class HashLockStore extends EntryListing<HashLockEntry, HashLockInfoDTO, HashLockSearchCriteria> {
  /** Locks by their end height. */
  readonly expiries: HeightIndex<HashLockEntry>;

  constructor(cache: Cache<HashLockEntry>, nextId: () => string) {
    super(cache, nextId);
    this.expiries = new HeightIndex(cache, (lock) => lock.endHeight);
  }

  protected filtersOf(lock: HashLockEntry): Filters {
    return hashLockFilters(lock);
  }

  protected queryFilters(criteria: HashLockSearchCriteria): Filters {
    return hashLockQueryFilters(criteria);
  }

  protected render(lock: HashLockEntry, id: string): HashLockInfoDTO {
    return { id, lock: { ...lockDto(lock), hash: lock.hash } };
  }
}

/** The filters a hash lock is listed under (a mirror lists an upstream's locks by them too). */
export function hashLockFilters(lock: HashLockEntry): Filters {
  return { address: lock.ownerAddress };
}

/** The filters a `/lock/hash` query asks for (the PostgreSQL store pages by them too). */
export function hashLockQueryFilters(criteria: HashLockSearchCriteria): Filters {
  return { address: criteria.address };
}

/** The hash lock a `HashLockInfoDTO` shows (cache `HASH_LOCKS`, key its hash): the inverse of `render`. */
export function hashLockEntryOf({ lock }: HashLockInfoDTO): HashLockEntry {
  return { ...lockInfoOf(lock), hash: lock.hash.toUpperCase() };
}
