import { createHash } from 'node:crypto';
import { Address, SymbolFacade, models } from 'symbol-sdk/symbol';
import { verifyEd25519 } from '../../ed25519.js';
import { InvalidArgumentError } from '../../errors.js';
import type { AccountAddress, AddressBook } from '../address-book.js';
import { merkleRoot } from '../block-builder.js';
import { toHex } from '../keys.js';

export type Transaction = InstanceType<typeof models.Transaction>;
type EmbeddedTransaction = InstanceType<typeof models.EmbeddedTransaction>;
type AggregateTransaction = Transaction & {
  transactionsHash: InstanceType<typeof models.Hash256>;
  transactions: EmbeddedTransaction[];
  cosignatures: InstanceType<typeof models.Cosignature>[];
};

const AGGREGATE_COMPLETE = models.TransactionType.AGGREGATE_COMPLETE.value;
const AGGREGATE_BONDED = models.TransactionType.AGGREGATE_BONDED.value;
const HEX = /^(?:[0-9a-fA-F]{2})+$/;

/** A signed transaction payload, decoded and hashed the way a Symbol node does. */
export interface DecodedTransaction {
  readonly model: Transaction;
  readonly hash: string;
  readonly type: number;
  readonly networkIdentifier: number;
  readonly signerPublicKey: string;
  readonly deadline: bigint;
  readonly maxFee: bigint;
  readonly aggregate: 'complete' | 'bonded' | undefined;
  readonly embedded: readonly EmbeddedTransaction[];
  /** An aggregate's transactionsHash as its inner transactions make it (64 hex), computed once from the payload. */
  readonly computedTransactionsHash: string | undefined;
  /** The bytes the signer signed, after the generation hash seed: a view of the payload (empty once settled). */
  readonly signedData: Uint8Array;
}

/**
 * Decodes a transaction payload with symbol-sdk's catbuffer models and hashes it with
 * the network's generation hash seed: the same hash the wallet computed.
 *
 * @throws InvalidArgumentError (409) when the payload is not hex or not a whole Symbol transaction
 */
export function decodeTransaction(payloadHex: unknown, facade: SymbolFacade): DecodedTransaction {
  if (typeof payloadHex !== 'string' || !HEX.test(payloadHex)) throw new InvalidArgumentError('payload must be a hex string');
  const bytes = new Uint8Array(Buffer.from(payloadHex, 'hex'));
  let model: Transaction;
  try {
    model = models.TransactionFactory.deserialize(bytes) as Transaction;
  } catch {
    throw new InvalidArgumentError('payload is not a Symbol transaction');
  }
  if (model.size !== bytes.length) throw new InvalidArgumentError('payload is not a Symbol transaction: its size field does not match its length');
  return describeTransaction(model, facade, bytes);
}

/**
 * Hashes and describes a transaction model (one the chain built itself, or a decoded
 * payload, whose bytes are passed so they need not be serialized again).
 */
export function describeTransaction(model: Transaction, facade: SymbolFacade, bytes: Uint8Array = model.serialize()): DecodedTransaction {
  const type = model.type.value;
  const aggregate = type === AGGREGATE_BONDED ? 'bonded' : type === AGGREGATE_COMPLETE ? 'complete' : undefined;
  const signedData = signedDataOf(bytes);
  return {
    model,
    hash: transactionHash(bytes, signedData, facade),
    type,
    networkIdentifier: model.network.value,
    signerPublicKey: toHex(model.signerPublicKey.bytes),
    deadline: BigInt(model.deadline.value),
    maxFee: BigInt(model.fee.value),
    aggregate,
    embedded: aggregate ? (model as AggregateTransaction).transactions : [],
    computedTransactionsHash: aggregate ? embeddedTransactionsHash(bytes) : undefined,
    signedData,
  };
}

const KNOWN_TYPES = new Set(
  Object.values(models.TransactionType)
    .filter((value): value is InstanceType<typeof models.TransactionType> => value instanceof models.TransactionType)
    .map((type) => type.value),
);
/** Bytes of the common transaction header: size, reserved, signature, signer, reserved, version, network, type, fee, deadline. */
const HEADER_SIZE = 128;

