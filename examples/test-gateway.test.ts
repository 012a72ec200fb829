// The shortest way to test a Symbol app: `startTestGateway` from `symbol-gateway/testing` gives
// a gateway over a fresh in-memory chain on a free port, funded accounts and the chain's
// controls. Here the "app" is a few lines of symbol-sdk that pay someone.
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

it('pays, and the payment is confirmed in the next block', async () => {
  const [alice, bob] = node.accounts;
  const currency = node.chain.currency.mosaicId;
  const before = node.chain.ledger.balance(bob.addressHex, currency);
  const hash = await pay(node.url, alice.privateKey, bob.address, 5_000_000n);
  node.chain.dev.mine(); // checks the announce, then harvests
  const status = (await (await fetch(`${node.url}/transactionStatus/${hash}`)).json()) as { group: string };
  expect(status.group).toBe('confirmed');
  expect(node.chain.ledger.balance(bob.addressHex, currency)).toBe(before + 5_000_000n);
});

it('lets the test set a balance first, over HTTP as from any language', async () => {
  const [alice, bob] = node.accounts;
  const currency = node.chain.currency.mosaicId;
  const set = await fetch(`${node.url}/dev/balance`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ address: alice.address, mosaicId: currency, amount: '1000000' }) });
  expect(set.status).toBe(200);
  await pay(node.url, alice.privateKey, bob.address, 2_000_000n); // more than alice has now
  node.chain.dev.mine();
  expect(node.chain.ledger.balance(alice.addressHex, currency)).toBe(1_000_000n);
});
