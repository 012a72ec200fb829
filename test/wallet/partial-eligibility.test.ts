/**
 * An aggregate bonded whose signer is not (yet) an eligible cosigner, driven by symbol-sdk 2.0.7
 * over real sockets. catapult validates a partial transaction without its cosigners (its partial
 * validation leaves them out) and stores it, `partialAdded`; each cosignature is then checked
 * against the multisig graph as it is at that time, so the aggregate completes once a multisig
 * modification made its signer eligible.
 */
import {
  AggregateTransaction,
  Mosaic,
  MultisigAccountModificationTransaction,
  NamespaceId,
  PlainMessage,
  TransactionGroup,
  TransferTransaction,
  type Account,
  type SignedTransaction,
} from 'symbol-sdk-v2';
import { describe, expect, it } from 'vitest';
import type { InMemoryChain } from '../../src/in-memory-chain.js';
import { UNTIL_TOLD, announcePartial, cosignWith, firstValue, sdk2Harness, xym, type Sdk2Started } from '../support/sdk2.js';

describe('symbol-sdk 2.0.7: an aggregate bonded of a signer not yet eligible', () => {
  let server: Sdk2Started['server'];
  let chain: InMemoryChain;
  let wallet: Sdk2Started['wallet'];
  /** alice: a 1-of-1 multisig account of bob; carol proposes a payment from alice to dave. */
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

  const statusOf = async (hash: string) => {
    const status = await firstValue(wallet.factory.createTransactionStatusRepository().getTransactionStatus(hash));
    return `${status.group} ${status.code}`;
  };

  /** Announces a complete aggregate and confirms it in a block. */
  async function confirmComplete(signed: SignedTransaction): Promise<void> {
    await firstValue(wallet.factory.createTransactionRepository().announce(signed));
    chain.processAnnounced();
    chain.harvest();
    expect(await statusOf(signed.hash)).toBe('confirmed Success');
  }

  /** A complete aggregate of `modification` of alice's multisig, signed by `signer` with `cosigners`. */
  const modify = (signer: Account, cosigners: Account[], minDelta: number, added: Account[]) =>
    signer.signTransactionWithCosignatories(
      AggregateTransaction.createComplete(
        wallet.deadline(),
        [MultisigAccountModificationTransaction.create(wallet.deadline(), minDelta, minDelta, added.map((account) => account.address), [], wallet.networkType).toAggregate(alice.publicAccount)],
        wallet.networkType,
        [],
        xym(0.5),
      ),
      cosigners,
      wallet.generationHash,
    );

  /** carol's aggregate bonded paying 2 XYM from alice to dave. */
  const proposal = () =>
    carol.sign(
      AggregateTransaction.createBonded(
        wallet.deadline(),
        [TransferTransaction.create(wallet.deadline(), dave.address, [new Mosaic(new NamespaceId('symbol.xym'), xym(2))], PlainMessage.create('proposed'), wallet.networkType).toAggregate(alice.publicAccount)],
        wallet.networkType,
        [],
        xym(0.5),
      ),
      wallet.generationHash,
    );


  it('is partial (partialAdded, listed), refuses cosignatures while its signer is ineligible, and completes once a modification made it eligible', async () => {
    await start();
    // alice becomes a 1-of-1 multisig account of bob (bob opts in by cosigning).
    await confirmComplete(modify(alice, [bob], 1, [bob]));

    const aggregate = proposal();
    const partial = await announcePartial(server, wallet, carol, aggregate, await openListener());
    expect(partial.transactionInfo?.hash).toBe(aggregate.hash);
    expect(await statusOf(aggregate.hash)).toBe('partial Success');
    const listed = await firstValue(wallet.factory.createTransactionRepository().search({ group: TransactionGroup.Partial, address: carol.address }));
    expect(listed.data.map((transaction) => transaction.transactionInfo?.hash)).toEqual([aggregate.hash]);

    // bob's cosignature would approve, but carol, the signer, may approve nothing: refused, still partial.
    await cosignWith(server, wallet, bob, partial);
    expect(await statusOf(aggregate.hash)).toBe('partial Success');

    // carol becomes a cosignatory of alice (signed by bob, carol opting in); now bob's cosignature completes it.
    await confirmComplete(modify(bob, [carol], 0, [carol]));
    await cosignWith(server, wallet, bob, partial);
    expect(await statusOf(aggregate.hash)).toBe('unconfirmed Success');
    const before = chain.ledger.balance(chain.fundedAccounts[3].addressHex, chain.currency.mosaicId);
    chain.harvest();
    expect(await statusOf(aggregate.hash)).toBe('confirmed Success');
    expect(chain.ledger.balance(chain.fundedAccounts[3].addressHex, chain.currency.mosaicId)).toBe(before + 2_000_000n);
  });
});
