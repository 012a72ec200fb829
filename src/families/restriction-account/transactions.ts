import { models } from 'symbol-sdk/symbol';
import * as json from '../../memory/transactions/json-format.js';
import { address, transactionType, UINT8_MAX, type Model } from '../../upstream/body-fields.js';
import { id, uint } from '../../upstream/transaction-fields.js';
import type { TransactionType } from '../family.js';

type AddressRestriction = Model<'AccountAddressRestrictionTransactionV1'>;
type MosaicRestriction = Model<'AccountMosaicRestrictionTransactionV1'>;
type OperationRestriction = Model<'AccountOperationRestrictionTransactionV1'>;
const T = models.TransactionType;

const body = (flags: { value: number }, additions: unknown[], deletions: unknown[]) => ({ restrictionFlags: flags.value, restrictionAdditions: additions, restrictionDeletions: deletions });
const flags = (value: number) => new models.AccountRestrictionFlags(value);

/** The account address, mosaic and operation restriction transactions: their JSON both ways. */
export const RESTRICTION_ACCOUNT_TRANSACTIONS: readonly TransactionType[] = [
  {
    type: T.ACCOUNT_ADDRESS_RESTRICTION.value,
    name: 'account address restriction',
    write: (tx: AddressRestriction) => body(tx.restrictionFlags, tx.restrictionAdditions.map(json.address), tx.restrictionDeletions.map(json.address)),
    read: (tx: AddressRestriction, fields) => {
      tx.restrictionFlags = flags(fields.read('restrictionFlags', uint(16)));
      tx.restrictionAdditions = fields.list('restrictionAdditions', address, UINT8_MAX).map((bytes) => new models.UnresolvedAddress(bytes));
      tx.restrictionDeletions = fields.list('restrictionDeletions', address, UINT8_MAX).map((bytes) => new models.UnresolvedAddress(bytes));
    },
  },
  {
    type: T.ACCOUNT_MOSAIC_RESTRICTION.value,
    name: 'account mosaic restriction',
    write: (tx: MosaicRestriction) => body(tx.restrictionFlags, tx.restrictionAdditions.map(json.id), tx.restrictionDeletions.map(json.id)),
    read: (tx: MosaicRestriction, fields) => {
      tx.restrictionFlags = flags(fields.read('restrictionFlags', uint(16)));
      tx.restrictionAdditions = fields.list('restrictionAdditions', id, UINT8_MAX).map((value) => new models.UnresolvedMosaicId(value));
      tx.restrictionDeletions = fields.list('restrictionDeletions', id, UINT8_MAX).map((value) => new models.UnresolvedMosaicId(value));
    },
  },
  {
    type: T.ACCOUNT_OPERATION_RESTRICTION.value,
    name: 'account operation restriction',
    write: (tx: OperationRestriction) => body(tx.restrictionFlags, tx.restrictionAdditions.map(json.enumValue), tx.restrictionDeletions.map(json.enumValue)),
    read: (tx: OperationRestriction, fields) => {
      tx.restrictionFlags = flags(fields.read('restrictionFlags', uint(16)));
      tx.restrictionAdditions = fields.list('restrictionAdditions', transactionType, UINT8_MAX);
      tx.restrictionDeletions = fields.list('restrictionDeletions', transactionType, UINT8_MAX);
    },
  },
];
