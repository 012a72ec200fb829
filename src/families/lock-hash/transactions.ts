import { models } from 'symbol-sdk/symbol';
import * as json from '../../memory/transactions/json-format.js';
import { hash, mosaic, type Model } from '../../upstream/body-fields.js';
import { uint64 } from '../../upstream/transaction-fields.js';
import type { TransactionType } from '../family.js';

type HashLock = Model<'HashLockTransactionV1'>;

/** The hash lock transaction: its JSON both ways. */
export const LOCK_HASH_TRANSACTIONS: readonly TransactionType[] = [
  {
    type: models.TransactionType.HASH_LOCK.value,
    name: 'hash lock',
    write: (tx: HashLock) => ({
      duration: json.uint64(tx.duration),
      mosaicId: json.id(tx.mosaic.mosaicId),
      amount: json.uint64(tx.mosaic.amount),
      hash: json.hex(tx.hash.bytes),
    }),
    read: (tx: HashLock, fields) => {
      tx.duration = new models.BlockDuration(fields.read('duration', uint64));
      tx.mosaic = mosaic(fields, 'mosaicId');
      tx.hash = new models.Hash256(fields.read('hash', hash));
    },
  },
];
