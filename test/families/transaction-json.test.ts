/**
 * Every transaction type symbol-sdk v3 models renders as catapult-rest renders it: the JSON
 * matches the spec's schema of its type with no property the schema does not define, and
 * symbol-sdk 2.0.7 (what wallets parse REST and WebSocket frames with) reads it back into
 * the very bytes that were signed.
 */
import { createHash } from 'node:crypto';
import { PrivateKey } from 'symbol-sdk';
import { KeyPair, SymbolFacade, generateMosaicId, generateNamespaceId, metadataGenerateKey, models, mosaicRestrictionGenerateKey } from 'symbol-sdk/symbol';
import * as sdk2 from 'symbol-sdk-v2';
import { describe, expect, it } from 'vitest';
import { AddressBook } from '../../src/memory/address-book.js';
import { describeTransaction, embeddedCosignatures } from '../../src/memory/transactions/codec.js';
import { TRANSACTION_JSON } from '../../src/families/index.js';
import { TransactionRecord } from '../../src/memory/transactions/record.js';
import { assertMatchesSchema } from '../support/openapi.js';

type Transaction = InstanceType<typeof models.Transaction>;
type EmbeddedTransaction = InstanceType<typeof models.EmbeddedTransaction>;
type Aggregate = Transaction & { transactions: EmbeddedTransaction[]; cosignatures: InstanceType<typeof models.Cosignature>[] };
type Json = Record<string, unknown>;
type Descriptor = Record<string, unknown> & { type: string };

const facade = new SymbolFacade('testnet');
const keyPair = (name: string) => new KeyPair(new PrivateKey(createHash('sha256').update(name).digest()));
const alice = keyPair('alice');
const bob = keyPair('bob');
const carol = keyPair('carol');
const dave = keyPair('dave');
const addressOf = (account: KeyPair) => facade.network.publicKeyToAddress(account.publicKey);
const bytes = (text: string) => new Uint8Array(Buffer.from(text));
const randomHex = (size: number, seed: string) => createHash('sha512').update(seed).digest().subarray(0, size).toString('hex').toUpperCase();

const XYM = 0x72c0212e67a08bcen;
const XYM_ALIAS = 0xe74b99ba41f4afeen;
const NONCE = 3_456_789_012; // above 2^31: a uint32 that must not come out negative
const TOKEN = generateMosaicId(addressOf(alice), NONCE);
const ROOT = generateNamespaceId('coffee-shop');
const CHILD = generateNamespaceId('beans', ROOT);
const DEADLINE = 98_765_432_100n;
const FEE = 1_234_567n;

/**
 * One realistic sample of each transaction type (two for the namespace registration: root
 * and child), every field away from its default, as a wallet would build it (signer, fee
 * and deadline are added where the transaction is built).
 */
