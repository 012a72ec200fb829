/**
 * transactionPayload and checkedPayload: a transaction's REST JSON, as transactionJson renders it
 * and the routes serve it over real sockets, gives back the very bytes that were signed and
 * their hash, for every type and version symbol-sdk v3 models; JSON that was altered, is
 * incomplete or is no transaction is refused with a message that names what is wrong.
 */
import { createHash } from 'node:crypto';
import { PrivateKey } from 'symbol-sdk';
import { Address, KeyPair, SymbolFacade, generateMosaicId, generateNamespaceId, metadataGenerateKey, models, mosaicRestrictionGenerateKey } from 'symbol-sdk/symbol';
import * as sdk2 from 'symbol-sdk-v2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainAccount } from '../../src/memory/chain/identity.js';
import type { InMemoryChain } from '../../src/in-memory-chain.js';
import { TRANSACTION_JSON, TRANSACTION_READERS } from '../../src/families/index.js';
import { checkedPayload, transactionPayload } from '../../src/upstream/payload.js';
import { TransactionJsonError } from '../../src/upstream/transaction-json-error.js';
import { activity } from '../support/chain-activity.js';
import { startGateway, testChain } from '../support/server.js';
import { aggregate, embeddedTransfer, inAnHour, sign, type Signed } from '../support/signing.js';

type Transaction = InstanceType<typeof models.Transaction>;
type EmbeddedTransaction = InstanceType<typeof models.EmbeddedTransaction>;
type Aggregate = Transaction & { transactions: EmbeddedTransaction[]; cosignatures: InstanceType<typeof models.Cosignature>[] };
type Descriptor = Record<string, unknown> & { type: string };
type Json = Record<string, any>;

const facade = new SymbolFacade('testnet');
const keyPair = (name: string) => new KeyPair(new PrivateKey(createHash('sha256').update(name).digest()));
const [alice, bob, carol, dave] = ['alice', 'bob', 'carol', 'dave'].map(keyPair);
const addressOf = (account: KeyPair) => facade.network.publicKeyToAddress(account.publicKey);
const bytes = (text: string) => new Uint8Array(Buffer.from(text));
const randomHex = (size: number, seed: string) => createHash('sha512').update(seed).digest().subarray(0, size).toString('hex').toUpperCase();
const hex = (payload: Uint8Array) => Buffer.from(payload).toString('hex').toUpperCase();

const XYM = 0x72c0212e67a08bcen;
const XYM_ALIAS = 0xe74b99ba41f4afeen;
const NONCE = 3_456_789_012; // above 2^31: a uint32 that must not come back negative
const TOKEN = generateMosaicId(addressOf(alice), NONCE);
const ROOT = generateNamespaceId('coffee-shop');
const CHILD = generateNamespaceId('beans', ROOT);

/**
 * Realistic bodies of every type that is not an aggregate, most fields away from their
 * defaults, with the edge cases of each formatting rule: empty and binary messages, uint64
 * maxima, keys with their top bit set, negative deltas, each hash algorithm, both namespace
 * registrations, restrictions of each kind.
 */
