/**
 * WebSocket topics by namespace id (`<channel>/<16 hex>`), as catapult-rest takes them: the id
 * stands for the namespace's alias address, and a topic gets the events of the transactions that
 * name that alias where an address goes (a transfer to `@shop`), as catapult publishes each event
 * to the unresolved addresses a transaction names. Driven by symbol-sdk 2.0.7's Listener, which
 * sends a `NamespaceId` as the topic itself (`listener.confirmed(namespaceId)`).
 */
import { Mosaic, NamespaceId, PlainMessage, TransferTransaction, UInt64, type Account, type Transaction } from 'symbol-sdk-v2';
import { describe, expect, it } from 'vitest';
import type { InMemoryChain } from '../../src/in-memory-chain.js';
import { confirm, hex, signedBy } from '../support/announce.js';
import { UNTIL_TOLD, firstValue, sdk2Harness, subscribers, xym, type Sdk2Started } from '../support/sdk2.js';
import { Client } from '../support/ws-client.js';

const SHOP = new NamespaceId('shop');

describe('/ws topics by namespace id', () => {
  let server: Sdk2Started['server'];
  let chain: InMemoryChain;
  let wallet: Sdk2Started['wallet'];
  let carol: Account;
  const { start, openListener } = sdk2Harness((started) => {
    ({ server, chain, wallet } = started);
    carol = started.accounts[2];
  });

  /** A gateway whose chain has `shop`, registered by Alice, aliasing Bob's address. */
  async function startWithAlias(): Promise<void> {
    await start({ announceDelay: UNTIL_TOLD });
    const [alice, bob] = chain.fundedAccounts;
    const shop = BigInt(`0x${SHOP.toHex()}`);
    await confirm(server, signedBy(chain, alice, { type: 'namespace_registration_transaction_v1', registrationType: 'root', duration: 100_000n, name: 'shop' }));
    await confirm(server, signedBy(chain, alice, { type: 'address_alias_transaction_v1', namespaceId: shop, address: bob.address, aliasAction: 'link' }));
  }

  /** Carol pays `amount` of the currency to `@shop`, signed with symbol-sdk 2.0.7. */
  const payShop = (amount: UInt64) =>
    carol.sign(
      TransferTransaction.create(wallet.deadline(), SHOP, [new Mosaic(new NamespaceId('symbol.xym'), amount)], PlainMessage.create('to the shop'), wallet.networkType, xym(0.1)),
      wallet.generationHash,
    );

  it('delivers unconfirmedAdded and confirmedAdded of a transfer to the alias to a Listener subscribed by NamespaceId', async () => {
    await startWithAlias();
    const listener = await openListener();
    const unconfirmed = firstValue(listener.unconfirmedAdded(SHOP));
    const confirmed = firstValue(listener.confirmed(SHOP));
    await subscribers(server, `unconfirmedAdded/${SHOP.toHex()}`, 1);
    await subscribers(server, `confirmedAdded/${SHOP.toHex()}`, 1);

    const signed = payShop(xym(1));
    await firstValue(wallet.factory.createTransactionRepository().announce(signed));
    chain.processAnnounced();
    const pending: Transaction = await unconfirmed;
    expect(pending.transactionInfo?.hash).toBe(signed.hash);
    expect(pending.isConfirmed()).toBe(false);

    const block = chain.harvest();
    const done = (await confirmed) as TransferTransaction;
    expect(done.transactionInfo?.hash).toBe(signed.hash);
    expect(done.transactionInfo?.height.toString()).toBe(block.block.height);
    expect((done.recipientAddress as NamespaceId).toHex()).toBe(SHOP.toHex());
    // The socket is still open: the subscriptions were taken, not refused.
    expect(server.gateway.hub.subscriberCount(`confirmedAdded/${SHOP.toHex()}`)).toBe(1);
  });

  it('delivers the status of a failing transfer to the alias on status/{namespaceId}, the topic carried back in uppercase', async () => {
    await startWithAlias();
    const client = await Client.connect(server.wsUrl);
    await client.subscribe(`status/${SHOP.toHex().toLowerCase()}`);
    const overdraft = payShop(UInt64.fromNumericString(String(chain.options.accountBalance * 2n)));
    await firstValue(wallet.factory.createTransactionRepository().announce(overdraft));
    chain.processAnnounced();
    expect(await client.next()).toEqual({
      topic: `status/${SHOP.toHex()}`,
      data: { hash: overdraft.hash, code: 'Failure_Core_Insufficient_Balance', deadline: expect.stringMatching(/^[0-9]+$/) },
    });
  });

  it('takes a namespace id with no alias (or no namespace), as catapult-rest does, and still refuses a malformed address', async () => {
    await start({ announceDelay: UNTIL_TOLD });
    const client = await Client.connect(server.wsUrl);
    const unknown = hex(0x8123456789abcdefn);
    await client.subscribe(`confirmedAdded/${unknown}`);
    expect(server.gateway.hub.subscriberCount(`confirmedAdded/${unknown}`)).toBe(1);
    client.send({ uid: client.uid, subscribe: `confirmedAdded/${unknown}0` });
    expect((await client.closed).code).toBe(1008);
  });
});
