import { models } from 'symbol-sdk/symbol';
import * as json from '../../memory/transactions/json-format.js';
import type { Model } from '../../upstream/body-fields.js';
import type { TransactionType } from '../family.js';

type Aggregate = Model<'AggregateCompleteTransactionV3'>;

/** The aggregate's own fields; its embedded transactions are the caller's to add. */
const write = (tx: Aggregate) => ({
  transactionsHash: json.hex(tx.transactionsHash.bytes),
  cosignatures: tx.cosignatures.map((cosignature) => ({
    version: cosignature.version.toString(),
    signerPublicKey: json.hex(cosignature.signerPublicKey.bytes),
    signature: json.hex(cosignature.signature.bytes),
  })),
});

const T = models.TransactionType;

/** The aggregates' JSON (read back by the upstream client itself, embedded transactions and all). */
export const AGGREGATE_TRANSACTIONS: readonly TransactionType[] = [
  { type: T.AGGREGATE_COMPLETE.value, name: 'aggregate complete', write },
  { type: T.AGGREGATE_BONDED.value, name: 'aggregate bonded', write },
];
