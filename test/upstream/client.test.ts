/**
 * The upstream client and listener, through real sockets: against a gateway of ours over an
 * in-memory chain (what the helpers answer is what the gateway's own routes answer), and
 * against small hostile servers (errors, silence, garbage, refusals, the rate, an abort).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Address, generateNamespaceId, models } from 'symbol-sdk/symbol';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { createGateway } from '../../src/index.js';
import type { ChainAccount } from '../../src/memory/chain/identity.js';
import { UpstreamClient, UpstreamError, UpstreamListener, type UpstreamClientOptions } from '../../src/upstream/index.js';
import { confirm, hex, signedBy, unfundedAccount } from '../support/announce.js';
import { startGateway, testChain } from '../support/server.js';
import { aggregate, embeddedTransfer, transfer } from '../support/signing.js';

type Server = Awaited<ReturnType<typeof startGateway>>;

/** Resolves once `condition()` holds; fails after `ms`. */
async function until(condition: () => boolean, ms = 3_000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms: ${condition}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The UpstreamError a promise rejects with. */
async function failure(promise: Promise<unknown>): Promise<UpstreamError> {
  const error = await promise.then(() => undefined, (error: unknown) => error);
  expect(error).toBeInstanceOf(UpstreamError);
  return error as UpstreamError;
}

describe('UpstreamClient against a gateway of ours', () => {
  let server: Server;
  let client: UpstreamClient;
  let a: ChainAccount, b: ChainAccount, c: ChainAccount, d: ChainAccount;
  const alpha = generateNamespaceId('alpha');
  const newcomers = Array.from({ length: 100 }, (_, i) => i);

  /**
   * 2: a registers alpha; 100 transfers by symbol.xym to 100 new accounts; an aggregate of a
   *    paying c and d (104 entries with the embedded ones: two pages).
   * 3: alpha becomes c's alias; b pays alpha. Then blocks up to 105 (two pages of blocks).
   */
  beforeAll(async () => {
    server = await startGateway({ backend: testChain({ finalizationInterval: 4 }) });
    const { chain } = server;
    [a, b, c, d] = chain.fundedAccounts;
    client = new UpstreamClient({ url: server.base, maxRequestsPerSecond: 1_000 });
    const payments = newcomers.map((i) => transfer(chain, chain.fundedAccounts[4 + (i % 6)], unfundedAccount(chain, `newcomer ${i}`)));
    expect(await confirm(server,
      signedBy(chain, a, { type: 'namespace_registration_transaction_v1', registrationType: 'root', duration: chain.rules.minNamespaceDuration, name: 'alpha' }),
      ...payments,
      aggregate(chain, 'complete', a, [embeddedTransfer(chain, a, c), embeddedTransfer(chain, a, d)]),
    )).toBe(2n);
    const alias = Address.fromNamespaceId(new models.NamespaceId(alpha), chain.facade.network.identifier);
    expect(await confirm(server,
      signedBy(chain, a, { type: 'address_alias_transaction_v1', namespaceId: alpha, address: c.address, aliasAction: 'link' }),
      signedBy(chain, b, { type: 'transfer_transaction_v1', recipientAddress: alias, mosaics: [{ mosaicId: BigInt(`0x${chain.currency.aliasId}`), amount: 1n }] }),
    )).toBe(3n);
    while (chain.height < 105n) chain.harvest();
  });
  afterAll(() => server.close());

  /** Every entry of a collection as the gateway itself lists it, 100 a page. */
  const everyEntry = async (path: string) => {
    const entries: unknown[] = [];
    for (let pageNumber = 1; ; pageNumber++) {
      const { data } = (await server.get(`${path}&pageSize=100&pageNumber=${pageNumber}`)).body;
      entries.push(...data);
      if (data.length < 100) return entries;
    }
  };

  it('connect() answers the chain\'s generation hash, network and epoch', async () => {
    const network = await client.connect({ generationHash: server.chain.options.generationHashSeed.toLowerCase() });
    expect(network).toMatchObject({
      generationHash: server.chain.options.generationHashSeed,
      networkIdentifier: 152,
      networkName: 'testnet',
      epochAdjustment: server.chain.options.epochAdjustment,
    });
    expect(network.node).toEqual((await server.get('/node/info')).body);
  });

  it('connect() refuses an upstream on another network, naming both hashes', async () => {
    const error = await failure(client.connect({ generationHash: 'AB'.repeat(32) }));
    expect(error.kind).toBe('network');
    expect(error.message).toContain(server.chain.options.generationHashSeed);
    expect(error.message).toContain('AB'.repeat(32));
  });

  it('reads the node, the network and the chain as their routes answer them', async () => {
    expect(await client.nodeInfo()).toEqual((await server.get('/node/info')).body);
    expect(await client.networkProperties()).toEqual((await server.get('/network/properties')).body);
    expect(await client.chainInfo()).toEqual((await server.get('/chain/info')).body);
  });

  it('block(h) answers /blocks/{h}, and undefined above the chain', async () => {
    expect(await client.block(2n)).toEqual((await server.get('/blocks/2')).body);
    expect(await client.block('105')).toEqual((await server.get('/blocks/105')).body);
    expect(await client.block(106)).toBeUndefined();
  });

  it('blocks(from, count) answers the run of heights across pages, and stops at the chain\'s end', async () => {
    const run = await client.blocks(95n, 10);
    expect(run.map((block) => block.block.height)).toEqual(['95', '96', '97', '98', '99', '100', '101', '102', '103', '104']);
    expect(run[5]).toEqual((await server.get('/blocks/100')).body);
    const all = await client.blocks(1, 1_000);
    expect(all).toHaveLength(105);
    expect(all.map((block) => block.meta.hash)).toEqual(await Promise.all(all.map(async (_, i) => (await server.get(`/blocks/${i + 1}`)).body.meta.hash)));
    expect(await client.blocks(104, 0)).toEqual([]);
    expect(await client.blocks(200, 5)).toEqual([]);
  });

  it('reads the pages a run needs at once, and page by page from an upstream whose pages are smaller', async () => {
    // An upstream of the same chain that pages by 40 (its pageSizeMax): the pages asked by 100 answer 40 each.
    const small = await startGateway({ backend: server.chain, pagination: { pageSizeMax: 40 } });
    try {
      const paged = new UpstreamClient({ url: small.base, maxRequestsPerSecond: 1_000 });
      expect((await paged.blocks(95n, 10)).map((block) => block.block.height)).toEqual(['95', '96', '97', '98', '99', '100', '101', '102', '103', '104']);
      expect(await paged.blocks(1, 1_000)).toEqual(await client.blocks(1, 1_000));
      expect(await paged.rangeTransactions(2n, 3n, 250)).toEqual(await client.rangeTransactions(2n, 3n, 250));
      expect(await paged.rangeTransactionStatements(1n, 105n, 1_000)).toEqual(await client.rangeTransactionStatements(1n, 105n));
    } finally {
      await small.close();
    }
    // `expected` is a bound: pages past what is there answer short, and what is read stops at the bound.
    expect(await client.rangeTransactions(2n, 3n, 250)).toEqual((await client.rangeTransactions(2n, 3n)).slice(0, 250));
    expect(await client.rangeTransactionStatements(1n, 105n, 10_000)).toEqual(await client.rangeTransactionStatements(1n, 105n));
  });

  it('blockTransactions(h) answers every transaction of a block, the embedded ones too, over pages', async () => {
    const transactions = await client.blockTransactions(2);
    expect(transactions).toEqual(await everyEntry('/transactions/confirmed?height=2&embedded=true&order=asc'));
    expect(transactions).toHaveLength((await server.get('/blocks/2')).body.meta.totalTransactionsCount);
    expect(transactions).toHaveLength(104);
    expect(transactions.filter((info) => 'aggregateHash' in info.meta)).toHaveLength(2);
    expect(await client.blockTransactions(4)).toEqual([]);
  });

  it('transactionStatements(h) and resolutionStatements(h) answer the block\'s statements', async () => {
    for (const height of [2, 3]) {
      expect(await client.transactionStatements(height)).toEqual(await everyEntry(`/statements/transaction?height=${height}&order=asc`));
      const resolutions = await client.resolutionStatements(height);
      expect(resolutions.address).toEqual(await everyEntry(`/statements/resolutions/address?height=${height}&order=asc`));
      expect(resolutions.mosaic).toEqual(await everyEntry(`/statements/resolutions/mosaic?height=${height}&order=asc`));
    }
    const { address, mosaic } = await client.resolutionStatements(3);
    expect(address.map((statement) => statement.statement.resolutionEntries[0].resolved)).toEqual([c.addressHex]);
    expect(mosaic).toHaveLength(1);
    expect((await client.transactionStatements(2)).length).toBeGreaterThan(0);
  });

  it('rangeTransactions, rangeTransactionStatements and resolutionPage read what blocks hold by height ranges and by id, as the routes answer them', async () => {
    expect(await client.rangeTransactions(1n, 3n)).toEqual(await everyEntry('/transactions/confirmed?fromHeight=1&toHeight=3&embedded=true&order=asc'));
    const two = await client.rangeTransactions(2n, 3n);
    expect(two.slice(0, 104)).toEqual(await client.blockTransactions(2));
    expect(two.slice(104)).toEqual(await client.blockTransactions(3));
    // Stopped once as many as expected are read: one page.
    expect(await client.rangeTransactions(2n, 3n, 100)).toHaveLength(100);
    expect(await client.rangeTransactions(4n, 5n)).toEqual([]);
    const statements = await client.rangeTransactionStatements(2n, 3n);
    expect(statements).toEqual([...(await client.transactionStatements(2)), ...(await client.transactionStatements(3))]);
    // Resolutions: by height, then on by id from there.
    const atThree = await client.resolutionPage('address', { height: 3n });
    expect(atThree.data).toEqual((await client.resolutionStatements(3)).address);
    const all = await everyEntry('/statements/resolutions/mosaic?order=asc');
    const first = all[0] as { id: string };
    expect((await client.resolutionPage('mosaic', { after: first.id })).data).toEqual(all.slice(1));
    expect((await client.resolutionPage('mosaic', { after: '0'.repeat(24) })).data).toEqual(all);
    await expect(client.rangeTransactions(3n, 2n)).rejects.toThrow(/toHeight 2 is below fromHeight 3/);
    await expect(client.resolutionPage('mosaic', { after: 'nope' })).rejects.toThrow(TypeError);
  });

  it('finalizationProofAtEpoch(e) answers the proof, and undefined for an epoch to come', async () => {
    expect(await client.finalizationProofAtEpoch(3)).toEqual((await server.get('/finalization/proof/epoch/3')).body);
    expect(await client.finalizationProofAtEpoch(999)).toBeUndefined();
  });

  it('accounts(addresses) reads accounts by base32 or hex address, 100 a request, leaving out unknown ones', async () => {
    const stranger = unfundedAccount(server.chain, 'stranger');
    const known = await client.accounts([a.address, c.addressHex, stranger.address]);
    const body = JSON.stringify({ addresses: [a.address, c.address] });
    expect(known).toEqual((await server.request('POST', '/accounts', { body, headers: { 'content-type': 'application/json' } })).body);
    const many = await client.accounts(newcomers.map((i) => unfundedAccount(server.chain, `newcomer ${i}`).address).concat(server.chain.fundedAccounts.map((account) => account.address)));
    expect(many).toHaveLength(110);
  });

  it('mosaics(ids) and namespaces(ids) read by id, leaving out unknown ones', async () => {
    const { currency } = server.chain;
    const body = JSON.stringify({ mosaicIds: [currency.mosaicId] });
    expect(await client.mosaics([currency.mosaicId.toLowerCase(), '0000000000000001'])).toEqual(
      (await server.request('POST', '/mosaics', { body, headers: { 'content-type': 'application/json' } })).body,
    );
    const namespaces = await client.namespaces([hex(alpha), currency.aliasId, '0000000000000001']);
    expect(namespaces).toEqual([(await server.get(`/namespaces/${hex(alpha)}`)).body, (await server.get(`/namespaces/${currency.aliasId}`)).body]);
  });

  it('pages() walks every page of /accounts', async () => {
    const pages: unknown[][] = [];
    for await (const page of client.pages('/accounts?order=asc', (value) => value)) pages.push(page);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages[0]).toHaveLength(100);
    expect(pages.flat()).toEqual(await everyEntry('/accounts?order=asc'));
  });

  it('refuses bad arguments with a TypeError before any request', async () => {
    expect(() => new UpstreamClient({ url: 'not a url' })).toThrow(TypeError);
    expect(() => new UpstreamClient({ url: 'ftp://node:3000' })).toThrow(/absolute http\(s\) URL/);
    await expect(client.block(0)).rejects.toThrow(TypeError);
    await expect(client.block('1.5')).rejects.toThrow(TypeError);
    await expect(client.mosaics(['xyz'])).rejects.toThrow(TypeError);
    await expect(client.accounts(['TA'])).rejects.toThrow(TypeError);
  });
});

