/**
 * The hash lock plugin of the in-memory chain, as catapult's lock_hash plugin behaves: real
 * signed hash locks and aggregates bonded announced over HTTP, their outcome read on the
 * signer's channels, the locked funds followed through balances and the block's receipts.
 */
import { describe, expect, it } from 'vitest';
import type { ChainAccount } from '../../../src/memory/chain/identity.js';
import type { InMemoryChain } from '../../../src/in-memory-chain.js';
import { confirm, hashLockFor, pluginHarness } from '../../support/announce.js';
import { startGateway } from '../../support/server.js';
import { XYM_ALIAS, aggregate, cosign, embeddedTransfer, type Signed } from '../../support/signing.js';
import { Client } from '../../support/ws-client.js';

type Server = Awaited<ReturnType<typeof startGateway>>;

/** Receipt types (catapult's ReceiptType). */
const LOCK_HASH_CREATED = 0x3148;
const LOCK_HASH_COMPLETED = 0x2248;
const LOCK_HASH_EXPIRED = 0x2348;
const JSON_HEADERS = { 'content-type': 'application/json' };

let server: Server;
let chain: InMemoryChain;
let a: ChainAccount;
let b: ChainAccount;
let c: ChainAccount;

const { start, announce } = pluginHarness((started) => {
  server = started;
  chain = started.chain;
  [a, b, c] = chain.fundedAccounts;
});

const balance = (account: ChainAccount) => chain.ledger.balance(account.addressHex, chain.currency.mosaicId);
/** a's aggregate bonded of a → c and b → a: b must cosign. */
const bonded = (options: { deadline?: bigint } = {}): Signed => aggregate(chain, 'bonded', a, [embeddedTransfer(chain, a, c, 1_000_000n), embeddedTransfer(chain, b, a, 1_000_000n)], options);

/** Announces to `path` and answers what the node tells `signer`: the first of `partialAdded`, `unconfirmedAdded` or `status` (its code). */
async function outcomeAt(path: string, signed: Signed, signer: ChainAccount): Promise<string> {
  const client = await Client.connect(server.wsUrl);
  await client.subscribe(`status/${signer.address}`, `partialAdded/${signer.address}`, `unconfirmedAdded/${signer.address}`);
  expect((await server.request('PUT', path, { body: signed.body, headers: JSON_HEADERS })).status).toBe(202);
  chain.processAnnounced();
  const frame = await client.next();
  client.socket.terminate();
  return frame.topic.startsWith('status/') ? frame.data.code : frame.topic.split('/')[0];
}

async function receiptsAt(height: bigint): Promise<any[]> {
  const { body } = await server.get(`/statements/transaction?height=${height}&pageSize=100`);
  return body.data.flatMap((entry: any) => entry.statement.receipts);
}

describe('hash lock', () => {
  it.each([
    ['a duration of 0', 'Failure_LockHash_Invalid_Duration', () => ({ duration: 0n })],
    ['a duration past maxHashLockDuration', 'Failure_LockHash_Invalid_Duration', () => ({ duration: chain.rules.maxHashLockDuration + 1n })],
    ['5 XYM instead of lockedFundsPerAggregate', 'Failure_LockHash_Invalid_Mosaic_Amount', () => ({ amount: 5_000_000n })],
    ['a mosaic other than the currency', 'Failure_LockHash_Invalid_Mosaic_Id', () => ({ mosaicId: 0x1234_5678_9abc_def0n })],
    // (a network whose locked funds per aggregate are more than a funded account holds)
    ['more than the signer has', 'Failure_Core_Insufficient_Balance', () => ({})],
  ] as const)('refuses %s with %s', async (_, code, options) => {
    await start(code === 'Failure_Core_Insufficient_Balance' ? { lockedFundsPerAggregate: 1_000_000_000_000_000n } : {});
    const lock = hashLockFor(chain, a, bonded().hash, options());
    expect(await announce(lock, a)).toBe(code);
  });

  it('locks the funds (by the currency or its alias) and records LockHash_Created; a second lock of the same hash is refused with Failure_LockHash_Hash_Already_Exists', async () => {
    await start();
    const hash = bonded().hash;
    const before = balance(a);
    const lock = hashLockFor(chain, a, hash, { mosaicId: XYM_ALIAS });
    const height = await confirm(server, lock);
    const fee = BigInt(lock.transaction.fee.value);
    expect(balance(a)).toBe(before - 10_000_000n - fee);
    expect((await receiptsAt(height)).filter((receipt) => receipt.type === LOCK_HASH_CREATED)).toEqual([
      { version: 1, type: LOCK_HASH_CREATED, targetAddress: a.addressHex, mosaicId: chain.currency.mosaicId, amount: '10000000' },
    ]);
    expect(await announce(hashLockFor(chain, b, hash), b)).toBe('Failure_LockHash_Hash_Already_Exists');
  });
});

