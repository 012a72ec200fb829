import type { SecretLockInfoDTO, SecretLockSearchCriteria } from '../../backend/lock-secret.js';
import type { Cache } from '../../memory/state/cache.js';
import { HeightIndex } from '../../memory/state/entry-index.js';
import { EntryListing, type Filters } from '../../memory/state/entry-listing.js';
import { lockDto, lockInfoOf, unusedEndHeight } from '../lock-shared/lock-info.js';
import type { SecretLockEntry } from './state.js';

/** The confirmed secret locks with the indexes `/lock/secret`, expiry and pruning read. */
export class SecretLockStore extends EntryListing<SecretLockEntry, SecretLockInfoDTO, SecretLockSearchCriteria> {
  /** Unused locks by the height they end at: what goes back to the owners. */
  readonly expiries: HeightIndex<SecretLockEntry>;
  /** Every lock by the height it ends at: what pruning removes. */
  readonly ends: HeightIndex<SecretLockEntry>;

  constructor(cache: Cache<SecretLockEntry>, nextId: () => string) {
    super(cache, nextId);
    this.expiries = new HeightIndex(cache, unusedEndHeight);
    this.ends = new HeightIndex(cache, (lock) => lock.endHeight);
  }

  // The filters of `/lock/secret`: the owner as `address`, and the secret.
  protected filtersOf(lock: SecretLockEntry): Filters {
    return secretLockFilters(lock);
  }

  protected queryFilters(criteria: SecretLockSearchCriteria): Filters {
    return secretLockQueryFilters(criteria);
  }

  protected render(lock: SecretLockEntry, id: string): SecretLockInfoDTO {
    return {
      id,
      lock: {
        ...lockDto(lock),
        hashAlgorithm: lock.hashAlgorithm,
        secret: lock.secret,
        recipientAddress: lock.recipientAddress,
        compositeHash: lock.compositeHash,
      },
    };
  }
}

/** The filters a secret lock is listed under (a mirror lists an upstream's locks by them too). */
export function secretLockFilters(lock: SecretLockEntry): Filters {
  return { address: lock.ownerAddress, secret: lock.secret };
}

/** The filters a `/lock/secret` query asks for (the PostgreSQL store pages by them too). */
export function secretLockQueryFilters(criteria: SecretLockSearchCriteria): Filters {
  return { address: criteria.address, secret: criteria.secret };
}

/** The secret lock a `SecretLockInfoDTO` shows (cache `SECRET_LOCKS`, key its composite hash): the inverse of `render`. */
export function secretLockEntryOf({ lock }: SecretLockInfoDTO): SecretLockEntry {
  return {
    ...lockInfoOf(lock),
    compositeHash: lock.compositeHash.toUpperCase(),
    hashAlgorithm: lock.hashAlgorithm,
    secret: lock.secret.toUpperCase(),
    recipientAddress: lock.recipientAddress.toUpperCase(),
  };
}