describe('UpstreamListener against a gateway of ours', () => {
  let server: Server | undefined;
  let replacement: http.Server | undefined;
  let listener: UpstreamListener | undefined;
  afterEach(async () => {
    await listener?.close();
    await server?.close();
    replacement?.closeAllConnections();
    await new Promise((resolve) => (replacement ? replacement.close(resolve) : resolve(undefined)));
    listener = server = replacement = undefined;
  });

  it('hands on block and finalizedBlock notifications, and reconnects to a gateway back on the same port', async () => {
    server = await startGateway({ backend: testChain({ finalizationInterval: 2 }) });
    const blocks: string[] = [];
    const finalized: string[] = [];
    const errors: UpstreamError[] = [];
    let reconnections = 0;
    listener = new UpstreamListener({
      url: server.base,
      backoff: { initial: 20, max: 100 },
      onBlock: ({ block, meta }) => blocks.push(`${block.height} ${meta.hash}`),
      onFinalized: ({ height, finalizationEpoch }) => finalized.push(`${height} ${finalizationEpoch}`),
      onReconnect: () => reconnections++,
      onError: (error) => errors.push(error as UpstreamError),
    });
    await listener.subscribed();
    const harvested = [server.chain.harvest(), server.chain.harvest()];
    await until(() => blocks.length === 2 && finalized.length === 1);
    expect(blocks).toEqual(harvested.map(({ block, meta }) => `${block.height} ${meta.hash}`));
    expect(finalized).toEqual(['2 2']);
    expect(reconnections).toBe(0);

    // The gateway goes away (its sockets closed with 1001); another comes up on the same port.
    const port = Number(new URL(server.origin).port);
    await server.close();
    server = undefined;
    await until(() => errors.some((error) => error.kind === 'unreachable' && /ECONNREFUSED/.test(error.message)));
    const chain = testChain({ finalizationInterval: 2 });
    const gateway = createGateway({ backend: chain, logger: { error() {} } });
    replacement = http.createServer(gateway.handle);
    gateway.attach(replacement);
    await new Promise<void>((resolve) => replacement!.listen(port, '127.0.0.1', resolve));
    await until(() => reconnections === 1);
    const next = chain.harvest();
    await until(() => blocks.length === 3);
    expect(blocks[2]).toBe(`2 ${next.meta.hash}`);
    expect(errors.every((error) => error.kind === 'unreachable')).toBe(true);
    await gateway.close();
  });

  it('close() stops it for good: subscribed() rejects, no reconnection', async () => {
    server = await startGateway();
    listener = new UpstreamListener({ url: server.base, onBlock: () => undefined, onFinalized: () => undefined });
    await listener.subscribed();
    await listener.close();
    expect((await failure(listener.subscribed())).kind).toBe('aborted');
    await server.close();
    server = undefined;
  });
});

