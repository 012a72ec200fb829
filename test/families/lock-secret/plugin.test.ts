/**
 * The secret lock plugin of the in-memory chain, as catapult's lock_secret plugin behaves:
 * real signed secret locks and proofs announced over HTTP, their outcome read on the
 * signer's `status` and `unconfirmedAdded` channels, then confirmed by a harvest and checked
 * through `/lock/secret`, `/statements` and `chain.ledger`.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Hash256 } from 'symbol-sdk';
import { generateNamespaceId } from 'symbol-sdk/symbol';
import { LockHashUtils, LockHashAlgorithm as V2LockHashAlgorithm } from 'symbol-sdk-v2';
import { describe, expect, it } from 'vitest';
import type { ChainAccount } from '../../../src/memory/chain/identity.js';
import type { InMemoryChain } from '../../../src/in-memory-chain.js';
import { validateHashAlgorithm } from '../../../src/families/lock-secret/validators.js';
import { confirm, hex, pluginHarness } from '../../support/announce.js';
import { startGateway } from '../../support/server.js';
import { aggregate, transfer, type Signed } from '../../support/signing.js';

type Server = Awaited<ReturnType<typeof startGateway>>;

/** Receipt types (catapult's ReceiptType). */
const LOCK_SECRET_CREATED = 0x3152;
const LOCK_SECRET_COMPLETED = 0x2252;
const LOCK_SECRET_EXPIRED = 0x2352;
const ALGORITHMS = ['sha3_256', 'hash_160', 'hash_256'] as const;
type Algorithm = (typeof ALGORITHMS)[number];

let server: Server;
let chain: InMemoryChain;
let a: ChainAccount;
let b: ChainAccount;
let c: ChainAccount;

const { start, signed, announce } = pluginHarness((started) => {
  server = started;
  chain = started.chain;
  [a, b, c] = chain.fundedAccounts;
});

const currency = () => chain.currency.mosaicId;

/**
 * The secret of a proof, from symbol-sdk 2.0.7's LockHashUtils (not the chain's code): a
 * hash-160 is 20 bytes, written as catapult stores it, padded with zeros to 32.
 */
function secretOf(algorithm: Algorithm, proof: Uint8Array): string {
  const v2 = { sha3_256: V2LockHashAlgorithm.Op_Sha3_256, hash_160: V2LockHashAlgorithm.Op_Hash_160, hash_256: V2LockHashAlgorithm.Op_Hash_256 }[algorithm];
  return LockHashUtils.Hash(v2, proof).padEnd(64, '0');
}

/** A lock's composite hash: sha3-256 of the secret and the recipient's address (catapult's CalculateSecretLockInfoHash). */
function compositeHash(secret: string, recipient: ChainAccount): string {
  return createHash('sha3-256').update(Buffer.from(secret + recipient.addressHex, 'hex')).digest('hex').toUpperCase();
}

interface LockOptions {
  secret: string;
  algorithm?: Algorithm;
  amount?: bigint;
  duration?: bigint;
  mosaicId?: bigint;
  /** An unresolved address (an alias) instead of the recipient's. */
  recipientAddress?: Uint8Array;
}

function secretLock(owner: ChainAccount, recipient: ChainAccount, { secret, algorithm = 'sha3_256', amount = 1_000_000n, duration = 10n, mosaicId = BigInt(`0x${currency()}`), recipientAddress }: LockOptions): Signed {
  return signed(owner, {
    type: 'secret_lock_transaction_v1',
    recipientAddress: recipientAddress ?? recipient.address,
    secret: new Hash256(secret),
    mosaic: { mosaicId, amount },
    duration,
    hashAlgorithm: algorithm,
  });
}

function secretProof(signer: ChainAccount, recipient: ChainAccount, { secret, proof, algorithm = 'sha3_256' }: { secret: string; proof: Uint8Array; algorithm?: Algorithm }): Signed {
  return signed(signer, { type: 'secret_proof_transaction_v1', recipientAddress: recipient.address, secret: new Hash256(secret), hashAlgorithm: algorithm, proof });
}

const balance = (account: ChainAccount, mosaicId = currency()) => chain.ledger.balance(account.addressHex, mosaicId);

/** What a confirmed transaction paid: its block's fee multiplier times its size. */
async function feePaid(transaction: Signed, height: bigint): Promise<bigint> {
  const { feeMultiplier } = (await server.get(`/blocks/${height}`)).body.block;
  return BigInt(feeMultiplier) * BigInt(JSON.parse(transaction.body).payload.length / 2);
}

