import { models } from 'symbol-sdk/symbol';
import * as json from '../../memory/transactions/json-format.js';
import { mosaic, supplyChangeAction, unresolvedAddress, unresolvedMosaicId, type Model } from '../../upstream/body-fields.js';
import { id, uint, uint64 } from '../../upstream/transaction-fields.js';
import type { TransactionType } from '../family.js';

type Definition = Model<'MosaicDefinitionTransactionV1'>;
type SupplyChange = Model<'MosaicSupplyChangeTransactionV1'>;
type SupplyRevocation = Model<'MosaicSupplyRevocationTransactionV1'>;
const T = models.TransactionType;

/** The mosaic definition, supply change and supply revocation transactions: their JSON both ways. */
export const MOSAIC_TRANSACTIONS: readonly TransactionType[] = [
  {
    type: T.MOSAIC_DEFINITION.value,
    name: 'mosaic definition',
    write: (tx: Definition) => ({
      nonce: Number(tx.nonce.value),
      id: json.id(tx.id),
      flags: tx.flags.value,
      divisibility: tx.divisibility,
      duration: json.uint64(tx.duration),
    }),
    read: (tx: Definition, fields) => {
      tx.nonce = new models.MosaicNonce(fields.read('nonce', uint(32)));
      tx.id = new models.MosaicId(fields.read('id', id));
      tx.flags = new models.MosaicFlags(fields.read('flags', uint(8)));
      tx.divisibility = fields.read('divisibility', uint(8));
      tx.duration = new models.BlockDuration(fields.read('duration', uint64));
    },
  },
  {
    type: T.MOSAIC_SUPPLY_CHANGE.value,
    name: 'mosaic supply change',
    write: (tx: SupplyChange) => ({ mosaicId: json.id(tx.mosaicId), action: tx.action.value, delta: json.uint64(tx.delta) }),
    read: (tx: SupplyChange, fields) => {
      tx.mosaicId = unresolvedMosaicId(fields, 'mosaicId');
      tx.action = fields.read('action', supplyChangeAction);
      tx.delta = new models.Amount(fields.read('delta', uint64));
    },
  },
  {
    type: T.MOSAIC_SUPPLY_REVOCATION.value,
    name: 'mosaic supply revocation',
    write: (tx: SupplyRevocation) => ({ sourceAddress: json.address(tx.sourceAddress), mosaicId: json.id(tx.mosaic.mosaicId), amount: json.uint64(tx.mosaic.amount) }),
    read: (tx: SupplyRevocation, fields) => {
      tx.sourceAddress = unresolvedAddress(fields, 'sourceAddress');
      tx.mosaic = mosaic(fields, 'mosaicId');
    },
  },
];