describe('UpstreamListener against a hostile WebSocket server', () => {
  it('reports frames that are not notifications and ignores them, and reconnects after its socket is terminated', async () => {
    const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise((resolve) => wss.once('listening', resolve));
    let connections = 0;
    const subscriptions: string[] = [];
    const block = { block: { height: '7' }, meta: { hash: 'AB'.repeat(32), generationHash: 'CD'.repeat(32) } };
    wss.on('connection', (socket) => {
      connections++;
      // The first connection opens with garbage instead of {uid}: the listener drops it and comes back.
      if (connections === 1) return socket.send('hello');
      socket.send(JSON.stringify({ uid: `u${connections}` }));
      socket.on('message', (data) => subscriptions.push(String(data)));
    });
    const blocks: string[] = [];
    const errors: UpstreamError[] = [];
    let reconnections = 0;
    const listener = new UpstreamListener({
      url: `http://127.0.0.1:${(wss.address() as AddressInfo).port}`,
      backoff: { initial: 20, max: 50 },
      onBlock: ({ block }) => blocks.push(block.height),
      onFinalized: () => undefined,
      onReconnect: () => reconnections++,
      onError: (error) => errors.push(error as UpstreamError),
    });
    try {
      await listener.subscribed();
      expect(connections).toBe(2);
      expect(reconnections).toBe(0);
      expect(errors[0].message).toMatch(/the first frame is not JSON/);
      expect(subscriptions).toEqual([JSON.stringify({ uid: 'u2', subscribe: 'block' }), JSON.stringify({ uid: 'u2', subscribe: 'finalizedBlock' })]);

      errors.length = 0;
      const [socket] = wss.clients;
      for (const frame of ['not json', '{"topic":"block"}', '[1,2]', JSON.stringify({ topic: 'block', data: { block: {} } }), JSON.stringify({ topic: 'block', data: block })]) socket.send(frame);
      await until(() => blocks.length === 1);
      expect(blocks).toEqual(['7']);
      expect(errors.map((error) => `${error.kind} ${error.message.replace(/^ws:\/\/[^ ]+ /, '')}`)).toEqual([
        'garbage a frame is not JSON',
        'garbage a frame has no data',
        'garbage a frame is [1,2], not an object',
        'garbage a block notification has no block.height',
      ]);

      socket.terminate();
      await until(() => reconnections === 1);
      expect(connections).toBe(3);
    } finally {
      await listener.close();
      await new Promise((resolve) => wss.close(resolve));
    }
  });

  it('drops a connection that does not answer its pings, and connects again', async () => {
    const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, autoPong: false });
    await new Promise((resolve) => wss.once('listening', resolve));
    let connections = 0;
    wss.on('connection', (socket) => {
      connections++;
      socket.send(JSON.stringify({ uid: `u${connections}` }));
    });
    const listener = new UpstreamListener({
      url: `http://127.0.0.1:${(wss.address() as AddressInfo).port}`,
      backoff: { initial: 10, max: 20 },
      heartbeatInterval: 50,
      onBlock: () => undefined,
      onFinalized: () => undefined,
    });
    try {
      await until(() => connections >= 3);
    } finally {
      await listener.close();
      await new Promise((resolve) => wss.close(resolve));
    }
  });
});

