import type { AccountRestrictionsInfoDTO, AccountRestrictionsSearchCriteria } from '../../../backend/account-restrictions.js';
import { EntryListing, type Filters } from '../../state/entry-listing.js';
import { kindOfFlags, valueOfKey, type AccountRestrictionsEntry } from './state.js';

/** The confirmed account restrictions (by 48 hex address) with the index `/restrictions/account` reads. */
export class AccountRestrictionStore extends EntryListing<AccountRestrictionsEntry, AccountRestrictionsInfoDTO, AccountRestrictionsSearchCriteria> {
  protected filtersOf(entry: AccountRestrictionsEntry): Filters {
    return { address: entry.address };
  }

  protected queryFilters(criteria: AccountRestrictionsSearchCriteria): Filters {
    return accountRestrictionQueryFilters(criteria);
  }

  // As a node's database holds them: only the restrictions that hold values.
  protected render(entry: AccountRestrictionsEntry, id: string): AccountRestrictionsInfoDTO {
    const restrictions = entry.restrictions
      .filter((restriction) => restriction.values.length > 0)
      .map(({ flags, values }) => ({ restrictionFlags: flags, values: values.map((key) => valueOfKey(kindOfFlags(flags)!, key)) }));
    return { id, accountRestrictions: { version: 1, address: entry.address, restrictions } };
  }
}

/** The filters a `/restrictions/account` query asks for (the PostgreSQL store pages by them too). */
export function accountRestrictionQueryFilters(criteria: AccountRestrictionsSearchCriteria): Filters {
  return { address: criteria.address };
}
