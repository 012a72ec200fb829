/**
 * `symbol-gateway/testing`'s `startTestGateway`: a gateway on a free port over a fresh chain
 * with the options given, REST and WebSocket reachable at the URLs it returns, the
 * development controls on, and nothing left listening after `close()`.
 */
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestGateway } from '../src/testing.js';

describe('startTestGateway', () => {
  it('serves REST, /ws and /dev/ on a free port, over a chain with the options given', async () => {
    const node = await startTestGateway({ accountCount: 3, accountBalance: 7_000_000n, seed: 'testing entry' });
    try {
      expect(node.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(node.accounts).toHaveLength(3);
      const { account } = (await (await fetch(`${node.url}/accounts/${node.accounts[0].address}`)).json()) as any;
      expect(account.mosaics).toEqual([{ id: node.chain.currency.mosaicId, amount: '7000000' }]);
      expect(((await (await fetch(`${node.url}/chain/info`)).json()) as any).height).toBe('1');

      const socket = new WebSocket(node.wsUrl);
      const [first] = (await new Promise((resolve, reject) => {
        socket.once('message', (data) => resolve([JSON.parse(String(data))]));
        socket.once('error', reject);
      })) as [{ uid: string }];
      expect(typeof first.uid).toBe('string');
      socket.close();

      const mined = await fetch(`${node.url}/dev/mine`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(mined.status).toBe(200);
      expect(node.chain.height).toBe(2n);
    } finally {
      await node.close();
    }
    await expect(fetch(`${node.url}/chain/info`)).rejects.toThrow();
  });

  it('gives two gateways two ports, and takes gateway options (dev off)', async () => {
    const [one, two] = await Promise.all([startTestGateway(), startTestGateway({ gateway: { dev: false } })]);
    try {
      expect(one.url).not.toBe(two.url);
      expect((await fetch(`${two.url}/dev/mining`)).status).toBe(404);
      expect((await fetch(`${one.url}/dev/mining`)).status).toBe(200);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });

  it('loadFixture runs a fixture once, and puts the chain back to it for every later load', async () => {
    const node = await startTestGateway({ accountCount: 2 });
    try {
      const [alice, bob] = node.accounts;
      const currency = node.chain.currency.mosaicId;
      let runs = 0;
      const funded = async (gateway: typeof node) => {
        runs++;
        gateway.chain.dev.setBalance(alice.addressHex, currency, 9_000_000n);
        gateway.chain.dev.mine(2);
        return { height: gateway.chain.height, tag: { runs } };
      };
      const first = await node.loadFixture(funded);
      expect(first.height).toBe(3n);
      const head = node.chain.latestBlock;
      // A test changes the chain...
      node.chain.dev.setBalance(bob.addressHex, currency, 1n);
      node.chain.dev.mine(5);
      // ...and the next load starts from the fixture again, without running it.
      const second = await node.loadFixture(funded);
      expect(second).toBe(first);
      expect(runs).toBe(1);
      expect(node.chain.latestBlock).toEqual(head);
      expect(node.chain.ledger.balance(alice.addressHex, currency)).toBe(9_000_000n);
      expect(node.chain.ledger.balance(bob.addressHex, currency)).not.toBe(1n);
      const blocks = (await (await fetch(`${node.url}/blocks?pageSize=100`)).json()) as { data: unknown[] };
      expect(blocks.data).toHaveLength(3);

      // A fixture loaded after it goes when it is loaded again, and runs again on its next load.
      let laterRuns = 0;
      const later = (gateway: typeof node) => {
        laterRuns++;
        gateway.chain.dev.mine();
        return gateway.chain.height;
      };
      expect(await node.loadFixture(later)).toBe(4n);
      await node.loadFixture(funded);
      expect(await node.loadFixture(later)).toBe(4n);
      expect([runs, laterRuns]).toEqual([1, 2]);
      await expect(node.loadFixture(undefined as never)).rejects.toThrow(/takes the function/);
    } finally {
      await node.close();
    }
  });
});
