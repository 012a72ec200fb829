import { isAccountAddress } from '../../address.js';
import type { AccountInfoDTO, AccountRepository } from '../../backend/core.js';
import { ACCOUNTS, type AccountState } from '../../memory/account-state.js';
import { RECEIPT_TYPE } from '../../memory/execution/receipts.js';
import type { PageRequest } from '../../pagination.js';
import { accountInfo } from '../../upstream/dto-shapes.js';
import { defineFamily, defineState, proofRoute } from '../family.js';
import { accountStateOf } from './account-store.js';
import { corePlugin } from './plugin.js';
import { accountRoutes } from './routes.js';
import { CORE_TRANSACTIONS } from './transactions.js';

/** The core (catapult's coresystem): accounts and their balances, fees, harvesting, importance, VRF and voting keys. */
export const core = defineFamily({
  name: 'core',
  plugin: corePlugin,
  transactions: CORE_TRANSACTIONS,
  repositories: (access) => ({
    accounts: {
      search: (criteria) => access.read(() => access.plugin().accounts.search(criteria)),
      find: (keys) => {
        const wanted = keys.map((key) => ('address' in key ? key.address : access.addressOf(key.publicKey)));
        return access.byKey(ACCOUNTS, wanted, () => access.plugin().accounts.find(wanted));
      },
    } satisfies AccountRepository,
  }),
  receipts: { [RECEIPT_TYPE.harvestFee]: 'harvest fee', [RECEIPT_TYPE.inflation]: 'inflation' },
  states: [
    defineState<ReturnType<typeof corePlugin>, AccountState, AccountInfoDTO, PageRequest>({
      kind: 'accounts',
      cache: ACCOUNTS,
      layout: 'accounts',
      route: '/accounts',
      check: accountInfo,
      keyOf: (dto) => dto.account.address.toUpperCase(),
      entryOf: accountStateOf,
      store: (plugin) => plugin.accounts,
      read: (client, keys) => client.accounts(keys.filter(isAccountAddress)),
      proof: proofRoute('accountState', '/accounts', 'accountId', 'account'),
    }),
  ],
  routes: accountRoutes,
});
