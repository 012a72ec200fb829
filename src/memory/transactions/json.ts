import { models } from 'symbol-sdk/symbol';

type Entity = InstanceType<typeof models.Transaction> | InstanceType<typeof models.EmbeddedTransaction>;
type Json = Record<string, unknown>;

/**
 * A transaction in the reference gateway's (catapult-rest's) JSON: the fields a node's
 * database keeps for its type, in the order it keeps them, each formatted by catapult-rest's
 * rules (uint64 as a decimal string, ids and keys as 16 uppercase hex, binary as uppercase
 * hex, addresses as 48 hex, enums and small integers as numbers). `withSize` adds the entity
 * size, which only top-level transactions carry. An aggregate's embedded transactions are
 * left out: the caller adds them where they belong (`transactions`, by id only).
 *
 * @example transactionJson(models.TransactionFactory.deserialize(payload), { withSize: true })
 */
export function transactionJson(entity: Entity, options: { withSize: boolean }): Json {
  const json: Json = options.withSize ? { size: entity.size } : {};
  if (entity instanceof models.Transaction) json.signature = hex(entity.signature.bytes);
  json.signerPublicKey = hex(entity.signerPublicKey.bytes);
  json.version = entity.version;
  json.network = entity.network.value;
  json.type = entity.type.value;
  if (entity instanceof models.Transaction) {
    json.maxFee = uint64(entity.fee);
    json.deadline = uint64(entity.deadline);
  }
  // A type without a body renderer (one a later SDK adds) shows its header only; the tests fail for it.
  return Object.assign(json, BODIES.get(entity.type.value)?.(entity as never));
}

// Formatting rules of catapult-rest (db/dbFormattingRules.js), by the model type of each field.
const hex = (bytes: Uint8Array): string => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex').toUpperCase();
const uint64 = (value: { value: number | bigint } | bigint): string => (typeof value === 'bigint' ? value : BigInt(value.value)).toString();
/** `uint64HexIdentifier`: mosaic and namespace ids, metadata and restriction keys. */
const id = (value: { value: number | bigint } | bigint): string =>
  (typeof value === 'bigint' ? value : BigInt(value.value)).toString(16).toUpperCase().padStart(16, '0');
const address = (value: { bytes: Uint8Array }): string => hex(value.bytes);
/** A `string` field holds the bytes a node stored, read as UTF-8 text (a namespace name). */
const text = (bytes: Uint8Array): string => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
const mosaic = (value: { mosaicId: { value: number | bigint }; amount: { value: number | bigint } }): Json => ({ id: id(value.mosaicId), amount: uint64(value.amount) });

type Model<Name extends keyof typeof models> = (typeof models)[Name] extends abstract new (...args: never) => infer Instance ? Instance : never;
type Body = (entity: never) => Json;
const T = models.TransactionType;

/**
 * The body of each transaction type, as a node's database stores it (catapult's mongo
 * mappers) and catapult-rest formats it (catapult-sdk/plugins/*.js). An embedded
 * transaction has the same body fields as its top-level model.
 */
