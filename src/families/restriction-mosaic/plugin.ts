import { models } from 'symbol-sdk/symbol';
import { BALANCE_DEBIT, BALANCE_TRANSFER } from '../../memory/execution/core-notifications.js';
import { observer, validator, type ChainPlugin, type PluginEnvironment, type TransactionSupport } from '../../memory/execution/plugin.js';
import { toHex } from '../../memory/keys.js';
import { idHex } from '../../memory/symbol-ids.js';
import { MOSAIC_FLAGS, MOSAIC_REQUIRED } from '../mosaic/state.js';
import { observeAddressRestriction, observeGlobalRestriction } from './observers.js';
import {
  validateAddressMaxValues,
  validateAddressModification,
  validateBalanceDebit,
  validateBalanceTransfer,
  validateGlobalMaxValues,
  validateGlobalModification,
  validateRestrictionRequired,
  validateRestrictionType,
} from './validators.js';
import {
  ADDRESS_RESTRICTION_NEW,
  ADDRESS_RESTRICTION_PREVIOUS,
  GLOBAL_RESTRICTION_NEW,
  GLOBAL_RESTRICTION_PREVIOUS,
  MOSAIC_RESTRICTION_REQUIRED,
  MOSAIC_RESTRICTION_TYPE,
  MOSAIC_RESTRICTIONS,
  NO_MOSAIC,
} from './state.js';
import { MosaicRestrictionStore } from './store.js';
import { entryTree } from '../../memory/state/state-tree.js';
import { mosaicRestrictionTreeKey, serializeMosaicRestrictionEntry } from './serialize.js';

type GlobalRestriction = InstanceType<typeof models.MosaicGlobalRestrictionTransactionV1>;
type AddressRestriction = InstanceType<typeof models.MosaicAddressRestrictionTransactionV1>;

const globalRestriction: TransactionSupport = {
  type: models.TransactionType.MOSAIC_GLOBAL_RESTRICTION.value,
  publish({ model, signerAddress }, publish) {
    const tx = model as GlobalRestriction;
    const unresolvedMosaicId = idHex(tx.mosaicId.value);
    const unresolvedReferenceMosaicId = idHex(tx.referenceMosaicId.value);
    const key = BigInt(tx.restrictionKey);
    publish(MOSAIC_RESTRICTION_TYPE, { type: tx.newRestrictionType.value });
    publish(MOSAIC_REQUIRED, { ownerAddress: signerAddress, unresolvedMosaicId, requiredFlags: MOSAIC_FLAGS.restrictable });
    if (unresolvedReferenceMosaicId !== NO_MOSAIC) publish(MOSAIC_RESTRICTION_REQUIRED, { unresolvedMosaicId: unresolvedReferenceMosaicId, key });
    const common = { unresolvedMosaicId, unresolvedReferenceMosaicId, key };
    publish(GLOBAL_RESTRICTION_PREVIOUS, { ...common, value: BigInt(tx.previousRestrictionValue), type: tx.previousRestrictionType.value });
    publish(GLOBAL_RESTRICTION_NEW, { ...common, value: BigInt(tx.newRestrictionValue), type: tx.newRestrictionType.value });
  },
};

const addressRestriction: TransactionSupport = {
  type: models.TransactionType.MOSAIC_ADDRESS_RESTRICTION.value,
  publish({ model, signerAddress }, publish) {
    const tx = model as AddressRestriction;
    const unresolvedMosaicId = idHex(tx.mosaicId.value);
    const key = BigInt(tx.restrictionKey);
    // No address interaction with the target: the owner may restrict or allow any account.
    publish(MOSAIC_REQUIRED, { ownerAddress: signerAddress, unresolvedMosaicId, requiredFlags: MOSAIC_FLAGS.restrictable });
    publish(MOSAIC_RESTRICTION_REQUIRED, { unresolvedMosaicId, key });
    const common = { unresolvedMosaicId, key, unresolvedTargetAddress: toHex(tx.targetAddress.bytes) };
    publish(ADDRESS_RESTRICTION_PREVIOUS, { ...common, value: BigInt(tx.previousRestrictionValue) });
    publish(ADDRESS_RESTRICTION_NEW, { ...common, value: BigInt(tx.newRestrictionValue) });
  },
};

/**
 * Mosaic restrictions (catapult's restriction_mosaic plugin): a restrictable mosaic's owner
 * sets global rules (a key, a value, a comparison, optionally another mosaic's values to
 * read) and accounts' values; every balance transfer or debit of the mosaic must then find
 * the sender's and the recipient's values passing every rule.
 */
export function restrictionMosaicPlugin(environment: PluginEnvironment): ChainPlugin & { readonly mosaicRestrictions: MosaicRestrictionStore } {
  const mosaicRestrictions = new MosaicRestrictionStore(environment.state.register(MOSAIC_RESTRICTIONS, { tree: 'mosaicRestriction', cacheId: 9, source: entryTree((key) => mosaicRestrictionTreeKey(key), serializeMosaicRestrictionEntry) }), environment.nextId);
  return {
    name: 'restriction-mosaic',
    mosaicRestrictions,
    transactions: [globalRestriction, addressRestriction],
    statelessValidators: [validator(MOSAIC_RESTRICTION_TYPE, validateRestrictionType)],
    validators: [
      validator(BALANCE_DEBIT, validateBalanceDebit),
      validator(BALANCE_TRANSFER, validateBalanceTransfer),
      validator(MOSAIC_RESTRICTION_REQUIRED, validateRestrictionRequired),
      validator(GLOBAL_RESTRICTION_NEW, validateGlobalMaxValues),
      validator(GLOBAL_RESTRICTION_PREVIOUS, validateGlobalModification),
      validator(ADDRESS_RESTRICTION_NEW, validateAddressMaxValues),
      validator(ADDRESS_RESTRICTION_PREVIOUS, validateAddressModification),
    ],
    observers: [observer(GLOBAL_RESTRICTION_NEW, observeGlobalRestriction), observer(ADDRESS_RESTRICTION_NEW, observeAddressRestriction)],
  };
}