async function lockOf(hash: string): Promise<any> {
  const reply = await server.get(`/lock/secret/${hash}`);
  expect(reply.status).toBe(200);
  return reply.body.lock;
}

async function receiptsAt(height: bigint): Promise<{ source: any; receipts: any[] }[]> {
  return (await server.get(`/statements/transaction?height=${height}&pageSize=100`)).body.data.map((entry: any) => entry.statement);
}

describe('secret lock and proof', () => {
  it.each(ALGORITHMS)('locks a mosaic for a recipient and pays it for the proof (%s)', async (algorithm) => {
    await start();
    const proof = randomBytes(20);
    const secret = secretOf(algorithm, proof);
    const before = { a: balance(a), b: balance(b), c: balance(c) };
    const lock = secretLock(a, b, { secret, algorithm, amount: 7_000_000n, duration: 50n });
    const lockHeight = await confirm(server, lock);
    expect(before.a - balance(a)).toBe(7_000_000n + (await feePaid(lock, lockHeight)));
    const hash = compositeHash(secret, b);
    expect(await lockOf(hash)).toEqual({
      version: 1,
      ownerAddress: a.addressHex,
      mosaicId: currency(),
      amount: '7000000',
      endHeight: (lockHeight + 50n).toString(),
      status: 0,
      hashAlgorithm: ALGORITHMS.indexOf(algorithm),
      secret,
      recipientAddress: b.addressHex,
      compositeHash: hash,
    });
    const created = (await receiptsAt(lockHeight)).find((statement) => statement.source.primaryId === 1)!;
    expect(created.receipts).toEqual([{ version: 1, type: LOCK_SECRET_CREATED, targetAddress: a.addressHex, mosaicId: currency(), amount: '7000000' }]);

    // Anyone may publish the proof; the recipient gets the mosaic.
    const claim = secretProof(c, b, { secret, proof, algorithm });
    const proofHeight = await confirm(server, claim);
    expect(balance(b) - before.b).toBe(7_000_000n);
    expect(before.c - balance(c)).toBe(await feePaid(claim, proofHeight));
    expect((await lockOf(hash)).status).toBe(1);
    const completed = (await receiptsAt(proofHeight)).find((statement) => statement.source.primaryId === 1)!;
    expect(completed.receipts).toEqual([{ version: 1, type: LOCK_SECRET_COMPLETED, targetAddress: b.addressHex, mosaicId: currency(), amount: '7000000' }]);
  });

  it('gives the mosaic back to the owner when the lock ends unclaimed, with a LockSecret_Expired receipt, found at its end height', async () => {
    await start();
    const secrets = [secretOf('sha3_256', randomBytes(32)), secretOf('sha3_256', randomBytes(32))];
    const lockHeight = await confirm(server, secretLock(a, b, { secret: secrets[0], amount: 3_000_000n, duration: 3n }), secretLock(c, b, { secret: secrets[1], amount: 2_000_000n, duration: 3n }));
    const after = { a: balance(a), c: balance(c) };
    chain.harvest();
    chain.harvest();
    expect(balance(a)).toBe(after.a);
    expect(chain.harvest().block.height).toBe((lockHeight + 3n).toString());
    expect(balance(a) - after.a).toBe(3_000_000n);
    expect(balance(c) - after.c).toBe(2_000_000n);
    const expired = (await receiptsAt(lockHeight + 3n)).find((statement) => statement.source.primaryId === 0)!;
    const refunds = expired.receipts.filter((receipt) => receipt.type === LOCK_SECRET_EXPIRED);
    expect(refunds.map((receipt) => [receipt.targetAddress, receipt.amount]).sort()).toEqual([[a.addressHex, '3000000'], [c.addressHex, '2000000']].sort());
    // The lock stays listed, unused, until it is pruned.
    expect((await lockOf(compositeHash(secrets[0], b))).status).toBe(0);
    // Nothing more at later heights.
    const next = BigInt(chain.harvest().block.height);
    expect((await receiptsAt(next)).flatMap((statement) => statement.receipts).filter((receipt) => receipt.type === LOCK_SECRET_EXPIRED)).toEqual([]);
  });

  it('keeps an ended or used lock listed until its end height is finalized, then prunes it (as catapult prunes its lock cache)', async () => {
    await start();
    const proof = randomBytes(32);
    const secrets = [secretOf('sha3_256', proof), secretOf('sha3_256', randomBytes(32)), secretOf('sha3_256', randomBytes(32))];
    // Locks ending at 4 (claimed at 3), at 5 (unclaimed) and at 12; the chain finalizes every 10 blocks.
    await confirm(server, secretLock(a, b, { secret: secrets[0], duration: 2n }), secretLock(a, b, { secret: secrets[1], duration: 3n }), secretLock(a, b, { secret: secrets[2], duration: 10n }));
    await confirm(server, secretProof(b, b, { secret: secrets[0], proof }));
    while (chain.height < 9n) chain.harvest();
    const listed = async () => (await server.get(`/lock/secret?address=${a.address}&order=asc`)).body.data.map((info: any) => [info.lock.secret, info.lock.status]);
    expect(await listed()).toEqual([[secrets[0], 1], [secrets[1], 0], [secrets[2], 0]]);
    chain.harvest(); // height 10, finalized
    expect(await listed()).toEqual([[secrets[2], 0]]);
    expect((await server.get(`/lock/secret/${compositeHash(secrets[1], b)}`)).status).toBe(404);
  });

  it('resolves a recipient alias: the lock is the aliased account\'s, and its proof names the plain address', async () => {
    await start();
    const name = 'lockee';
    const namespaceId = generateNamespaceId(name);
    await confirm(server, signed(b, { type: 'namespace_registration_transaction_v1', registrationType: 'root', duration: chain.rules.minNamespaceDuration, name }));
    await confirm(server, signed(b, { type: 'address_alias_transaction_v1', namespaceId, address: b.address, aliasAction: 'link' }));
    const proof = randomBytes(16);
    const secret = secretOf('hash_256', proof);
    const alias = new Uint8Array(24);
    alias[0] = chain.facade.network.identifier | 1;
    Buffer.from(alias.buffer).writeBigUInt64LE(namespaceId, 1);
    const before = balance(b);
    await confirm(server, secretLock(a, b, { secret, algorithm: 'hash_256', recipientAddress: alias }));
    expect((await lockOf(compositeHash(secret, b))).recipientAddress).toBe(b.addressHex);
    await confirm(server, secretProof(a, b, { secret, proof, algorithm: 'hash_256' }));
    expect(balance(b) - before).toBe(1_000_000n);
  });

  it('locks a mosaic other than the currency', async () => {
    await start();
    const nonce = 5;
    const define = signed(a, { type: 'mosaic_definition_transaction_v1', nonce, flags: 'transferable supply_mutable', divisibility: 0, duration: 0n });
    await confirm(server, define);
    const mosaicId = BigInt(`0x${(await server.get(`/mosaics?ownerAddress=${a.address}`)).body.data[0].mosaic.id}`);
    await confirm(server, signed(a, { type: 'mosaic_supply_change_transaction_v1', mosaicId, action: 'increase', delta: 100n }));
    const proof = randomBytes(8);
    const secret = secretOf('sha3_256', proof);
    await confirm(server, secretLock(a, c, { secret, mosaicId, amount: 40n }));
    expect(balance(a, hex(mosaicId))).toBe(60n);
    await confirm(server, secretProof(c, c, { secret, proof }));
    expect(balance(c, hex(mosaicId))).toBe(40n);
  });
});