describe('UpstreamClient against hostile servers', () => {
  const servers: http.Server[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  /** A server answering each request with `answer(request number from 1, req, res)`; counts and times the requests. */
  async function hostile(answer: (count: number, req: http.IncomingMessage, res: http.ServerResponse) => void) {
    const arrivals: number[] = [];
    const server = http.createServer((req, res) => {
      arrivals.push(performance.now());
      answer(arrivals.length, req, res);
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { url, arrivals, client: (options: Partial<UpstreamClientOptions> = {}) => new UpstreamClient({ url, backoff: { initial: 10, max: 20 }, ...options }) };
  }

  const json = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
  };
  const CHAIN_INFO = { height: '5', scoreHigh: '0', scoreLow: '1', latestFinalizedBlock: { finalizationEpoch: 1, finalizationPoint: 1, height: '1', hash: 'AB'.repeat(32) } };

  it('retries a 500 and answers what the next attempt gets', async () => {
    const upstream = await hostile((count, _req, res) => (count === 1 ? json(res, 500, { code: 'InternalServiceError', message: 'boom' }) : json(res, 200, CHAIN_INFO)));
    expect(await upstream.client().chainInfo()).toEqual(CHAIN_INFO);
    expect(upstream.arrivals).toHaveLength(2);
  });

  it('fails with kind status after retries + 1 attempts of a 503', async () => {
    const upstream = await hostile((_count, _req, res) => json(res, 503, { code: 'ServiceUnavailable', message: 'db down' }));
    const error = await failure(upstream.client({ retries: 2 }).chainInfo());
    expect(error).toMatchObject({ kind: 'status', status: 503 });
    expect(error.message).toBe(`GET ${upstream.url}/chain/info: answered 503 ServiceUnavailable: db down (3 attempts)`);
    expect(upstream.arrivals).toHaveLength(3);
  });

  it('waits as long as Retry-After asks, capped at backoff.max', async () => {
    const upstream = await hostile((count, _req, res) => (count === 1 ? json(res, 429, { code: 'TooMany', message: 'slow down' }, { 'retry-after': '30' }) : json(res, 200, CHAIN_INFO)));
    await upstream.client({ backoff: { initial: 1, max: 300 } }).chainInfo();
    const waited = upstream.arrivals[1] - upstream.arrivals[0];
    expect(waited).toBeGreaterThanOrEqual(290);
    expect(waited).toBeLessThan(1_000);
  });

  it('fails with kind timeout after about `timeout` ms when the server never answers', async () => {
    const upstream = await hostile(() => undefined);
    const started = performance.now();
    const error = await failure(upstream.client({ timeout: 200, retries: 0 }).chainInfo());
    const elapsed = performance.now() - started;
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe(`GET ${upstream.url}/chain/info: no answer within 200 ms (1 attempt)`);
    expect(elapsed).toBeGreaterThanOrEqual(190);
    expect(elapsed).toBeLessThan(1_000);
  });

  it('fails with kind garbage at once, after one attempt, for an answer that is not JSON', async () => {
    const upstream = await hostile((_count, _req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>hello</html>'));
    const error = await failure(upstream.client().block(5));
    expect(error.kind).toBe('garbage');
    expect(error.message).toBe(`GET ${upstream.url}/blocks/5: the answer is not JSON`);
    expect(upstream.arrivals).toHaveLength(1);
  });

  it('fails with kind garbage for JSON of the wrong shape, naming the field', async () => {
    const upstream = await hostile((_count, req, res) => {
      if (req.url === '/blocks/5') json(res, 200, { block: {}, meta: {} });
      else if (req.url === '/blocks/6') json(res, 200, { block: { height: '7', previousBlockHash: 'AB'.repeat(32) }, meta: { hash: 'AB'.repeat(32) } });
      else json(res, 200, { ...CHAIN_INFO, height: 5 });
    });
    const client = upstream.client();
    expect((await failure(client.block(5))).message).toBe(`GET ${upstream.url}/blocks/5: the answer has no block.height`);
    expect((await failure(client.block(6))).message).toBe(`GET ${upstream.url}/blocks/6: the answer has block.height "7", not "6"`);
    const error = await failure(client.chainInfo());
    expect(error.kind).toBe('garbage');
    expect(error.message).toBe(`GET ${upstream.url}/chain/info: the answer has height 5, not a decimal string`);
    expect(upstream.arrivals).toHaveLength(3);
  });

  it('answers undefined for a 404 of block(h), and throws other 4xx at once', async () => {
    const upstream = await hostile((_count, req, res) =>
      req.url === '/blocks/9' ? json(res, 404, { code: 'ResourceNotFound', message: "no resource exists with id '9'" }) : json(res, 409, { code: 'InvalidArgument', message: 'height has an invalid format' }),
    );
    const client = upstream.client();
    expect(await client.block(9)).toBeUndefined();
    const error = await failure(client.chainInfo());
    expect(error).toMatchObject({ kind: 'status', status: 409 });
    expect(error.message).toBe(`GET ${upstream.url}/chain/info: answered 409 InvalidArgument: height has an invalid format`);
    expect((await failure(client.get('/node/info', (value) => value))).status).toBe(409);
    expect(upstream.arrivals).toHaveLength(3);
  });

  it('fails with kind unreachable after retries when the connection is refused', async () => {
    const closed = await hostile(() => undefined);
    servers.pop()!.close();
    const error = await failure(new UpstreamClient({ url: closed.url, retries: 2, backoff: { initial: 10, max: 20 } }).chainInfo());
    expect(error.kind).toBe('unreachable');
    expect(error.message).toMatch(new RegExp(`^GET ${closed.url}/chain/info: the upstream is unreachable \\(.*ECONNREFUSED.*\\) \\(3 attempts\\)$`));
  });

  it('stops paging at an upstream that answers another page than the one asked for', async () => {
    const upstream = await hostile((_count, _req, res) => json(res, 200, { data: Array.from({ length: 100 }, () => ({})), pagination: { pageNumber: 1, pageSize: 100 } }));
    const pages: unknown[][] = [];
    const error = await failure((async () => {
      for await (const page of upstream.client().pages('/accounts', (value) => value)) pages.push(page);
    })());
    expect(pages).toHaveLength(1);
    expect(error.message).toBe(`GET ${upstream.url}/accounts?pageSize=100&pageNumber=2: the answer has pagination.pageNumber 1, not 2`);
  });

  it('pages /blocks by the size the upstream uses, and refuses a page that skips a height', async () => {
    // An upstream of 130 blocks that pages by at most 50, with height 77 missing when `gap` is set.
    let gap = false;
    const upstream = await hostile((_count, req, res) => {
      const query = new URL(req.url!, 'http://x').searchParams;
      const size = Math.min(50, Number(query.get('pageSize')));
      const first = (Number(query.get('pageNumber')) - 1) * size + 1;
      const heights = Array.from({ length: size }, (_, i) => first + i).filter((height) => height <= 130 && !(gap && height === 77));
      const blocks = heights.map((height) => ({ block: { height: String(height), previousBlockHash: 'AB'.repeat(32) }, meta: { hash: 'CD'.repeat(32) } }));
      json(res, 200, { data: blocks, pagination: { pageNumber: Number(query.get('pageNumber')), pageSize: size } });
    });
    const client = upstream.client();
    expect((await client.blocks(120, 20)).map((block) => block.block.height)).toEqual(Array.from({ length: 11 }, (_, i) => String(120 + i)));
    expect((await client.blocks(40, 15)).map((block) => Number(block.block.height))).toEqual(Array.from({ length: 15 }, (_, i) => 40 + i));
    gap = true;
    const error = await failure(client.blocks(60, 30));
    expect(error.kind).toBe('garbage');
    expect(error.message).toMatch(/the answer has data\[26\]\.block\.height "78", not 77$/);
  });

  it('keeps to maxRequestsPerSecond over all calls: 12 requests at 10 a second take over a second', async () => {
    const upstream = await hostile((_count, _req, res) => json(res, 200, CHAIN_INFO));
    const client = upstream.client({ maxRequestsPerSecond: 10 });
    await Promise.all(Array.from({ length: 12 }, () => client.chainInfo()));
    const arrivals = upstream.arrivals;
    expect(arrivals).toHaveLength(12);
    expect(arrivals[11] - arrivals[0]).toBeGreaterThanOrEqual(1_000);
    for (const start of arrivals) expect(arrivals.filter((time) => time >= start && time < start + 1_000).length).toBeLessThanOrEqual(11);
  });

  it('keeps at most maxInFlight requests out at once, over all calls', async () => {
    let open = 0;
    let most = 0;
    const upstream = await hostile((_count, _req, res) => {
      most = Math.max(most, ++open);
      setTimeout(() => {
        open--;
        json(res, 200, CHAIN_INFO);
      }, 30);
    });
    const client = upstream.client({ maxRequestsPerSecond: 1_000, maxInFlight: 3 });
    await Promise.all(Array.from({ length: 12 }, () => client.chainInfo()));
    expect(upstream.arrivals).toHaveLength(12);
    expect(most).toBe(3);
    expect(() => upstream.client({ maxInFlight: 0 })).toThrow(/maxInFlight must be a whole number from 1, not 0/);
  });

  it('rejects every pending call with kind aborted when its signal is aborted', async () => {
    const upstream = await hostile(() => undefined);
    const controller = new AbortController();
    // One request in flight, two waiting for their turn.
    const client = upstream.client({ signal: controller.signal, maxRequestsPerSecond: 2 });
    const calls = [client.chainInfo(), client.block(1), client.nodeInfo()].map(failure);
    await until(() => upstream.arrivals.length === 1);
    const started = performance.now();
    controller.abort();
    const errors = await Promise.all(calls);
    expect(errors.map((error) => error.kind)).toEqual(['aborted', 'aborted', 'aborted']);
    expect(errors[1].message).toBe(`GET ${upstream.url}/blocks/1: aborted`);
    expect(performance.now() - started).toBeLessThan(200);
    expect(upstream.arrivals).toHaveLength(1);
    expect((await failure(client.chainInfo())).kind).toBe('aborted');
  });
});
