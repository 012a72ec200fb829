import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Address, generateMosaicId, models } from 'symbol-sdk/symbol';
import type { ChainAccount } from '../../src/memory/chain/identity.js';
import type { InMemoryChain } from '../../src/in-memory-chain.js';
import { hex, signedBy } from '../support/announce.js';
import { meshPost } from '../support/mesh.js';
import { startGateway, testChain, type TestServer } from '../support/server.js';
import { postgresBackendFor } from '../support/postgres-mount.js';

type Server = TestServer & { chain: InMemoryChain };
type Currency = { symbol: string; decimals: number; metadata: { id: string } };

interface Flow {
  hash: string;
  fee: bigint;
  operations: unknown[];
}

let server: Server;
let chain: InMemoryChain;
let base: string;
let network: { blockchain: string; network: string };
let xym: Currency;

beforeAll(async () => {
  server = await startGateway({ rosetta: true });
  chain = server.chain;
  base = `${server.base}/rosetta`;
  network = (await meshPost(base, '/network/list', {})).body.network_identifiers[0];
  xym = { symbol: 'symbol.xym', decimals: 6, metadata: { id: chain.currency.mosaicId } };
});
afterAll(() => server.close());

const post = (route: string, body: Record<string, unknown>) => meshPost(base, route, { network_identifier: network, ...body });

function transfer(from: ChainAccount, to: ChainAccount, amount: bigint, currency: Currency = xym, index = 0): unknown[] {
  return [
    { operation_identifier: { index }, type: 'transfer', account: { address: from.address }, amount: { value: (-amount).toString(), currency } },
    { operation_identifier: { index: index + 1 }, type: 'transfer', account: { address: to.address }, amount: { value: amount.toString(), currency } },
  ];
}

async function balance(target: Server, account: ChainAccount, mosaicId = chain.currency.mosaicId): Promise<bigint> {
  const { body } = await target.get(`/accounts/${account.address}`);
  const found = (body.account.mosaics as { id: string; amount: string }[]).find((mosaic) => mosaic.id === mosaicId);
  return BigInt(found?.amount ?? 0);
}