describe('secret locks in aggregates', () => {
  it('locks and claims inside one aggregate; a failing inner proof leaves no lock and no debit', async () => {
    await start();
    const proof = randomBytes(32);
    const secret = secretOf('sha3_256', proof);
    const embedded = (signer: ChainAccount, descriptor: Record<string, unknown>) => chain.facade.transactionFactory.createEmbedded({ ...descriptor, signerPublicKey: signer.keyPair.publicKey } as never);
    const lockInner = embedded(a, { type: 'secret_lock_transaction_v1', recipientAddress: b.address, secret: new Hash256(secret), mosaic: { mosaicId: BigInt(`0x${currency()}`), amount: 4_000_000n }, duration: 10n, hashAlgorithm: 'sha3_256' });
    const wrongProof = embedded(a, { type: 'secret_proof_transaction_v1', recipientAddress: b.address, secret: new Hash256(secret), hashAlgorithm: 'sha3_256', proof: randomBytes(32) });
    const before = balance(b);
    expect(await announce(aggregate(chain, 'complete', a, [lockInner, wrongProof]), a)).toBe('Failure_LockSecret_Secret_Mismatch');
    expect(chain.harvest().block.height).toBe('2');
    expect((await server.get(`/lock/secret?address=${a.address}`)).body.data).toEqual([]);
    const rightProof = embedded(a, { type: 'secret_proof_transaction_v1', recipientAddress: b.address, secret: new Hash256(secret), hashAlgorithm: 'sha3_256', proof });
    const height = await confirm(server, aggregate(chain, 'complete', a, [lockInner, rightProof]));
    expect(balance(b) - before).toBe(4_000_000n);
    expect((await lockOf(compositeHash(secret, b))).status).toBe(1);
    const statements = (await receiptsAt(height)).filter((statement) => statement.source.primaryId === 1);
    expect(statements.map((statement) => [statement.source.secondaryId, statement.receipts.map((receipt: any) => receipt.type)]).sort()).toEqual([
      [1, [LOCK_SECRET_CREATED]],
      [2, [LOCK_SECRET_COMPLETED]],
    ]);
  });
});

