import type { AccountRestrictionsInfoDTO, AccountRestrictionsSearchCriteria } from '../../../backend/account-restrictions.js';
import type { PageResult } from '../../../backend/repositories.js';
import type { Cache } from '../../state/cache.js';
import { EntryIndex, filterCombinations, filterKey, type EntryRef } from '../../state/entry-index.js';
import { pageOfRange } from '../../sorted.js';
import { kindOfFlags, valueOfKey, type AccountRestrictionsEntry } from './state.js';

/** The confirmed account restrictions with the index `/restrictions/account` reads. */
export class AccountRestrictionStore {
  readonly #cache: Cache<AccountRestrictionsEntry>;
  readonly #entries: EntryIndex<AccountRestrictionsEntry>;

  constructor(cache: Cache<AccountRestrictionsEntry>, nextId: () => string) {
    this.#cache = cache;
    this.#entries = new EntryIndex(cache, nextId, (entry) => filterCombinations({ address: entry.address }));
  }

  /** An account's confirmed restrictions (48 hex address); undefined for an account with none. */
  get(address: string): AccountRestrictionsEntry | undefined {
    return this.#cache.get(address);
  }

  search(criteria: AccountRestrictionsSearchCriteria): PageResult<AccountRestrictionsInfoDTO> {
    const list = this.#entries.list(filterKey({ address: criteria.address }));
    const page = pageOfRange(list, 0, list.length, criteria, (ref: EntryRef) => ref.id);
    return { data: page.data.map((ref) => this.#info(ref.key)!), totalEntries: page.totalEntries };
  }

  find(addresses: readonly string[]): AccountRestrictionsInfoDTO[] {
    return addresses.map((address) => this.#info(address)).filter((info): info is AccountRestrictionsInfoDTO => info !== undefined);
  }

  // As a node's database holds them: only the restrictions that hold values.
  #info(address: string): AccountRestrictionsInfoDTO | undefined {
    const entry = this.#cache.get(address);
    if (!entry) return undefined;
    const restrictions = entry.restrictions
      .filter((restriction) => restriction.values.length > 0)
      .map(({ flags, values }) => ({ restrictionFlags: flags, values: values.map((key) => valueOfKey(kindOfFlags(flags)!, key)) }));
    return { id: this.#entries.idOf(address)!, accountRestrictions: { version: 1, address, restrictions } };
  }
}