const SAMPLES: { label: string; descriptor: Descriptor }[] = [
  sample({
    type: 'transfer_transaction_v1',
    recipientAddress: addressOf(bob),
    mosaics: [
      { mosaicId: XYM, amount: 1_250_000n },
      { mosaicId: XYM_ALIAS, amount: 7n },
      { mosaicId: TOKEN, amount: 18_446_744_073_709_551_615n },
    ],
    message: new Uint8Array([0, ...bytes('Thanks for the coffee!')]),
  }),
  sample({ type: 'account_key_link_transaction_v1', linkedPublicKey: randomHex(32, 'remote'), linkAction: 'link' }),
  sample({ type: 'node_key_link_transaction_v1', linkedPublicKey: randomHex(32, 'node'), linkAction: 'unlink' }),
  sample({ type: 'vrf_key_link_transaction_v1', linkedPublicKey: randomHex(32, 'vrf'), linkAction: 'link' }),
  sample({ type: 'voting_key_link_transaction_v1', linkedPublicKey: randomHex(32, 'voting'), startEpoch: 72, endEpoch: 432, linkAction: 'link' }),
  sample({ type: 'hash_lock_transaction_v1', mosaic: { mosaicId: XYM, amount: 10_000_000n }, duration: 5_760n, hash: randomHex(32, 'bonded') }),
  sample({
    type: 'secret_lock_transaction_v1',
    recipientAddress: addressOf(bob),
    secret: randomHex(32, 'secret'),
    mosaic: { mosaicId: TOKEN, amount: 500n },
    duration: 1_440n,
    hashAlgorithm: 'hash_256',
  }),
  sample({ type: 'secret_proof_transaction_v1', recipientAddress: addressOf(bob), secret: randomHex(32, 'secret'), hashAlgorithm: 'hash_160', proof: bytes('the quick brown fox') }),
  sample({
    type: 'account_metadata_transaction_v1',
    targetAddress: addressOf(bob),
    scopedMetadataKey: metadataGenerateKey('membership'), // a uint64 with its top bit set, as hashed keys often are
    valueSizeDelta: -3,
    value: bytes('verified-member'),
  }),
  sample({ type: 'mosaic_metadata_transaction_v1', targetAddress: addressOf(alice), scopedMetadataKey: 0x4d2n, targetMosaicId: TOKEN, valueSizeDelta: 12, value: bytes('{"kind":"ticket"}') }),
  sample({ type: 'namespace_metadata_transaction_v1', targetAddress: addressOf(alice), scopedMetadataKey: metadataGenerateKey('site'), targetNamespaceId: ROOT, valueSizeDelta: 20, value: bytes('https://coffee.example') }),
  sample({ type: 'mosaic_definition_transaction_v1', id: TOKEN, duration: 86_400n, nonce: NONCE, flags: 'transferable restrictable revokable', divisibility: 6 }),
  sample({ type: 'mosaic_supply_change_transaction_v1', mosaicId: TOKEN, delta: 1_000_000_000_000n, action: 'increase' }),
  sample({ type: 'mosaic_supply_revocation_transaction_v1', sourceAddress: addressOf(bob), mosaic: { mosaicId: TOKEN, amount: 250n } }),
  sample({ type: 'multisig_account_modification_transaction_v1', minRemovalDelta: -1, minApprovalDelta: 1, addressAdditions: [addressOf(carol), addressOf(dave)], addressDeletions: [addressOf(bob)] }),
  sample({ type: 'namespace_registration_transaction_v1', registrationType: 'root', duration: 172_800n, name: 'coffee-shop', id: ROOT }, 'root'),
  sample({ type: 'namespace_registration_transaction_v1', registrationType: 'child', parentId: ROOT, name: 'beans', id: CHILD }, 'child'),
  sample({ type: 'address_alias_transaction_v1', namespaceId: ROOT, address: addressOf(alice), aliasAction: 'link' }),
  sample({ type: 'mosaic_alias_transaction_v1', namespaceId: CHILD, mosaicId: TOKEN, aliasAction: 'unlink' }),
  sample({ type: 'account_address_restriction_transaction_v1', restrictionFlags: 'address outgoing block', restrictionAdditions: [addressOf(bob), addressOf(carol)], restrictionDeletions: [addressOf(dave)] }),
  sample({ type: 'account_mosaic_restriction_transaction_v1', restrictionFlags: 'mosaic_id block', restrictionAdditions: [TOKEN, XYM_ALIAS], restrictionDeletions: [XYM] }),
  sample({ type: 'account_operation_restriction_transaction_v1', restrictionFlags: 'transaction_type outgoing', restrictionAdditions: ['transfer', 'secret_lock'], restrictionDeletions: ['hash_lock'] }),
  sample({
    type: 'mosaic_address_restriction_transaction_v1',
    mosaicId: TOKEN,
    restrictionKey: mosaicRestrictionGenerateKey('kyc'),
    previousRestrictionValue: 0xffff_ffff_ffff_ffffn, // catapult's "no value yet"
    newRestrictionValue: 2n,
    targetAddress: addressOf(bob),
  }),
  sample({
    type: 'mosaic_global_restriction_transaction_v1',
    mosaicId: TOKEN,
    referenceMosaicId: XYM,
    restrictionKey: 0x9n,
    previousRestrictionValue: 1n,
    newRestrictionValue: 2n,
    previousRestrictionType: 'eq',
    newRestrictionType: 'ge',
  }),
  ...['complete', 'bonded'].flatMap((kind) => [1, 2, 3].map((version) => sample({ type: `aggregate_${kind}_transaction_v${version}` }))),
];

function sample(descriptor: Descriptor, variant?: string): { label: string; descriptor: Descriptor } {
  return { label: variant ? `${descriptor.type} (${variant})` : descriptor.type, descriptor };
}

const AGGREGATE_TYPES = new Set([models.TransactionType.AGGREGATE_COMPLETE.value, models.TransactionType.AGGREGATE_BONDED.value]);
const isAggregate = (descriptor: Descriptor) => descriptor.type.startsWith('aggregate_');
const EMBEDDABLE = SAMPLES.filter(({ descriptor }) => !isAggregate(descriptor));

