/**
 * An aggregate bonded whose inner transfer its sender cannot pay yet, driven by symbol-sdk 2.0.7
 * over real sockets. catapult checks a partial transaction on its basic notifications only (its
 * deadline, its hash lock, its fee's debit), so the wallet sees it `partialAdded`; once the last
 * cosignature completes it, it is validated in full: it fails with the inner transfer's failure
 * on the cosigner's status channel, or confirms if the funds arrived meanwhile.
 */
import {
  AggregateTransaction,
  Mosaic,
  NamespaceId,
  PlainMessage,
  TransactionGroup,
  TransferTransaction,
  type Account,
} from 'symbol-sdk-v2';
import { describe, expect, it } from 'vitest';
import type { InMemoryChain } from '../../src/in-memory-chain.js';
import { UNTIL_TOLD, announceConfirmed, announcePartial, cosignWith, firstValue, sdk2Harness, subscribers, xym, type Sdk2Started } from '../support/sdk2.js';

describe('symbol-sdk 2.0.7: an aggregate bonded whose inner sender cannot pay yet', () => {
  let server: Sdk2Started['server'];
  let chain: InMemoryChain;
  let wallet: Sdk2Started['wallet'];
  /** carol proposes and pays the fee; erin, with no funds, is to pay dave 2 XYM; bob funds erin. */
  let bob: Account;
  let carol: Account;
  let dave: Account;
  let erin: Account;

  const { start, openListener } = sdk2Harness(
    (started) => {
      ({ server, chain, wallet } = started);
      [, bob, carol, dave] = started.accounts;
      erin = wallet.account('E'.repeat(64));
    },
    { chain: { announceDelay: UNTIL_TOLD } },
  );

  const statusOf = async (hash: string) => {
    const status = await firstValue(wallet.factory.createTransactionStatusRepository().getTransactionStatus(hash));
    return `${status.group} ${status.code}`;
  };
  const balanceOf = (account: Account) => chain.ledger.balance(account.address.encoded().toUpperCase(), chain.currency.mosaicId);

  /** carol's aggregate bonded: carol pays dave 0.1 XYM, erin pays dave 2 XYM; announced with its hash lock and partial, as a wallet does. */
  async function propose(): Promise<AggregateTransaction> {
    const transfer = (from: Account, amount: number) =>
      TransferTransaction.create(wallet.deadline(), dave.address, [new Mosaic(new NamespaceId('symbol.xym'), xym(amount))], PlainMessage.create('proposed'), wallet.networkType).toAggregate(from.publicAccount);
    const aggregate = carol.sign(AggregateTransaction.createBonded(wallet.deadline(), [transfer(carol, 0.1), transfer(erin, 2)], wallet.networkType, [], xym(0.5)), wallet.generationHash);
    const partial = await announcePartial(server, wallet, carol, aggregate, await openListener());
    expect(partial.transactionInfo?.hash).toBe(aggregate.hash);
    expect(await statusOf(aggregate.hash)).toBe('partial Success');
    const listed = await firstValue(wallet.factory.createTransactionRepository().search({ group: TransactionGroup.Partial, address: erin.address }));
    expect(listed.data.map((transaction) => transaction.transactionInfo?.hash)).toEqual([aggregate.hash]);
    return partial;
  }

  it('is partial, and fails with Failure_Core_Insufficient_Balance on the cosigner\'s status channel once its cosignature completes it', async () => {
    await start();
    const partial = await propose();
    const listener = await openListener();
    const failure = firstValue(listener.status(erin.address));
    await subscribers(server, `status/${erin.address.plain()}`, 1);

    await cosignWith(server, wallet, erin, partial);
    const error = await failure;
    expect(error.hash).toBe(partial.transactionInfo?.hash);
    expect(error.code).toBe('Failure_Core_Insufficient_Balance');
    expect(await statusOf(partial.transactionInfo!.hash!)).toBe('failed Failure_Core_Insufficient_Balance');
  });

  it('is partial, and confirms once erin was paid before cosigning', async () => {
    await start();
    const partial = await propose();
    const funding = bob.sign(
      TransferTransaction.create(wallet.deadline(), erin.address, [new Mosaic(new NamespaceId('symbol.xym'), xym(3))], PlainMessage.create(''), wallet.networkType, xym(0.1)),
      wallet.generationHash,
    );
    await announceConfirmed(server, wallet, funding);
    const before = balanceOf(dave);

    await cosignWith(server, wallet, erin, partial);
    expect(await statusOf(partial.transactionInfo!.hash!)).toBe('unconfirmed Success');
    chain.harvest();
    expect(await statusOf(partial.transactionInfo!.hash!)).toBe('confirmed Success');
    expect(balanceOf(dave)).toBe(before + 2_100_000n);
    expect(balanceOf(erin)).toBe(1_000_000n);
  });
});
