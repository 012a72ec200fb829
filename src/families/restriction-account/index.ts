import type { AccountRestrictionsRepository } from '../../backend/account-restrictions.js';
import { defineFamily, listingRepository } from '../family.js';
import { restrictionAccountPlugin } from './plugin.js';
import { ACCOUNT_RESTRICTIONS } from './state.js';

/** Account restrictions: the addresses, mosaics and transaction types an account allows or blocks. */
export const restrictionAccount = defineFamily({
  name: 'restriction-account',
  plugin: restrictionAccountPlugin,
  repositories: (access) => ({ accountRestrictions: listingRepository(access, ACCOUNT_RESTRICTIONS, (plugin) => plugin.accountRestrictions) satisfies AccountRestrictionsRepository }),
});