/** The header of a whole transaction whose type no Symbol plugin knows, hashed the generic way. */
export interface UnknownTransaction {
  hash: string;
  signerPublicKey: string;
  deadline: bigint;
}

/**
 * Reads a payload that did not decode: when it is a whole transaction (its size field
 * equals its length) of an unknown type, returns its header, hashed as a node hashes
 * any entity; otherwise undefined.
 */
export function inspectUnknownType(payloadHex: string, facade: SymbolFacade): UnknownTransaction | undefined {
  if (!HEX.test(payloadHex)) return undefined;
  const bytes = Buffer.from(payloadHex, 'hex');
  if (bytes.length < HEADER_SIZE || bytes.readUInt32LE(0) !== bytes.length || KNOWN_TYPES.has(bytes.readUInt16LE(110))) return undefined;
  // An unknown type is no aggregate: the hash covers the whole payload, as for any entity.
  return { hash: transactionHash(bytes, signedDataOf(bytes), facade), signerPublicKey: toHex(bytes.subarray(72, 104)), deadline: bytes.readBigUInt64LE(120) };
}

/** Bytes after the verifiable header that an aggregate's hash covers: version..transactionsHash, and payloadSize from version 3. */
const AGGREGATE_HASHED_SIZE = { v2: 4 + 8 + 8 + 32, v3: 4 + 8 + 8 + 32 + 4 };
const VERIFIABLE_HEADER_SIZE = 108;

/**
 * The transaction hash as symbol-sdk's `facade.hashTransaction` computes it (SHA3-256 of
 * signature ‖ signer ‖ generation hash seed ‖ the signed data), with node's SHA3 over
 * the payload bytes: a wallet's hash and this one are the same (the tests check it).
 */
function transactionHash(bytes: Uint8Array, signedData: Uint8Array, facade: SymbolFacade): string {
  const hash = createHash('sha3-256')
    .update(bytes.subarray(8, 72))
    .update(bytes.subarray(72, 104))
    .update(facade.network.generationHashSeed.bytes)
    .update(signedData)
    .digest();
  return toHex(hash);
}

/** What a signer signs after the generation hash seed: the body, or an aggregate's header up to its transactionsHash (and payloadSize). */
function signedDataOf(bytes: Uint8Array): Uint8Array {
  const type = bytes[110] | (bytes[111] << 8);
  const aggregate = type === AGGREGATE_BONDED || type === AGGREGATE_COMPLETE;
  const end = aggregate ? VERIFIABLE_HEADER_SIZE + (bytes[108] >= 3 ? AGGREGATE_HASHED_SIZE.v3 : AGGREGATE_HASHED_SIZE.v2) : bytes.length;
  return bytes.subarray(VERIFIABLE_HEADER_SIZE, end);
}

/** Where an aggregate's inner transactions start: after the header, its transactionsHash, payload size and reserved bytes. */
const AGGREGATE_TRANSACTIONS_OFFSET = HEADER_SIZE + 32 + 4 + 4;

/**
 * The merkle root of an aggregate's inner transactions, each hashed (SHA3-256, node's) as the
 * payload carries it (without its 8-byte alignment padding): what its transactionsHash must be.
 */
function embeddedTransactionsHash(bytes: Uint8Array): string {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = AGGREGATE_TRANSACTIONS_OFFSET + view.readUInt32LE(HEADER_SIZE + 32);
  const leaves: Uint8Array<ArrayBuffer>[] = [];
  for (let offset = AGGREGATE_TRANSACTIONS_OFFSET; offset < end; ) {
    const size = view.readUInt32LE(offset);
    leaves.push(new Uint8Array(createHash('sha3-256').update(view.subarray(offset, offset + size)).digest()));
    offset += Math.ceil(size / 8) * 8;
  }
  return toHex(merkleRoot(leaves));
}

/**
 * Whether the signer's signature over the transaction verifies, as a node checks it, over what
 * `facade.verifyTransaction` checks (generation hash seed ‖ signed data), taken from the
 * received bytes as a node does, instead of serializing the model again.
 */
