/**
 * The Rosetta (Mesh) Data API's network and account routes, over the in-memory chain and over
 * a PostgreSQL reader a writer fills from that chain: every answer is checked against the Mesh
 * OpenAPI schema; the network's head, genesis and options; balances equal to
 * `/accounts/{address}` after transfers and mosaic activity (currency first, a `currencies`
 * filter, an account the chain never saw); and the Mesh errors (HTTP 500) of an unsupported
 * network, a bad address, a past block, a bad body, and a route that does not exist; a
 * throttled request and CORS headers as the REST routes have them; a balance read again when
 * the head moved while it was read.
 */
import { PublicKey } from 'symbol-sdk';
import { Network } from 'symbol-sdk/symbol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GatewayBackend } from '../../src/backend/index.js';
import type { InMemoryChain } from '../../src/in-memory-chain.js';
import { createPostgresBackend } from '../../src/postgres/backend.js';
import { ROSETTA_ERRORS } from '../../src/rosetta/index.js';
import { OPERATION_TYPES } from '../../src/rosetta/operations.js';
import { VERSION } from '../../src/version.js';
import { activity } from '../support/chain-activity.js';
import { expectMeshAnswer, meshPost } from '../support/mesh.js';
import { PostgresWriter } from '../../src/postgres/writer.js';
import { usePostgres } from '../support/postgres.js';
import { startGateway, testChain, type TestServer } from '../support/server.js';

const postgres = usePostgres();
/** What a setup leaves to close, last first. */
const cleanups: (() => Promise<unknown>)[] = [];

interface Setup {
  chain: InMemoryChain;
  server: TestServer;
  /** The Rosetta routes' base URL. */
  rosetta: string;
  /** Awaited before each request: what the chain did is readable. */
  settle(): Promise<void>;
}

/** A chain with a round of activity (transfers, a namespace, a mosaic and its supply, locks, aggregates). */
function activeChain(): InMemoryChain {
  const chain = testChain({ rules: { minNamespaceDuration: 5n } });
  activity(chain, 'rosetta');
  return chain;
}

const backends: Record<string, () => Promise<Setup>> = {
  'in-memory chain': async () => {
    const chain = activeChain();
    const server = await startGateway({ backend: chain, rosetta: true });
    return { chain, server, rosetta: `${server.base}/rosetta`, settle: async () => undefined };
  },
  'PostgreSQL reader': async () => {
    const chain = activeChain();
    const writer = await PostgresWriter.start(chain, { url: postgres().url, onError: () => undefined });
    cleanups.push(async () => chain.close(), () => writer.close());
    const server = await startGateway({ backend: createPostgresBackend({ url: postgres().url }), rosetta: true });
    const settle = async () => {
      await writer.flushed();
      await server.settle?.();
    };
    await settle();
    return { chain, server, rosetta: `${server.base}/rosetta`, settle };
  },
};

