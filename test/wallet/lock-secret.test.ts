/**
 * A secret lock and its proof as a wallet built on symbol-sdk 2.0.7 makes them, over real
 * sockets: `SecretLockTransaction` and `SecretProofTransaction` signed by the SDK and
 * announced with `TransactionService`, the lock read with `SecretLockHttp`, the receipts with
 * `ReceiptHttp`, balances with `AccountHttp`; a wrong proof refused on the `status` channel.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  LockHashAlgorithm,
  LockHashUtils,
  LockStatus,
  Mosaic,
  NamespaceId,
  ReceiptType,
  SecretLockTransaction,
  SecretProofTransaction,
  UInt64,
  type Account,
  type BalanceChangeReceipt,
  type SignedTransaction,
} from 'symbol-sdk-v2';
import { describe, expect, it } from 'vitest';
import type { InMemoryChain } from '../../src/in-memory-chain.js';
import { UNTIL_TOLD, announceConfirmed, firstValue, sdk2Harness, subscribers, xym, type Sdk2Wallet } from '../support/sdk2.js';
import { startGateway } from '../support/server.js';

type Server = Awaited<ReturnType<typeof startGateway>>;

describe('symbol-sdk 2.0.7 secret lock and proof against the gateway', () => {
  let server: Server;
  let chain: InMemoryChain;
  let wallet: Sdk2Wallet;
  let alice: Account;
  let bob: Account;
  let carol: Account;

  const { start } = sdk2Harness(
    (started) => {
      ({ server, chain, wallet } = started);
      [alice, bob, carol] = started.accounts;
    },
    { chain: { announceDelay: UNTIL_TOLD } },
  );

  /** Alice locks `amount` of `symbol.xym` (by its alias, as wallets do) for Bob under the sha3-256 of `proof`. */
  const lock = (secret: string, amount: UInt64, duration: number): SignedTransaction =>
    alice.sign(
      SecretLockTransaction.create(wallet.deadline(), new Mosaic(new NamespaceId('symbol.xym'), amount), UInt64.fromUint(duration), LockHashAlgorithm.Op_Sha3_256, secret, bob.address, wallet.networkType, xym(0.1)),
      wallet.generationHash,
    );
  const prove = (signer: Account, secret: string, proof: string): SignedTransaction =>
    signer.sign(SecretProofTransaction.create(wallet.deadline(), LockHashAlgorithm.Op_Sha3_256, secret, bob.address, proof, wallet.networkType, xym(0.1)), wallet.generationHash);

  const balanceOf = async (account: Account): Promise<bigint> => {
    const info = await firstValue(wallet.factory.createAccountRepository().getAccountInfo(account.address));
    return BigInt(info.mosaics.find((mosaic) => mosaic.id.toHex() === chain.currency.mosaicId)?.amount.toString() ?? '0');
  };
  const receiptsOf = async (height: string, receiptType: ReceiptType): Promise<BalanceChangeReceipt[]> => {
    const page = await firstValue(wallet.factory.createReceiptRepository().searchReceipts({ height: UInt64.fromNumericString(height), receiptTypes: [receiptType] }));
    // A page lists the statements that hold such a receipt, with all their receipts.
    return page.data.flatMap((statement) => statement.receipts as BalanceChangeReceipt[]).filter((receipt) => receipt.type === receiptType);
  };

  it('claims a lock with the right proof: Bob is paid, the lock is used, a LockSecret_Completed receipt; a wrong proof is refused on status', async () => {
    await start();
    const proof = randomBytes(32).toString('hex').toUpperCase();
    const secret = LockHashUtils.Op_Sha3_256(Buffer.from(proof, 'hex'));
    const locked = await announceConfirmed<SecretLockTransaction>(server, wallet, lock(secret, xym(12), 100));
    expect(locked.secret).toBe(secret);

    // The lock as SecretLockHttp reads it; its composite hash is sha3-256 of the secret and Bob's address.
    const locks = wallet.factory.createSecretLockRepository();
    const found = await firstValue(locks.search({ address: alice.address, secret }));
    expect(found.data).toHaveLength(1);
    const compositeHash = createHash('sha3-256').update(Buffer.from(secret + bob.address.encoded(), 'hex')).digest('hex').toUpperCase();
    const info = await firstValue(locks.getSecretLock(compositeHash));
    expect(info.compositeHash).toBe(compositeHash);
    expect([info.ownerAddress.plain(), info.recipientAddress.plain(), info.mosaicId.toHex(), info.amount.toString(), info.status, info.hashAlgorithm]).toEqual([
      alice.address.plain(),
      bob.address.plain(),
      chain.currency.mosaicId,
      '12000000',
      LockStatus.UNUSED,
      LockHashAlgorithm.Op_Sha3_256,
    ]);
    expect(info.endHeight.toString()).toBe((BigInt(locked.transactionInfo!.height.toString()) + 100n).toString());

    // A proof with a wrong secret: the SDK's announce fails with the node's code, from the status channel.
    const wrong = prove(carol, secret, randomBytes(32).toString('hex'));
    const listener = await wallet.openListener();
    const refused = firstValue(wallet.transactionService.announce(wrong, listener)).then(
      () => 'confirmed',
      (error: Error) => error.message,
    );
    await subscribers(server, `status/${carol.address.plain()}`, 1);
    chain.processAnnounced();
    expect(await refused).toBe('Failure_LockSecret_Secret_Mismatch');
    // The SDK never unsubscribes: close its listener before the next announce counts subscribers.
    listener.close();
    await subscribers(server, `confirmedAdded/${carol.address.plain()}`, 0);
    const status = await firstValue(wallet.factory.createTransactionStatusRepository().getTransactionStatus(wrong.hash));
    expect([status.group, status.code]).toEqual(['failed', 'Failure_LockSecret_Secret_Mismatch']);

    const before = await balanceOf(bob);
    const claimed = await announceConfirmed<SecretProofTransaction>(server, wallet, prove(carol, secret, proof));
    expect(claimed.proof).toBe(proof);
    expect((await balanceOf(bob)) - before).toBe(12_000_000n);
    expect((await firstValue(locks.getSecretLock(compositeHash))).status).toBe(LockStatus.USED);
    const completed = await receiptsOf(claimed.transactionInfo!.height.toString(), ReceiptType.LockSecret_Completed);
    expect(completed.map((receipt) => [receipt.targetAddress.plain(), receipt.mosaicId.toHex(), receipt.amount.toString()])).toEqual([[bob.address.plain(), chain.currency.mosaicId, '12000000']]);
  });

  it('gives an unclaimed lock back to Alice at its end height, with a LockSecret_Expired receipt', async () => {
    await start();
    const secret = LockHashUtils.Op_Sha3_256(randomBytes(32));
    const locked = await announceConfirmed(server, wallet, lock(secret, xym(5), 2));
    const end = BigInt(locked.transactionInfo!.height.toString()) + 2n;
    const afterLock = await balanceOf(alice);
    chain.harvest();
    expect(await balanceOf(alice)).toBe(afterLock);
    expect(chain.harvest().block.height).toBe(end.toString());
    expect((await balanceOf(alice)) - afterLock).toBe(5_000_000n);
    const expired = await receiptsOf(end.toString(), ReceiptType.LockSecret_Expired);
    expect(expired.map((receipt) => [receipt.type, receipt.targetAddress.plain(), receipt.amount.toString()])).toEqual([[ReceiptType.LockSecret_Expired, alice.address.plain(), '5000000']]);
  });
});