/** `TransferTransactionV1` → `transfer_transaction_v1`: the factory's name of a model class. */
const factoryName = (className: string) => className.replace(/V(\d+)$/, '_v$1').replace(/(?<!^)([A-Z])/g, '_$1').toLowerCase();
/** The spec's schema of a model class: `TransferTransactionV1` → `TransferTransactionDTO`. */
const schemaOf = (model: object) => `${model.constructor.name.replace(/V\d+$/, '').replace(/^Aggregate(Complete|Bonded)/, 'Aggregate')}DTO`;

const TOP_LEVEL_CLASSES = Object.keys(models).filter((name) => /^(?!Embedded)\w+TransactionV\d+$/.test(name));
const EMBEDDED_CLASSES = Object.keys(models).filter((name) => /^Embedded\w+TransactionV\d+$/.test(name));
const TRANSACTION_TYPES = Object.entries(models.TransactionType).filter(([, value]) => value instanceof models.TransactionType) as [string, InstanceType<typeof models.TransactionType>][];

// region building and signing, as a wallet does

function header(signer: KeyPair) {
  return { signerPublicKey: signer.publicKey, fee: FEE, deadline: DEADLINE };
}

function embedded(descriptor: Descriptor, signer = alice): EmbeddedTransaction {
  return facade.transactionFactory.createEmbedded({ ...descriptor, signerPublicKey: signer.publicKey });
}

/** The aggregate's own fields: the embedded transactions given, or one transfer from carol to bob. */
function aggregateDescriptor(type: string, transactions: EmbeddedTransaction[]): Descriptor {
  return { type, transactionsHash: SymbolFacade.hashEmbeddedTransactions(transactions), transactions };
}

/** Signs `transaction` (then cosigns an aggregate with `cosigners`) and returns its payload bytes. */
function signed(transaction: Transaction, signer: KeyPair, cosigners: KeyPair[] = []): Uint8Array {
  facade.transactionFactory.static.attachSignature(transaction, facade.signTransaction(signer, transaction));
  for (const cosigner of cosigners) (transaction as Aggregate).cosignatures.push(facade.cosignTransaction(cosigner, transaction, false) as never);
  return transaction.serialize();
}

/** Builds and signs a top-level transaction, and decodes it back from its payload, as the chain does. */
function build(descriptor: Descriptor, signer = alice, cosigners: KeyPair[] = []): { model: Transaction; payload: string } {
  const fields = isAggregate(descriptor) && !descriptor.transactions ? aggregateDescriptor(descriptor.type, [embedded(SAMPLES[0].descriptor, carol)]) : descriptor;
  const cosigning = isAggregate(descriptor) && !descriptor.transactions ? [carol] : cosigners;
  const payload = signed(facade.transactionFactory.create({ ...fields, ...header(signer) }), signer, cosigning);
  return { model: models.TransactionFactory.deserialize(payload) as Transaction, payload: hex(payload) };
}

const hex = (payload: Uint8Array) => Buffer.from(payload).toString('hex').toUpperCase();

// endregion

// region rendering, as the chain's records do

const transactionMeta = (model: Transaction) => {
  const hash = facade.hashTransaction(model).toString();
  return { height: '48213', hash, merkleComponentHash: hash, index: 3, timestamp: '1234567890', feeMultiplier: 100 };
};

/** An aggregate's wire JSON with its embedded transactions, as `TransactionRecord.toInfo(group, true)` adds them. */
function withEmbedded(aggregate: Aggregate): Json {
  const aggregateHash = facade.hashTransaction(aggregate).toString();
  return {
    ...TRANSACTION_JSON.of(aggregate, { withSize: true }),
    transactions: aggregate.transactions.map((transaction, index) => ({
      id: `65A1B2C3D4E5F6A7B8C9D0${index.toString(16).toUpperCase().padStart(2, '0')}`,
      meta: { height: '48213', aggregateHash, aggregateId: '65A1B2C3D4E5F6A7B8C9D0E1', index, timestamp: '1234567890', feeMultiplier: 100 },
      transaction: TRANSACTION_JSON.of(transaction, { withSize: false }),
    })),
  };
}

/** What symbol-sdk 2.0.7 serializes the wire entry to (it writes into the DTO it reads, so it gets a copy). */
function sdk2Payload(entry: { id: string; meta: unknown; transaction: Json }): string {
  return sdk2.TransactionMapping.createFromDTO(structuredClone(entry)).serialize().toUpperCase();
}

// endregion

