// How a Symbol app tests itself against the in-memory chain: no node, no Docker, no faucet.
// The app below talks to the gateway over HTTP with symbol-sdk only, as it would to a real
// Symbol node; the test starts a gateway, runs the app, harvests a block and checks the outcome.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Hash256, PrivateKey } from 'symbol-sdk';
import { Network, SymbolFacade, calculateTransactionFee, models } from 'symbol-sdk/symbol';
import WebSocket from 'ws';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createGateway, InMemoryChain } from 'symbol-gateway';

// ---- The app under test. It knows nothing of symbol-gateway. ----

/** Pays `amount` (atomic units of the network currency) to `recipientAddress`; returns the transaction hash. */
async function payInvoice(gatewayUrl: string, privateKey: string, recipientAddress: string, amount: bigint): Promise<string> {
  const get = async (path: string) => (await fetch(`${gatewayUrl}${path}`)).json();
  // The network is read from the node, so the same code signs for mainnet, testnet or a test chain.
  const node = (await get('/node/info')) as { networkIdentifier: number; networkGenerationHashSeed: string };
  const { network, chain } = (await get('/network/properties')) as {
    network: { identifier: string; epochAdjustment: string }; // epochAdjustment like "1667250467s"
    chain: { currencyMosaicId: string }; // like "0x72C0'212E'67A0'8BCE"
  };
  const epoch = new Date(Number(network.epochAdjustment.replace(/s$/, '')) * 1000);
  const facade = new SymbolFacade(new Network(network.identifier, node.networkIdentifier, epoch, new Hash256(node.networkGenerationHashSeed)));

  const account = facade.createAccount(new PrivateKey(privateKey));
  const transaction = facade.transactionFactory.create({
    type: 'transfer_transaction_v1',
    signerPublicKey: account.publicKey,
    deadline: facade.now().addHours(2).timestamp,
    recipientAddress,
    mosaics: [{ mosaicId: BigInt(chain.currencyMosaicId.replaceAll("'", '')), amount }],
  });
  transaction.fee = new models.Amount(calculateTransactionFee(transaction, 100));
  const payload = facade.transactionFactory.static.attachSignature(transaction, account.signTransaction(transaction));

  const response = await fetch(`${gatewayUrl}/transactions`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: payload });
  if (response.status !== 202) throw new Error(`announce failed: ${response.status} ${await response.text()}`);
  return facade.hashTransaction(transaction).toString();
}

// ---- The test set-up: a gateway over an in-memory chain, on a free port. ----

// No block timer: a block is harvested when the test calls chain.harvest(), so nothing races.
const chain = new InMemoryChain({ blockInterval: false });
const gateway = createGateway({ backend: chain });
const server = http.createServer(gateway.handle);
gateway.attach(server); // WebSocket on /ws
let url = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await gateway.close(); // closes the WebSockets
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

interface Frame {
  uid?: string; // only in the first frame
  topic: string;
  data: { transaction?: { recipientAddress: string }; meta?: { hash: string; height: string }; hash?: string; code?: string };
}

/** Subscribes a WebSocket client to `topic`, as a wallet would; `next()` resolves with the next notification. */
async function subscribe(topic: string) {
  const socket = new WebSocket(`${url.replace('http', 'ws')}/ws`);
  const frames: Frame[] = [];
  const waiting: ((frame: Frame) => void)[] = [];
  socket.on('message', (data) => {
    const frame = JSON.parse(String(data)) as Frame;
    const resolve = waiting.shift();
    if (resolve) resolve(frame);
    else frames.push(frame);
  });
  const next = () => new Promise<Frame>((resolve) => (frames.length > 0 ? resolve(frames.shift()!) : waiting.push(resolve)));

  // The first frame carries the connection's uid; subscriptions quote it.
  const { uid } = await next();
  socket.send(JSON.stringify({ uid, subscribe: topic }));
  // There is no acknowledgement in the protocol; the hub tells when the subscription is in place.
  await vi.waitFor(() => expect(gateway.hub.subscriberCount(topic)).toBeGreaterThan(0));
  return { next, close: () => socket.close() };
}

// ---- The tests. ----

it('pays an invoice: the transfer is confirmed in the next block and the balance moves', async () => {
  const [payer, shop] = chain.fundedAccounts; // funded test accounts
  const balanceBefore = chain.ledger.balance(shop.addressHex, chain.currency.mosaicId);
  const confirmations = await subscribe(`confirmedAdded/${shop.address}`);

  const hash = await payInvoice(url, payer.privateKey, shop.address, 2_500_000n); // 2.5 XYM
  chain.harvest(); // the next block confirms it

  // The wallet's view: the confirmation arrives on the WebSocket with the app's hash.
  const frame = await confirmations.next();
  confirmations.close();
  expect(frame.topic).toBe(`confirmedAdded/${shop.address}`);
  expect(frame.data.meta).toMatchObject({ hash, height: String(chain.height) });

  // The REST view: the transaction is confirmed at that height.
  const confirmed = await fetch(`${url}/transactions/confirmed/${hash}`);
  expect(confirmed.status).toBe(200);
  expect(await confirmed.json()).toMatchObject({ meta: { hash, height: String(chain.height) }, transaction: { recipientAddress: shop.addressHex } });

  // The chain's view: the shop holds 2.5 XYM more.
  expect(chain.ledger.balance(shop.addressHex, chain.currency.mosaicId) - balanceBefore).toBe(2_500_000n);
});

it('reports a payment the payer cannot afford on the status channel', async () => {
  const [payer, shop] = chain.fundedAccounts;
  const statuses = await subscribe(`status/${payer.address}`);

  // The announce itself is accepted (202); the rejection arrives as a status, as from a real node.
  const hash = await payInvoice(url, payer.privateKey, shop.address, chain.options.accountBalance * 2n);

  const frame = await statuses.next();
  statuses.close();
  expect(frame.data).toMatchObject({ hash, code: 'Failure_Core_Insufficient_Balance' });

  // Why, beyond the code: the chain's trace (also GET /dev/transactions/{hash}/trace) names the rule that
  // refused it and the values it compared: the payer's balance against the amount.
  const { failure } = chain.dev.trace(hash);
  expect(failure).toMatchObject({ rule: 'validateTransferBalance', innerIndex: null });
  expect(BigInt(failure!.values.amount as string)).toBe(chain.options.accountBalance * 2n);
  expect(BigInt(failure!.values.balance as string)).toBe(chain.ledger.balance(payer.addressHex, chain.currency.mosaicId));
});
