import { models } from 'symbol-sdk/symbol';
import { isAccountAddress } from '../../address.js';
import type { AccountRestrictionsInfoDTO, AccountRestrictionsRepository, AccountRestrictionsSearchCriteria } from '../../backend/restriction-account.js';
import { eachByKey } from '../../upstream/entries.js';
import { addressParam } from '../../upstream/params.js';
import { hex, object, text } from '../../upstream/field-checks.js';
import { fields } from '../../upstream/shape.js';
import { defineFamily, defineState, listingRepository, proofRoute, type TransactionChange } from '../family.js';
import { restrictionAccountPlugin } from './plugin.js';
import { restrictionAccountRoutes } from './routes.js';
import { ACCOUNT_RESTRICTIONS, type AccountRestrictionsEntry } from './state.js';
import { accountRestrictionFilters, accountRestrictionQueryFilters, accountRestrictionsEntryOf } from './store.js';
import { RESTRICTION_ACCOUNT_TRANSACTIONS } from './transactions.js';

const T = models.TransactionType;
/** An account restriction transaction changes its signer's restrictions. */
const signers: TransactionChange = (_transaction, signer) => ({ lists: [{ address: signer }] });

/** Account restrictions: the addresses, mosaics and transaction types an account allows or blocks. */
export const restrictionAccount = defineFamily({
  name: 'restriction-account',
  plugin: restrictionAccountPlugin,
  transactions: RESTRICTION_ACCOUNT_TRANSACTIONS,
  repositories: (access) => ({ accountRestrictions: listingRepository(access, ACCOUNT_RESTRICTIONS, (plugin) => plugin.accountRestrictions) satisfies AccountRestrictionsRepository }),
  states: [
    defineState<ReturnType<typeof restrictionAccountPlugin>, AccountRestrictionsEntry, AccountRestrictionsInfoDTO, AccountRestrictionsSearchCriteria>({
      kind: 'accountRestrictions',
      cache: ACCOUNT_RESTRICTIONS,
      layout: 'listed',
      route: '/restrictions/account',
      check: fields({ id: text, accountRestrictions: object, 'accountRestrictions.address': hex(24) }),
      keyOf: (dto) => dto.accountRestrictions.address.toUpperCase(),
      entryOf: accountRestrictionsEntryOf,
      filters: accountRestrictionFilters,
      queryFilters: accountRestrictionQueryFilters,
      store: (plugin) => plugin.accountRestrictions,
      read: eachByKey((address) => `/restrictions/account/${addressParam(address)}`, fields<AccountRestrictionsInfoDTO>({ accountRestrictions: object }), isAccountAddress),
      proof: proofRoute('accountRestriction', '/restrictions/account', 'address', 'address'),
      changes: {
        transactions: new Map([
          [T.ACCOUNT_ADDRESS_RESTRICTION.value, signers],
          [T.ACCOUNT_MOSAIC_RESTRICTION.value, signers],
          [T.ACCOUNT_OPERATION_RESTRICTION.value, signers],
        ]),
      },
    }),
  ],
  routes: restrictionAccountRoutes,
});
