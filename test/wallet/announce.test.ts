/**
 * symbol-sdk 2.0.7's announce flows against the gateway over the in-memory chain, over real
 * sockets: `TransactionService.announce` and `announceAggregateBonded` with the SDK's
 * `RepositoryFactoryHttp`, its `Listener` and its own signing.
 *
 * The SDK subscribes to the outcome (`confirmedAdded`, `status`, `partialAdded`) only after the
 * PUT answered 202, and waits forever for an outcome it missed. So the chain must check an
 * announce after the 202, never inside the PUT, and the tests act only once the SDK's
 * subscriptions are in place: harvest, or (for outcomes that need no block) check the inbound
 * queue with `chain.processAnnounced()`.
 */
import {
  AggregateTransaction,
  Mosaic,
  NamespaceId,
  PlainMessage,
  TransactionGroup,
  TransactionType,
  TransferTransaction,
  UInt64,
  type Account,
  type SignedTransaction,
} from 'symbol-sdk-v2';
import { describe, expect, it } from 'vitest';
import type { InMemoryChain } from '../../src/in-memory-chain.js';
import { lockFunds } from '../support/announce.js';
import { UNTIL_TOLD, announceConfirmed, firstValue, latencyProxy, sdk2Harness, sdk2Wallet, subscribers, tampered, xym, type Sdk2Wallet } from '../support/sdk2.js';
import { startGateway } from '../support/server.js';

type Server = Awaited<ReturnType<typeof startGateway>>;

/** Byte offset of the signature in every transaction's header. */
const SIGNATURE_OFFSET = 8;
/** Settles with the error `promise` rejects with (or fails the test if it resolves). */
async function rejection(promise: Promise<unknown>): Promise<Error> {
  return promise.then(
    (value) => {
      throw new Error(`expected a rejection, got ${String(value)}`);
    },
    (reason: Error) => reason,
  );
}