export function verifySignature(decoded: DecodedTransaction, facade: SymbolFacade): boolean {
  const seed = facade.network.generationHashSeed.bytes;
  const message = new Uint8Array(seed.length + decoded.signedData.length);
  message.set(seed);
  message.set(decoded.signedData, seed.length);
  return verifyEd25519(decoded.model.signerPublicKey.bytes, message, decoded.model.signature.bytes);
}

/** A cosignature of an aggregate: version, signer, signature (over the aggregate's hash). */
export interface CosignatureInput {
  version: string;
  signerPublicKey: string;
  signature: string;
}

/** The cosignatures carried inside an aggregate payload. */
export function embeddedCosignatures(decoded: DecodedTransaction): CosignatureInput[] {
  if (!decoded.aggregate) return [];
  return (decoded.model as AggregateTransaction).cosignatures.map((cosignature) => ({
    version: cosignature.version.toString(),
    signerPublicKey: toHex(cosignature.signerPublicKey.bytes),
    signature: toHex(cosignature.signature.bytes),
  }));
}

/** Whether `signature` is `signerPublicKey`'s signature of the transaction hash. */
export function verifyCosignature(hash: string, cosignature: CosignatureInput): boolean {
  if (!HEX.test(cosignature.signerPublicKey) || !HEX.test(cosignature.signature)) return false;
  return verifyEd25519(Buffer.from(cosignature.signerPublicKey, 'hex'), Buffer.from(hash, 'hex'), Buffer.from(cosignature.signature, 'hex'));
}

/**
 * Every address the transaction touches: its signer, its embedded transactions' signers,
 * and every address field of its wire JSON (recipients, targets, multisig changes,
 * embedded ones included), each once.
 */
export function relatedAddresses(decoded: DecodedTransaction, json: unknown, addresses: AddressBook): AccountAddress[] {
  const related = new Map<string, AccountAddress>();
  const add = (address: AccountAddress) => related.set(address.hex, address);
  add(addresses.of(decoded.signerPublicKey));
  for (const embedded of decoded.embedded) add(addresses.of(toHex(embedded.signerPublicKey.bytes)));
  for (const hex of addressFields(json)) {
    if (related.has(hex)) continue;
    const address = new Address(Buffer.from(hex, 'hex'));
    // An alias (namespace) address resolves only through namespaces; it names no account here.
    if (!address.isAlias()) add({ base32: address.toString(), hex });
  }
  return [...related.values()];
}

/**
 * What a transaction's WebSocket events are published to, as catapult publishes them to the
 * unresolved addresses the transaction names: each related account's base32 address
 * (`relatedAddresses`), then the namespace id (16 hex) of each alias address it names (a
 * recipient by namespace), so `confirmedAdded/{namespaceId}` gets what was sent to the name.
 * An alias is never resolved here: catapult-rest matches the namespace's alias address as it
 * stands in the transaction, whatever account it points to.
 */
export function channelAddresses(related: readonly AccountAddress[], json: unknown): string[] {
  const channels = related.map((address) => address.base32);
  const namespaces = new Set<string>();
  for (const hex of addressFields(json)) {
    const namespaceId = aliasedNamespaceId(hex);
    if (namespaceId) namespaces.add(namespaceId);
  }
  return namespaces.size === 0 ? channels : [...channels, ...namespaces];
}

/** The namespace id (16 hex) an alias address (48 hex) names, or undefined for an account's address. */
export function aliasedNamespaceId(hex: string): string | undefined {
  // An alias address: its network byte with the lowest bit set, then the namespace id little-endian.
  if ((parseInt(hex.slice(0, 2), 16) & 1) === 0) return undefined;
  return Buffer.from(hex.slice(2, 18), 'hex').reverse().toString('hex').toUpperCase();
}

const ADDRESS_HEX = /^[0-9A-F]{48}$/;

// Address fields in the wire JSON are 48-character hex; names end in "Address" (or are lists of them).
function addressFields(value: unknown, key = '', into: string[] = []): string[] {
  if (Array.isArray(value)) {
    for (const item of value) addressFields(item, key, into);
  } else if (value !== null && typeof value === 'object') {
    for (const [name, child] of Object.entries(value)) addressFields(child, name, into);
  } else if (typeof value === 'string' && /address/i.test(key) && ADDRESS_HEX.test(value)) {
    into.push(value);
  }
  return into;
}
