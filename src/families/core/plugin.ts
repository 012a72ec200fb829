import {
  ACCOUNT_ADDRESS,
  ACCOUNT_PUBLIC_KEY,
  BALANCE_DEBIT,
  BALANCE_TRANSFER,
  ENTITY,
  RENTAL_FEE,
  TRANSACTION_DEADLINE,
  TRANSACTION_FEE,
} from '../../memory/execution/core-notifications.js';
import { observer, validator, type ChainPlugin, type ObservationContext, type PluginEnvironment } from '../../memory/execution/plugin.js';
import { observeRentalFee } from '../../memory/execution/rental-fee.js';
import { ACCOUNTS } from '../../memory/account-state.js';
import { AccountStore } from './account-store.js';
import {
  KEY_LINK_ACTION,
  keyLinkObserver,
  keyLinkValidator,
  observeVotingKeyLink,
  validateLinkAction,
  validateVotingKeyLink,
  validateVotingKeyRange,
  VOTING_KEY_LINK,
  votingKeyLink,
  VRF_KEY_LINK,
  vrfKeyLink,
} from './key-links.js';
import { distributeHarvestFees, importanceHeight, recalculateImportances, recordFeePaid } from './harvest.js';
import { observeAddress, observeDebit, observePublicKey, observeTransfer } from './observers.js';
import {
  validateAddress,
  validateDebitBalance,
  validateDeadline,
  validateNemesisSigner,
  validateNetwork,
  validateNonZeroPublicKey,
  validatePublicKeyOfAddress,
  validateTransferBalance,
} from './validators.js';
import { entryTree } from '../../memory/state/state-tree.js';
import { accountStateTreeKey, serializeAccountState } from './serialize.js';

/**
 * The core (catapult's coresystem): accounts and balances, network, deadline and address
 * validators for every transaction, VRF and voting key links, harvest fees, inflation receipts
 * and importances.
 */
export function corePlugin(environment: PluginEnvironment): ChainPlugin & { readonly accounts: AccountStore } {
  const { rules, network } = environment;
  const cache = environment.state.register(ACCOUNTS, {
    tree: 'accountState',
    cacheId: 0,
    source: entryTree((address) => accountStateTreeKey(address), (account) => serializeAccountState(account, network.currencyMosaicId)),
  });
  const accounts = new AccountStore(cache, { nextId: environment.nextId, currencyMosaicId: network.currencyMosaicId, harvestingMosaicId: network.harvestingMosaicId, minHarvesterBalance: rules.minHarvesterBalance });
  const grouping = BigInt(rules.importanceGrouping);
  return {
    name: 'core',
    accounts,
    transactions: [vrfKeyLink, votingKeyLink],
    statelessValidators: [
      validator(ENTITY, validateNetwork),
      validator(ACCOUNT_PUBLIC_KEY, validateNonZeroPublicKey),
      validator(KEY_LINK_ACTION, validateLinkAction),
      validator(VOTING_KEY_LINK, validateVotingKeyRange),
    ],
    validators: [
      validator(ACCOUNT_ADDRESS, validateAddress),
      validator(ACCOUNT_PUBLIC_KEY, validatePublicKeyOfAddress),
      validator(TRANSACTION_DEADLINE, validateDeadline),
      validator(ACCOUNT_PUBLIC_KEY, validateNemesisSigner),
      validator(BALANCE_DEBIT, validateDebitBalance),
      validator(BALANCE_TRANSFER, validateTransferBalance),
      validator(VRF_KEY_LINK, keyLinkValidator('vrf'), 'validateVrfKeyLink'),
      validator(VOTING_KEY_LINK, validateVotingKeyLink),
    ],
    observers: [
      observer(ACCOUNT_PUBLIC_KEY, observePublicKey),
      observer(ACCOUNT_ADDRESS, observeAddress),
      observer(TRANSACTION_FEE, ({ address, fee }, context: ObservationContext) => {
        const state = context.state.cache(ACCOUNTS);
        const account = state.get(address);
        const updated = account && fee > 0n ? recordFeePaid(account, fee, context.height, grouping) : account;
        if (updated && updated !== account) state.set(address, updated);
      }),
      observer(BALANCE_DEBIT, observeDebit),
      observer(BALANCE_TRANSFER, observeTransfer),
      observer(RENTAL_FEE, observeRentalFee),
      observer(VRF_KEY_LINK, keyLinkObserver('vrf')),
      observer(VOTING_KEY_LINK, observeVotingKeyLink),
    ],
    blockObservers: [
      distributeHarvestFees,
      (context) => {
        // catapult recalculates when the importance height of the next block changes: after blocks 1, g, 2g, ...
        if (importanceHeight(context.height + 1n, grouping) !== importanceHeight(context.height, grouping) || context.height === 1n) {
          const changed = context.state.cache(ACCOUNTS).changedKeys();
          recalculateImportances(context, new Set([...accounts.importanceCandidates(), ...changed]));
        }
      },
    ],
  };
}
