import { afterEach, describe, expect, it } from 'vitest';
import { createGateway, RawAnswer, PURE, type GatewayBackend, type GatewayOptions } from '../../src/index.js';
import type { InMemoryChain } from '../../src/in-memory-chain.js';
import { POSTGRES_BACKEND } from '../support/postgres-mount.js';
import { transfer } from '../support/signing.js';
import { startGateway, testChain, TestServer } from '../support/server.js';

// The kept answers are of a backend with revision(): the in-memory chain, not the database.
describe.skipIf(POSTGRES_BACKEND)('answers kept while the data is unchanged', () => {
  let server: TestServer & { chain: InMemoryChain };
  afterEach(() => server?.close());

  /** Counts the chain's block reads by height (own property: the repository object is the chain's). */
  function countBlockReads(chain: InMemoryChain): { reads: number } {
    const counter = { reads: 0 };
    const read = chain.blocks.getByHeight.bind(chain.blocks);
    chain.blocks.getByHeight = (height) => {
      counter.reads++;
      return read(height);
    };
    return counter;
  }

  async function start(options: GatewayOptions = {}): Promise<{ counter: { reads: number } }> {
    const chain = testChain();
    const counter = countBlockReads(chain);
    server = await startGateway({ backend: chain, ...options });
    return { counter };
  }

  it('answers a repeated GET of a pure route with the same bytes and headers, without reading the backend again', async () => {
    const { counter } = await start();
    const first = await server.get('/blocks/1');
    const second = await server.get('/blocks/1');
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.text).toBe(first.text);
    expect(counter.reads).toBe(1);
    for (const name of ['content-type', 'content-length', 'x-content-type-options', 'access-control-allow-origin']) {
      expect(second.headers[name], name).toBe(first.headers[name]);
    }
    expect(Number(second.headers['content-length'])).toBe(Buffer.byteLength(second.text));
    const head = await server.request('HEAD', '/blocks/1', { spec: false });
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(head.headers['content-length']).toBe(first.headers['content-length']);
    expect(counter.reads).toBe(1);
  });

  it('reads the backend again once a block was harvested, and answers with what changed', async () => {
    const { counter } = await start();
    const before = await server.get('/chain/info');
    expect((await server.get('/chain/info')).body.height).toBe(before.body.height);
    await server.get('/blocks/1');
    server.chain.harvest();
    const after = await server.get('/chain/info');
    expect(BigInt(after.body.height)).toBe(BigInt(before.body.height) + 1n);
    await server.get('/blocks/1');
    expect(counter.reads).toBe(2);
  });

  it('sees an announce once it is checked, and its confirmation once harvested', async () => {
    await start();
    const [from, to] = server.chain.fundedAccounts;
    const balance = async () => (await server.get(`/accounts/${to.address}`)).body.account.mosaics[0].amount as string;
    const unconfirmed = async () => (await server.get(`/transactions/unconfirmed?address=${from.address}`)).body.data.length as number;
    const before = await balance();
    expect(await unconfirmed()).toBe(0);
    const signed = transfer(server.chain, from, to, { amount: 5_000_000n });
    expect((await server.request('PUT', '/transactions', { body: signed.body, headers: { 'content-type': 'application/json' } })).status).toBe(202);
    server.chain.processAnnounced();
    expect(await unconfirmed()).toBe(1);
    expect(await balance()).toBe(before);
    server.chain.harvest();
    expect(await unconfirmed()).toBe(0);
    expect(BigInt(await balance())).toBe(BigInt(before) + 5_000_000n);
    expect((await server.get(`/transactionStatus/${signed.hash}`)).body.group).toBe('confirmed');
  });

  it('answers 503 once an outage is set, and the data again once it is over', async () => {
    await start();
    expect((await server.get('/chain/info')).status).toBe(200);
    server.chain.setAvailability({ db: 'down' });
    expect((await server.get('/chain/info')).status).toBe(503);
    expect((await server.get('/node/health')).body.status.db).toBe('down');
    server.chain.setAvailability({ db: 'up' });
    expect((await server.get('/chain/info')).status).toBe(200);
    expect((await server.get('/node/health')).body.status.db).toBe('up');
  });

  it('answers what a reverted snapshot restored', async () => {
    await start();
    const snapshot = server.chain.dev.snapshot();
    server.chain.harvest();
    const grown = (await server.get('/chain/info')).body.height;
    server.chain.dev.revert(snapshot.id);
    const reverted = (await server.get('/chain/info')).body.height;
    expect(BigInt(reverted)).toBe(BigInt(grown) - 1n);
    expect((await server.get(`/blocks/${grown}`)).status).toBe(404);
  });

  it('never keeps /node/time, an error, or a route not registered pure', async () => {
    const { counter } = await start();
    const times = new Set<string>();
    for (let i = 0; i < 2; i++) times.add((await server.get('/node/time')).body.communicationTimestamps.sendTimestamp);
    expect(times.size).toBe(2); // the test clock moves 5 s a reading
    await server.get('/blocks/99');
    expect((await server.get('/blocks/99')).status).toBe(404);
    expect(counter.reads).toBe(2);
    let calls = 0;
    server.gateway.router.get('/app/plain', () => ({ calls: ++calls }));
    server.gateway.router.get('/app/pure', () => ({ calls: ++calls }), PURE);
    expect((await server.get('/app/plain', { spec: false })).body.calls).toBe(1);
    expect((await server.get('/app/plain', { spec: false })).body.calls).toBe(2);
    expect((await server.get('/app/pure', { spec: false })).body.calls).toBe(3);
    expect((await server.get('/app/pure', { spec: false })).body.calls).toBe(3);
  });

  it('never keeps a plain-text answer of a pure route: text/plain each time, from the handler (the currency supply routes)', async () => {
    await start();
    let calls = 0;
    server.gateway.router.get('/app/text', () => RawAnswer.text(`call ${++calls}`), PURE);
    for (const expected of ['call 1', 'call 2']) {
      const reply = await server.request('GET', '/app/text', { spec: false });
      expect([reply.status, reply.headers['content-type'], reply.text]).toEqual([200, 'text/plain; charset=utf-8', expected]);
    }
    const supply = await Promise.all([1, 2].map(() => server.request('GET', '/network/currency/supply/total', { spec: false })));
    expect(supply.map((reply) => reply.headers['content-type'])).toEqual(['text/plain; charset=utf-8', 'text/plain; charset=utf-8']);
    expect(supply[1].text).toBe(supply[0].text);
  });

  it('sends the very bytes of a kept answer, small or large, whatever characters its JSON holds', async () => {
    await start();
    let calls = 0;
    const text = 'héllo ✓ 世界 🚀';
    server.gateway.router.get('/app/small', () => ({ calls: ++calls, text }), PURE);
    server.gateway.router.get('/app/large', () => ({ calls: ++calls, text: text.repeat(200) }), PURE);
    for (const path of ['/app/small', '/app/large']) {
      const first = await server.get(path, { spec: false });
      const second = await server.get(path, { spec: false });
      expect(second.body).toEqual(first.body);
      expect(second.body.text).toContain(text);
      expect(Number(second.headers['content-length'])).toBe(Buffer.byteLength(second.text));
      expect(second.text).toBe(first.text);
    }
    expect(calls).toBe(2);
  });

  it('answers with a route registered later in place of a kept answer', async () => {
    await start();
    expect((await server.get('/chain/info')).body.height).toBeDefined();
    server.gateway.router.get('/chain/info', () => ({ replaced: true }));
    expect((await server.get('/chain/info', { spec: false })).body).toEqual({ replaced: true });
  });

  it("sends each request's own CORS headers with a kept answer", async () => {
    const { counter } = await start({ cors: { origins: ['https://wallet.example'] } });
    const allowed = await server.get('/blocks/1', { headers: { origin: 'https://wallet.example' } });
    const other = await server.get('/blocks/1', { headers: { origin: 'https://other.example' } });
    expect(counter.reads).toBe(1);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://wallet.example');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    expect(other.text).toBe(allowed.text);
  });

  it('keeps none with answerMemo: false, and forgets all at once when a bound is reached', async () => {
    const off = await start({ answerMemo: false });
    await server.get('/blocks/1');
    await server.get('/blocks/1');
    expect(off.counter.reads).toBe(2);
    await server.close();

    const { counter } = await start({ answerMemo: { maxEntries: 2 } });
    for (const path of ['/blocks/1', '/blocks/1?a', '/blocks/1']) await server.get(path);
    expect(counter.reads).toBe(2); // two URLs kept
    await server.get('/blocks/1?b'); // a third: the two are forgotten
    await server.get('/blocks/1');
    expect(counter.reads).toBe(4);
  });

  it("does not keep an answer read while the backend's data changed", async () => {
    const chain = testChain();
    let revision = 0;
    let reads = 0;
    const backend: GatewayBackend = {
      blocks: chain.blocks,
      node: chain.node,
      network: chain.network,
      chain: {
        info: async () => {
          reads++;
          await new Promise((resolve) => setTimeout(resolve, 5));
          revision++; // as a forked chain that fetched entries while it read
          return chain.chain.info();
        },
      },
      revision: () => revision,
    };
    server = Object.assign(await TestServer.start(createGateway({ backend, logger: { error() {} } })), { chain });
    await server.get('/chain/info');
    await server.get('/chain/info');
    expect(reads).toBe(2);
  });

  it('refuses bounds that are not positive integers', () => {
    expect(() => createGateway({ backend: testChain(), answerMemo: { maxEntries: 0 } })).toThrow(/answerMemo.maxEntries must be a positive integer/);
    expect(() => createGateway({ backend: testChain(), answerMemo: { maxBytes: 1.5 } })).toThrow(TypeError);
  });
});
