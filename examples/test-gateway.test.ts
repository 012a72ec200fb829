// The shortest way to test a Symbol app: `startTestGateway` from `symbol-gateway/testing` gives
// a gateway over a fresh in-memory chain on a free port, funded accounts and the chain's
// controls, and `loadFixture` builds a starting state once and puts the chain back to it for
// each test. Here the "app" is a few lines of symbol-sdk that pay someone.
import { Hash256, PrivateKey } from 'symbol-sdk';
import { Network, SymbolFacade, models } from 'symbol-sdk/symbol';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from 'symbol-gateway/testing';

let node: TestGateway;
beforeAll(async () => {
  node = await startTestGateway({ accountCount: 2 });
});
afterAll(() => node.close());

/** The app: pays `amount` of the currency from `privateKey` to `recipient`, as a wallet would. */
async function pay(url: string, privateKey: string, recipient: string, amount: bigint): Promise<string> {
  const info = (await (await fetch(`${url}/node/info`)).json()) as { networkIdentifier: number; networkGenerationHashSeed: string };
  const { network, chain } = (await (await fetch(`${url}/network/properties`)).json()) as { network: { identifier: string; epochAdjustment: string }; chain: { currencyMosaicId: string } };
  const epoch = new Date(Number(network.epochAdjustment.replace(/s$/, '')) * 1000);
  const facade = new SymbolFacade(new Network(network.identifier, info.networkIdentifier, epoch, new Hash256(info.networkGenerationHashSeed)));
  const account = facade.createAccount(new PrivateKey(privateKey));
  const transaction = facade.transactionFactory.create({
    type: 'transfer_transaction_v1',
    signerPublicKey: account.publicKey,
    deadline: facade.now().addHours(2).timestamp,
    recipientAddress: recipient,
    mosaics: [{ mosaicId: BigInt(chain.currencyMosaicId.replaceAll("'", '')), amount }],
  });
  transaction.fee = new models.Amount(100n * BigInt(transaction.size));
  const body = facade.transactionFactory.static.attachSignature(transaction, account.signTransaction(transaction));
  const response = await fetch(`${url}/transactions`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body });
  if (response.status !== 202) throw new Error(`announce failed: ${response.status}`);
  return facade.hashTransaction(transaction).toString();
}

/** The state every test starts from: bob already paid once by the app, in a block. */
async function bobPaidOnce(gateway: TestGateway) {
  const [alice, bob] = gateway.accounts;
  await pay(gateway.url, alice.privateKey, bob.address, 1_000_000n);
  gateway.chain.dev.mine(); // checks the announce, then harvests
  return { alice, bob, currency: gateway.chain.currency.mosaicId, start: gateway.chain.ledger.balance(bob.addressHex, gateway.chain.currency.mosaicId) };
}

it('pays, and the payment is confirmed in the next block', async () => {
  const { alice, bob, currency, start } = await node.loadFixture(bobPaidOnce);
  const hash = await pay(node.url, alice.privateKey, bob.address, 5_000_000n);
  node.chain.dev.mine();
  const status = (await (await fetch(`${node.url}/transactionStatus/${hash}`)).json()) as { group: string };
  expect(status.group).toBe('confirmed');
  expect(node.chain.ledger.balance(bob.addressHex, currency)).toBe(start + 5_000_000n);
});

it('starts from the fixture again: the payment of the test before is gone', async () => {
  const { bob, currency, start } = await node.loadFixture(bobPaidOnce);
  expect(node.chain.height).toBe(2n);
  expect(node.chain.ledger.balance(bob.addressHex, currency)).toBe(start);
});

it('lets the test set a balance first, over HTTP as from any language', async () => {
  const { alice, bob, currency } = await node.loadFixture(bobPaidOnce);
  const set = await fetch(`${node.url}/dev/balance`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ address: alice.address, mosaicId: currency, amount: '1000000' }) });
  expect(set.status).toBe(200);
  await pay(node.url, alice.privateKey, bob.address, 2_000_000n); // more than alice has now
  node.chain.dev.mine();
  expect(node.chain.ledger.balance(alice.addressHex, currency)).toBe(1_000_000n);
});
