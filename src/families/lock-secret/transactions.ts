import { models } from 'symbol-sdk/symbol';
import * as json from '../../memory/transactions/json-format.js';
import { hash, hashAlgorithm, mosaic, sizedBytes, unresolvedAddress, type Model } from '../../upstream/body-fields.js';
import { uint64 } from '../../upstream/transaction-fields.js';
import type { TransactionType } from '../family.js';

type SecretLock = Model<'SecretLockTransactionV1'>;
type SecretProof = Model<'SecretProofTransactionV1'>;
const T = models.TransactionType;

/** The secret lock and secret proof transactions: their JSON both ways. */
export const LOCK_SECRET_TRANSACTIONS: readonly TransactionType[] = [
  {
    type: T.SECRET_LOCK.value,
    name: 'secret lock',
    write: (tx: SecretLock) => ({
      duration: json.uint64(tx.duration),
      mosaicId: json.id(tx.mosaic.mosaicId),
      amount: json.uint64(tx.mosaic.amount),
      hashAlgorithm: tx.hashAlgorithm.value,
      secret: json.hex(tx.secret.bytes),
      recipientAddress: json.address(tx.recipientAddress),
    }),
    read: (tx: SecretLock, fields) => {
      tx.duration = new models.BlockDuration(fields.read('duration', uint64));
      tx.mosaic = mosaic(fields, 'mosaicId');
      tx.hashAlgorithm = fields.read('hashAlgorithm', hashAlgorithm);
      tx.secret = new models.Hash256(fields.read('secret', hash));
      tx.recipientAddress = unresolvedAddress(fields, 'recipientAddress');
    },
  },
  {
    type: T.SECRET_PROOF.value,
    name: 'secret proof',
    write: (tx: SecretProof) => ({
      hashAlgorithm: tx.hashAlgorithm.value,
      secret: json.hex(tx.secret.bytes),
      recipientAddress: json.address(tx.recipientAddress),
      proof: json.hex(tx.proof),
    }),
    read: (tx: SecretProof, fields) => {
      tx.hashAlgorithm = fields.read('hashAlgorithm', hashAlgorithm);
      tx.secret = new models.Hash256(fields.read('secret', hash));
      tx.recipientAddress = unresolvedAddress(fields, 'recipientAddress');
      tx.proof = fields.read('proof', sizedBytes);
    },
  },
];
