import { models } from 'symbol-sdk/symbol';
import * as json from '../../memory/transactions/json-format.js';
import { EMPTY, mosaic, sizedBytes, UINT8_MAX, unresolvedAddress, type Model } from '../../upstream/body-fields.js';
import type { TransactionType } from '../family.js';

type Transfer = Model<'TransferTransactionV1'>;

/** The transfer transaction: its JSON both ways. */
export const TRANSFER_TRANSACTIONS: readonly TransactionType[] = [
  {
    type: models.TransactionType.TRANSFER.value,
    name: 'transfer',
    write: (tx: Transfer) => ({
      recipientAddress: json.address(tx.recipientAddress),
      // A node stores no message when it is empty.
      ...(tx.message.length > 0 ? { message: json.hex(tx.message) } : {}),
      mosaics: tx.mosaics.map(json.mosaic),
    }),
    read: (tx: Transfer, fields) => {
      tx.recipientAddress = unresolvedAddress(fields, 'recipientAddress');
      tx.mosaics = fields.objects('mosaics', UINT8_MAX).map((entry) => mosaic(entry, 'id'));
      // A node takes mosaics only in increasing id order (and symbol-sdk writes no other).
      tx.mosaics.forEach((entry, index) => {
        if (index > 0 && BigInt(tx.mosaics[index - 1].mosaicId.value) >= BigInt(entry.mosaicId.value)) fields.fail('mosaics', 'are not in increasing id order');
      });
      // A node stores no message when it is empty.
      tx.message = fields.optional('message', sizedBytes, EMPTY);
    },
  },
];
