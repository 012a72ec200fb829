import type { SecretLockInfoDTO, SecretLockSearchCriteria } from '../../../backend/secret-locks.js';
import type { PageResult } from '../../../backend/repositories.js';
import type { Cache } from '../../state/cache.js';
import { EntryIndex, HeightIndex, filterCombinations, filterKey, type EntryRef } from '../../state/entry-index.js';
import { pageOfRange } from '../../sorted.js';
import { LOCK_STATUS, type SecretLockEntry } from './state.js';

/** The confirmed secret locks with the indexes `/lock/secret`, expiry and pruning read. */
export class SecretLockStore {
  readonly #cache: Cache<SecretLockEntry>;
  readonly #entries: EntryIndex<SecretLockEntry>;
  /** Unused locks by the height they end at: what goes back to the owners. */
  readonly expiries: HeightIndex<SecretLockEntry>;
  /** Every lock by the height it ends at: what pruning removes. */
  readonly ends: HeightIndex<SecretLockEntry>;

  constructor(cache: Cache<SecretLockEntry>, nextId: () => string) {
    this.#cache = cache;
    this.#entries = new EntryIndex(cache, nextId, (lock) => filterCombinations(filtersOf(lock)));
    this.expiries = new HeightIndex(cache, (lock) => (lock.status === LOCK_STATUS.unused ? lock.endHeight : undefined));
    this.ends = new HeightIndex(cache, (lock) => lock.endHeight);
  }

  /** A confirmed lock by composite hash (64 hex). */
  get(compositeHash: string): SecretLockEntry | undefined {
    return this.#cache.get(compositeHash);
  }

  search(criteria: SecretLockSearchCriteria): PageResult<SecretLockInfoDTO> {
    const list = this.#entries.list(filterKey({ address: criteria.address, secret: criteria.secret }));
    const page = pageOfRange(list, 0, list.length, criteria, (ref: EntryRef) => ref.id);
    return { data: page.data.map((ref) => this.#info(ref.key)!), totalEntries: page.totalEntries };
  }

  find(compositeHashes: readonly string[]): SecretLockInfoDTO[] {
    return compositeHashes.map((hash) => this.#info(hash)).filter((info): info is SecretLockInfoDTO => info !== undefined);
  }

  #info(compositeHash: string): SecretLockInfoDTO | undefined {
    const lock = this.#cache.get(compositeHash);
    if (!lock) return undefined;
    return {
      id: this.#entries.idOf(compositeHash)!,
      lock: {
        version: 1,
        ownerAddress: lock.ownerAddress,
        mosaicId: lock.mosaicId,
        amount: lock.amount.toString(),
        endHeight: lock.endHeight.toString(),
        status: lock.status,
        hashAlgorithm: lock.hashAlgorithm,
        secret: lock.secret,
        recipientAddress: lock.recipientAddress,
        compositeHash: lock.compositeHash,
      },
    };
  }
}

// The filters of `/lock/secret` (the owner as `address`, and the secret), in the order a query names them.
function filtersOf(lock: SecretLockEntry): Record<string, string> {
  return { address: lock.ownerAddress, secret: lock.secret };
}
