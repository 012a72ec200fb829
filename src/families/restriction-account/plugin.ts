import { models } from 'symbol-sdk/symbol';
import { ADDRESS_INTERACTION, BALANCE_TRANSFER, TRANSACTION } from '../../memory/execution/core-notifications.js';
import { observer, validator, type ChainPlugin, type PluginEnvironment, type Publish, type TransactionInput, type TransactionSupport } from '../../memory/execution/plugin.js';
import { toHex } from '../../memory/keys.js';
import { idHex } from '../../memory/symbol-ids.js';
import { observeValueModification } from './observers.js';
import {
  validateAddressInteraction,
  validateFlagsOfTransaction,
  validateMaxValues,
  validateMosaicRecipient,
  validateNoSelfBlocking,
  validateNoSelfModification,
  validateOperationRestriction,
  validateOperationValues,
  validateRedundantModification,
  validateRestrictionFlags,
  validateValueModification,
} from './validators.js';
import {
  ACCOUNT_RESTRICTION_MODIFICATION,
  ACCOUNT_RESTRICTION_MODIFICATIONS,
  ACCOUNT_RESTRICTION_VALUE,
  ACCOUNT_RESTRICTIONS,
  MODIFICATION_ACTION,
  type RestrictionKind,
  type RestrictionValue,
} from './state.js';
import { AccountRestrictionStore } from './store.js';
import { entryTree } from '../../memory/state/state-tree.js';
import { accountRestrictionsTreeKey, serializeAccountRestrictions } from './serialize.js';

interface RestrictionModel {
  readonly restrictionFlags: { readonly value: number };
  readonly restrictionAdditions: readonly unknown[];
  readonly restrictionDeletions: readonly unknown[];
}

/** One restriction transaction type: its values as the notifications carry them. */
function restrictionSupport(type: number, kind: RestrictionKind, valueOf: (value: unknown) => RestrictionValue): TransactionSupport {
  return {
    type,
    publish({ model, signerAddress }: TransactionInput, publish: Publish) {
      const { restrictionFlags, restrictionAdditions, restrictionDeletions } = model as unknown as RestrictionModel;
      const flags = restrictionFlags.value;
      const additions = restrictionAdditions.map(valueOf);
      const deletions = restrictionDeletions.map(valueOf);
      publish(ACCOUNT_RESTRICTION_MODIFICATION, { kind, restrictionFlags: flags, additionsCount: additions.length, deletionsCount: deletions.length });
      publish(ACCOUNT_RESTRICTION_MODIFICATIONS, { kind, address: signerAddress, restrictionFlags: flags, additions, deletions });
      for (const value of additions) publish(ACCOUNT_RESTRICTION_VALUE, { kind, address: signerAddress, restrictionFlags: flags, value, action: MODIFICATION_ACTION.add });
      for (const value of deletions) publish(ACCOUNT_RESTRICTION_VALUE, { kind, address: signerAddress, restrictionFlags: flags, value, action: MODIFICATION_ACTION.delete });
    },
  };
}

const addressRestriction = restrictionSupport(models.TransactionType.ACCOUNT_ADDRESS_RESTRICTION.value, 'address', (value) => toHex((value as { bytes: Uint8Array }).bytes));
const mosaicRestriction = restrictionSupport(models.TransactionType.ACCOUNT_MOSAIC_RESTRICTION.value, 'mosaicId', (value) => idHex((value as { value: bigint }).value));
const operationRestriction = restrictionSupport(models.TransactionType.ACCOUNT_OPERATION_RESTRICTION.value, 'transactionType', (value) => (value as { value: number }).value);

/**
 * Account restrictions (catapult's restriction_account plugin): address, mosaic and
 * transaction type restrictions an account sets on itself, and their enforcement on
 * address interactions (transfers), balance transfers and the transactions it signs.
 */
export function restrictionAccountPlugin(environment: PluginEnvironment): ChainPlugin & { readonly accountRestrictions: AccountRestrictionStore } {
  const accountRestrictions = new AccountRestrictionStore(environment.state.register(ACCOUNT_RESTRICTIONS, { tree: 'accountRestriction', cacheId: 8, source: entryTree((key) => accountRestrictionsTreeKey(key), serializeAccountRestrictions) }), environment.nextId);
  return {
    name: 'restriction-account',
    accountRestrictions,
    transactions: [addressRestriction, mosaicRestriction, operationRestriction],
    statelessValidators: [
      validator(ACCOUNT_RESTRICTION_MODIFICATION, validateRestrictionFlags),
      validator(ACCOUNT_RESTRICTION_MODIFICATION, validateFlagsOfTransaction),
      validator(ACCOUNT_RESTRICTION_MODIFICATIONS, validateOperationValues),
    ],
    validators: [
      validator(ACCOUNT_RESTRICTION_MODIFICATIONS, validateRedundantModification),
      validator(ACCOUNT_RESTRICTION_VALUE, validateValueModification),
      validator(ACCOUNT_RESTRICTION_MODIFICATIONS, validateMaxValues),
      validator(ADDRESS_INTERACTION, validateAddressInteraction),
      validator(ACCOUNT_RESTRICTION_VALUE, validateNoSelfModification),
      validator(BALANCE_TRANSFER, validateMosaicRecipient),
      validator(TRANSACTION, validateOperationRestriction),
      validator(ACCOUNT_RESTRICTION_VALUE, validateNoSelfBlocking),
    ],
    observers: [observer(ACCOUNT_RESTRICTION_VALUE, observeValueModification)],
  };
}
