import type { AccountRepository } from '../../backend/accounts.js';
import { ACCOUNTS } from '../../memory/account-state.js';
import { defineFamily } from '../family.js';
import { corePlugin } from './plugin.js';

/** The core (catapult's coresystem): accounts and their balances, fees, harvesting, importance, VRF and voting keys. */
export const core = defineFamily({
  name: 'core',
  plugin: corePlugin,
  repositories: (access) => ({
    accounts: {
      search: (criteria) => access.read(() => access.plugin().accounts.search(criteria)),
      find: (keys) => {
        const wanted = keys.map((key) => ('address' in key ? key.address : access.addressOf(key.publicKey)));
        return access.byKey(ACCOUNTS, wanted, () => access.plugin().accounts.find(wanted));
      },
    } satisfies AccountRepository,
  }),
});