describe('symbol-sdk 2.0.7 TransactionService against the gateway', () => {
  let server: Server;
  let chain: InMemoryChain;
  let wallet: Sdk2Wallet;
  let alice: Account;
  let bob: Account;

  const { start, openListener, onClose } = sdk2Harness((started) => {
    ({ server, chain, wallet } = started);
    [alice, bob] = started.accounts;
  });

  /** A transfer of `amount` of `symbol.xym` (by its alias, as wallets send it) from `from` to `to`. */
  const transfer = (from: Account, to: Account, amount: UInt64): SignedTransaction =>
    from.sign(
      TransferTransaction.create(wallet.deadline(), to.address, [new Mosaic(new NamespaceId('symbol.xym'), amount)], PlainMessage.create('sdk2'), wallet.networkType, xym(0.1)),
      wallet.generationHash,
    );

  /** More than Alice has. */
  const overdraft = () => transfer(alice, bob, UInt64.fromNumericString(String(chain.options.accountBalance * 2n)));

  it('reads the network from the gateway as the chain defines it', async () => {
    await start();
    expect(wallet.networkType).toBe(152);
    expect(wallet.generationHash).toBe(chain.options.generationHashSeed);
    expect(wallet.epochAdjustment).toBe(chain.options.epochAdjustment);
    expect(alice.address.plain()).toBe(chain.fundedAccounts[0].address);
  });

  describe('announce', () => {
    it('resolves with the confirmed transfer once a block is harvested (the default announceDelay)', async () => {
      await start();
      expect(chain.options.announceDelay).toBe(100);
      const signed = transfer(alice, bob, xym(2.5));
      const listener = await openListener();
      const outcome = firstValue(wallet.transactionService.announce(signed, listener));
      // The SDK subscribes after the 202; the block comes after that.
      await subscribers(server, `confirmedAdded/${alice.address.plain()}`, 1);
      const block = chain.harvest();

      const confirmed = (await outcome) as TransferTransaction;
      expect(confirmed).toBeInstanceOf(TransferTransaction);
      expect(confirmed.type).toBe(TransactionType.TRANSFER);
      expect(confirmed.transactionInfo?.hash).toBe(signed.hash);
      expect(confirmed.transactionInfo?.height.toString()).toBe(block.block.height);
      expect(confirmed.isConfirmed()).toBe(true);
      expect(confirmed.signer?.publicKey).toBe(alice.publicKey);
      expect(confirmed.recipientAddress.plain()).toBe(bob.address.plain());
      expect(confirmed.mosaics.map((mosaic) => [mosaic.id.toHex(), mosaic.amount.toString()])).toEqual([[chain.currency.aliasId, '2500000']]);
      expect((confirmed.message as PlainMessage).payload).toBe('sdk2');
      expect(confirmed.maxFee.toString()).toBe('100000');
      // What the SDK parsed serializes back to the bytes the wallet signed.
      expect(confirmed.serialize().toUpperCase()).toBe(signed.payload);
      expect(chain.ledger.balance(chain.fundedAccounts[1].addressHex, chain.currency.mosaicId)).toBe(chain.options.accountBalance + 2_500_000n);

      const rest = await firstValue(wallet.factory.createTransactionRepository().getTransaction(signed.hash, TransactionGroup.Confirmed));
      expect(rest.transactionInfo?.height.toString()).toBe(block.block.height);
      expect(rest.serialize().toUpperCase()).toBe(signed.payload);
    });

    it('confirms one signer\'s transfers one after the other, a block each', async () => {
      await start();
      const first = await announceConfirmed<TransferTransaction>(server, wallet, transfer(alice, bob, xym(1)));
      const second = await announceConfirmed<TransferTransaction>(server, wallet, transfer(alice, bob, xym(2)));
      expect([first.transactionInfo?.height.toString(), second.transactionInfo?.height.toString()]).toEqual(['2', '3']);
      expect(second.mosaics[0].amount.toString()).toBe('2000000');
    });

    it('rejects a transaction whose signature does not verify with Error("Failure_Signature_Not_Verifiable"), without a block', async () => {
      await start({ announceDelay: UNTIL_TOLD });
      const forged = tampered(wallet, transfer(alice, bob, xym(1)), SIGNATURE_OFFSET + 10);
      const outcome = firstValue(wallet.transactionService.announce(forged, await openListener()));
      await subscribers(server, `status/${alice.address.plain()}`, 1);
      chain.processAnnounced();

      const error = await rejection(outcome);
      expect(error).toBeInstanceOf(Error);
      expect(error.message).toBe('Failure_Signature_Not_Verifiable');
      expect(chain.height).toBe(1n);
      const status = await firstValue(wallet.factory.createTransactionStatusRepository().getTransactionStatus(forged.hash));
      expect([status.group, status.code, status.hash]).toEqual(['failed', 'Failure_Signature_Not_Verifiable', forged.hash]);
    });

    it('rejects a transfer above the balance with Error("Failure_Core_Insufficient_Balance"), without a block', async () => {
      await start({ announceDelay: UNTIL_TOLD });
      const outcome = firstValue(wallet.transactionService.announce(overdraft(), await openListener()));
      await subscribers(server, `status/${alice.address.plain()}`, 1);
      chain.processAnnounced();

      const error = await rejection(outcome);
      expect(error.message).toBe('Failure_Core_Insufficient_Balance');
      expect(chain.height).toBe(1n);
      expect(chain.ledger.balance(chain.fundedAccounts[0].addressHex, chain.currency.mosaicId)).toBe(chain.options.accountBalance);
    });

    it('gets the failure on its own, announceDelay ms after the 202: no harvest, no processAnnounced', async () => {
      // Longer than the SDK's round trip, as the default is (see the next test).
      await start({ announceDelay: 250 });
      const error = await rejection(firstValue(wallet.transactionService.announce(overdraft(), await openListener())));
      expect(error.message).toBe('Failure_Core_Insufficient_Balance');
      expect(chain.height).toBe(1n);
    });

    // The SDK's `status` subscription reaches the chain a round trip after the 202: the default
    // announceDelay (100 ms) leaves a wallet 20 ms away ample time (5 ms lost its failures).
    it('gets the failure at the default announceDelay from a wallet 20 ms round trip away', async () => {
      await start();
      const proxy = await latencyProxy(server.base, 10);
      onClose(proxy.close);
      const remote = await sdk2Wallet(proxy.url);
      const outcome = firstValue(remote.transactionService.announce(overdraft(), await openListener(remote)));
      const settled = await Promise.race([rejection(outcome), new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 1_000))]);
      expect(settled?.message).toBe('Failure_Core_Insufficient_Balance');
    });
  });

  describe('announceAggregateBonded', () => {
    it('resolves with the aggregate once partialAdded arrives, sent after the 202', async () => {
      await start({ announceDelay: UNTIL_TOLD });
      // Alice pays Bob, and Bob pays Alice back: Bob's cosignature is missing.
      const aggregate = AggregateTransaction.createBonded(
        wallet.deadline(),
        [
          TransferTransaction.create(wallet.deadline(), bob.address, [new Mosaic(new NamespaceId('symbol.xym'), xym(3))], PlainMessage.create('ours'), wallet.networkType).toAggregate(alice.publicAccount),
          TransferTransaction.create(wallet.deadline(), alice.address, [new Mosaic(new NamespaceId('symbol.xym'), xym(1))], PlainMessage.create(''), wallet.networkType).toAggregate(bob.publicAccount),
        ],
        wallet.networkType,
        [],
        xym(0.5),
      );
      const signed = alice.sign(aggregate, wallet.generationHash);
      lockFunds(chain, chain.fundedAccounts[0], signed); // its hash lock, confirmed first
      const outcome = firstValue(wallet.transactionService.announceAggregateBonded(signed, await openListener()));
      await subscribers(server, `partialAdded/${alice.address.plain()}`, 1);
      chain.processAnnounced();

      const partial = await outcome;
      expect(partial).toBeInstanceOf(AggregateTransaction);
      expect(partial.type).toBe(TransactionType.AGGREGATE_BONDED);
      expect(partial.transactionInfo?.hash).toBe(signed.hash);
      expect(partial.transactionInfo?.height.toString()).toBe('0');
      expect(partial.isConfirmed()).toBe(false);
      expect(partial.signer?.publicKey).toBe(alice.publicKey);
      expect(partial.cosignatures).toEqual([]);
      expect(partial.innerTransactions.map((inner) => [inner.signer?.publicKey, (inner as TransferTransaction).recipientAddress.plain()])).toEqual([
        [alice.publicKey, bob.address.plain()],
        [bob.publicKey, alice.address.plain()],
      ]);
      expect(partial.serialize().toUpperCase()).toBe(signed.payload);
      const status = await firstValue(wallet.factory.createTransactionStatusRepository().getTransactionStatus(signed.hash));
      expect(status.group).toBe('partial');
    });
  });
});