describe('the samples', () => {
  it('cover every transaction type and version symbol-sdk v3 models, top level and embedded', () => {
    const sampled = new Set(SAMPLES.map(({ descriptor }) => descriptor.type));
    expect(TOP_LEVEL_CLASSES.map(factoryName).filter((name) => !sampled.has(name))).toEqual([]);
    const embeddable = new Set(EMBEDDABLE.map(({ descriptor }) => descriptor.type));
    expect(EMBEDDED_CLASSES.map((name) => factoryName(name.replace(/^Embedded/, ''))).filter((name) => !embeddable.has(name))).toEqual([]);
    const types = new Set(SAMPLES.map(({ descriptor }) => build(descriptor).model.type.value));
    expect(TRANSACTION_TYPES.filter(([, type]) => !types.has(type.value)).map(([name]) => name)).toEqual([]);
  });
});

describe('transactionJson of a top-level transaction', () => {
  it.each(SAMPLES)('renders $label as the spec schema of its type, and nothing else', ({ descriptor }) => {
    const { model } = build(descriptor);
    const json = TRANSACTION_JSON.of(model, { withSize: true });
    assertMatchesSchema(schemaOf(model), json, { strict: true });
    if (AGGREGATE_TYPES.has(model.type.value)) assertMatchesSchema('AggregateTransactionExtendedDTO', withEmbedded(model as Aggregate), { strict: true });
  });

  it.each(SAMPLES)('renders $label so that symbol-sdk 2.0.7 reads back the signed bytes', ({ descriptor }) => {
    const { model, payload } = build(descriptor);
    const transaction = AGGREGATE_TYPES.has(model.type.value) ? withEmbedded(model as Aggregate) : TRANSACTION_JSON.of(model, { withSize: true });
    expect(sdk2Payload({ id: '65A1B2C3D4E5F6A7B8C9D0E1', meta: transactionMeta(model), transaction })).toBe(payload);
  });

  it('renders the header as catapult-rest does: size, signature, signer, version, network, type, maxFee, deadline', () => {
    const { model, payload } = build(SAMPLES[0].descriptor);
    const json = TRANSACTION_JSON.of(model, { withSize: true });
    expect(Object.keys(json).slice(0, 8)).toEqual(['size', 'signature', 'signerPublicKey', 'version', 'network', 'type', 'maxFee', 'deadline']);
    expect(json).toMatchObject({ size: payload.length / 2, version: 1, network: 152, type: 0x4154, maxFee: '1234567', deadline: '98765432100' });
  });
});

describe('transactionJson of an embedded transaction', () => {
  it.each(EMBEDDABLE)('renders $label as the spec schema of its embedded type, and nothing else', ({ descriptor }) => {
    const { model } = build(aggregateDescriptor('aggregate_complete_transaction_v3', [embedded(descriptor)]));
    const inner = (model as Aggregate).transactions[0];
    assertMatchesSchema(schemaOf(inner), TRANSACTION_JSON.of(inner, { withSize: false }), { strict: true });
  });

  it.each(EMBEDDABLE)('renders $label so that symbol-sdk 2.0.7 reads back the aggregate it came in', ({ descriptor }) => {
    const { model, payload } = build(aggregateDescriptor('aggregate_bonded_transaction_v3', [embedded(descriptor)]));
    const transaction = withEmbedded(model as Aggregate);
    assertMatchesSchema('AggregateTransactionExtendedDTO', transaction, { strict: true });
    expect(sdk2Payload({ id: '65A1B2C3D4E5F6A7B8C9D0E1', meta: transactionMeta(model), transaction })).toBe(payload);
  });
});