const BODIES: { label: string; descriptor: Descriptor }[] = [
  body('transfer with a message and three mosaics', {
    type: 'transfer_transaction_v1',
    recipientAddress: addressOf(bob),
    mosaics: [
      { mosaicId: XYM, amount: 1_250_000n },
      { mosaicId: TOKEN, amount: 18_446_744_073_709_551_615n },
      { mosaicId: XYM_ALIAS, amount: 7n },
    ],
    message: new Uint8Array([0, ...bytes('Thanks for the coffee! ☕')]),
  }),
  body('transfer with no message and no mosaic', { type: 'transfer_transaction_v1', recipientAddress: addressOf(carol), mosaics: [] }),
  body('transfer with a binary message', { type: 'transfer_transaction_v1', recipientAddress: addressOf(dave), mosaics: [{ mosaicId: XYM_ALIAS, amount: 1n }], message: new Uint8Array([0xfe, 0, 0xff, 0x80]) }),
  body('account key link', { type: 'account_key_link_transaction_v1', linkedPublicKey: randomHex(32, 'remote'), linkAction: 'link' }),
  body('node key link', { type: 'node_key_link_transaction_v1', linkedPublicKey: randomHex(32, 'node'), linkAction: 'unlink' }),
  body('vrf key link', { type: 'vrf_key_link_transaction_v1', linkedPublicKey: randomHex(32, 'vrf'), linkAction: 'link' }),
  body('voting key link', { type: 'voting_key_link_transaction_v1', linkedPublicKey: randomHex(32, 'voting'), startEpoch: 72, endEpoch: 4_294_967_295, linkAction: 'link' }),
  body('hash lock', { type: 'hash_lock_transaction_v1', mosaic: { mosaicId: XYM, amount: 10_000_000n }, duration: 5_760n, hash: randomHex(32, 'bonded') }),
  ...(['sha3_256', 'hash_160', 'hash_256'] as const).map((hashAlgorithm) =>
    body(`secret lock (${hashAlgorithm})`, { type: 'secret_lock_transaction_v1', recipientAddress: addressOf(bob), secret: randomHex(32, hashAlgorithm), mosaic: { mosaicId: TOKEN, amount: 500n }, duration: 1_440n, hashAlgorithm }),
  ),
  body('secret proof', { type: 'secret_proof_transaction_v1', recipientAddress: addressOf(bob), secret: randomHex(32, 'secret'), hashAlgorithm: 'hash_160', proof: bytes('the quick brown fox') }),
  body('account metadata', { type: 'account_metadata_transaction_v1', targetAddress: addressOf(bob), scopedMetadataKey: metadataGenerateKey('membership'), valueSizeDelta: -3, value: bytes('verified-member') }),
  body('mosaic metadata', { type: 'mosaic_metadata_transaction_v1', targetAddress: addressOf(alice), scopedMetadataKey: 0x4d2n, targetMosaicId: TOKEN, valueSizeDelta: 17, value: bytes('{"kind":"ticket"}') }),
  body('namespace metadata', { type: 'namespace_metadata_transaction_v1', targetAddress: addressOf(alice), scopedMetadataKey: metadataGenerateKey('site'), targetNamespaceId: ROOT, valueSizeDelta: 22, value: bytes('https://coffee.example') }),
  body('mosaic definition', { type: 'mosaic_definition_transaction_v1', id: TOKEN, duration: 86_400n, nonce: NONCE, flags: 'supply_mutable transferable restrictable revokable', divisibility: 6 }),
  body('mosaic supply change (increase)', { type: 'mosaic_supply_change_transaction_v1', mosaicId: TOKEN, delta: 1_000_000_000_000n, action: 'increase' }),
  body('mosaic supply change (decrease)', { type: 'mosaic_supply_change_transaction_v1', mosaicId: XYM_ALIAS, delta: 1n, action: 'decrease' }),
  body('mosaic supply revocation', { type: 'mosaic_supply_revocation_transaction_v1', sourceAddress: addressOf(bob), mosaic: { mosaicId: TOKEN, amount: 250n } }),
  body('multisig account modification', { type: 'multisig_account_modification_transaction_v1', minRemovalDelta: -1, minApprovalDelta: 2, addressAdditions: [addressOf(carol), addressOf(dave)], addressDeletions: [addressOf(bob)] }),
  body('root namespace registration', { type: 'namespace_registration_transaction_v1', registrationType: 'root', duration: 172_800n, name: 'coffee-shop', id: ROOT }),
  body('child namespace registration', { type: 'namespace_registration_transaction_v1', registrationType: 'child', parentId: ROOT, name: 'beans', id: CHILD }),
  body('address alias', { type: 'address_alias_transaction_v1', namespaceId: ROOT, address: addressOf(alice), aliasAction: 'link' }),
  body('mosaic alias', { type: 'mosaic_alias_transaction_v1', namespaceId: CHILD, mosaicId: TOKEN, aliasAction: 'unlink' }),
  body('account address restriction (outgoing block)', { type: 'account_address_restriction_transaction_v1', restrictionFlags: 'address outgoing block', restrictionAdditions: [addressOf(bob), addressOf(carol)], restrictionDeletions: [addressOf(dave)] }),
  body('account address restriction (incoming allow)', { type: 'account_address_restriction_transaction_v1', restrictionFlags: 'address', restrictionAdditions: [], restrictionDeletions: [addressOf(bob)] }),
  body('account mosaic restriction', { type: 'account_mosaic_restriction_transaction_v1', restrictionFlags: 'mosaic_id block', restrictionAdditions: [TOKEN, XYM_ALIAS], restrictionDeletions: [XYM] }),
  body('account operation restriction', { type: 'account_operation_restriction_transaction_v1', restrictionFlags: 'transaction_type outgoing', restrictionAdditions: ['transfer', 'secret_lock'], restrictionDeletions: ['hash_lock'] }),
  body('mosaic address restriction', {
    type: 'mosaic_address_restriction_transaction_v1',
    mosaicId: TOKEN,
    restrictionKey: mosaicRestrictionGenerateKey('kyc'),
    previousRestrictionValue: 0xffff_ffff_ffff_ffffn, // catapult's "no value yet"
    newRestrictionValue: 2n,
    targetAddress: addressOf(bob),
  }),
  body('mosaic global restriction', { type: 'mosaic_global_restriction_transaction_v1', mosaicId: TOKEN, referenceMosaicId: XYM, restrictionKey: 0x9n, previousRestrictionValue: 0n, newRestrictionValue: 2n, previousRestrictionType: 'none', newRestrictionType: 'ge' }),
];

function body(label: string, descriptor: Descriptor): { label: string; descriptor: Descriptor } {
  return { label, descriptor };
}

// region signing, as a wallet does

function signedTransaction(descriptor: Descriptor, signer = alice): Transaction {
  const transaction = facade.transactionFactory.create({ fee: 1_234_567n, deadline: 98_765_432_100n, ...descriptor, signerPublicKey: signer.publicKey } as never) as Transaction;
  facade.transactionFactory.static.attachSignature(transaction, facade.signTransaction(signer, transaction));
  return transaction;
}

