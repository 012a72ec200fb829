import type { AccountRestrictionsInfoDTO, AccountRestrictionsSearchCriteria } from '../../backend/restriction-account.js';
import { EntryListing, type Filters } from '../../memory/state/entry-listing.js';
import { directionalFlags, emptyRestrictions, kindOfFlags, valueKey, valueOfKey, type AccountRestrictionsEntry } from './state.js';

/** The confirmed account restrictions (by 48 hex address) with the index `/restrictions/account` reads. */
export class AccountRestrictionStore extends EntryListing<AccountRestrictionsEntry, AccountRestrictionsInfoDTO, AccountRestrictionsSearchCriteria> {
  protected filtersOf(entry: AccountRestrictionsEntry): Filters {
    return accountRestrictionFilters(entry);
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

/** The filters an account's restrictions are listed under (a mirror lists an upstream's by them too). */
export function accountRestrictionFilters(entry: AccountRestrictionsEntry): Filters {
  return { address: entry.address };
}

/** The filters a `/restrictions/account` query asks for (the PostgreSQL store pages by them too). */
export function accountRestrictionQueryFilters(criteria: AccountRestrictionsSearchCriteria): Filters {
  return { address: criteria.address };
}

/**
 * The restrictions an `AccountRestrictionsInfoDTO` shows (cache `ACCOUNT_RESTRICTIONS`, key its
 * address): the inverse of `render`. The routes leave empty restrictions out; they come back
 * empty and blocking, as a new account's are (an empty restriction lets everything through
 * either way).
 */
export function accountRestrictionsEntryOf({ accountRestrictions }: AccountRestrictionsInfoDTO): AccountRestrictionsEntry {
  const address = accountRestrictions.address.toUpperCase();
  const restrictions = emptyRestrictions(address).restrictions.map((empty) => {
    const shown = accountRestrictions.restrictions.find((restriction) => directionalFlags(restriction.restrictionFlags) === directionalFlags(empty.flags));
    if (!shown) return empty;
    const kind = kindOfFlags(shown.restrictionFlags)!;
    return { flags: shown.restrictionFlags, values: shown.values.map((value) => valueKey(kind, value)).sort() };
  });
  return { address, restrictions };
}
