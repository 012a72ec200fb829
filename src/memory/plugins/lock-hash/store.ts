import type { HashLockInfoDTO, HashLockSearchCriteria } from '../../../backend/locks.js';
import type { PageResult } from '../../../backend/repositories.js';
import type { Cache } from '../../state/cache.js';
import { EntryIndex, HeightIndex, filterCombinations, filterKey, type EntryRef } from '../../state/entry-index.js';
import { pageOfRange } from '../../sorted.js';
import type { HashLockEntry } from './state.js';

/** The confirmed hash locks with the indexes `/lock/hash` and expiry read. */
export class HashLockStore {
  readonly #cache: Cache<HashLockEntry>;
  readonly #entries: EntryIndex<HashLockEntry>;
  /** Locks by their end height. */
  readonly expiries: HeightIndex<HashLockEntry>;

  constructor(cache: Cache<HashLockEntry>, nextId: () => string) {
    this.#cache = cache;
    this.#entries = new EntryIndex(cache, nextId, (lock) => filterCombinations({ address: lock.ownerAddress }));
    this.expiries = new HeightIndex(cache, (lock) => lock.endHeight);
  }

  /** A confirmed lock by the hash it locks for (64 hex). */
  get(hash: string): HashLockEntry | undefined {
    return this.#cache.get(hash);
  }

  search(criteria: HashLockSearchCriteria): PageResult<HashLockInfoDTO> {
    const list = this.#entries.list(filterKey({ address: criteria.address }));
    const page = pageOfRange(list, 0, list.length, criteria, (ref: EntryRef) => ref.id);
    return { data: page.data.map((ref) => this.#info(ref.key)!), totalEntries: page.totalEntries };
  }

  find(hashes: readonly string[]): HashLockInfoDTO[] {
    return hashes.map((hash) => this.#info(hash)).filter((info): info is HashLockInfoDTO => info !== undefined);
  }

  #info(hash: string): HashLockInfoDTO | undefined {
    const lock = this.#cache.get(hash);
    if (!lock) return undefined;
    return {
      id: this.#entries.idOf(hash)!,
      lock: {
        version: 1,
        ownerAddress: lock.ownerAddress,
        mosaicId: lock.mosaicId,
        amount: lock.amount.toString(),
        endHeight: lock.endHeight.toString(),
        status: lock.status,
        hash: lock.hash,
      },
    };
  }
}