/** An aggregate of `type` (`aggregate_complete_transaction_v3`...) of `inner`, each signed in turn by `signers`, cosigned by `cosigners`. */
function signedAggregate(type: string, inner: Descriptor[], cosigners: KeyPair[], signers = [alice, bob, carol]): Aggregate {
  const transactions = inner.map((descriptor, index) => facade.transactionFactory.createEmbedded({ ...descriptor, signerPublicKey: signers[index % signers.length].publicKey } as never));
  const transaction = signedTransaction({ type, transactionsHash: SymbolFacade.hashEmbeddedTransactions(transactions), transactions }) as Aggregate;
  for (const cosigner of cosigners) transaction.cosignatures.push(facade.cosignTransaction(cosigner, transaction, false) as never);
  return transaction;
}

const descriptorOf = (label: string) => BODIES.find((entry) => entry.label === label)!.descriptor;
const SOME_INNER = ['transfer with a message and three mosaics', 'transfer with no message and no mosaic', 'account metadata'].map(descriptorOf);
const EVERY_INNER = BODIES.map(({ descriptor }) => descriptor);

/** Every sample: each body at the top level, and aggregates of each kind and version with several embedded transactions. */
const SAMPLES: { label: string; transaction: () => Transaction }[] = [
  ...BODIES.map(({ label, descriptor }) => ({ label, transaction: () => signedTransaction(descriptor) })),
  ...['complete', 'bonded'].flatMap((kind) =>
    [1, 2, 3].map((version) => ({ label: `aggregate ${kind} v${version}, 3 embedded, 2 cosignatures`, transaction: () => signedAggregate(`aggregate_${kind}_transaction_v${version}`, SOME_INNER, [bob, carol]) })),
  ),
  ...['complete', 'bonded'].map((kind) => ({
    label: `aggregate ${kind} v3 of every body (${EVERY_INNER.length} embedded), 3 cosignatures`,
    transaction: () => signedAggregate(`aggregate_${kind}_transaction_v3`, EVERY_INNER, [bob, carol, dave]),
  })),
  { label: 'aggregate bonded v3 with no cosignature yet', transaction: () => signedAggregate('aggregate_bonded_transaction_v3', SOME_INNER, []) },
];

// endregion

// region rendering, as the routes serve a transaction by hash

const isAggregate = (model: Transaction): model is Aggregate =>
  model.type === models.TransactionType.AGGREGATE_COMPLETE || model.type === models.TransactionType.AGGREGATE_BONDED;

/** The entry `GET /transactions/confirmed/{hash}` serves (with the embedded transactions), through JSON text as it comes over HTTP. */
function entryOf(model: Transaction): Json {
  const hash = facade.hashTransaction(model).toString();
  const transaction: Json = TRANSACTION_JSON.of(model, { withSize: true });
  if (isAggregate(model)) {
    transaction.transactions = model.transactions.map((inner, index) => ({
      id: `65A1B2C3D4E5F6A7B8C9D0${index.toString(16).toUpperCase().padStart(2, '0')}`,
      meta: { height: '48213', aggregateHash: hash, aggregateId: '65A1B2C3D4E5F6A7B8C9D0E1', index, timestamp: '1234567890', feeMultiplier: 100 },
      transaction: TRANSACTION_JSON.of(inner, { withSize: false }),
    }));
  }
  const meta = { height: '48213', hash, merkleComponentHash: hash, index: 3, timestamp: '1234567890', feeMultiplier: 100 };
  return JSON.parse(JSON.stringify({ id: '65A1B2C3D4E5F6A7B8C9D0E1', meta, transaction }));
}

/** A copy of `entry` changed by `edit`. */
function altered(entry: Json, edit: (entry: Json) => void): Json {
  const copy = structuredClone(entry);
  edit(copy);
  return copy;
}

/** `text` (hex) with its digit at `at` changed. */
const flipped = (text: string, at: number) => `${text.slice(0, at)}${text[at] === '0' ? '1' : '0'}${text.slice(at + 1)}`;

/** What symbol-sdk 2.0.7 serializes a wire entry to: the second oracle (it writes into the DTO, so it gets a copy). */
const sdk2Payload = (entry: Json) => sdk2.TransactionMapping.createFromDTO(structuredClone(entry)).serialize().toUpperCase();

// endregion

describe('the samples', () => {
  it('cover every transaction type and version symbol-sdk v3 models, top level and embedded', () => {
    const modelled = Object.keys(models).filter((name) => /^\w+TransactionV\d+$/.test(name));
    const sampled = new Set(SAMPLES.map(({ transaction }) => transaction()).flatMap((model) => [model, ...(isAggregate(model) ? model.transactions : [])]).map((model) => model.constructor.name));
    expect(modelled.filter((name) => !sampled.has(name))).toEqual([]);
  });
});

