import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { InMemoryChain } from 'symbol-gateway';
import { createApp } from './node-http.js';

const chain = new InMemoryChain({ blockInterval: false });
const server = createApp(chain);
let base = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

it('serves the Symbol routes and the app route side by side', async () => {
  chain.harvest();
  const blocks = (await (await fetch(`${base}/blocks?order=asc`)).json()) as { data: { block: { height: string } }[] };
  expect(blocks.data.map((entry) => entry.block.height)).toEqual(['1', '2']);
  expect(await (await fetch(`${base}/hello`)).json()).toEqual({ hello: 'world', height: '2' });
});

it('serves /ws on the same port', async () => {
  const socket = new WebSocket(`${base.replace('http', 'ws')}/ws`);
  const first = await new Promise<string>((resolve, reject) => {
    socket.once('message', (data) => resolve(String(data)));
    socket.once('error', reject);
  });
  socket.terminate();
  expect(JSON.parse(first)).toHaveProperty('uid');
});
