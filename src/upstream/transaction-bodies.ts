/**
 * The inverse of the BODIES table of src/memory/transactions/json.ts: for each transaction
 * type, its body fields read back from catapult-rest's JSON into the symbol-sdk model (top
 * level or embedded: the body fields are the same). Aggregates are src/upstream/transaction-model.ts's.
 */
import { models } from 'symbol-sdk/symbol';
import { binary, enumOf, hex, id, int, uint, uint64, utf8, type TransactionFields } from './transaction-fields.js';

type Model<Name extends keyof typeof models> = (typeof models)[Name] extends abstract new (...args: never) => infer Instance ? Instance : never;
/** Sets the body fields of `model` from `fields`. */
export type BodyReader = (model: never, fields: TransactionFields) => void;

const T = models.TransactionType;
/** Widths of the size and count fields that precede variable parts (catbuffer's `uint8`/`uint16` bounds). */
const UINT8_MAX = 255;
const UINT16_MAX = 65_535;
const EMPTY = new Uint8Array(0);

const address = hex(24);
const publicKey = hex(32);
const hash = hex(32);
/** A message, a proof, a metadata value: bytes after a uint16 size. */
const sizedBytes = binary(UINT16_MAX);
const linkAction = enumOf(models.LinkAction);
const hashAlgorithm = enumOf(models.LockHashAlgorithm);
const aliasAction = enumOf(models.AliasAction);
const supplyChangeAction = enumOf(models.MosaicSupplyChangeAction);
const registrationType = enumOf(models.NamespaceRegistrationType);
const transactionType = enumOf(models.TransactionType);
const restrictionType = enumOf(models.MosaicRestrictionType);
const unresolvedAddress = (fields: TransactionFields, name: string) => new models.UnresolvedAddress(fields.read(name, address));
const unresolvedMosaicId = (fields: TransactionFields, name: string) => new models.UnresolvedMosaicId(fields.read(name, id));
const namespaceId = (fields: TransactionFields, name: string) => new models.NamespaceId(fields.read(name, id));

/** An `UnresolvedMosaic` from an id field and an amount field (`{id, amount}` in a transfer, `mosaicId` and `amount` flat in a lock). */
function mosaic(fields: TransactionFields, idName: string): InstanceType<typeof models.UnresolvedMosaic> {
  const value = new models.UnresolvedMosaic();
  value.mosaicId = unresolvedMosaicId(fields, idName);
  value.amount = new models.Amount(fields.read('amount', uint64));
  return value;
}