describe('transactionPayload of what transactionJson renders', () => {
  it.each(SAMPLES)('gives back the signed payload and hash of a $label', ({ transaction }) => {
    const model = transaction();
    const expected = { payload: hex(model.serialize()), hash: facade.hashTransaction(model).toString() };
    const entry = entryOf(model);
    expect(transactionPayload(entry, facade, TRANSACTION_READERS)).toEqual(expected);
    expect(transactionPayload(entry.transaction, facade, TRANSACTION_READERS)).toEqual(expected);
    expect(checkedPayload(entry, facade, TRANSACTION_READERS)).toEqual(expected);
    expect(sdk2Payload(entry)).toBe(expected.payload);
  });

  it('puts embedded transactions in their meta.index order, as catapult-rest may list them in any', () => {
    const entry = entryOf(signedAggregate('aggregate_complete_transaction_v3', EVERY_INNER, [bob]));
    const shuffled = altered(entry, (copy) => copy.transaction.transactions.reverse());
    expect(checkedPayload(shuffled, facade, TRANSACTION_READERS)).toEqual(transactionPayload(entry, facade, TRANSACTION_READERS));
  });

  it('takes embedded transactions as bare transaction objects too, in the order given', () => {
    const entry = entryOf(signedAggregate('aggregate_bonded_transaction_v2', SOME_INNER, [bob, dave]));
    const bare = altered(entry, (copy) => (copy.transaction.transactions = copy.transaction.transactions.map((inner: Json) => inner.transaction)));
    expect(checkedPayload(bare, facade, TRANSACTION_READERS)).toEqual(transactionPayload(entry, facade, TRANSACTION_READERS));
  });

  it('takes hex in either case', () => {
    const entry = entryOf(signedTransaction(descriptorOf('transfer with a message and three mosaics')));
    const lower = altered(entry, (copy) => {
      for (const name of ['signature', 'signerPublicKey', 'recipientAddress', 'message']) copy.transaction[name] = copy.transaction[name].toLowerCase();
      copy.transaction.mosaics[0].id = copy.transaction.mosaics[0].id.toLowerCase();
      copy.meta.hash = copy.meta.hash.toLowerCase();
    });
    expect(checkedPayload(lower, facade, TRANSACTION_READERS)).toEqual(transactionPayload(entry, facade, TRANSACTION_READERS));
  });

  it('reads a metadata value catapult-rest leaves out as empty (valueSize 0)', () => {
    const model = signedTransaction({ type: 'account_metadata_transaction_v1', targetAddress: addressOf(bob), scopedMetadataKey: 1n, valueSizeDelta: -32_768, value: new Uint8Array(0) });
    const entry = entryOf(model);
    expect(entry.transaction).not.toHaveProperty('value');
    expect(checkedPayload(entry, facade, TRANSACTION_READERS)).toEqual({ payload: hex(model.serialize()), hash: facade.hashTransaction(model).toString() });
  });

  it('rebuilds what the fields say without checking it: an altered amount gives other bytes and another hash', () => {
    const entry = entryOf(signedTransaction(descriptorOf('transfer with a message and three mosaics')));
    const rebuilt = transactionPayload(altered(entry, (copy) => (copy.transaction.mosaics[0].amount = '1250001')), facade, TRANSACTION_READERS);
    expect(rebuilt.hash).not.toBe(entry.meta.hash);
  });
});

