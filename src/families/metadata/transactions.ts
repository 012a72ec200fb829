import { models } from 'symbol-sdk/symbol';
import * as json from '../../memory/transactions/json-format.js';
import { EMPTY, namespaceId, sizedBytes, unresolvedAddress, unresolvedMosaicId, type Model } from '../../upstream/body-fields.js';
import { id, int, uint, type TransactionFields } from '../../upstream/transaction-fields.js';
import type { TransactionType } from '../family.js';

type AccountMetadata = Model<'AccountMetadataTransactionV1'>;
type MosaicMetadata = Model<'MosaicMetadataTransactionV1'>;
type NamespaceMetadata = Model<'NamespaceMetadataTransactionV1'>;
type Json = Record<string, unknown>;
const T = models.TransactionType;

/** The fields the three metadata transactions share, with the target's id (`target`) after the key. */
function write(tx: AccountMetadata, target: Json): Json {
  return {
    targetAddress: json.address(tx.targetAddress),
    scopedMetadataKey: json.id(tx.scopedMetadataKey),
    ...target,
    valueSizeDelta: tx.valueSizeDelta,
    valueSize: tx.value.length,
    // A node stores no value when it is empty (a node rejects such a transaction anyway).
    ...(tx.value.length > 0 ? { value: json.hex(tx.value) } : {}),
  };
}

function read(tx: AccountMetadata, fields: TransactionFields): void {
  tx.targetAddress = unresolvedAddress(fields, 'targetAddress');
  tx.scopedMetadataKey = fields.read('scopedMetadataKey', id);
  tx.valueSizeDelta = fields.read('valueSizeDelta', int(16));
  // A node stores no value when it is empty; valueSize says how long it is, and must agree.
  tx.value = fields.optional('value', sizedBytes, EMPTY);
  const valueSize = fields.read('valueSize', uint(16));
  if (valueSize !== tx.value.length) fields.fail('valueSize', `is ${valueSize}, not the ${tx.value.length} bytes of value`);
}

/** The account, mosaic and namespace metadata transactions: their JSON both ways. */
export const METADATA_TRANSACTIONS: readonly TransactionType[] = [
  { type: T.ACCOUNT_METADATA.value, name: 'account metadata', write: (tx: AccountMetadata) => write(tx, {}), read },
  {
    type: T.MOSAIC_METADATA.value,
    name: 'mosaic metadata',
    write: (tx: MosaicMetadata) => write(tx as unknown as AccountMetadata, { targetMosaicId: json.id(tx.targetMosaicId) }),
    read: (tx: MosaicMetadata, fields) => {
      read(tx as unknown as AccountMetadata, fields);
      tx.targetMosaicId = unresolvedMosaicId(fields, 'targetMosaicId');
    },
  },
  {
    type: T.NAMESPACE_METADATA.value,
    name: 'namespace metadata',
    write: (tx: NamespaceMetadata) => write(tx as unknown as AccountMetadata, { targetNamespaceId: json.id(tx.targetNamespaceId) }),
    read: (tx: NamespaceMetadata, fields) => {
      read(tx as unknown as AccountMetadata, fields);
      tx.targetNamespaceId = namespaceId(fields, 'targetNamespaceId');
    },
  },
];
