/**
 * An account restriction with symbol-sdk 2.0.7 as a wallet uses it, over real sockets: an
 * incoming address block announced with `TransactionService`, the blocked sender's transfer
 * failing with its code on the `status` channel while another sender's is confirmed, and the
 * restriction read back with `RestrictionAccountHttp`.
 */
import {
  AccountRestrictionTransaction,
  AddressRestrictionFlag,
  Mosaic,
  NamespaceId,
  PlainMessage,
  TransferTransaction,
  type Account,
  type SignedTransaction,
} from 'symbol-sdk-v2';
import { describe, expect, it } from 'vitest';
import type { InMemoryChain } from '../../src/in-memory-chain.js';
import { UNTIL_TOLD, announceConfirmed, firstValue, sdk2Harness, subscribers, xym, type Sdk2Wallet } from '../support/sdk2.js';
import { startGateway } from '../support/server.js';

type Server = Awaited<ReturnType<typeof startGateway>>;

describe('symbol-sdk 2.0.7 and account restrictions', () => {
  let server: Server;
  let chain: InMemoryChain;
  let wallet: Sdk2Wallet;
  let alice: Account;
  let bob: Account;
  let carol: Account;

  const { start, openListener } = sdk2Harness((started) => {
    ({ server, chain, wallet } = started);
    [alice, bob, carol] = started.accounts;
  });

  const transfer = (from: Account, to: Account): SignedTransaction =>
    from.sign(
      TransferTransaction.create(wallet.deadline(), to.address, [new Mosaic(new NamespaceId('symbol.xym'), xym(1))], PlainMessage.create('hello'), wallet.networkType, xym(0.1)),
      wallet.generationHash,
    );

  it('blocks the blocked sender’s transfer with Failure_RestrictionAccount_Address_Interaction_Prohibited, confirms another’s, and reads the restriction back', async () => {
    await start({ announceDelay: UNTIL_TOLD });

    const block = AccountRestrictionTransaction.createAddressRestrictionModificationTransaction(
      wallet.deadline(),
      AddressRestrictionFlag.BlockIncomingAddress,
      [bob.address],
      [],
      wallet.networkType,
      xym(0.1),
    );
    const restriction = alice.sign(block, wallet.generationHash);
    const confirmed = await announceConfirmed(server, wallet, restriction);
    expect(confirmed.transactionInfo?.hash).toBe(restriction.hash);

    // Bob's transfer fails on the status channel; TransactionService rejects with its code.
    const listener = await openListener();
    const blocked = transfer(bob, alice);
    const outcome = firstValue(wallet.transactionService.announce(blocked, listener));
    outcome.catch(() => {});
    await subscribers(server, `status/${bob.address.plain()}`, 1);
    chain.processAnnounced();
    const error = await outcome.then(
      () => new Error('expected a rejection'),
      (reason: Error) => reason,
    );
    expect(error.message).toBe('Failure_RestrictionAccount_Address_Interaction_Prohibited');
    const status = await firstValue(wallet.factory.createTransactionStatusRepository().getTransactionStatus(blocked.hash));
    expect([status.group, status.code]).toEqual(['failed', 'Failure_RestrictionAccount_Address_Interaction_Prohibited']);

    // Carol's goes through.
    const allowed = await announceConfirmed<TransferTransaction>(server, wallet, transfer(carol, alice));
    expect(allowed.recipientAddress.plain()).toBe(alice.address.plain());

    const repository = wallet.factory.createRestrictionAccountRepository();
    const restrictions = await firstValue(repository.getAccountRestrictions(alice.address));
    expect(restrictions.address.plain()).toBe(alice.address.plain());
    expect(restrictions.restrictions.map((each) => [each.restrictionFlags, each.values.map((value: any) => value.plain())])).toEqual([
      [AddressRestrictionFlag.BlockIncomingAddress, [bob.address.plain()]],
    ]);
    const page = await firstValue(repository.search({ address: alice.address }));
    expect(page.data.map((each) => each.address.plain())).toEqual([alice.address.plain()]);
    // An account without restrictions: the SDK's call fails with the 404.
    await expect(firstValue(repository.getAccountRestrictions(carol.address))).rejects.toThrow(/ResourceNotFound|404/);
  });
});
