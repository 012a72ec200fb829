/**
 * Every transaction type, announced to the gateway and confirmed by the in-memory chain, as
 * clients get it: the REST body and the WebSocket frame each match the OpenAPI schema of its
 * type (top level, and embedded in an aggregate), with no property the schema lacks, and
 * symbol-sdk 2.0.7's mapping (what its listener parses frames with) reads each frame back into
 * the bytes that were signed.
 */
import { createHash } from 'node:crypto';
import { Address, SymbolFacade, generateMosaicId, generateNamespaceId, metadataGenerateKey, models, mosaicRestrictionGenerateKey } from 'symbol-sdk/symbol';
import * as sdk2 from 'symbol-sdk-v2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainAccount } from '../../src/memory/chain/identity.js';
import type { InMemoryChain } from '../../src/in-memory-chain.js';
import { assertMatchesSchema } from '../support/openapi.js';
import { startGateway, testChain } from '../support/server.js';
import { aggregate, inAnHour, sign, type Signed } from '../support/signing.js';
import { Client, openSockets } from '../support/ws-client.js';

type Server = Awaited<ReturnType<typeof startGateway>>;
type Descriptor = Record<string, unknown> & { type: string };
type EmbeddedTransaction = InstanceType<typeof models.EmbeddedTransaction>;

const JSON_HEADERS = { 'content-type': 'application/json' };
const randomHex = (size: number, seed: string) => createHash('sha512').update(seed).digest().subarray(0, size).toString('hex').toUpperCase();
const bytes = (text: string) => new Uint8Array(Buffer.from(text));
/** The spec's schema of a model class: `EmbeddedTransferTransactionV1` → `EmbeddedTransferTransactionDTO`. */
const schemaOf = (model: object) => `${model.constructor.name.replace(/V\d+$/, '').replace(/^Aggregate(Complete|Bonded)/, 'Aggregate')}DTO`;
/** An aggregate comes with its embedded transactions (`transactions`): the extended schema. */
const wireSchemaOf = (model: object) => (schemaOf(model) === 'AggregateTransactionDTO' ? 'AggregateTransactionExtendedDTO' : schemaOf(model));

let server: Server;
let chain: InMemoryChain;
let a: ChainAccount;
let b: ChainAccount;
let client: Client;
/** Each announced transaction: what it is, what was signed, and the frame that confirmed it. */
const announced: { label: string; signed: Signed; frame?: any }[] = [];

/**
 * The transaction types no plugin models yet (any content passes: they pay their fee), and the
 * key links, linked at the top level and unlinked inside the aggregate.
 */
function unmodelled(owner: ChainAccount, other: ChainAccount, token: bigint, root: bigint, linkAction: 'link' | 'unlink' = 'link'): Descriptor[] {
  const otherAddress = new Address(other.address);
  return [
    { type: 'account_key_link_transaction_v1', linkedPublicKey: randomHex(32, 'remote'), linkAction },
    { type: 'node_key_link_transaction_v1', linkedPublicKey: randomHex(32, 'node'), linkAction },
    { type: 'vrf_key_link_transaction_v1', linkedPublicKey: randomHex(32, 'vrf'), linkAction },
    { type: 'voting_key_link_transaction_v1', linkedPublicKey: randomHex(32, 'voting'), startEpoch: 72, endEpoch: 432, linkAction },
  ];
}

/** A global rule on the token (key 'kyc', GE `next`), then `other`'s value for it (`next`); `previous` undefined when neither exists yet. */
function restrictions(other: ChainAccount, token: bigint, previous: bigint | undefined, next: bigint): Descriptor[] {
  const key = mosaicRestrictionGenerateKey('kyc');
  return [
    { type: 'mosaic_global_restriction_transaction_v1', mosaicId: token, referenceMosaicId: 0n, restrictionKey: key, previousRestrictionValue: previous ?? 0n, newRestrictionValue: next, previousRestrictionType: previous === undefined ? 'none' : 'ge', newRestrictionType: 'ge' },
    { type: 'mosaic_address_restriction_transaction_v1', mosaicId: token, restrictionKey: key, previousRestrictionValue: previous ?? 0xffff_ffff_ffff_ffffn, newRestrictionValue: next, targetAddress: new Address(other.address) },
  ];
}