const BODIES = new Map<number, Body>([
  [T.TRANSFER.value, (tx: Model<'TransferTransactionV1'>) => ({
    recipientAddress: address(tx.recipientAddress),
    // A node stores no message when it is empty.
    ...(tx.message.length > 0 ? { message: hex(tx.message) } : {}),
    mosaics: tx.mosaics.map(mosaic),
  })],
  [T.ACCOUNT_KEY_LINK.value, keyLink],
  [T.NODE_KEY_LINK.value, keyLink],
  [T.VRF_KEY_LINK.value, keyLink],
  [T.VOTING_KEY_LINK.value, (tx: Model<'VotingKeyLinkTransactionV1'>) => ({
    linkedPublicKey: hex(tx.linkedPublicKey.bytes),
    startEpoch: tx.startEpoch.value,
    endEpoch: tx.endEpoch.value,
    linkAction: tx.linkAction.value,
  })],
  [T.HASH_LOCK.value, (tx: Model<'HashLockTransactionV1'>) => ({
    duration: uint64(tx.duration),
    mosaicId: id(tx.mosaic.mosaicId),
    amount: uint64(tx.mosaic.amount),
    hash: hex(tx.hash.bytes),
  })],
  [T.SECRET_LOCK.value, (tx: Model<'SecretLockTransactionV1'>) => ({
    duration: uint64(tx.duration),
    mosaicId: id(tx.mosaic.mosaicId),
    amount: uint64(tx.mosaic.amount),
    hashAlgorithm: tx.hashAlgorithm.value,
    secret: hex(tx.secret.bytes),
    recipientAddress: address(tx.recipientAddress),
  })],
  [T.SECRET_PROOF.value, (tx: Model<'SecretProofTransactionV1'>) => ({
    hashAlgorithm: tx.hashAlgorithm.value,
    secret: hex(tx.secret.bytes),
    recipientAddress: address(tx.recipientAddress),
    proof: hex(tx.proof),
  })],
  [T.ACCOUNT_METADATA.value, (tx: Model<'AccountMetadataTransactionV1'>) => metadata(tx, {})],
  [T.MOSAIC_METADATA.value, (tx: Model<'MosaicMetadataTransactionV1'>) => metadata(tx, { targetMosaicId: id(tx.targetMosaicId) })],
  [T.NAMESPACE_METADATA.value, (tx: Model<'NamespaceMetadataTransactionV1'>) => metadata(tx, { targetNamespaceId: id(tx.targetNamespaceId) })],
  [T.MOSAIC_DEFINITION.value, (tx: Model<'MosaicDefinitionTransactionV1'>) => ({
    nonce: Number(tx.nonce.value),
    id: id(tx.id),
    flags: tx.flags.value,
    divisibility: tx.divisibility,
    duration: uint64(tx.duration),
  })],
  [T.MOSAIC_SUPPLY_CHANGE.value, (tx: Model<'MosaicSupplyChangeTransactionV1'>) => ({
    mosaicId: id(tx.mosaicId),
    action: tx.action.value,
    delta: uint64(tx.delta),
  })],
  [T.MOSAIC_SUPPLY_REVOCATION.value, (tx: Model<'MosaicSupplyRevocationTransactionV1'>) => ({
    sourceAddress: address(tx.sourceAddress),
    mosaicId: id(tx.mosaic.mosaicId),
    amount: uint64(tx.mosaic.amount),
  })],
  [T.MULTISIG_ACCOUNT_MODIFICATION.value, (tx: Model<'MultisigAccountModificationTransactionV1'>) => ({
    minRemovalDelta: tx.minRemovalDelta,
    minApprovalDelta: tx.minApprovalDelta,
    addressAdditions: tx.addressAdditions.map(address),
    addressDeletions: tx.addressDeletions.map(address),
  })],
  [T.NAMESPACE_REGISTRATION.value, (tx: Model<'NamespaceRegistrationTransactionV1'>) => {
    const root = tx.registrationType.value === models.NamespaceRegistrationType.ROOT.value;
    return {
      registrationType: tx.registrationType.value,
      // The same eight bytes are the root's duration or the child's parent id.
      ...(root ? { duration: uint64(tx.duration) } : { parentId: id(tx.parentId) }),
      id: id(tx.id),
      name: text(tx.name),
    };
  }],
  [T.ADDRESS_ALIAS.value, (tx: Model<'AddressAliasTransactionV1'>) => ({
    namespaceId: id(tx.namespaceId),
    aliasAction: tx.aliasAction.value,
    address: address(tx.address),
  })],
  [T.MOSAIC_ALIAS.value, (tx: Model<'MosaicAliasTransactionV1'>) => ({
    namespaceId: id(tx.namespaceId),
    aliasAction: tx.aliasAction.value,
    mosaicId: id(tx.mosaicId),
  })],
  [T.ACCOUNT_ADDRESS_RESTRICTION.value, (tx: Model<'AccountAddressRestrictionTransactionV1'>) =>
    accountRestriction(tx.restrictionFlags, tx.restrictionAdditions.map(address), tx.restrictionDeletions.map(address))],
  [T.ACCOUNT_MOSAIC_RESTRICTION.value, (tx: Model<'AccountMosaicRestrictionTransactionV1'>) =>
    accountRestriction(tx.restrictionFlags, tx.restrictionAdditions.map(id), tx.restrictionDeletions.map(id))],
  [T.ACCOUNT_OPERATION_RESTRICTION.value, (tx: Model<'AccountOperationRestrictionTransactionV1'>) =>
    accountRestriction(tx.restrictionFlags, tx.restrictionAdditions.map(enumValue), tx.restrictionDeletions.map(enumValue))],
  [T.MOSAIC_ADDRESS_RESTRICTION.value, (tx: Model<'MosaicAddressRestrictionTransactionV1'>) => ({
    mosaicId: id(tx.mosaicId),
    restrictionKey: id(tx.restrictionKey),
    targetAddress: address(tx.targetAddress),
    previousRestrictionValue: uint64(tx.previousRestrictionValue),
    newRestrictionValue: uint64(tx.newRestrictionValue),
  })],
  [T.MOSAIC_GLOBAL_RESTRICTION.value, (tx: Model<'MosaicGlobalRestrictionTransactionV1'>) => ({
    mosaicId: id(tx.mosaicId),
    referenceMosaicId: id(tx.referenceMosaicId),
    restrictionKey: id(tx.restrictionKey),
    previousRestrictionValue: uint64(tx.previousRestrictionValue),
    previousRestrictionType: tx.previousRestrictionType.value,
    newRestrictionValue: uint64(tx.newRestrictionValue),
    newRestrictionType: tx.newRestrictionType.value,
  })],
  [T.AGGREGATE_COMPLETE.value, aggregate],
  [T.AGGREGATE_BONDED.value, aggregate],
]);

function keyLink(tx: Model<'AccountKeyLinkTransactionV1'>): Json {
  return { linkedPublicKey: hex(tx.linkedPublicKey.bytes), linkAction: tx.linkAction.value };
}

function metadata(tx: Model<'AccountMetadataTransactionV1'>, target: Json): Json {
  return {
    targetAddress: address(tx.targetAddress),
    scopedMetadataKey: id(tx.scopedMetadataKey),
    ...target,
    valueSizeDelta: tx.valueSizeDelta,
    valueSize: tx.value.length,
    // A node stores no value when it is empty (a node rejects such a transaction anyway).
    ...(tx.value.length > 0 ? { value: hex(tx.value) } : {}),
  };
}

function accountRestriction(flags: { value: number }, additions: unknown[], deletions: unknown[]): Json {
  return { restrictionFlags: flags.value, restrictionAdditions: additions, restrictionDeletions: deletions };
}

function enumValue(value: { value: number }): number {
  return value.value;
}

/** The aggregate's own fields; its embedded transactions are the caller's to add. */
function aggregate(tx: Model<'AggregateCompleteTransactionV3'>): Json {
  return {
    transactionsHash: hex(tx.transactionsHash.bytes),
    cosignatures: tx.cosignatures.map((cosignature) => ({
      version: cosignature.version.toString(),
      signerPublicKey: hex(cosignature.signerPublicKey.bytes),
      signature: hex(cosignature.signature.bytes),
    })),
  };
}
