import { models } from 'symbol-sdk/symbol';
import { ACCOUNT_ADDRESS, BALANCE_TRANSFER } from '../../memory/execution/core-notifications.js';
import { observer, sinksAt, validator, type ChainPlugin, type PluginEnvironment, type TransactionSupport } from '../../memory/execution/plugin.js';
import { RECEIPT_TYPE } from '../../memory/execution/receipts.js';
import { toHex } from '../../memory/keys.js';
import { publishRentalFee } from '../../memory/execution/rental-fee.js';
import { idHex } from '../../memory/symbol-ids.js';
import { observeDefinition, observeMosaicBlock, observeSupplyChange, keepSupply } from './observers.js';
import {
  validateAvailability,
  validateDivisibility,
  validateDuration,
  validateFlags,
  validateMaxMosaicsOfOwner,
  validateMaxMosaicsOfRecipient,
  validateMosaicId,
  validateMosaicTransfer,
  validateRequiredMosaic,
  validateSupplyChange,
  validateSupplyChangeAllowed,
} from './validators.js';
import {
  MOSAIC_DEFINITION,
  MOSAIC_FLAGS,
  MOSAIC_NONCE,
  MOSAIC_PROPERTIES,
  MOSAIC_REQUIRED,
  MOSAIC_SUPPLY_CHANGE,
  MOSAICS,
} from './state.js';
import { MosaicStore } from './store.js';
import { entryTree } from '../../memory/state/state-tree.js';
import { mosaicTreeKey, serializeMosaicEntry } from './serialize.js';

type Definition = InstanceType<typeof models.MosaicDefinitionTransactionV1>;
type SupplyChange = InstanceType<typeof models.MosaicSupplyChangeTransactionV1>;
type SupplyRevocation = InstanceType<typeof models.MosaicSupplyRevocationTransactionV1>;

const definition: TransactionSupport = {
  type: models.TransactionType.MOSAIC_DEFINITION.value,
  publish({ model, signerAddress, signedByNemesis }, publish, context) {
    const { id, nonce, flags, divisibility, duration } = model as Definition;
    const sinkAddress = sinksAt(context.network, context.height).mosaicRental;
    publish(ACCOUNT_ADDRESS, { unresolvedAddress: sinkAddress });
    if (!signedByNemesis) publishRentalFee(publish, context, { receiptType: RECEIPT_TYPE.mosaicRentalFee, senderAddress: signerAddress, sinkAddress, amount: context.rules.mosaicRentalFee });
    const mosaicId = idHex(id.value);
    const properties = { flags: flags.value, divisibility, duration: BigInt(duration.value) };
    publish(MOSAIC_NONCE, { ownerAddress: signerAddress, nonce: nonce.value, mosaicId });
    publish(MOSAIC_PROPERTIES, properties);
    publish(MOSAIC_DEFINITION, { ownerAddress: signerAddress, mosaicId, ...properties });
  },
};

const supplyChange: TransactionSupport = {
  type: models.TransactionType.MOSAIC_SUPPLY_CHANGE.value,
  publish({ model, signerAddress }, publish) {
    const { mosaicId, action, delta } = model as SupplyChange;
    const unresolvedMosaicId = idHex(mosaicId.value);
    publish(MOSAIC_REQUIRED, { ownerAddress: signerAddress, unresolvedMosaicId, requiredFlags: MOSAIC_FLAGS.none });
    publish(MOSAIC_SUPPLY_CHANGE, { ownerAddress: signerAddress, unresolvedMosaicId, action: action.value, delta: BigInt(delta.value) });
  },
};

const supplyRevocation: TransactionSupport = {
  type: models.TransactionType.MOSAIC_SUPPLY_REVOCATION.value,
  publish({ model, signerAddress, signedByNemesis }, publish) {
    const { sourceAddress, mosaic } = model as SupplyRevocation;
    const unresolvedMosaicId = idHex(mosaic.mosaicId.value);
    const source = toHex(sourceAddress.bytes);
    publish(MOSAIC_REQUIRED, { ownerAddress: signerAddress, unresolvedMosaicId, requiredFlags: signedByNemesis ? MOSAIC_FLAGS.none : MOSAIC_FLAGS.revokable });
    publish(ACCOUNT_ADDRESS, { unresolvedAddress: source });
    publish(BALANCE_TRANSFER, { unresolvedSenderAddress: source, unresolvedRecipientAddress: signerAddress, unresolvedMosaicId, amount: BigInt(mosaic.amount.value) });
  },
};

/**
 * Mosaics (catapult's mosaic plugin): definitions with their rental fee, supply changes,
 * revocations, the transferable flag on every balance transfer, the per-account mosaic
 * limit, the currency's inflation and expiry.
 */
export function mosaicPlugin(environment: PluginEnvironment): ChainPlugin & { readonly mosaics: MosaicStore } {
  const mosaics = new MosaicStore(environment.state.register(MOSAICS, { tree: 'mosaic', cacheId: 4, source: entryTree((key) => mosaicTreeKey(key), serializeMosaicEntry) }), environment.nextId);
  return {
    name: 'mosaic',
    mosaics,
    transactions: [definition, supplyChange, supplyRevocation],
    statelessValidators: [validator(MOSAIC_NONCE, validateMosaicId), validator(MOSAIC_SUPPLY_CHANGE, validateSupplyChange)],
    validators: [
      validator(MOSAIC_PROPERTIES, validateFlags),
      validator(MOSAIC_REQUIRED, validateRequiredMosaic),
      validator(MOSAIC_DEFINITION, validateAvailability),
      validator(MOSAIC_DEFINITION, validateDivisibility),
      validator(MOSAIC_DEFINITION, validateDuration),
      validator(BALANCE_TRANSFER, validateMosaicTransfer),
      validator(BALANCE_TRANSFER, validateMaxMosaicsOfRecipient),
      validator(MOSAIC_SUPPLY_CHANGE, validateMaxMosaicsOfOwner),
      validator(MOSAIC_SUPPLY_CHANGE, validateSupplyChangeAllowed),
    ],
    observers: [
      observer(MOSAIC_DEFINITION, observeDefinition),
      observer(MOSAIC_SUPPLY_CHANGE, observeSupplyChange),
    ],
    blockObservers: [observeMosaicBlock(mosaics)],
    balanceSet: keepSupply,
  };
}