describe('secret lock rules (catapult\'s order, each Failure_LockSecret_* code)', () => {
  it('rejects a lock of no duration, or longer than maxSecretLockDuration, with Failure_LockSecret_Invalid_Duration', async () => {
    await start({ maxSecretLockDuration: 100n });
    const secret = secretOf('sha3_256', randomBytes(32));
    expect(await announce(secretLock(a, b, { secret, duration: 0n }), a)).toBe('Failure_LockSecret_Invalid_Duration');
    expect(await announce(secretLock(a, b, { secret, duration: 101n }), a)).toBe('Failure_LockSecret_Invalid_Duration');
    expect(await announce(secretLock(a, b, { secret, duration: 100n }), a)).toBe('Success');
  });

  it('rejects a second active lock of the same secret and recipient with Failure_LockSecret_Hash_Already_Exists, in the same block too', async () => {
    await start();
    const secret = secretOf('sha3_256', randomBytes(32));
    await confirm(server, secretLock(a, b, { secret }));
    expect(await announce(secretLock(c, b, { secret }), c)).toBe('Failure_LockSecret_Hash_Already_Exists');
    // Another recipient is another lock.
    expect(await announce(secretLock(c, a, { secret }), c)).toBe('Success');
    const other = secretOf('sha3_256', randomBytes(32));
    expect(await announce(secretLock(a, c, { secret: other, amount: 1n }), a)).toBe('Success');
    expect(await announce(secretLock(b, c, { secret: other, amount: 2n }), b)).toBe('Failure_LockSecret_Hash_Already_Exists');
  });

  it('lets a lock of the same key be made again once the former one is used', async () => {
    await start();
    const proof = randomBytes(32);
    const secret = secretOf('sha3_256', proof);
    await confirm(server, secretLock(a, b, { secret }));
    await confirm(server, secretProof(b, b, { secret, proof }));
    const height = await confirm(server, secretLock(c, b, { secret, amount: 5n, duration: 20n }));
    expect(await lockOf(compositeHash(secret, b))).toMatchObject({ ownerAddress: c.addressHex, amount: '5', status: 0, endHeight: (height + 20n).toString() });
  });

  it('rejects a proof shorter than minProofSize or longer than maxProofSize with Failure_LockSecret_Proof_Size_Out_Of_Bounds', async () => {
    await start({ minProofSize: 10, maxProofSize: 20 });
    for (const size of [9, 21]) {
      const proof = randomBytes(size);
      expect(await announce(secretProof(a, b, { secret: secretOf('sha3_256', proof), proof }), a), String(size)).toBe('Failure_LockSecret_Proof_Size_Out_Of_Bounds');
    }
  });

  it('rejects a proof that does not hash to the secret with Failure_LockSecret_Secret_Mismatch (before any look at locks)', async () => {
    await start();
    const proof = randomBytes(32);
    const secret = secretOf('sha3_256', proof);
    await confirm(server, secretLock(a, b, { secret }));
    expect(await announce(secretProof(b, b, { secret, proof: randomBytes(32) }), b)).toBe('Failure_LockSecret_Secret_Mismatch');
    // The right proof under another algorithm hashes to something else.
    expect(await announce(secretProof(b, b, { secret, proof, algorithm: 'hash_256' }), b)).toBe('Failure_LockSecret_Secret_Mismatch');
    expect(await announce(secretProof(b, c, { secret: secretOf('sha3_256', randomBytes(32)), proof }), b)).toBe('Failure_LockSecret_Secret_Mismatch');
  });

  it('rejects a proof for no lock of its secret and recipient with Failure_LockSecret_Unknown_Composite_Key', async () => {
    await start();
    const proof = randomBytes(32);
    const secret = secretOf('sha3_256', proof);
    expect(await announce(secretProof(b, b, { secret, proof }), b)).toBe('Failure_LockSecret_Unknown_Composite_Key');
    await confirm(server, secretLock(a, b, { secret }));
    // The lock is b's: a proof naming c has no lock.
    expect(await announce(secretProof(b, c, { secret, proof }), b)).toBe('Failure_LockSecret_Unknown_Composite_Key');
  });

  it('rejects a proof of a used lock, or of one that ended, with Failure_LockSecret_Inactive_Secret', async () => {
    await start();
    const proofs = [randomBytes(32), randomBytes(32)];
    const secrets = proofs.map((proof) => secretOf('sha3_256', proof));
    await confirm(server, secretLock(a, b, { secret: secrets[0] }), secretLock(a, b, { secret: secrets[1], duration: 2n }));
    await confirm(server, secretProof(b, b, { secret: secrets[0], proof: proofs[0] }));
    expect(await announce(secretProof(c, b, { secret: secrets[0], proof: proofs[0] }), c)).toBe('Failure_LockSecret_Inactive_Secret');
    // The second lock ended at the height the proof's block would have.
    expect(await announce(secretProof(c, b, { secret: secrets[1], proof: proofs[1] }), c)).toBe('Failure_LockSecret_Inactive_Secret');
  });

  it('rejects a proof under another algorithm than the lock\'s with Failure_LockSecret_Hash_Algorithm_Mismatch', async () => {
    await start();
    const proof = randomBytes(32);
    // The lock names sha3-256 for a secret that is the proof's hash-256.
    const secret = secretOf('hash_256', proof);
    await confirm(server, secretLock(a, b, { secret, algorithm: 'sha3_256' }));
    expect(await announce(secretProof(b, b, { secret, proof, algorithm: 'hash_256' }), b)).toBe('Failure_LockSecret_Hash_Algorithm_Mismatch');
  });

  it('runs the mosaic rules on the locked mosaic as a transfer to the recipient: Failure_Mosaic_Non_Transferable', async () => {
    await start();
    const define = signed(a, { type: 'mosaic_definition_transaction_v1', nonce: 9, flags: 'supply_mutable', divisibility: 0, duration: 0n });
    await confirm(server, define);
    const mosaicId = BigInt(`0x${(await server.get(`/mosaics?ownerAddress=${a.address}`)).body.data[0].mosaic.id}`);
    await confirm(server, signed(a, { type: 'mosaic_supply_change_transaction_v1', mosaicId, action: 'increase', delta: 100n }));
    await confirm(server, transfer(chain, a, b, { mosaicId, amount: 10n }));
    const secret = secretOf('sha3_256', randomBytes(32));
    // b holds the owner's non-transferable mosaic: it may give it back to the owner only.
    expect(await announce(secretLock(b, c, { secret, mosaicId, amount: 5n }), b)).toBe('Failure_Mosaic_Non_Transferable');
    expect(await announce(secretLock(b, a, { secret, mosaicId, amount: 5n }), b)).toBe('Success');
  });

  it('rejects a lock the owner cannot pay with Failure_Core_Insufficient_Balance, leaving no lock', async () => {
    await start();
    const secret = secretOf('sha3_256', randomBytes(32));
    expect(await announce(secretLock(a, b, { secret, amount: balance(a) }), a)).toBe('Failure_Core_Insufficient_Balance');
    expect((await server.get(`/lock/secret/${compositeHash(secret, b)}`)).status).toBe(404);
  });

  it('rejects an unknown hash algorithm with Failure_LockSecret_Invalid_Hash_Algorithm (symbol-sdk decodes no such payload: the PUT answers 409, so only the rule is checked)', async () => {
    await start();
    const signed = secretLock(a, b, { secret: secretOf('sha3_256', randomBytes(32)) });
    // The hash algorithm's byte: after the 128-byte header, the recipient (24), the secret (32), the mosaic (16) and the duration (8).
    const payload = Buffer.from(signed.payload, 'hex');
    expect(payload[208]).toBe(0);
    payload[208] = 3;
    const reply = await server.request('PUT', '/transactions', { body: JSON.stringify({ payload: payload.toString('hex').toUpperCase() }), headers: { 'content-type': 'application/json' } });
    expect(reply.status).toBe(409);
    expect(validateHashAlgorithm({ hashAlgorithm: 3 })).toBe('Failure_LockSecret_Invalid_Hash_Algorithm');
    expect(validateHashAlgorithm({ hashAlgorithm: 2 })).toBeUndefined();
  });
});