/** A secret lock of `token` for `other` and the proof that claims it (hash-160: the secret is ripemd160(sha256(proof)) padded to 32 bytes). */
function secretLockAndProof(other: ChainAccount, token: bigint, proof: string): [Descriptor, Descriptor] {
  const hash160 = createHash('ripemd160').update(createHash('sha256').update(proof).digest()).digest();
  const secret = Buffer.concat([hash160, Buffer.alloc(12)]).toString('hex').toUpperCase();
  const recipientAddress = new Address(other.address);
  return [
    { type: 'secret_lock_transaction_v1', recipientAddress, secret, mosaic: { mosaicId: token, amount: 5n }, duration: 100n, hashAlgorithm: 'hash_160' },
    { type: 'secret_proof_transaction_v1', recipientAddress, secret, hashAlgorithm: 'hash_160', proof: bytes(proof) },
  ];
}

/** Account restrictions of the signer: added at the top level, deleted again inside the aggregate (before its transfer to `other`). */
function accountRestrictions(other: ChainAccount, token: bigint, action: 'add' | 'delete'): Descriptor[] {
  const values = (list: unknown[]) => (action === 'add' ? { restrictionAdditions: list, restrictionDeletions: [] } : { restrictionAdditions: [], restrictionDeletions: list });
  return [
    { type: 'account_address_restriction_transaction_v1', restrictionFlags: 'address outgoing block', ...values([new Address(other.address)]) },
    { type: 'account_mosaic_restriction_transaction_v1', restrictionFlags: 'mosaic_id block', ...values([token]) },
    { type: 'account_operation_restriction_transaction_v1', restrictionFlags: 'transaction_type outgoing block', ...values(['secret_lock']) },
  ];
}

/**
 * The metadata types, each setting a new value of the owner's (under keys of `scope`: the
 * aggregate's inner ones set other entries than the top-level ones).
 */
function metadata(owner: ChainAccount, token: bigint, root: bigint, scope: string): Descriptor[] {
  const ownerAddress = new Address(owner.address);
  return [
    { type: 'account_metadata_transaction_v1', targetAddress: ownerAddress, scopedMetadataKey: metadataGenerateKey(`${scope}membership`), valueSizeDelta: 8, value: bytes('verified') },
    { type: 'mosaic_metadata_transaction_v1', targetAddress: ownerAddress, scopedMetadataKey: metadataGenerateKey(`${scope}ticket`), targetMosaicId: token, valueSizeDelta: 6, value: bytes('ticket') },
    { type: 'namespace_metadata_transaction_v1', targetAddress: ownerAddress, scopedMetadataKey: metadataGenerateKey(`${scope}site`), targetNamespaceId: root, valueSizeDelta: 4, value: bytes('shop') },
  ];
}

async function announce(label: string, descriptor: Descriptor, signer: ChainAccount): Promise<void> {
  const transaction = chain.facade.transactionFactory.create({ fee: 10_000_000n, deadline: inAnHour(chain), ...descriptor, signerPublicKey: signer.keyPair.publicKey } as never);
  const signed = sign(chain.facade, signer.keyPair, transaction);
  const reply = await server.request('PUT', '/transactions', { body: signed.body, headers: JSON_HEADERS });
  expect(reply.status).toBe(202);
  announced.push({ label, signed });
}