describe.each(Object.keys(backends))('Rosetta network and account routes over the %s', (name) => {
  let setup: Setup;
  let network: { blockchain: string; network: string };
  beforeAll(async () => {
    setup = await backends[name]!();
    network = { blockchain: 'Symbol', network: 'testnet' };
  }, 60_000);
  afterAll(async () => {
    await setup.server.close();
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  }, 60_000);

  const post = async (route: string, body: Record<string, unknown>) => {
    await setup.settle();
    return meshPost(setup.rosetta, route, body);
  };
  const balance = (address: string, extra: Record<string, unknown> = {}) => post('/account/balance', { network_identifier: network, account_identifier: { address }, ...extra });
  const restAccount = async (address: string) => (await setup.server.get(`/accounts/${address}`)).body.account.mosaics as { id: string; amount: string }[];

  it('lists the one network, and its options name what is supported', async () => {
    expect((await post('/network/list', {})).body).toEqual({ network_identifiers: [network] });
    const { status, body } = await post('/network/options', { network_identifier: network });
    expect(status).toBe(200);
    const nodeInfo = (await setup.server.get('/node/info')).body;
    const packed = nodeInfo.version as number;
    expect(body.version).toEqual({ rosetta_version: '1.5.1', node_version: [packed >>> 24, (packed >> 16) & 0xff, (packed >> 8) & 0xff, packed & 0xff].join('.'), middleware_version: VERSION });
    expect(body.allow).toMatchObject({ operation_statuses: [{ status: 'success', successful: true }], operation_types: [...OPERATION_TYPES], historical_balance_lookup: false, call_methods: [], balance_exemptions: [], mempool_coins: false });
    expect(body.allow.errors.map((error: { code: number }) => error.code)).toEqual(Object.values(ROSETTA_ERRORS).map((error) => error.code));
  });

  it('answers the head, its timestamp in Unix ms, the genesis block and the peers', async () => {
    const { body } = await post('/network/status', { network_identifier: network });
    const height = Number(setup.chain.height);
    const head = (await setup.server.get(`/blocks/${height}`)).body;
    const genesis = (await setup.server.get('/blocks/1')).body;
    const epoch = Number.parseInt((await setup.server.get('/network/properties')).body.network.epochAdjustment, 10);
    expect(body.current_block_identifier).toEqual({ index: height, hash: head.meta.hash });
    expect(body.current_block_timestamp).toBe(epoch * 1000 + Number(head.block.timestamp));
    expect(body.genesis_block_identifier).toEqual({ index: 1, hash: genesis.meta.hash });
    expect(body.peers).toEqual([]);
    setup.chain.harvest();
    expect((await post('/network/status', { network_identifier: network })).body.current_block_identifier.index).toBe(height + 1);
  });

  it('answers balances equal to /accounts/{address}: the currency first, then the other mosaics', async () => {
    const currency = (await setup.server.get('/network/properties')).body.chain.currencyMosaicId.replaceAll("'", '').slice(2).toUpperCase().padStart(16, '0');
    let mosaicsSeen = 0;
    for (const account of setup.chain.fundedAccounts.slice(0, 4)) {
      const { body } = await balance(account.address);
      const head = Number(setup.chain.height);
      expect(body.block_identifier.index).toBe(head);
      const rest = await restAccount(account.address);
      expect(body.balances[0].currency.metadata.id).toBe(currency);
      const answered = Object.fromEntries(body.balances.map((amount: { value: string; currency: { metadata: { id: string } } }) => [amount.currency.metadata.id, amount.value]));
      expect(answered).toEqual(Object.fromEntries(rest.map((mosaic) => [mosaic.id, mosaic.amount])));
      mosaicsSeen += rest.length;
    }
    // The round's own mosaic (1,000 of it, divisibility 0) is among them.
    expect(mosaicsSeen).toBeGreaterThan(4);
    const b = setup.chain.fundedAccounts[1]!;
    const own = (await balance(b.address)).body.balances.find((amount: { value: string }) => amount.value === '1000');
    // Named by its id with 0 decimals; a filter naming it so answers it alone.
    expect(own.currency).toEqual({ symbol: own.currency.metadata.id, decimals: 0, metadata: { id: own.currency.metadata.id } });
    expect((await balance(b.address, { currencies: [{ symbol: own.currency.metadata.id, decimals: 0 }] })).body.balances).toEqual([own]);
    expect((await balance(b.address)).body.balances[0].currency).toEqual({ symbol: 'symbol.xym', decimals: 6, metadata: { id: currency } });
  });

  it('follows a transfer, honours a currencies filter, and answers coins a mosaic each', async () => {
    const [a] = setup.chain.fundedAccounts;
    const before = (await balance(a!.address)).body.balances[0];
    const currency = before.currency;
    const { body } = await balance(a!.address, { currencies: [currency] });
    expect(body.balances).toEqual([before]);
    // A currency named otherwise than the gateway names it (not the currency's name, no mosaic id) is refused, not matched to nothing.
    const unnamed = await balance(a!.address, { currencies: [{ symbol: 'nothing', decimals: 0 }] });
    expect([unnamed.status, unnamed.body.code]).toEqual([500, ROSETTA_ERRORS.invalidRequestData.code]);
    expect(unnamed.body.details.reason).toContain('its id (16 uppercase hex) with 0 decimals');
    const coins = (await post('/account/coins', { network_identifier: network, account_identifier: { address: a!.address }, include_mempool: false })).body;
    expect(coins.coins[0]).toEqual({ coin_identifier: { identifier: currency.metadata.id }, amount: before });
  });

  it('answers a zero currency balance for an account the chain never saw', async () => {
    const { body } = await balance(unseenAddress(true));
    expect(body.balances).toHaveLength(1);
    expect(body.balances[0].value).toBe('0');
  });

  it('answers the head for a block_identifier naming it, a Mesh error for another block', async () => {
    const [a] = setup.chain.fundedAccounts;
    const head = (await post('/network/status', { network_identifier: network })).body.current_block_identifier;
    expect((await balance(a!.address, { block_identifier: { index: head.index } })).body.block_identifier).toEqual(head);
    expect((await balance(a!.address, { block_identifier: { hash: head.hash } })).body.block_identifier).toEqual(head);
    const past = await balance(a!.address, { block_identifier: { index: 1 } });
    expect(past.status).toBe(500);
    expect(past.body.code).toBe(ROSETTA_ERRORS.notSupported.code);
  });

  it('refuses an unsupported network, a bad address and a bad request with Mesh errors', async () => {
    const [a] = setup.chain.fundedAccounts;
    const other = await post('/account/balance', { network_identifier: { blockchain: 'Symbol', network: 'mainnet' }, account_identifier: { address: a!.address } });
    expect([other.status, other.body.code]).toEqual([500, ROSETTA_ERRORS.unsupportedNetwork.code]);
    const badChecksum = `${a!.address.slice(0, 38)}${a!.address[38] === 'A' ? 'B' : 'A'}`;
    for (const address of [badChecksum, unseenAddress(false), 'NOT-AN-ADDRESS']) {
      const { status, body } = await balance(address);
      expect([status, body.code]).toEqual([500, ROSETTA_ERRORS.invalidRequestData.code]);
      expect(body.details.reason).toContain(address);
    }
    const missing = await post('/account/balance', { network_identifier: network });
    expect([missing.status, missing.body.code, missing.body.details.reason]).toEqual([500, ROSETTA_ERRORS.invalidRequestData.code, 'account_identifier.address is required']);
    const sub = await post('/account/balance', { network_identifier: network, account_identifier: { address: a!.address, sub_account: { address: 'locked' } } });
    expect([sub.status, sub.body.code]).toEqual([500, ROSETTA_ERRORS.invalidRequestData.code]);
    const mempool = await post('/account/coins', { network_identifier: network, account_identifier: { address: a!.address }, include_mempool: true });
    expect([mempool.status, mempool.body.code]).toEqual([500, ROSETTA_ERRORS.notSupported.code]);
    const noNetwork = await post('/network/status', {});
    expect([noNetwork.status, noNetwork.body.code]).toEqual([500, ROSETTA_ERRORS.invalidRequestData.code]);
  });

  it('answers Mesh errors for failures before the handler: content type, JSON, size, method, unknown route', async () => {
    const raw = async (path: string, init: RequestInit) => {
      const response = await fetch(`${setup.rosetta}${path}`, init);
      const body = (await response.json()) as { code: number; details: { reason: string } };
      expectMeshAnswer('/network/list', response.status, body);
      return { status: response.status, body };
    };
    const json = { 'content-type': 'application/json' };
    const cases: [string, RequestInit, number][] = [
      ['/network/list', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' }, ROSETTA_ERRORS.invalidRequestData.code],
      ['/network/list', { method: 'POST', headers: json, body: '{"network' }, ROSETTA_ERRORS.invalidRequestData.code],
      ['/network/list', { method: 'POST', headers: json, body: '[1]' }, ROSETTA_ERRORS.invalidRequestData.code],
      ['/network/list', { method: 'POST', headers: json, body: JSON.stringify({ padding: 'x'.repeat(2_000_000) }) }, ROSETTA_ERRORS.invalidRequestData.code],
      ['/network/list', { method: 'GET' }, ROSETTA_ERRORS.invalidRequestData.code],
      ['/no/such/route', { method: 'POST', headers: json, body: '{}' }, ROSETTA_ERRORS.notFound.code],
    ];
    for (const [path, init, code] of cases) {
      const { status, body } = await raw(path, init);
      expect({ path, method: init.method, status, code: body.code }).toEqual({ path, method: init.method, status: 500, code });
      expect(typeof body.details.reason).toBe('string');
    }
    // The REST routes beside it keep their own error body.
    const rest = await fetch(`${setup.server.base}/blocks/abc`);
    expect(await rest.json()).toMatchObject({ code: 'InvalidArgument' });
  });
});

/** A valid address nobody used, of the test network (or of mainnet). */
function unseenAddress(testnet: boolean): string {
  return (testnet ? Network.TESTNET : Network.MAINNET).publicKeyToAddress(new PublicKey('11'.repeat(32))).toString();
}

describe('Rosetta routes under throttling and CORS', () => {
  it('answers a throttled request with a retriable Mesh error and Retry-After, and CORS headers as the REST routes do', async () => {
    const server = await startGateway({ rosetta: true, throttling: { burst: 2, rate: 0.01 }, cors: { origins: ['https://wallet.example'] } });
    try {
      const rosetta = `${server.base}/rosetta`;
      const headers = { 'content-type': 'application/json', origin: 'https://wallet.example' };
      const preflight = await fetch(`${rosetta}/network/list`, { method: 'OPTIONS', headers: { origin: 'https://wallet.example', 'access-control-request-method': 'POST' } });
      expect(preflight.headers.get('access-control-allow-origin')).toBe('https://wallet.example');
      const answered = await fetch(`${rosetta}/network/list`, { method: 'POST', headers, body: '{}' });
      expect([answered.status, answered.headers.get('access-control-allow-origin')]).toEqual([200, 'https://wallet.example']);
      const throttled = await fetch(`${rosetta}/network/list`, { method: 'POST', headers, body: '{}' });
      const body = (await throttled.json()) as { code: number; retriable: boolean };
      expectMeshAnswer('/network/list', throttled.status, body);
      expect([throttled.status, body.code, body.retriable]).toEqual([500, ROSETTA_ERRORS.tooManyRequests.code, true]);
      expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(throttled.headers.get('access-control-allow-origin')).toBe('https://wallet.example');
    } finally {
      await server.close();
    }
  });
});

describe('Rosetta routes at the root (rosetta: { path: "" })', () => {
  it('answers Mesh errors for POSTs to the Mesh route families, REST errors for the REST routes beside them', async () => {
    const server = await startGateway({ rosetta: { path: '' } });
    try {
      const json = { 'content-type': 'application/json' };
      expect((await meshPost(server.base, '/network/list', {})).status).toBe(200);
      const unknown = await fetch(`${server.base}/network/nothing`, { method: 'POST', headers: json, body: '{}' });
      const mesh = (await unknown.json()) as { code: number };
      expectMeshAnswer('/network/list', unknown.status, mesh);
      expect(mesh.code).toBe(ROSETTA_ERRORS.notFound.code);
      const badJson = await fetch(`${server.base}/account/balance`, { method: 'POST', headers: json, body: '{' });
      expect([badJson.status, ((await badJson.json()) as { code: number }).code]).toEqual([500, ROSETTA_ERRORS.invalidRequestData.code]);
      expect(await (await fetch(`${server.base}/blocks/abc`)).json()).toMatchObject({ code: 'InvalidArgument' });
      expect(await (await fetch(`${server.base}/network/nothing`)).json()).toMatchObject({ code: 'ResourceNotFound' });
      const restPost = await fetch(`${server.base}/accounts`, { method: 'POST', headers: json, body: '{' });
      expect([restPost.status, ((await restPost.json()) as { code: string }).code]).toEqual([400, 'InvalidContent']);
    } finally {
      await server.close();
    }
  });
});

describe('Rosetta balances read at one head', () => {
  /** A backend over `chain` whose account reads harvest a block first, `moves` times. */
  function movingBackend(chain: InMemoryChain, moves: number): GatewayBackend {
    let left = moves;
    const accounts = chain.accounts;
    return {
      ...chain,
      blocks: chain.blocks,
      chain: chain.chain,
      node: chain.node,
      network: chain.network,
      mosaics: chain.mosaics,
      namespaces: chain.namespaces,
      accounts: {
        search: (criteria) => accounts.search(criteria),
        find: (keys) => {
          if (left-- > 0) chain.harvest();
          return accounts.find(keys);
        },
      },
      close: () => chain.close(),
    } as GatewayBackend;
  }

  it('reads again when the head moved while reading, and gives up with a retriable error when it keeps moving', async () => {
    for (const [moves, outcome] of [[1, 'answered'], [10, 'sync']] as const) {
      const chain = testChain();
      const server = await startGateway({ backend: movingBackend(chain, moves), rosetta: true });
      try {
        const { status, body } = await meshPost(`${server.base}/rosetta`, '/account/balance', { network_identifier: { blockchain: 'Symbol', network: 'testnet' }, account_identifier: { address: chain.fundedAccounts[0]!.address } });
        if (outcome === 'answered') expect([status, body.block_identifier.index]).toEqual([200, Number(chain.height)]);
        else expect([status, body.code, body.retriable]).toEqual([500, ROSETTA_ERRORS.syncDuringOperation.code, true]);
      } finally {
        await server.close();
      }
    }
  });
});