export const BODIES = new Map<number, BodyReader>([
  [T.TRANSFER.value, (tx: Model<'TransferTransactionV1'>, fields) => {
    tx.recipientAddress = unresolvedAddress(fields, 'recipientAddress');
    tx.mosaics = fields.objects('mosaics', UINT8_MAX).map((entry) => mosaic(entry, 'id'));
    // A node takes mosaics only in increasing id order (and symbol-sdk writes no other).
    tx.mosaics.forEach((entry, index) => {
      if (index > 0 && BigInt(tx.mosaics[index - 1].mosaicId.value) >= BigInt(entry.mosaicId.value)) fields.fail('mosaics', 'are not in increasing id order');
    });
    // A node stores no message when it is empty.
    tx.message = fields.optional('message', sizedBytes, EMPTY);
  }],
  [T.ACCOUNT_KEY_LINK.value, keyLink],
  [T.NODE_KEY_LINK.value, keyLink],
  [T.VRF_KEY_LINK.value, keyLink],
  [T.VOTING_KEY_LINK.value, (tx: Model<'VotingKeyLinkTransactionV1'>, fields) => {
    tx.linkedPublicKey = new models.VotingPublicKey(fields.read('linkedPublicKey', publicKey));
    tx.startEpoch = new models.FinalizationEpoch(fields.read('startEpoch', uint(32)));
    tx.endEpoch = new models.FinalizationEpoch(fields.read('endEpoch', uint(32)));
    tx.linkAction = fields.read('linkAction', linkAction);
  }],
  [T.HASH_LOCK.value, (tx: Model<'HashLockTransactionV1'>, fields) => {
    tx.duration = new models.BlockDuration(fields.read('duration', uint64));
    tx.mosaic = mosaic(fields, 'mosaicId');
    tx.hash = new models.Hash256(fields.read('hash', hash));
  }],
  [T.SECRET_LOCK.value, (tx: Model<'SecretLockTransactionV1'>, fields) => {
    tx.duration = new models.BlockDuration(fields.read('duration', uint64));
    tx.mosaic = mosaic(fields, 'mosaicId');
    tx.hashAlgorithm = fields.read('hashAlgorithm', hashAlgorithm);
    tx.secret = new models.Hash256(fields.read('secret', hash));
    tx.recipientAddress = unresolvedAddress(fields, 'recipientAddress');
  }],
  [T.SECRET_PROOF.value, (tx: Model<'SecretProofTransactionV1'>, fields) => {
    tx.hashAlgorithm = fields.read('hashAlgorithm', hashAlgorithm);
    tx.secret = new models.Hash256(fields.read('secret', hash));
    tx.recipientAddress = unresolvedAddress(fields, 'recipientAddress');
    tx.proof = fields.read('proof', sizedBytes);
  }],
  [T.ACCOUNT_METADATA.value, metadata],
  [T.MOSAIC_METADATA.value, (tx: Model<'MosaicMetadataTransactionV1'>, fields) => {
    metadata(tx, fields);
    tx.targetMosaicId = unresolvedMosaicId(fields, 'targetMosaicId');
  }],
  [T.NAMESPACE_METADATA.value, (tx: Model<'NamespaceMetadataTransactionV1'>, fields) => {
    metadata(tx, fields);
    tx.targetNamespaceId = namespaceId(fields, 'targetNamespaceId');
  }],
  [T.MOSAIC_DEFINITION.value, (tx: Model<'MosaicDefinitionTransactionV1'>, fields) => {
    tx.nonce = new models.MosaicNonce(fields.read('nonce', uint(32)));
    tx.id = new models.MosaicId(fields.read('id', id));
    tx.flags = new models.MosaicFlags(fields.read('flags', uint(8)));
    tx.divisibility = fields.read('divisibility', uint(8));
    tx.duration = new models.BlockDuration(fields.read('duration', uint64));
  }],
  [T.MOSAIC_SUPPLY_CHANGE.value, (tx: Model<'MosaicSupplyChangeTransactionV1'>, fields) => {
    tx.mosaicId = unresolvedMosaicId(fields, 'mosaicId');
    tx.action = fields.read('action', supplyChangeAction);
    tx.delta = new models.Amount(fields.read('delta', uint64));
  }],
  [T.MOSAIC_SUPPLY_REVOCATION.value, (tx: Model<'MosaicSupplyRevocationTransactionV1'>, fields) => {
    tx.sourceAddress = unresolvedAddress(fields, 'sourceAddress');
    tx.mosaic = mosaic(fields, 'mosaicId');
  }],
  [T.MULTISIG_ACCOUNT_MODIFICATION.value, (tx: Model<'MultisigAccountModificationTransactionV1'>, fields) => {
    tx.minRemovalDelta = fields.read('minRemovalDelta', int(8));
    tx.minApprovalDelta = fields.read('minApprovalDelta', int(8));
    tx.addressAdditions = fields.list('addressAdditions', address, UINT8_MAX).map((bytes) => new models.UnresolvedAddress(bytes));
    tx.addressDeletions = fields.list('addressDeletions', address, UINT8_MAX).map((bytes) => new models.UnresolvedAddress(bytes));
  }],
  [T.NAMESPACE_REGISTRATION.value, (tx: Model<'NamespaceRegistrationTransactionV1'>, fields) => {
    tx.registrationType = fields.read('registrationType', registrationType);
    // The same eight bytes are the root's duration or the child's parent id.
    if (tx.registrationType === models.NamespaceRegistrationType.ROOT) tx.duration = new models.BlockDuration(fields.read('duration', uint64));
    else tx.parentId = namespaceId(fields, 'parentId');
    tx.id = namespaceId(fields, 'id');
    tx.name = fields.read('name', utf8(UINT8_MAX));
  }],
  [T.ADDRESS_ALIAS.value, (tx: Model<'AddressAliasTransactionV1'>, fields) => {
    tx.namespaceId = namespaceId(fields, 'namespaceId');
    tx.aliasAction = fields.read('aliasAction', aliasAction);
    tx.address = new models.Address(fields.read('address', address));
  }],
  [T.MOSAIC_ALIAS.value, (tx: Model<'MosaicAliasTransactionV1'>, fields) => {
    tx.namespaceId = namespaceId(fields, 'namespaceId');
    tx.aliasAction = fields.read('aliasAction', aliasAction);
    tx.mosaicId = new models.MosaicId(fields.read('mosaicId', id));
  }],
  [T.ACCOUNT_ADDRESS_RESTRICTION.value, (tx: Model<'AccountAddressRestrictionTransactionV1'>, fields) => {
    tx.restrictionFlags = new models.AccountRestrictionFlags(fields.read('restrictionFlags', uint(16)));
    tx.restrictionAdditions = fields.list('restrictionAdditions', address, UINT8_MAX).map((bytes) => new models.UnresolvedAddress(bytes));
    tx.restrictionDeletions = fields.list('restrictionDeletions', address, UINT8_MAX).map((bytes) => new models.UnresolvedAddress(bytes));
  }],
  [T.ACCOUNT_MOSAIC_RESTRICTION.value, (tx: Model<'AccountMosaicRestrictionTransactionV1'>, fields) => {
    tx.restrictionFlags = new models.AccountRestrictionFlags(fields.read('restrictionFlags', uint(16)));
    tx.restrictionAdditions = fields.list('restrictionAdditions', id, UINT8_MAX).map((value) => new models.UnresolvedMosaicId(value));
    tx.restrictionDeletions = fields.list('restrictionDeletions', id, UINT8_MAX).map((value) => new models.UnresolvedMosaicId(value));
  }],
  [T.ACCOUNT_OPERATION_RESTRICTION.value, (tx: Model<'AccountOperationRestrictionTransactionV1'>, fields) => {
    tx.restrictionFlags = new models.AccountRestrictionFlags(fields.read('restrictionFlags', uint(16)));
    tx.restrictionAdditions = fields.list('restrictionAdditions', transactionType, UINT8_MAX);
    tx.restrictionDeletions = fields.list('restrictionDeletions', transactionType, UINT8_MAX);
  }],
  [T.MOSAIC_ADDRESS_RESTRICTION.value, (tx: Model<'MosaicAddressRestrictionTransactionV1'>, fields) => {
    tx.mosaicId = unresolvedMosaicId(fields, 'mosaicId');
    tx.restrictionKey = fields.read('restrictionKey', id);
    tx.targetAddress = unresolvedAddress(fields, 'targetAddress');
    tx.previousRestrictionValue = fields.read('previousRestrictionValue', uint64);
    tx.newRestrictionValue = fields.read('newRestrictionValue', uint64);
  }],
  [T.MOSAIC_GLOBAL_RESTRICTION.value, (tx: Model<'MosaicGlobalRestrictionTransactionV1'>, fields) => {
    tx.mosaicId = unresolvedMosaicId(fields, 'mosaicId');
    tx.referenceMosaicId = unresolvedMosaicId(fields, 'referenceMosaicId');
    tx.restrictionKey = fields.read('restrictionKey', id);
    tx.previousRestrictionValue = fields.read('previousRestrictionValue', uint64);
    tx.previousRestrictionType = fields.read('previousRestrictionType', restrictionType);
    tx.newRestrictionValue = fields.read('newRestrictionValue', uint64);
    tx.newRestrictionType = fields.read('newRestrictionType', restrictionType);
  }],
]);

function keyLink(tx: Model<'AccountKeyLinkTransactionV1'>, fields: TransactionFields): void {
  tx.linkedPublicKey = new models.PublicKey(fields.read('linkedPublicKey', publicKey));
  tx.linkAction = fields.read('linkAction', linkAction);
}

function metadata(tx: Model<'AccountMetadataTransactionV1'>, fields: TransactionFields): void {
  tx.targetAddress = unresolvedAddress(fields, 'targetAddress');
  tx.scopedMetadataKey = fields.read('scopedMetadataKey', id);
  tx.valueSizeDelta = fields.read('valueSizeDelta', int(16));
  // A node stores no value when it is empty; valueSize says how long it is, and must agree.
  tx.value = fields.optional('value', sizedBytes, EMPTY);
  const valueSize = fields.read('valueSize', uint(16));
  if (valueSize !== tx.value.length) fields.fail('valueSize', `is ${valueSize}, not the ${tx.value.length} bytes of value`);
}
