import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { InMemoryChain } from 'symbol-gateway';
import { createApp } from './koa.js';

const chain = new InMemoryChain({ blockInterval: false });
const server = createApp(chain);
let base = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

// A transfer of 1 XYM from the first test account to the second, signed for this chain.
function signedTransfer() {
  const [from, to] = chain.fundedAccounts;
  const transaction = chain.facade.transactionFactory.create({
    type: 'transfer_transaction_v1',
    signerPublicKey: from.keyPair.publicKey,
    fee: 1_000_000n,
    deadline: chain.networkTime() + 3_600_000n,
    recipientAddress: to.address,
    mosaics: [{ mosaicId: BigInt(`0x${chain.currency.mosaicId}`), amount: 1_000_000n }],
  });
  const signature = chain.facade.signTransaction(from.keyPair, transaction);
  return {
    body: chain.facade.transactionFactory.static.attachSignature(transaction, signature), // '{"payload":"..."}'
    hash: chain.facade.hashTransaction(transaction).toString(),
  };
}

it('serves the Symbol routes under /symbol and the app route beside them', async () => {
  const blocks = await fetch(`${base}/symbol/blocks`);
  expect(blocks.status).toBe(200);
  expect(await blocks.json()).toMatchObject({ data: [{ block: { height: '1' } }], pagination: { pageNumber: 1, totalEntries: 1 } });
  expect(await (await fetch(`${base}/hello`)).json()).toEqual({ hello: 'world', height: '1' });
});

it('passes paths no gateway route owns on to the app, under /symbol and outside it', async () => {
  for (const path of ['/symbol/nope', '/nope']) {
    const response = await fetch(`${base}${path}`);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('Not Found'); // Koa's own 404, not the gateway's JSON one
  }
});

it('takes an announce whose body the Koa body parser parsed already', async () => {
  const { body, hash } = signedTransfer();
  const announced = await fetch(`${base}/symbol/transactions`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body });
  expect(announced.status).toBe(202);
  chain.processAnnounced(); // checked after the 202, as a node does; this checks it now
  const unconfirmed = await fetch(`${base}/symbol/transactions/unconfirmed/${hash}`);
  expect(unconfirmed.status).toBe(200);
  expect(await unconfirmed.json()).toMatchObject({ meta: { hash, height: '0' } });
});

it("answers a wrong method on a gateway path with its JSON 405, not Koa's text", async () => {
  const response = await fetch(`${base}/symbol/blocks`, { method: 'DELETE' });
  expect(response.status).toBe(405);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(response.headers.get('allow')).toContain('GET');
  expect(await response.json()).toMatchObject({ code: 'MethodNotAllowed' });
});

it('serves WebSocket subscriptions on /symbol/ws', async () => {
  const socket = new WebSocket(`${base.replace('http', 'ws')}/symbol/ws`);
  const first = await new Promise<string>((resolve, reject) => {
    socket.once('message', (data) => resolve(String(data)));
    socket.once('error', reject);
  });
  socket.terminate();
  expect(JSON.parse(first)).toHaveProperty('uid');
});