describe('an aggregate with one of each embeddable type, as the chain serves it by id', () => {
  const signers = [alice, bob, carol];
  const embeddedAll = () => EMBEDDABLE.map(({ descriptor }, index) => embedded(descriptor, signers[index % signers.length]));

  it.each(['complete', 'bonded'])('round-trips an aggregate %s with cosignatures through symbol-sdk 2.0.7', (kind) => {
    const { model, payload } = build(aggregateDescriptor(`aggregate_${kind}_transaction_v3`, embeddedAll()), alice, [bob, carol]);
    const decoded = describeTransaction(model, facade, Buffer.from(payload, 'hex'));
    const ids = ((next) => () => `65A1B2C3D4E5F6A7B8C9${(next++).toString(16).toUpperCase().padStart(4, '0')}`)(0);
    const record = new TransactionRecord(ids(), decoded, { addresses: new AddressBook(facade.network), json: TRANSACTION_JSON }, ids, embeddedCosignatures(decoded));
    record.placement = { height: 48_213n, index: 3, timestamp: '1234567890', feeMultiplier: 100 };
    const info = record.toInfo('confirmed', true);

    assertMatchesSchema('TransactionInfoDTO', info, { strict: true });
    assertMatchesSchema('AggregateTransactionExtendedDTO', info.transaction, { strict: true });
    expect((info.transaction.cosignatures as unknown[]).length).toBe(2);
    expect((info.transaction.transactions as unknown[]).length).toBe(EMBEDDABLE.length);
    expect(sdk2Payload(info)).toBe(payload);
  });

  it('keeps what the chain reads of the JSON: recipients, transferred mosaics, related addresses', () => {
    const { model, payload } = build(aggregateDescriptor('aggregate_complete_transaction_v3', embeddedAll()), alice, [bob, carol]);
    const decoded = describeTransaction(model, facade, Buffer.from(payload, 'hex'));
    const record = new TransactionRecord('65A1B2C3D4E5F6A7B8C9D0E1', decoded, { addresses: new AddressBook(facade.network), json: TRANSACTION_JSON }, () => '65A1B2C3D4E5F6A7B8C9D0E2', []);
    const transfer = record.embeddedEntries[0];
    const bobHex = hex(addressOf(bob).bytes);
    expect([...transfer.recipients]).toEqual([bobHex]);
    expect(Object.fromEntries(transfer.transfers)).toEqual({
      [XYM.toString(16).toUpperCase()]: 1_250_000n,
      [XYM_ALIAS.toString(16).toUpperCase()]: 7n,
      [TOKEN.toString(16).toUpperCase().padStart(16, '0')]: 18_446_744_073_709_551_615n,
    });
    for (const account of [alice, bob, carol, dave]) expect(record.addresses.includes(hex(addressOf(account).bytes))).toBe(true);
    // Each address once.
    expect(new Set(record.addresses).size).toBe(record.addresses.length);
  });
});

describe('transactionJson field formats (catapult-rest formatting rules)', () => {
  const render = (label: string) => {
    const { model } = build(SAMPLES.find((entry) => entry.label === label)!.descriptor);
    return TRANSACTION_JSON.of(model, { withSize: true });
  };

  it('renders a hash lock with a flat mosaicId and amount', () => {
    expect(render('hash_lock_transaction_v1')).toMatchObject({ mosaicId: '72C0212E67A08BCE', amount: '10000000', duration: '5760' });
  });

  it('renders metadata keys as 16 hex, a negative valueSizeDelta and the valueSize', () => {
    expect(render('mosaic_metadata_transaction_v1')).toMatchObject({ scopedMetadataKey: '00000000000004D2', valueSizeDelta: 12, valueSize: 17 });
    expect(render('account_metadata_transaction_v1')).toMatchObject({ valueSizeDelta: -3, valueSize: 15, value: Buffer.from('verified-member').toString('hex').toUpperCase() });
  });

  it('renders restriction keys as 16 hex and restriction values as decimal uint64', () => {
    expect(render('mosaic_address_restriction_transaction_v1')).toMatchObject({
      restrictionKey: mosaicRestrictionGenerateKey('kyc').toString(16).toUpperCase().padStart(16, '0'),
      previousRestrictionValue: '18446744073709551615',
      newRestrictionValue: '2',
    });
  });

  it('renders a namespace name as text, and a root duration or a child parentId', () => {
    expect(render('namespace_registration_transaction_v1 (root)')).toMatchObject({ registrationType: 0, duration: '172800', name: 'coffee-shop' });
    const child = render('namespace_registration_transaction_v1 (child)');
    expect(child).toMatchObject({ registrationType: 1, parentId: ROOT.toString(16).toUpperCase().padStart(16, '0'), name: 'beans' });
    expect(child).not.toHaveProperty('duration');
  });

  it('renders a mosaic nonce as an unsigned uint32 and flags as a number', () => {
    expect(render('mosaic_definition_transaction_v1')).toMatchObject({ nonce: NONCE, flags: 14, divisibility: 6, duration: '86400' });
  });

  it('renders account restriction values in the form of their kind', () => {
    expect(render('account_operation_restriction_transaction_v1')).toMatchObject({ restrictionFlags: 0x4004, restrictionAdditions: [0x4154, 0x4152], restrictionDeletions: [0x4148] });
    expect(render('account_mosaic_restriction_transaction_v1')).toMatchObject({ restrictionFlags: 0x8002, restrictionDeletions: ['72C0212E67A08BCE'] });
  });

  it('leaves out an empty transfer message, as a node stores none', () => {
    const { model } = build({ type: 'transfer_transaction_v1', recipientAddress: addressOf(bob), mosaics: [] });
    expect(TRANSACTION_JSON.of(model, { withSize: true })).not.toHaveProperty('message');
  });
});
