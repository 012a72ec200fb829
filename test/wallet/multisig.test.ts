/**
 * A multisig account and hash locks driven by symbol-sdk 2.0.7 as a wallet drives them, over
 * real sockets: `TransactionService.announceHashLockAggregateBonded`, cosignatures through
 * `PUT /transactions/cosignature`, the SDK's `MultisigHttp` and `ReceiptHttp` reading back.
 */
import {
  AggregateTransaction,
  LockFundsTransaction,
  Mosaic,
  MosaicId,
  MultisigAccountModificationTransaction,
  NamespaceId,
  PlainMessage,
  ReceiptType,
  TransferTransaction,
  UInt64,
  type Account,
  type SignedTransaction,
} from 'symbol-sdk-v2';
import { describe, expect, it } from 'vitest';
import type { InMemoryChain } from '../../src/in-memory-chain.js';
import { UNTIL_TOLD, announceConfirmed, cosignWith, firstValue, sdk2Harness, subscribers, xym, type Sdk2Wallet } from '../support/sdk2.js';
import { startGateway } from '../support/server.js';

type Server = Awaited<ReturnType<typeof startGateway>>;

describe('symbol-sdk 2.0.7: a 2-of-2 multisig account and hash locks', () => {
  let server: Server;
  let chain: InMemoryChain;
  let wallet: Sdk2Wallet;
  /** The account that becomes multisig; bob and carol its cosignatories; dave receives. */
  let alice: Account;
  let bob: Account;
  let carol: Account;
  let dave: Account;

  const { start, openListener } = sdk2Harness(
    (started) => {
      ({ server, chain, wallet } = started);
      [alice, bob, carol, dave] = started.accounts;
    },
    { chain: { announceDelay: UNTIL_TOLD } },
  );

  const currency = () => new MosaicId(chain.currency.mosaicId);

  /** A hash lock of `signer` (10 XYM of the currency) for `aggregate`, for `duration` blocks. */
  const lockFor = (signer: Account, aggregate: SignedTransaction, duration = 480) =>
    signer.sign(LockFundsTransaction.create(wallet.deadline(), new Mosaic(currency(), xym(10)), UInt64.fromUint(duration), aggregate, wallet.networkType, xym(0.1)), wallet.generationHash);

  /** Alice's aggregate bonded that makes her a 2-of-2 multisig account of bob and carol. */
  const conversion = () =>
    alice.sign(
      AggregateTransaction.createBonded(
        wallet.deadline(),
        [MultisigAccountModificationTransaction.create(wallet.deadline(), 2, 2, [bob.address, carol.address], [], wallet.networkType).toAggregate(alice.publicAccount)],
        wallet.networkType,
        [],
        xym(0.5),
      ),
      wallet.generationHash,
    );

  /**
   * Announces the lock then the aggregate with `announceHashLockAggregateBonded`: harvests once
   * the SDK waits for the lock's confirmation, checks the aggregate once it waits for it to be partial.
   */
  async function lockAndAnnounce(lock: SignedTransaction, aggregate: SignedTransaction): Promise<AggregateTransaction> {
    const outcome = firstValue(wallet.transactionService.announceHashLockAggregateBonded(lock, aggregate, await openListener()));
    await subscribers(server, `confirmedAdded/${alice.address.plain()}`, 1);
    chain.harvest();
    await subscribers(server, `partialAdded/${alice.address.plain()}`, 1);
    chain.processAnnounced();
    return outcome;
  }


  /** Alice becomes multisig: the lock, the aggregate, both cosignatures, a block. Returns the block's height. */
  async function becomeMultisig(): Promise<number> {
    const aggregate = conversion();
    const partial = await lockAndAnnounce(lockFor(alice, aggregate), aggregate);
    expect(partial.transactionInfo?.hash).toBe(aggregate.hash);
    await cosignWith(server, wallet, bob, partial);
    expect((await firstValue(wallet.factory.createTransactionStatusRepository().getTransactionStatus(aggregate.hash))).group).toBe('partial');
    await cosignWith(server, wallet, carol, partial);
    expect((await firstValue(wallet.factory.createTransactionStatusRepository().getTransactionStatus(aggregate.hash))).group).toBe('unconfirmed');
    const height = Number(chain.harvest().block.height);
    expect((await firstValue(wallet.factory.createTransactionStatusRepository().getTransactionStatus(aggregate.hash))).group).toBe('confirmed');
    return height;
  }

  /** An aggregate complete of a transfer of 2 XYM from alice to dave, signed by bob with the cosignatures of `cosigners`. */
  const transferFromAlice = (cosigners: Account[]) =>
    bob.signTransactionWithCosignatories(
      AggregateTransaction.createComplete(
        wallet.deadline(),
        [TransferTransaction.create(wallet.deadline(), dave.address, [new Mosaic(new NamespaceId('symbol.xym'), xym(2))], PlainMessage.create('from the multisig'), wallet.networkType).toAggregate(alice.publicAccount)],
        wallet.networkType,
        [],
        xym(0.5),
      ),
      cosigners,
      wallet.generationHash,
    );

  it('makes alice a 2-of-2 multisig account through announceHashLockAggregateBonded and two cosignatures, and gives the lock back (LockHash_Completed)', async () => {
    await start();
    const height = await becomeMultisig();

    const info = await firstValue(wallet.factory.createMultisigRepository().getMultisigAccountInfo(alice.address));
    expect(info.isMultisig()).toBe(true);
    expect([info.minApproval, info.minRemoval]).toEqual([2, 2]);
    expect(info.cosignatoryAddresses.map((address) => address.plain()).sort()).toEqual([bob.address.plain(), carol.address.plain()].sort());
    const graph = await firstValue(wallet.factory.createMultisigRepository().getMultisigAccountGraphInfo(bob.address));
    expect([...graph.multisigEntries.keys()].sort()).toEqual([-1, 0]);
    expect(graph.multisigEntries.get(-1)?.[0].accountAddress.plain()).toBe(alice.address.plain());

    const page = await firstValue(wallet.factory.createReceiptRepository().searchReceipts({ height: UInt64.fromUint(height), receiptTypes: [ReceiptType.LockHash_Completed] }));
    const receipts = (page.data.flatMap((statement) => statement.receipts) as any[]).filter((receipt) => receipt.type === ReceiptType.LockHash_Completed);
    expect(receipts.map((receipt) => [receipt.type, receipt.targetAddress.plain(), receipt.amount.toString()])).toEqual([[ReceiptType.LockHash_Completed, alice.address.plain(), '10000000']]);
  });

  it('refuses a transfer of the multisig account signed by one cosignatory (Failure_Aggregate_Missing_Cosignatures) and confirms it signed by both', async () => {
    await start();
    await becomeMultisig();
    const listener = await wallet.openListener();
    const outcome = firstValue(wallet.transactionService.announce(transferFromAlice([]), listener));
    await subscribers(server, `status/${bob.address.plain()}`, 1);
    chain.processAnnounced();
    await expect(outcome).rejects.toThrow('Failure_Aggregate_Missing_Cosignatures');
    listener.close(); // the SDK never unsubscribes: the next announce waits for its own subscriptions
    await subscribers(server, `confirmedAdded/${bob.address.plain()}`, 0);

    const before = chain.ledger.balance(chain.fundedAccounts[3].addressHex, chain.currency.mosaicId);
    const confirmed = await announceConfirmed<AggregateTransaction>(server, wallet, transferFromAlice([carol]));
    expect(confirmed.cosignatures.map((cosignature) => cosignature.signer.publicKey)).toEqual([carol.publicKey]);
    expect(chain.ledger.balance(chain.fundedAccounts[3].addressHex, chain.currency.mosaicId)).toBe(before + 2_000_000n);
  });

  it('refuses an aggregate bonded announced without a hash lock with Failure_LockHash_Unknown_Hash', async () => {
    await start();
    const outcome = firstValue(wallet.transactionService.announceAggregateBonded(conversion(), await openListener()));
    await subscribers(server, `status/${alice.address.plain()}`, 1);
    chain.processAnnounced();
    await expect(outcome).rejects.toThrow('Failure_LockHash_Unknown_Hash');
  });

  it('at the lock\'s end height gives its funds to the harvester (LockHash_Expired) and removes the partial aggregate (partialRemoved)', async () => {
    await start();
    const aggregate = conversion();
    await lockAndAnnounce(lockFor(alice, aggregate, 2), aggregate);
    const listener = await openListener();
    const removed = firstValue(listener.aggregateBondedRemoved(alice.address, aggregate.hash));
    await subscribers(server, `partialRemoved/${alice.address.plain()}`, 1);
    chain.harvest();
    const expiry = chain.harvest();
    expect(await removed).toBe(aggregate.hash);

    const page = await firstValue(wallet.factory.createReceiptRepository().searchReceipts({ height: UInt64.fromNumericString(expiry.block.height), receiptTypes: [ReceiptType.LockHash_Expired] }));
    const receipts = (page.data.flatMap((statement) => statement.receipts) as any[]).filter((receipt) => receipt.type === ReceiptType.LockHash_Expired);
    const harvester = chain.harvesters.find((each) => each.publicKey === expiry.block.signerPublicKey)!;
    expect(receipts.map((receipt) => [receipt.type, receipt.targetAddress.plain(), receipt.amount.toString()])).toEqual([[ReceiptType.LockHash_Expired, harvester.address, '10000000']]);
  });
});