describe('checkedPayload of garbage', () => {
  const transfer = entryOf(signedTransaction(descriptorOf('transfer with a message and three mosaics')));
  const bonded = entryOf(signedAggregate('aggregate_bonded_transaction_v3', SOME_INNER, [bob, carol]));
  const refusal = (json: unknown, target = facade): TransactionJsonError => {
    try {
      checkedPayload(json, target, TRANSACTION_READERS);
    } catch (error) {
      expect(error).toBeInstanceOf(TransactionJsonError);
      return error as TransactionJsonError;
    }
    throw new Error('checkedPayload took it');
  };

  it('refuses a changed amount: the bytes no longer hash to meta.hash', () => {
    const error = refusal(altered(transfer, (copy) => (copy.transaction.mosaics[1].amount = '18446744073709551614')));
    expect(error.message).toMatch(/^TRANSFER \(0x4154\): meta\.hash is [0-9A-F]{64}, but the transaction's bytes hash to [0-9A-F]{64}: the JSON was altered/);
    expect(error.field).toBe('meta.hash');
  });

  it('refuses a changed signature: the hash covers it', () => {
    expect(refusal(altered(transfer, (copy) => (copy.transaction.signature = flipped(copy.transaction.signature, 10)))).message).toMatch(/^TRANSFER \(0x4154\): meta\.hash is .*the JSON was altered/);
  });

  it('refuses a changed signature with a meta.hash to match: the signature does not verify', () => {
    const forged = altered(transfer, (copy) => (copy.transaction.signature = flipped(copy.transaction.signature, 10)));
    forged.meta.hash = transactionPayload(forged, facade, TRANSACTION_READERS).hash;
    const error = refusal(forged);
    expect(error.message).toBe("TRANSFER (0x4154): transaction.signature does not verify: the signer did not sign these bytes for this network's generation hash");
    expect(error.field).toBe('transaction.signature');
  });

  it('refuses a changed embedded transaction: the transactionsHash no longer covers it', () => {
    const error = refusal(altered(bonded, (copy) => (copy.transaction.transactions[0].transaction.mosaics[0].amount = '1250001')));
    expect(error.message).toMatch(/^AGGREGATE_BONDED \(0x4241\): transaction\.transactionsHash is [0-9A-F]{64}, but the embedded transactions hash to [0-9A-F]{64}: they were altered$/);
  });

  it('refuses a changed cosignature: it does not verify', () => {
    const error = refusal(altered(bonded, (copy) => (copy.transaction.cosignatures[1].signature = flipped(copy.transaction.cosignatures[1].signature, 20))));
    expect(error.message).toBe("AGGREGATE_BONDED (0x4241): transaction.cosignatures[1].signature does not verify: its signer did not sign this aggregate's hash");
  });

  it('refuses a size that is not the length of the transaction', () => {
    expect(refusal(altered(transfer, (copy) => (copy.transaction.size += 8))).message).toBe(`TRANSFER (0x4154): transaction.size is ${transfer.transaction.size + 8}, not the ${transfer.transaction.size} bytes of the transaction`);
    expect(refusal(altered(transfer, (copy) => delete copy.transaction.size)).message).toBe('TRANSFER (0x4154): transaction.size is missing');
  });

  it('refuses a transaction of another network', () => {
    expect(refusal(transfer, new SymbolFacade('mainnet')).message).toBe('TRANSFER (0x4154): transaction.network is 152, not the network of the facade (104)');
  });

  it('refuses a transaction without meta.hash to check it by', () => {
    expect(refusal(transfer.transaction).message).toBe('TRANSFER (0x4154): meta.hash is missing: checkedPayload takes the entry as REST serves it, { transaction, meta }');
    expect(refusal(altered(transfer, (copy) => (copy.meta.hash = 'abc'))).message).toBe('TRANSFER (0x4154): meta.hash is "abc", not 64 hex');
  });

  it.each([
    ['a missing recipientAddress', (copy: Json) => delete copy.transaction.recipientAddress, 'TRANSFER (0x4154): transaction.recipientAddress is missing'],
    ['a missing maxFee', (copy: Json) => delete copy.transaction.maxFee, 'TRANSFER (0x4154): transaction.maxFee is missing'],
    ['an amount as a number', (copy: Json) => (copy.transaction.mosaics[0].amount = 1_250_000), 'TRANSFER (0x4154): transaction.mosaics[0].amount is 1250000, not a uint64 as a decimal string'],
    ['an amount past uint64', (copy: Json) => (copy.transaction.mosaics[0].amount = '18446744073709551616'), 'TRANSFER (0x4154): transaction.mosaics[0].amount is "18446744073709551616", not a uint64 as a decimal string'],
    ['a mosaic id of 15 hex', (copy: Json) => (copy.transaction.mosaics[2].id = 'E74B99BA41F4AFE'), 'TRANSFER (0x4154): transaction.mosaics[2].id is "E74B99BA41F4AFE", not 16 hex'],
    ['mosaics out of id order', (copy: Json) => copy.transaction.mosaics.reverse(), 'TRANSFER (0x4154): transaction.mosaics are not in increasing id order'],
    ['a mosaic that is no object', (copy: Json) => (copy.transaction.mosaics[1] = 'XYM'), 'TRANSFER (0x4154): transaction.mosaics[1] is "XYM", not an object'],
    ['a short address', (copy: Json) => (copy.transaction.recipientAddress = copy.transaction.recipientAddress.slice(2)), /^TRANSFER \(0x4154\): transaction\.recipientAddress is "[0-9A-F]{39}\.\.\., not 48 hex$/],
    ['a message that is not hex', (copy: Json) => (copy.transaction.message = 'Thanks'), 'TRANSFER (0x4154): transaction.message is "Thanks", not hex of at most 65535 bytes'],
    ['an unknown network', (copy: Json) => (copy.transaction.network = 153), 'TRANSFER (0x4154): transaction.network is 153, not a NetworkType value (104, 152)'],
    ['a version symbol-sdk does not model', (copy: Json) => (copy.transaction.version = 2), 'TRANSFER (0x4154): transaction.version is 2: symbol-sdk models no version 2 of this type'],
    ['an unknown type', (copy: Json) => (copy.transaction.type = 0x4160), 'unknown type (0x4160): transaction.type is 16736, a type symbol-sdk does not model'],
    ['a type that is no uint16', (copy: Json) => (copy.transaction.type = '16724'), 'a transaction: transaction.type is "16724", not a uint16'],
  ])('refuses %s, naming the field and the type', (_, edit, message) => {
    const error = refusal(altered(transfer, edit));
    if (typeof message === 'string') expect(error.message).toBe(message);
    else expect(error.message).toMatch(message);
  });

  it.each([
    ['an embedded transaction without its signer', (copy: Json) => delete copy.transaction.transactions[2].transaction.signerPublicKey, 'ACCOUNT_METADATA (0x4144): transaction.transactions[2].transaction.signerPublicKey is missing'],
    ['a metadata valueSize that is not the value length', (copy: Json) => (copy.transaction.transactions[2].transaction.valueSize = 3), 'ACCOUNT_METADATA (0x4144): transaction.transactions[2].transaction.valueSize is 3, not the 15 bytes of value'],
    ['an aggregate embedded in an aggregate', (copy: Json) => (copy.transaction.transactions[0].transaction.type = 0x4141), 'AGGREGATE_COMPLETE (0x4141): transaction.transactions[0].transaction.version is 1: symbol-sdk models no embedded version 1 of this type'],
    ['a cosignature version as a number', (copy: Json) => (copy.transaction.cosignatures[0].version = 0), 'AGGREGATE_BONDED (0x4241): transaction.cosignatures[0].version is 0, not a uint64 as a decimal string'],
    ['cosignatures that are no array', (copy: Json) => (copy.transaction.cosignatures = {}), 'AGGREGATE_BONDED (0x4241): transaction.cosignatures is {}, not an array'],
    [
      'an aggregate as a page lists it, without its embedded transactions',
      (copy: Json) => delete copy.transaction.transactions,
      "AGGREGATE_BONDED (0x4241): transaction.transactions is missing: a page of transactions leaves an aggregate's embedded transactions out; GET /transactions/{group}/{hash} has them",
    ],
  ])('refuses %s, naming the field and the type', (_, edit, message) => {
    expect(refusal(altered(bonded, edit)).message).toBe(message);
  });

  it.each([
    ['a multisig delta past int8', 'multisig account modification', (tx: Json) => (tx.minApprovalDelta = 128), 'MULTISIG_ACCOUNT_MODIFICATION (0x4155): transaction.minApprovalDelta is 128, not an int8'],
    ['a namespace name of 256 bytes', 'root namespace registration', (tx: Json) => (tx.name = 'a'.repeat(256)), `NAMESPACE_REGISTRATION (0x414E): transaction.name is "${'a'.repeat(39)}..., not a string of at most 255 UTF-8 bytes`],
    ['a root namespace without its duration', 'root namespace registration', (tx: Json) => delete tx.duration, 'NAMESPACE_REGISTRATION (0x414E): transaction.duration is missing'],
    ['a link action out of its enum', 'vrf key link', (tx: Json) => (tx.linkAction = 2), 'VRF_KEY_LINK (0x4243): transaction.linkAction is 2, not a LinkAction value (0, 1)'],
    ['256 restriction additions', 'account address restriction (outgoing block)', (tx: Json) => (tx.restrictionAdditions = Array(256).fill(tx.restrictionAdditions[0])), 'ACCOUNT_ADDRESS_RESTRICTION (0x4150): transaction.restrictionAdditions has 256 items, more than the 255 a transaction can carry'],
    ['an operation restriction of an unknown type', 'account operation restriction', (tx: Json) => (tx.restrictionDeletions = [0x4160]), /^ACCOUNT_OPERATION_RESTRICTION \(0x4350\): transaction\.restrictionDeletions\[0\] is 16736, not a TransactionType value$/],
    ['a restriction value as hex', 'mosaic address restriction', (tx: Json) => (tx.newRestrictionValue = '0000000000000002'), 'MOSAIC_ADDRESS_RESTRICTION (0x4251): transaction.newRestrictionValue is "0000000000000002", not a uint64 as a decimal string'],
  ])('refuses %s', (_, label, edit, message) => {
    const error = refusal(altered(entryOf(signedTransaction(descriptorOf(label))), (copy) => edit(copy.transaction)));
    if (typeof message === 'string') expect(error.message).toBe(message);
    else expect(error.message).toMatch(message);
  });

  it.each([[5], [null], ['a transaction'], [[1, 2]], [undefined]])('refuses %j, which is not an object', (json) => {
    expect(refusal(json).message).toBe(`the transaction JSON is ${JSON.stringify(json) ?? 'undefined'}, not an object`);
  });

  it('refuses an entry whose meta is not an object, and an embedded entry that is not an object', () => {
    expect(refusal(altered(transfer, (copy) => (copy.meta = 'confirmed'))).message).toBe('meta is "confirmed", not an object');
    expect(refusal(altered(bonded, (copy) => (copy.transaction.transactions[1] = 7))).message).toBe('AGGREGATE_BONDED (0x4241): transaction.transactions[1] is 7, not an object');
  });
});

describe('every confirmed transaction of a gateway, over real sockets', () => {
  let server: Awaited<ReturnType<typeof startGateway>>;
  let chain: InMemoryChain;
  /** What the test announced, by hash: the payloads that were signed. */
  const announced = new Map<string, string>();

  beforeAll(async () => {
    chain = testChain({ rules: { minNamespaceDuration: 10n } });
    server = await startGateway({ backend: chain });
    activity(chain, 'alpha');
    const [owner, other, ...cosigners] = chain.fundedAccounts.slice(4, 8);
    for (const signed of await everyType(server, chain, owner, other, cosigners)) announced.set(signed.hash, signed.payload);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Every confirmed entry as a mirror reads it: pages with `embedded=false`, and each aggregate again by hash for its embedded transactions. */
  async function confirmedEntries(): Promise<Json[]> {
    const entries: Json[] = [];
    for (let pageNumber = 1; ; pageNumber++) {
      const { body } = await server.get(`/transactions/confirmed?embedded=false&pageSize=100&pageNumber=${pageNumber}&order=asc`);
      for (const entry of body.data) {
        entries.push(entry.transaction.transactionsHash ? (await server.get(`/transactions/confirmed/${entry.meta.hash}`)).body : entry);
      }
      if (body.data.length < 100) return entries;
    }
  }

  it('rebuilds each into the bytes that were signed, whose hash is its meta.hash', async () => {
    const entries = await confirmedEntries();
    expect(entries.length).toBeGreaterThan(40);
    let compared = 0;
    for (const entry of entries) {
      const { payload, hash } = checkedPayload(entry, chain.facade, TRANSACTION_READERS);
      expect(hash).toBe(entry.meta.hash);
      expect(sdk2Payload(entry)).toBe(payload);
      if (announced.has(hash)) {
        expect(payload).toBe(announced.get(hash));
        compared++;
      }
    }
    expect(compared).toBe(announced.size);
  });

  it('has confirmed every transaction type, top level or embedded', async () => {
    const entries = await confirmedEntries();
    const types = new Set(entries.flatMap((entry) => [entry.transaction.type, ...(entry.transaction.transactions ?? []).map((inner: Json) => inner.transaction.type)]));
    const modelled = Object.values(models.TransactionType).filter((value): value is InstanceType<typeof models.TransactionType> => value instanceof models.TransactionType);
    expect(modelled.filter((type) => !types.has(type.value)).map((type) => type.value)).toEqual([]);
  });

  it('refuses an aggregate as a page lists it, naming what to fetch', async () => {
    const { body } = await server.get('/transactions/confirmed?embedded=false&pageSize=100&type=16961');
    expect(body.data.length).toBeGreaterThan(0);
    expect(() => transactionPayload(body.data[0], chain.facade, TRANSACTION_READERS)).toThrow(/^AGGREGATE_BONDED \(0x4241\): transaction\.transactions is missing: .* GET \/transactions\/\{group\}\/\{hash\} has them$/);
  });
});

/**
 * One transaction of every type, announced over HTTP and confirmed in two blocks, in an order
 * the chain's rules accept: `owner` creates a mosaic and namespaces and uses them with `other`;
 * an aggregate complete of transfers in a ring is cosigned by `cosigners`; another carries the
 * types only embeddable (metadata) and undoes some; a third, of `other` cosigned by `owner`,
 * makes `owner` its cosignatory.
 */
async function everyType(server: Awaited<ReturnType<typeof startGateway>>, chain: InMemoryChain, owner: ChainAccount, other: ChainAccount, cosigners: ChainAccount[]): Promise<Signed[]> {
  const all: Signed[] = [];
  const announce = async (signed: Signed) => {
    expect((await server.request('PUT', '/transactions', { body: signed.body, headers: { 'content-type': 'application/json' } })).status).toBe(202);
    all.push(signed);
  };
  const signedBy = (signer: ChainAccount, descriptor: Descriptor) =>
    sign(chain.facade, signer.keyPair, chain.facade.transactionFactory.create({ fee: 10_000_000n, deadline: inAnHour(chain), ...descriptor, signerPublicKey: signer.keyPair.publicKey } as never));
  const embedded = (signer: ChainAccount, descriptor: Descriptor) => chain.facade.transactionFactory.createEmbedded({ ...descriptor, signerPublicKey: signer.keyPair.publicKey } as never);
  const otherAddress = new Address(other.address);
  const ownerAddress = new Address(owner.address);
  const currency = BigInt(`0x${chain.currency.mosaicId}`);
  const nonce = 11;
  const token = generateMosaicId(ownerAddress, nonce);
  const root = generateNamespaceId('mirror');
  const child = generateNamespaceId('token', root);
  const kyc = mosaicRestrictionGenerateKey('kyc');
  const restrictions = (previous: bigint | undefined, next: bigint): Descriptor[] => [
    { type: 'mosaic_global_restriction_transaction_v1', mosaicId: token, referenceMosaicId: 0n, restrictionKey: kyc, previousRestrictionValue: previous ?? 0n, newRestrictionValue: next, previousRestrictionType: previous === undefined ? 'none' : 'ge', newRestrictionType: 'ge' },
    { type: 'mosaic_address_restriction_transaction_v1', mosaicId: token, restrictionKey: kyc, previousRestrictionValue: previous ?? 0xffff_ffff_ffff_ffffn, newRestrictionValue: next, targetAddress: otherAddress },
  ];
  const keyLinks = (linkAction: 'link' | 'unlink'): Descriptor[] => [
    { type: 'account_key_link_transaction_v1', linkedPublicKey: randomHex(32, 'mirror/remote'), linkAction },
    { type: 'node_key_link_transaction_v1', linkedPublicKey: randomHex(32, 'mirror/node'), linkAction },
    { type: 'vrf_key_link_transaction_v1', linkedPublicKey: randomHex(32, 'mirror/vrf'), linkAction },
    { type: 'voting_key_link_transaction_v1', linkedPublicKey: randomHex(32, 'mirror/voting'), startEpoch: 10, endEpoch: 200, linkAction },
  ];
  const accountRestrictions = (action: 'add' | 'delete'): Descriptor[] => {
    const values = (list: unknown[]) => (action === 'add' ? { restrictionAdditions: list, restrictionDeletions: [] } : { restrictionAdditions: [], restrictionDeletions: list });
    return [
      { type: 'account_address_restriction_transaction_v1', restrictionFlags: 'address outgoing block', ...values([otherAddress]) },
      { type: 'account_mosaic_restriction_transaction_v1', restrictionFlags: 'mosaic_id block', ...values([token]) },
      { type: 'account_operation_restriction_transaction_v1', restrictionFlags: 'transaction_type outgoing block', ...values(['secret_lock']) },
    ];
  };
  // hash-160: the secret is ripemd160(sha256(proof)), padded to 32 bytes.
  const secretLockAndProof = (mosaicId: bigint, proof: string): [Descriptor, Descriptor] => {
    const secret = Buffer.concat([createHash('ripemd160').update(createHash('sha256').update(proof).digest()).digest(), Buffer.alloc(12)]).toString('hex');
    return [
      { type: 'secret_lock_transaction_v1', recipientAddress: otherAddress, secret, mosaic: { mosaicId, amount: 5n }, duration: 100n, hashAlgorithm: 'hash_160' },
      { type: 'secret_proof_transaction_v1', recipientAddress: otherAddress, secret, hashAlgorithm: 'hash_160', proof: bytes(proof) },
    ];
  };

  const [secretLock, secretProof] = secretLockAndProof(token, 'a mirrored proof');
  for (const descriptor of [
    { type: 'mosaic_definition_transaction_v1', id: token, nonce, flags: 'supply_mutable transferable restrictable revokable', divisibility: 2, duration: 0n },
    { type: 'mosaic_supply_change_transaction_v1', mosaicId: token, delta: 1_000n, action: 'increase' },
    { type: 'namespace_registration_transaction_v1', registrationType: 'root', duration: 20n, name: 'mirror', id: root },
    { type: 'namespace_registration_transaction_v1', registrationType: 'child', parentId: root, name: 'token', id: child },
    { type: 'mosaic_alias_transaction_v1', namespaceId: child, mosaicId: token, aliasAction: 'link' },
    { type: 'address_alias_transaction_v1', namespaceId: root, address: ownerAddress, aliasAction: 'link' },
    { type: 'transfer_transaction_v1', recipientAddress: otherAddress, mosaics: [{ mosaicId: child, amount: 10n }, { mosaicId: XYM_ALIAS, amount: 3n }].sort((a, b) => (a.mosaicId < b.mosaicId ? -1 : 1)), message: new Uint8Array([0, ...bytes('mirrored')]) },
    { type: 'transfer_transaction_v1', recipientAddress: otherAddress, mosaics: [{ mosaicId: token, amount: 1n }] },
    secretLock,
  ]) await announce(signedBy(owner, descriptor));
  const ring = [owner, ...cosigners];
  await announce(aggregate(chain, 'complete', owner, ring.map((from, index) => embeddedTransfer(chain, from, ring[(index + 1) % ring.length], BigInt(index + 1))), { cosigners }));
  chain.harvest();

  await announce(signedBy(owner, secretProof));
  await announce(signedBy(owner, { type: 'mosaic_supply_revocation_transaction_v1', sourceAddress: otherAddress, mosaic: { mosaicId: token, amount: 1n } }));
  for (const descriptor of [...restrictions(undefined, 2n), ...keyLinks('link'), ...accountRestrictions('add')]) await announce(signedBy(owner, descriptor));
  const metadata: Descriptor[] = [
    { type: 'account_metadata_transaction_v1', targetAddress: ownerAddress, scopedMetadataKey: metadataGenerateKey('membership'), valueSizeDelta: 8, value: bytes('verified') },
    { type: 'mosaic_metadata_transaction_v1', targetAddress: ownerAddress, scopedMetadataKey: metadataGenerateKey('ticket'), targetMosaicId: token, valueSizeDelta: 6, value: bytes('ticket') },
    { type: 'namespace_metadata_transaction_v1', targetAddress: ownerAddress, scopedMetadataKey: metadataGenerateKey('site'), targetNamespaceId: root, valueSizeDelta: 4, value: bytes('shop') },
  ];
  const inner = [
    ...keyLinks('unlink'),
    ...metadata,
    ...accountRestrictions('delete'),
    ...secretLockAndProof(currency, 'an inner mirrored proof'),
    ...restrictions(2n, 3n),
    { type: 'transfer_transaction_v1', recipientAddress: otherAddress, mosaics: [] },
  ].map((descriptor) => embedded(owner, descriptor));
  await announce(signedBy(owner, { type: 'aggregate_complete_transaction_v3', transactionsHash: SymbolFacade.hashEmbeddedTransactions(inner), transactions: inner }));
  const lock = (hash: string): Descriptor => ({ type: 'hash_lock_transaction_v1', mosaic: { mosaicId: currency, amount: 10_000_000n }, duration: 100n, hash });
  await announce(signedBy(owner, lock(randomHex(32, 'mirror/bonded'))));
  // A multisig modification is only embeddable, and the new cosignatory opts in by cosigning.
  await announce(
    aggregate(chain, 'complete', other, [embedded(other, lock(randomHex(32, 'mirror/inner bonded'))), embedded(other, { type: 'multisig_account_modification_transaction_v1', minRemovalDelta: 1, minApprovalDelta: 1, addressAdditions: [ownerAddress], addressDeletions: [] })], {
      cosigners: [owner],
      fee: 10_000_000n,
    }),
  );
  chain.harvest();
  const statuses = await chain.transactionStatus.find(all.map((signed) => signed.hash));
  expect(statuses.map((status) => `${status.group} ${status.code}`)).toEqual(all.map(() => 'confirmed Success'));
  return all;
}