beforeAll(async () => {
  chain = testChain({ rules: { minNamespaceDuration: 10n } });
  server = await startGateway({ backend: chain });
  [a, b] = chain.fundedAccounts;
  client = await Client.connect(server.wsUrl);
  await client.subscribe('confirmedAdded');
  const nonce = 7;
  const token = generateMosaicId(new Address(a.address), nonce);
  const root = generateNamespaceId('wire');
  const child = generateNamespaceId('token', root);
  // The modelled types, in an order the chain's rules accept (each sees the unconfirmed state before it).
  await announce('mosaic_definition_transaction_v1', { type: 'mosaic_definition_transaction_v1', id: token, nonce, flags: 'supply_mutable transferable restrictable revokable', divisibility: 2, duration: 0n }, a);
  await announce('mosaic_supply_change_transaction_v1', { type: 'mosaic_supply_change_transaction_v1', mosaicId: token, delta: 1_000n, action: 'increase' }, a);
  await announce('namespace_registration_transaction_v1 (root)', { type: 'namespace_registration_transaction_v1', registrationType: 'root', duration: 20n, name: 'wire', id: root }, a);
  await announce('namespace_registration_transaction_v1 (child)', { type: 'namespace_registration_transaction_v1', registrationType: 'child', parentId: root, name: 'token', id: child }, a);
  await announce('mosaic_alias_transaction_v1', { type: 'mosaic_alias_transaction_v1', namespaceId: child, mosaicId: token, aliasAction: 'link' }, a);
  await announce('address_alias_transaction_v1', { type: 'address_alias_transaction_v1', namespaceId: root, address: new Address(a.address), aliasAction: 'link' }, a);
  await announce('transfer_transaction_v1', { type: 'transfer_transaction_v1', recipientAddress: new Address(b.address), mosaics: [{ mosaicId: child, amount: 10n }], message: new Uint8Array([0, ...bytes('wire')]) }, a);
  const [secretLock, secretProof] = secretLockAndProof(b, token, 'a proof');
  await announce('secret_lock_transaction_v1', secretLock, a);
  chain.harvest();
  await announce('secret_proof_transaction_v1', secretProof, a);
  await announce('mosaic_supply_revocation_transaction_v1', { type: 'mosaic_supply_revocation_transaction_v1', sourceAddress: new Address(b.address), mosaic: { mosaicId: token, amount: 1n } }, a);
  for (const descriptor of restrictions(b, token, undefined, 2n)) await announce(descriptor.type, descriptor, a);
  for (const descriptor of unmodelled(a, b, token, root)) await announce(descriptor.type, descriptor, a);
  for (const descriptor of accountRestrictions(b, token, 'add')) await announce(descriptor.type, descriptor, a);
  // An aggregate complete of every embeddable type no plugin models, the metadata types (only embeddable), the account restrictions undone, a secret lock of the currency and its proof, the mosaic restrictions changed again, and a transfer, all signed by a.
  const inner: EmbeddedTransaction[] = [
    ...unmodelled(a, b, token, root, 'unlink'),
    ...metadata(a, token, root, ''),
    ...accountRestrictions(b, token, 'delete'),
    ...secretLockAndProof(b, BigInt(`0x${chain.currency.mosaicId}`), 'an inner proof'),
    ...restrictions(b, token, 2n, 3n),
    { type: 'transfer_transaction_v1', recipientAddress: new Address(b.address), mosaics: [] },
  ].map(
    (descriptor) => chain.facade.transactionFactory.createEmbedded({ ...descriptor, signerPublicKey: a.keyPair.publicKey } as never),
  );
  await announce('aggregate_complete_transaction_v3', { type: 'aggregate_complete_transaction_v3', transactionsHash: SymbolFacade.hashEmbeddedTransactions(inner), transactions: inner }, a);
  const lock = (hash: string) => ({ type: 'hash_lock_transaction_v1', mosaic: { mosaicId: BigInt(`0x${chain.currency.mosaicId}`), amount: 10_000_000n }, duration: 100n, hash });
  await announce('hash_lock_transaction_v1', lock(randomHex(32, 'bonded')), a);
  // A multisig modification is only embeddable, and its new cosignatory opts in by cosigning: b makes a its cosignatory (last: b is multisig afterwards).
  const multisig = aggregate(chain, 'complete', b, [
    chain.facade.transactionFactory.createEmbedded({ ...lock(randomHex(32, 'bonded inner')), signerPublicKey: b.keyPair.publicKey } as never),
    chain.facade.transactionFactory.createEmbedded({ type: 'multisig_account_modification_transaction_v1', minRemovalDelta: 1, minApprovalDelta: 1, addressAdditions: [new Address(a.address)], addressDeletions: [], signerPublicKey: b.keyPair.publicKey } as never),
  ], { cosigners: [a], fee: 10_000_000n });
  expect((await server.request('PUT', '/transactions', { body: multisig.body, headers: JSON_HEADERS })).status).toBe(202);
  announced.push({ label: 'aggregate_complete_transaction_v3 (multisig)', signed: multisig });
  chain.harvest();
  const frames = [];
  for (let i = 0; i < announced.length; i++) frames.push(await client.next());
  for (const entry of announced) entry.frame = frames.find((frame) => frame.data.meta.hash === entry.signed.hash);
});
afterAll(async () => {
  for (const socket of openSockets.splice(0)) socket.terminate();
  await server.close();
});

