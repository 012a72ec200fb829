import { models } from 'symbol-sdk/symbol';
import * as json from '../../memory/transactions/json-format.js';
import { address, UINT8_MAX, type Model } from '../../upstream/body-fields.js';
import { int } from '../../upstream/transaction-fields.js';
import type { TransactionType } from '../family.js';

type Modification = Model<'MultisigAccountModificationTransactionV1'>;

/** The multisig account modification transaction: its JSON both ways. */
export const MULTISIG_TRANSACTIONS: readonly TransactionType[] = [
  {
    type: models.TransactionType.MULTISIG_ACCOUNT_MODIFICATION.value,
    name: 'multisig account modification',
    write: (tx: Modification) => ({
      minRemovalDelta: tx.minRemovalDelta,
      minApprovalDelta: tx.minApprovalDelta,
      addressAdditions: tx.addressAdditions.map(json.address),
      addressDeletions: tx.addressDeletions.map(json.address),
    }),
    read: (tx: Modification, fields) => {
      tx.minRemovalDelta = fields.read('minRemovalDelta', int(8));
      tx.minApprovalDelta = fields.read('minApprovalDelta', int(8));
      tx.addressAdditions = fields.list('addressAdditions', address, UINT8_MAX).map((bytes) => new models.UnresolvedAddress(bytes));
      tx.addressDeletions = fields.list('addressDeletions', address, UINT8_MAX).map((bytes) => new models.UnresolvedAddress(bytes));
    },
  },
];