async function expectMeshError(route: string, body: Record<string, unknown>, code: number): Promise<Record<string, unknown>> {
  const answer = await post(route, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(500);
  expect(answer.body.code, JSON.stringify(answer.body)).toBe(code);
  return answer.body;
}

/** derive → preprocess → metadata → payloads → sign with symbol-sdk → combine → parse → hash → submit, checked at each step. */
async function construct(target: Server, signer: ChainAccount, operations: unknown[]): Promise<Flow> {
  const facade = target.chain.facade;
  const publicKey = { hex_bytes: signer.publicKey, curve_type: 'edwards25519' };
  const targetBase = `${target.base}/rosetta`;
  const call = (route: string, body: Record<string, unknown>) => meshPost(targetBase, route, { network_identifier: network, ...body });

  const derived = await call('/construction/derive', { public_key: publicKey });
  expect(derived.body.account_identifier).toEqual({ address: signer.address });
  const preprocessed = await call('/construction/preprocess', { operations });
  expect(preprocessed.body.required_public_keys).toEqual([{ address: signer.address }]);
  const metadata = await call('/construction/metadata', { options: preprocessed.body.options, public_keys: [publicKey] });
  expect(metadata.status).toBe(200);
  const payloads = await call('/construction/payloads', { operations, metadata: metadata.body.metadata, public_keys: [publicKey] });
  expect(payloads.status, JSON.stringify(payloads.body)).toBe(200);
  const [payload] = payloads.body.payloads;
  expect(payloads.body.payloads).toHaveLength(1);
  expect(payload).toMatchObject({ account_identifier: { address: signer.address }, signature_type: 'ed25519' });

  // What a wallet signs: symbol-sdk v3's signing payload of the transaction, signed as facade.signTransaction signs it.
  const unsigned = models.TransactionFactory.deserialize(Buffer.from(payloads.body.unsigned_transaction, 'hex'));
  expect(payload.hex_bytes).toBe(Buffer.from(facade.extractSigningPayload(unsigned)).toString('hex').toUpperCase());
  const fee = BigInt(unsigned.fee.value);
  expect([{ value: fee.toString(), currency: xym }]).toEqual(metadata.body.suggested_fee);
  const signature = signer.keyPair.sign(Buffer.from(payload.hex_bytes, 'hex'));
  expect(signature.toString()).toBe(facade.signTransaction(signer.keyPair, unsigned).toString());

  const unsignedParse = await call('/construction/parse', { signed: false, transaction: payloads.body.unsigned_transaction });
  expect(unsignedParse.body.operations).toEqual(operations);
  expect(unsignedParse.body.account_identifier_signers ?? []).toEqual([]);

  const combined = await call('/construction/combine', {
    unsigned_transaction: payloads.body.unsigned_transaction,
    signatures: [{ signing_payload: payload, public_key: publicKey, signature_type: 'ed25519', hex_bytes: signature.toString() }],
  });
  expect(combined.status, JSON.stringify(combined.body)).toBe(200);
  const signed = combined.body.signed_transaction as string;
  // The same bytes symbol-sdk gives a wallet that signs the transaction itself.
  expect(signed).toBe(JSON.parse(facade.transactionFactory.static.attachSignature(unsigned, facade.signTransaction(signer.keyPair, unsigned))).payload);
  const signedParse = await call('/construction/parse', { signed: true, transaction: signed });
  expect(signedParse.body.operations).toEqual(operations);
  expect(signedParse.body.account_identifier_signers).toEqual([{ address: signer.address }]);

  const expectedHash = facade.hashTransaction(models.TransactionFactory.deserialize(Buffer.from(signed, 'hex'))).toString();
  const hashed = await call('/construction/hash', { signed_transaction: signed });
  expect(hashed.body.transaction_identifier).toEqual({ hash: expectedHash });
  const submitted = await call('/construction/submit', { signed_transaction: signed });
  expect(submitted.body.transaction_identifier).toEqual({ hash: expectedHash });
  return { hash: expectedHash, fee, operations };
}

async function expectConfirmed(target: Server, hash: string): Promise<void> {
  target.chain.harvest();
  const status = await target.get(`/transactionStatus/${hash}`);
  expect(status.body).toMatchObject({ hash, group: 'confirmed', code: 'Success' });
  const confirmed = await target.get(`/transactions/confirmed/${hash}`);
  expect(confirmed.body.meta.hash).toBe(hash);
}

describe('the Construction API over the in-memory chain', () => {
  it('confirms a single transfer built, signed outside, combined and submitted; balances move by amount and fee', async () => {
    const [a, b] = chain.fundedAccounts;
    const [aBefore, bBefore] = [await balance(server, a), await balance(server, b)];
    const flow = await construct(server, a, transfer(a, b, 1_234_567n));
    expect(models.TransactionFactory.deserialize(Buffer.from((await post('/construction/payloads', { operations: flow.operations, metadata: { networkTime: '0', feeMultiplier: 100 }, public_keys: [{ hex_bytes: a.publicKey, curve_type: 'edwards25519' }] })).body.unsigned_transaction, 'hex')).type.value).toBe(models.TransactionType.TRANSFER.value);
    await expectConfirmed(server, flow.hash);
    expect(await balance(server, a)).toBe(aBefore - 1_234_567n - flow.fee);
    expect(await balance(server, b)).toBe(bBefore + 1_234_567n);
  });

  it('confirms a multi-recipient transfer: one aggregate complete the sender alone signs', async () => {
    const [a, b, c, d] = chain.fundedAccounts;
    const before = await Promise.all([a, b, c, d].map((account) => balance(server, account)));
    const operations = [...transfer(a, b, 10n), ...transfer(a, c, 20n, xym, 2), ...transfer(a, d, 30n, xym, 4)];
    const flow = await construct(server, a, operations);
    await expectConfirmed(server, flow.hash);
    const confirmed = await server.get(`/transactions/confirmed/${flow.hash}`);
    expect(confirmed.body.transaction.type).toBe(models.TransactionType.AGGREGATE_COMPLETE.value);
    const after = await Promise.all([a, b, c, d].map((account) => balance(server, account)));
    expect(after).toEqual([before[0] - 60n - flow.fee, before[1] + 10n, before[2] + 20n, before[3] + 30n]);
  });

  it('transfers a mosaic other than the currency', async () => {
    const [a, b] = chain.fundedAccounts;
    const nonce = 4242;
    const mosaicId = generateMosaicId(new Address(a.address), nonce);
    chain.announcer.announce(signedBy(chain, a, { type: 'mosaic_definition_transaction_v1', nonce, flags: 'transferable', divisibility: 2, duration: 0n }).payload);
    chain.harvest();
    chain.announcer.announce(signedBy(chain, a, { type: 'mosaic_supply_change_transaction_v1', mosaicId, delta: 1_000n, action: 'increase' }).payload);
    chain.harvest();
    // Named by its id with 0 decimals (its divisibility, 2, could be redefined); by its divisibility it names nothing.
    const currency = { symbol: hex(mosaicId), decimals: 0, metadata: { id: hex(mosaicId) } };
    await expectMeshError('/construction/preprocess', { operations: transfer(a, b, 250n, { ...currency, decimals: 2 }) }, 4);
    const flow = await construct(server, a, transfer(a, b, 250n, currency));
    await expectConfirmed(server, flow.hash);
    expect(await balance(server, a, hex(mosaicId))).toBe(750n);
    expect(await balance(server, b, hex(mosaicId))).toBe(250n);
  });

  it('parses a credit given first as the debit then the credit', async () => {
    const [a, b] = chain.fundedAccounts;
    const [debit, credit] = transfer(a, b, 5n) as Record<string, unknown>[];
    const operations = [{ ...credit, operation_identifier: { index: 0 } }, { ...debit, operation_identifier: { index: 1 } }];
    const payloads = await post('/construction/payloads', { operations, metadata: { networkTime: '1000', feeMultiplier: 100 }, public_keys: [{ hex_bytes: a.publicKey, curve_type: 'edwards25519' }] });
    const parsed = await post('/construction/parse', { signed: false, transaction: payloads.body.unsigned_transaction });
    expect(parsed.body.operations).toEqual(transfer(a, b, 5n));
  });

  it('refuses a wrong signature at combine and a tampered signed payload at submit', async () => {
    const [a, b] = chain.fundedAccounts;
    const publicKey = { hex_bytes: a.publicKey, curve_type: 'edwards25519' };
    const payloads = await post('/construction/payloads', { operations: transfer(a, b, 7n), metadata: { networkTime: chain.networkTime().toString(), feeMultiplier: 100 }, public_keys: [publicKey] });
    const [payload] = payloads.body.payloads;
    const signWith = (account: ChainAccount) => ({ signing_payload: payload, public_key: publicKey, signature_type: 'ed25519', hex_bytes: account.keyPair.sign(Buffer.from(payload.hex_bytes, 'hex')).toString() });
    await expectMeshError('/construction/combine', { unsigned_transaction: payloads.body.unsigned_transaction, signatures: [signWith(b)] }, 7);
    await expectMeshError('/construction/combine', { unsigned_transaction: payloads.body.unsigned_transaction, signatures: [{ ...signWith(a), signature_type: 'ecdsa' }] }, 2);

    const combined = await post('/construction/combine', { unsigned_transaction: payloads.body.unsigned_transaction, signatures: [signWith(a)] });
    const bytes = Buffer.from(combined.body.signed_transaction, 'hex');
    bytes[bytes.length - 1] ^= 1; // the amount's last byte
    const tampered = bytes.toString('hex').toUpperCase();
    const error = await expectMeshError('/construction/submit', { signed_transaction: tampered }, 7);
    expect(error.details).toMatchObject({ reason: expect.stringContaining('does not verify') });
    const status = await server.get(`/transactionStatus/${(await post('/construction/hash', { signed_transaction: tampered })).body.transaction_identifier.hash}`);
    expect(status.status).toBe(404);
    await expectMeshError('/construction/submit', { signed_transaction: 'ABCD' }, 4);
  });

  it('answers Mesh errors for bad inputs', async () => {
    const [a, b, c] = chain.fundedAccounts;
    await expectMeshError('/construction/derive', { public_key: { hex_bytes: a.publicKey, curve_type: 'secp256k1' } }, 2);
    await expectMeshError('/construction/derive', { public_key: { hex_bytes: 'ABCD', curve_type: 'edwards25519' } }, 3);
    const [debit, credit] = transfer(a, b, 10n) as Record<string, any>[];
    const withAmount = (operation: Record<string, any>, value: string, currency: unknown = xym) => ({ ...operation, amount: { value, currency } });
    // Unbalanced, unpaired, zero, both positive.
    await expectMeshError('/construction/preprocess', { operations: [debit, withAmount(credit, '9')] }, 4);
    await expectMeshError('/construction/preprocess', { operations: [debit] }, 4);
    await expectMeshError('/construction/preprocess', { operations: [withAmount(debit, '0'), withAmount(credit, '0')] }, 4);
    await expectMeshError('/construction/preprocess', { operations: [withAmount(debit, '10'), credit] }, 4);
    await expectMeshError('/construction/preprocess', { operations: [withAmount(debit, '-1.5'), withAmount(credit, '1.5')] }, 4);
    // Unknown currency (by symbol, by id, wrong decimals).
    await expectMeshError('/construction/preprocess', { operations: [withAmount(debit, '-10', { symbol: 'foo.bar', decimals: 6 }), withAmount(credit, '10', { symbol: 'foo.bar', decimals: 6 })] }, 4);
    const unknownId = { symbol: 'X', decimals: 0, metadata: { id: '0123456789ABCDEF' } };
    await expectMeshError('/construction/preprocess', { operations: [withAmount(debit, '-10', unknownId), withAmount(credit, '10', unknownId)] }, 4);
    await expectMeshError('/construction/preprocess', { operations: [withAmount(debit, '-10', { ...xym, decimals: 3 }), withAmount(credit, '10', { ...xym, decimals: 3 })] }, 4);
    // An address of another network, a malformed one.
    const mainnet = chain.facade.network.name === 'mainnet' ? 'TBOCOYGUXTPB6OQ4AOQXXTOW2ITP54AQ57EQRWY' : 'NAR3W7B4BCOZSZMFIZRYB3N5YGOUSWIYJCJ6HDA';
    await expectMeshError('/construction/preprocess', { operations: [debit, { ...credit, account: { address: mainnet } }] }, 4);
    await expectMeshError('/construction/preprocess', { operations: [debit, { ...credit, account: { address: 'NOTANADDRESS' } }] }, 4);
    // Other operation types, several senders.
    await expectMeshError('/construction/preprocess', { operations: [{ ...debit, type: 'multisig' }, credit] }, 99);
    await expectMeshError('/construction/preprocess', { operations: [...transfer(a, b, 1n), ...transfer(c, b, 1n, xym, 2)] }, 99);
    // Payloads without the sender's key or metadata; another network.
    await expectMeshError('/construction/payloads', { operations: [debit, credit], metadata: { networkTime: '1', feeMultiplier: 100 }, public_keys: [{ hex_bytes: b.publicKey, curve_type: 'edwards25519' }] }, 4);
    await expectMeshError('/construction/payloads', { operations: [debit, credit], public_keys: [{ hex_bytes: a.publicKey, curve_type: 'edwards25519' }] }, 4);
    const other = await meshPost(base, '/construction/hash', { network_identifier: { ...network, network: 'elsewhere' }, signed_transaction: 'AB' });
    expect(other.body.code).toBe(1);
    await expectMeshError('/construction/parse', { signed: false, transaction: 'not hex' }, 4);
  });
});

describe('the Construction API over a PostgreSQL reader', () => {
  it('confirms a transfer', async () => {
    const own = testChain();
    const stored = await postgresBackendFor(own);
    const reader = await startGateway({ rosetta: true, backend: stored.backend });
    const target = Object.assign(reader, { chain: own });
    target.settle = stored.settle;
    try {
      const [a, b] = own.fundedAccounts;
      const before = await balance(target, b);
      const flow = await construct(target, a, transfer(a, b, 3_000n));
      await expectConfirmed(target, flow.hash);
      expect(await balance(target, b)).toBe(before + 3_000n);
    } finally {
      await reader.close();
    }
  }, 60_000);
});