describe('every transaction type over REST and WebSocket', () => {
  it('confirmed every announced transaction, one of each type the SDK models (aggregates bonded aside; multisig modifications and metadata, only embeddable, inside an aggregate)', async () => {
    const types = new Set(announced.map(({ signed }) => signed.transaction.type.value));
    const modelled = Object.values(models.TransactionType).filter((value): value is InstanceType<typeof models.TransactionType> => value instanceof models.TransactionType);
    const embeddedOnly = [
      models.TransactionType.AGGREGATE_BONDED.value,
      models.TransactionType.MULTISIG_ACCOUNT_MODIFICATION.value,
      models.TransactionType.ACCOUNT_METADATA.value,
      models.TransactionType.MOSAIC_METADATA.value,
      models.TransactionType.NAMESPACE_METADATA.value,
    ];
    expect(modelled.filter((type) => !types.has(type.value) && !embeddedOnly.includes(type.value)).map((type) => type.value)).toEqual([]);
    for (const { label, signed } of announced) {
      expect((await server.get(`/transactionStatus/${signed.hash}`)).body.group, label).toBe('confirmed');
    }
  });

  it('answers GET /transactions/confirmed/{hash} with the schema of the type, nothing more, embedded transactions included', async () => {
    for (const { label, signed } of announced) {
      const { body } = await server.get(`/transactions/confirmed/${signed.hash}`);
      assertMatchesSchema(wireSchemaOf(signed.transaction), body.transaction, { strict: true });
      if (label.startsWith('aggregate')) {
        const inner = (signed.transaction as unknown as { transactions: EmbeddedTransaction[] }).transactions;
        body.transaction.transactions.forEach((entry: any, index: number) => assertMatchesSchema(schemaOf(inner[index]), entry.transaction, { strict: true }));
      }
    }
  });

  it('lists embedded transactions as entries of their own (embedded=true) in their embedded schemas', async () => {
    const aggregate = announced.find(({ label }) => label.startsWith('aggregate'))!;
    const { body } = await server.get(`/transactions/confirmed?embedded=true&address=${a.address}&pageSize=100&order=asc&height=${(await server.get(`/transactions/confirmed/${aggregate.signed.hash}`)).body.meta.height}`);
    const inner = body.data.filter((entry: any) => entry.meta.aggregateHash === aggregate.signed.hash);
    const innerModels = (aggregate.signed.transaction as unknown as { transactions: EmbeddedTransaction[] }).transactions;
    expect(inner).toHaveLength(innerModels.length);
    inner.forEach((entry: any) => assertMatchesSchema(schemaOf(innerModels[entry.meta.index]), entry.transaction, { strict: true }));
  });

  it('sends confirmedAdded frames in the schema of the type that symbol-sdk 2.0.7 reads back into the signed bytes', () => {
    for (const { label, signed, frame } of announced) {
      expect(frame, label).toBeDefined();
      assertMatchesSchema(wireSchemaOf(signed.transaction), frame.data.transaction, { strict: true });
      const parsed = sdk2.TransactionMapping.createFromDTO(structuredClone(frame.data));
      expect(parsed.serialize().toUpperCase(), label).toBe(signed.payload);
      expect(parsed.transactionInfo?.hash, label).toBe(signed.hash);
    }
  });
});