describe('aggregate bonded and its hash lock', () => {
  it('refuses an aggregate bonded that no lock names with Failure_LockHash_Unknown_Hash, on PUT /transactions/partial and PUT /transactions', async () => {
    await start();
    expect(await outcomeAt('/transactions/partial', bonded(), a)).toBe('Failure_LockHash_Unknown_Hash');
    expect(await outcomeAt('/transactions', bonded({ deadline: chain.networkTime() + 3_600_000n }), a)).toBe('Failure_LockHash_Unknown_Hash');
  });

  it('refuses one whose lock is only unconfirmed: the partial pool reads the confirmed state', async () => {
    await start();
    const signed = bonded();
    expect(await announce(hashLockFor(chain, a, signed.hash), a)).toBe('Success');
    expect(await outcomeAt('/transactions/partial', signed, a)).toBe('Failure_LockHash_Unknown_Hash');
  });

  it('gives the funds back to the owner when the aggregate is confirmed (LockHash_Completed)', async () => {
    await start();
    const signed = bonded();
    await confirm(server, hashLockFor(chain, a, signed.hash));
    expect(await outcomeAt('/transactions/partial', signed, a)).toBe('partialAdded');
    await server.request('PUT', '/transactions/cosignature', { body: JSON.stringify(cosign(chain, b, signed)), headers: JSON_HEADERS });
    chain.processAnnounced();
    const before = balance(a);
    const height = BigInt(chain.harvest().block.height);
    expect((await server.get(`/transactionStatus/${signed.hash}`)).body.group).toBe('confirmed');
    const block = (await server.get(`/blocks/${height}`)).body;
    const paid = BigInt(block.block.feeMultiplier) * BigInt((await server.get(`/transactions/confirmed/${signed.hash}`)).body.transaction.size);
    // a: -1 XYM to c, +1 XYM from b, +10 XYM back, - the fee.
    expect(balance(a)).toBe(before + 10_000_000n - paid);
    expect((await receiptsAt(height)).filter((receipt) => receipt.type === LOCK_HASH_COMPLETED)).toEqual([
      { version: 1, type: LOCK_HASH_COMPLETED, targetAddress: a.addressHex, mosaicId: chain.currency.mosaicId, amount: '10000000' },
    ]);
    expect((await server.get(`/lock/hash/${signed.hash}`)).body.lock.status).toBe(1);
  });

  it('at the lock\'s end height: the funds go to the harvester (LockHash_Expired), the partial aggregate is removed (partialRemoved), a later one is refused with Failure_LockHash_Inactive_Hash', async () => {
    await start();
    const signed = bonded();
    const lockHeight = await confirm(server, hashLockFor(chain, a, signed.hash, { duration: 2n }));
    expect(await outcomeAt('/transactions/partial', signed, a)).toBe('partialAdded');
    const client = await Client.connect(server.wsUrl);
    await client.subscribe(`partialRemoved/${a.address}`);
    chain.harvest();
    expect((await server.get('/transactions/partial')).body.data).toHaveLength(1);
    const expiry = chain.harvest();
    expect(BigInt(expiry.block.height)).toBe(lockHeight + 2n);
    const harvester = chain.harvesters.find((each) => each.publicKey === expiry.block.signerPublicKey)!;
    expect((await receiptsAt(lockHeight + 2n)).filter((receipt) => receipt.type === LOCK_HASH_EXPIRED)).toEqual([
      { version: 1, type: LOCK_HASH_EXPIRED, targetAddress: harvester.addressHex, mosaicId: chain.currency.mosaicId, amount: '10000000' },
    ]);
    expect(await client.next()).toEqual({ topic: `partialRemoved/${a.address}`, data: { meta: { hash: signed.hash } } });
    expect((await server.get('/transactions/partial')).body.data).toEqual([]);
    expect((await server.get(`/transactionStatus/${signed.hash}`)).body.group).toBe('failed');
    // Announced again, it finds its lock expired.
    expect(await outcomeAt('/transactions/partial', signed, a)).toBe('Failure_LockHash_Inactive_Hash');
  });
});
