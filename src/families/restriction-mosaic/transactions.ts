import { models } from 'symbol-sdk/symbol';
import * as json from '../../memory/transactions/json-format.js';
import { restrictionType, unresolvedAddress, unresolvedMosaicId, type Model } from '../../upstream/body-fields.js';
import { id, uint64 } from '../../upstream/transaction-fields.js';
import type { TransactionType } from '../family.js';

type AddressRestriction = Model<'MosaicAddressRestrictionTransactionV1'>;
type GlobalRestriction = Model<'MosaicGlobalRestrictionTransactionV1'>;
const T = models.TransactionType;

/** The mosaic address and mosaic global restriction transactions: their JSON both ways. */
export const RESTRICTION_MOSAIC_TRANSACTIONS: readonly TransactionType[] = [
  {
    type: T.MOSAIC_ADDRESS_RESTRICTION.value,
    name: 'mosaic address restriction',
    write: (tx: AddressRestriction) => ({
      mosaicId: json.id(tx.mosaicId),
      restrictionKey: json.id(tx.restrictionKey),
      targetAddress: json.address(tx.targetAddress),
      previousRestrictionValue: json.uint64(tx.previousRestrictionValue),
      newRestrictionValue: json.uint64(tx.newRestrictionValue),
    }),
    read: (tx: AddressRestriction, fields) => {
      tx.mosaicId = unresolvedMosaicId(fields, 'mosaicId');
      tx.restrictionKey = fields.read('restrictionKey', id);
      tx.targetAddress = unresolvedAddress(fields, 'targetAddress');
      tx.previousRestrictionValue = fields.read('previousRestrictionValue', uint64);
      tx.newRestrictionValue = fields.read('newRestrictionValue', uint64);
    },
  },
  {
    type: T.MOSAIC_GLOBAL_RESTRICTION.value,
    name: 'mosaic global restriction',
    write: (tx: GlobalRestriction) => ({
      mosaicId: json.id(tx.mosaicId),
      referenceMosaicId: json.id(tx.referenceMosaicId),
      restrictionKey: json.id(tx.restrictionKey),
      previousRestrictionValue: json.uint64(tx.previousRestrictionValue),
      previousRestrictionType: tx.previousRestrictionType.value,
      newRestrictionValue: json.uint64(tx.newRestrictionValue),
      newRestrictionType: tx.newRestrictionType.value,
    }),
    read: (tx: GlobalRestriction, fields) => {
      tx.mosaicId = unresolvedMosaicId(fields, 'mosaicId');
      tx.referenceMosaicId = unresolvedMosaicId(fields, 'referenceMosaicId');
      tx.restrictionKey = fields.read('restrictionKey', id);
      tx.previousRestrictionValue = fields.read('previousRestrictionValue', uint64);
      tx.previousRestrictionType = fields.read('previousRestrictionType', restrictionType);
      tx.newRestrictionValue = fields.read('newRestrictionValue', uint64);
      tx.newRestrictionType = fields.read('newRestrictionType', restrictionType);
    },
  },
];
