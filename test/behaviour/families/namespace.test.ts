/**
 * `GET /namespaces`, `GET /namespaces/{namespaceId}` and the names routes over the in-memory
 * chain, with namespaces registered, nested and aliased by real signed transactions, beside
 * the `symbol` and `symbol.xym` namespaces of the nemesis block.
 */
import { Address, generateMosaicId, generateNamespaceId } from 'symbol-sdk/symbol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GatewayBackend } from '../../../src/index.js';
import type { ChainAccount } from '../../../src/memory/chain/identity.js';
import type { InMemoryChain } from '../../../src/in-memory-chain.js';
import { confirm, hex, signedBy } from '../../support/announce.js';
import { startGateway, testChain } from '../../support/server.js';

type Server = Awaited<ReturnType<typeof startGateway>>;

const JSON_HEADERS = { 'content-type': 'application/json' };
const ETERNAL = '18446744073709551615';
const NO_PARENT = '0000000000000000';

const root = (chain: InMemoryChain, owner: ChainAccount, name: string, duration: bigint) =>
  signedBy(chain, owner, { type: 'namespace_registration_transaction_v1', registrationType: 'root', name, duration });
const child = (chain: InMemoryChain, owner: ChainAccount, parentId: bigint, name: string) =>
  signedBy(chain, owner, { type: 'namespace_registration_transaction_v1', registrationType: 'child', parentId, name });
const linkMosaic = (chain: InMemoryChain, owner: ChainAccount, namespaceId: bigint, mosaicId: bigint, aliasAction = 'link') =>
  signedBy(chain, owner, { type: 'mosaic_alias_transaction_v1', namespaceId, mosaicId, aliasAction });
const linkAddress = (chain: InMemoryChain, owner: ChainAccount, namespaceId: bigint, address: string, aliasAction = 'link') =>
  signedBy(chain, owner, { type: 'address_alias_transaction_v1', namespaceId, address, aliasAction });

async function post(server: Server, path: string, body: unknown) {
  return server.request('POST', path, { body: JSON.stringify(body), headers: JSON_HEADERS });
}

/**
 * a registers alpha (20 blocks), alpha.beta, alpha.beta.gamma; b registers bravo (10 blocks)
 * and bravo.one. alpha is a's mosaic's alias, alpha.beta and alpha.beta.gamma stand for c,
 * bravo for b. Grace period 5 blocks.
 */
describe('namespaces over a chain of registrations and aliases', () => {
  let server: Server;
  let chain: InMemoryChain;
  let a: ChainAccount, b: ChainAccount, c: ChainAccount;
  const ids = { alpha: 0n, beta: 0n, gamma: 0n, bravo: 0n, one: 0n, symbol: generateNamespaceId('symbol'), xym: 0n };
  let mosaicId: bigint;
  let registered: bigint; // the roots' height
  let nested: bigint; // the children's height

  beforeAll(async () => {
    server = await startGateway({ backend: testChain({ rules: { minNamespaceDuration: 10n, namespaceGracePeriod: 5n } }) });
    chain = server.chain;
    [a, b, c] = chain.fundedAccounts;
    ids.alpha = generateNamespaceId('alpha');
    ids.beta = generateNamespaceId('beta', ids.alpha);
    ids.gamma = generateNamespaceId('gamma', ids.beta);
    ids.bravo = generateNamespaceId('bravo');
    ids.one = generateNamespaceId('one', ids.bravo);
    ids.xym = generateNamespaceId('xym', ids.symbol);
    mosaicId = generateMosaicId(new Address(a.address), 0);
    registered = await confirm(server,
      root(chain, a, 'alpha', 20n),
      root(chain, b, 'bravo', 10n),
      signedBy(chain, a, { type: 'mosaic_definition_transaction_v1', nonce: 0, flags: 'transferable', divisibility: 0, duration: 0n }),
    );
    nested = await confirm(server, child(chain, a, ids.alpha, 'beta'), child(chain, a, ids.beta, 'gamma'), child(chain, b, ids.bravo, 'one'));
    await confirm(server,
      linkMosaic(chain, a, ids.alpha, mosaicId),
      linkAddress(chain, a, ids.beta, c.address),
      linkAddress(chain, a, ids.gamma, c.address),
      linkAddress(chain, b, ids.bravo, b.address),
    );
  });
  afterAll(() => server.close());

  const page = async (query: string) => {
    const reply = await server.get(`/namespaces?${query}`);
    expect(reply.status, query).toBe(200);
    return reply.body as { data: any[]; pagination: any };
  };
  /** The namespace ids (16 hex) a filter selects, newest first. */
  const selected = async (query: string) => (await page(`${query}&pageSize=100`)).data.map((info) => info.namespace.level2 ?? info.namespace.level1 ?? info.namespace.level0);
  const idsOf = (...names: (keyof typeof ids)[]) => names.map((name) => hex(ids[name]));

  describe('GET /namespaces', () => {
    it('lists every namespace, newest first, with exact totals', async () => {
      const all = await page('pageSize=100');
      expect(all.data.map((info) => info.namespace.level2 ?? info.namespace.level1 ?? info.namespace.level0)).toEqual(idsOf('one', 'gamma', 'beta', 'bravo', 'alpha', 'xym', 'symbol'));
      expect(all.pagination).toEqual({ pageNumber: 1, pageSize: 100, totalEntries: 7, totalPages: 1 });
      const ascending = await page('pageSize=100&order=asc');
      expect(ascending.data).toEqual([...all.data].reverse());
      const second = await page('pageSize=10&pageNumber=2');
      expect(second).toEqual({ data: [], pagination: { pageNumber: 2, pageSize: 10, totalEntries: 7, totalPages: 1 } });
      expect((await page(`order=asc&offset=${ascending.data[1].id}`)).data).toEqual(ascending.data.slice(2));
    });

    it('filters by ownerAddress', async () => {
      expect(await selected(`ownerAddress=${a.address}`)).toEqual(idsOf('gamma', 'beta', 'alpha'));
      expect(await selected(`ownerAddress=${b.address}`)).toEqual(idsOf('one', 'bravo'));
      expect(await selected(`ownerAddress=${chain.nemesisAccount.address}`)).toEqual(idsOf('xym', 'symbol'));
      expect(await selected(`ownerAddress=${c.address}`)).toEqual([]);
    });

    it('filters by registrationType', async () => {
      expect(await selected('registrationType=0')).toEqual(idsOf('bravo', 'alpha', 'symbol'));
      expect(await selected('registrationType=1')).toEqual(idsOf('one', 'gamma', 'beta', 'xym'));
    });

    it('filters by level0: a root and everything under it', async () => {
      expect(await selected(`level0=${hex(ids.alpha)}`)).toEqual(idsOf('gamma', 'beta', 'alpha'));
      expect(await selected(`level0=${hex(ids.symbol).toLowerCase()}`)).toEqual(idsOf('xym', 'symbol'));
      // A child's id is no level0.
      expect(await selected(`level0=${hex(ids.beta)}`)).toEqual([]);
    });

    it('filters by aliasType', async () => {
      expect(await selected('aliasType=0')).toEqual(idsOf('one', 'symbol'));
      expect(await selected('aliasType=1')).toEqual(idsOf('alpha', 'xym'));
      expect(await selected('aliasType=2')).toEqual(idsOf('gamma', 'beta', 'bravo'));
    });

    it('combines filters', async () => {
      expect(await selected(`ownerAddress=${a.address}&registrationType=1`)).toEqual(idsOf('gamma', 'beta'));
      expect(await selected(`ownerAddress=${a.address}&registrationType=0&aliasType=1`)).toEqual(idsOf('alpha'));
      expect(await selected(`level0=${hex(ids.bravo)}&aliasType=2`)).toEqual(idsOf('bravo'));
      expect(await selected(`level0=${hex(ids.alpha)}&registrationType=1&aliasType=2`)).toEqual(idsOf('gamma', 'beta'));
      expect(await selected('registrationType=1&aliasType=1')).toEqual(idsOf('xym'));
      expect(await selected(`ownerAddress=${b.address}&aliasType=1`)).toEqual([]);
      expect(await selected(`ownerAddress=${b.address}&level0=${hex(ids.alpha)}`)).toEqual([]);
      const all = await page(`ownerAddress=${chain.nemesisAccount.address}&level0=${hex(ids.symbol)}&registrationType=0&aliasType=0`);
      expect(all.data.map((info) => info.namespace.level0)).toEqual(idsOf('symbol'));
      expect(all.pagination.totalEntries).toBe(1);
    });

    it('answers 409 naming the parameter for a bad filter value', async () => {
      for (const [query, name] of [
        ['registrationType=2', 'registrationType'],
        ['registrationType=root', 'registrationType'],
        ['aliasType=3', 'aliasType'],
        ['aliasType=-1', 'aliasType'],
        ['level0=xyz', 'level0'],
        ['level0=0123456789ABCDEF0', 'level0'],
        ['ownerAddress=TABC', 'ownerAddress'],
        ['ownerAddress=1&aliasType=1', 'ownerAddress'],
      ]) {
        const reply = await server.get(`/namespaces?${query}`);
        expect(reply.status, query).toBe(409);
        expect(reply.body.code).toBe('InvalidArgument');
        expect(reply.body.message, query).toContain(name);
      }
      expect((await server.get('/namespaces?orderBy=name')).body.message).toBe('sorting by name is not allowed');
    });
  });

  describe('GET /namespaces/{namespaceId}', () => {
    const get = async (id: bigint) => {
      const reply = await server.get(`/namespaces/${hex(id)}`);
      expect(reply.status).toBe(200);
      return reply.body;
    };

    it('shows a root: depth 1, no parent, its alias, start and end (registration + duration + grace period)', async () => {
      const alpha = await get(ids.alpha);
      expect(alpha.id).toMatch(/^[0-9a-f]{24}$/i);
      expect(alpha.meta).toEqual({ active: true, index: 0 });
      expect(alpha.namespace).toEqual({
        version: 1,
        registrationType: 0,
        depth: 1,
        level0: hex(ids.alpha),
        alias: { type: 1, mosaicId: hex(mosaicId) },
        parentId: NO_PARENT,
        ownerAddress: a.addressHex,
        startHeight: registered.toString(),
        endHeight: (registered + 20n + 5n).toString(),
      });
      expect((await get(ids.bravo)).namespace).toMatchObject({ alias: { type: 2, address: b.addressHex }, endHeight: (registered + 10n + 5n).toString() });
    });

    it('shows a child: its depth, every level, its parent, and its root\'s lifetime', async () => {
      expect((await get(ids.gamma)).namespace).toEqual({
        version: 1,
        registrationType: 1,
        depth: 3,
        level0: hex(ids.alpha),
        level1: hex(ids.beta),
        level2: hex(ids.gamma),
        alias: { type: 2, address: c.addressHex },
        parentId: hex(ids.beta),
        ownerAddress: a.addressHex,
        startHeight: registered.toString(),
        endHeight: (registered + 25n).toString(),
      });
      const one = await get(ids.one);
      expect(one.namespace).toMatchObject({ depth: 2, level0: hex(ids.bravo), level1: hex(ids.one), parentId: hex(ids.bravo), alias: { type: 0 }, startHeight: registered.toString() });
      expect(one.namespace).not.toHaveProperty('level2');
      // Registered a block after its root, it still shares the root's start.
      expect(nested).toBe(registered + 1n);
    });

    it('shows the nemesis block\'s symbol and symbol.xym: eternal, xym the currency\'s alias', async () => {
      const symbol = await get(ids.symbol);
      expect(symbol.meta.active).toBe(true);
      expect(symbol.namespace).toEqual({
        version: 1,
        registrationType: 0,
        depth: 1,
        level0: hex(ids.symbol),
        alias: { type: 0 },
        parentId: NO_PARENT,
        ownerAddress: chain.nemesisAccount.addressHex,
        startHeight: '1',
        endHeight: ETERNAL,
      });
      const xym = await get(ids.xym);
      expect(hex(ids.xym)).toBe(chain.currency.aliasId);
      expect(xym.namespace).toEqual({
        version: 1,
        registrationType: 1,
        depth: 2,
        level0: hex(ids.symbol),
        level1: hex(ids.xym),
        alias: { type: 1, mosaicId: chain.currency.mosaicId },
        parentId: hex(ids.symbol),
        ownerAddress: chain.nemesisAccount.addressHex,
        startHeight: '1',
        endHeight: ETERNAL,
      });
    });

    it('lists the same entries as GET /namespaces', async () => {
      const listed = (await page(`level0=${hex(ids.alpha)}&pageSize=100`)).data;
      expect(listed).toEqual([await get(ids.gamma), await get(ids.beta), await get(ids.alpha)]);
    });

    it('answers 404 for an id no namespace has', async () => {
      const id = hex(generateNamespaceId('nobody'));
      const reply = await server.get(`/namespaces/${id}`);
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ code: 'ResourceNotFound', message: `no resource exists with id '${id}'` });
    });

    it('answers 409 for an id that is not 16 hex characters', async () => {
      for (const id of ['alpha', '0123456789ABCDE', '0123456789ABCDEFA']) {
        const reply = await server.get(`/namespaces/${id}`);
        expect(reply.status, id).toBe(409);
        expect(reply.body.message).toContain('namespaceId');
      }
    });
  });

  describe('POST /namespaces/names', () => {
    it('names a namespace and then its parents; a root has no parentId', async () => {
      const reply = await post(server, '/namespaces/names', { namespaceIds: [hex(ids.gamma)] });
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual([
        { id: hex(ids.gamma), name: 'gamma', parentId: hex(ids.beta) },
        { id: hex(ids.beta), name: 'beta', parentId: hex(ids.alpha) },
        { id: hex(ids.alpha), name: 'alpha' },
      ]);
      expect((await post(server, '/namespaces/names', { namespaceIds: [hex(ids.xym).toLowerCase()] })).body).toEqual([
        { id: hex(ids.xym), name: 'xym', parentId: hex(ids.symbol) },
        { id: hex(ids.symbol), name: 'symbol' },
      ]);
    });

    it('lists what was asked first, then the parents, each once; unknown ids are left out', async () => {
      const reply = await post(server, '/namespaces/names', { namespaceIds: [hex(ids.one), hex(generateNamespaceId('nobody')), hex(ids.beta), hex(ids.one)] });
      const names = reply.body.map((entry: any) => entry.name);
      expect(names).toHaveLength(4);
      expect(new Set(names.slice(0, 2))).toEqual(new Set(['one', 'beta']));
      expect(new Set(names.slice(2))).toEqual(new Set(['bravo', 'alpha']));
      expect(reply.body.find((entry: any) => entry.name === 'bravo')).toEqual({ id: hex(ids.bravo), name: 'bravo' });
      expect((await post(server, '/namespaces/names', { namespaceIds: [] })).body).toEqual([]);
    });

    it('answers 409 for a bad list, a bad id, or more than 100 ids', async () => {
      for (const body of [{}, { namespaceIds: hex(ids.alpha) }, { namespaceIds: [7] }, { namespaceIds: ['alpha'] }, { namespaceIds: Array(101).fill(hex(ids.alpha)) }]) {
        const reply = await post(server, '/namespaces/names', body);
        expect(reply.status).toBe(409);
        expect(reply.body.message).toContain('namespaceIds');
      }
    });
  });

  describe('POST /namespaces/account/names', () => {
    it('gives the full names standing for each address asked, one entry per address, [] for none', async () => {
      const reply = await post(server, '/namespaces/account/names', { addresses: [c.address, a.address, b.address, c.address] });
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({
        accountNames: [
          { address: c.addressHex, names: ['alpha.beta', 'alpha.beta.gamma'] },
          { address: a.addressHex, names: [] },
          { address: b.addressHex, names: ['bravo'] },
          { address: c.addressHex, names: ['alpha.beta', 'alpha.beta.gamma'] },
        ],
      });
      expect((await post(server, '/namespaces/account/names', { addresses: [] })).body).toEqual({ accountNames: [] });
    });

    it('answers 409 for a bad address or more than 100', async () => {
      for (const body of [{}, { addresses: [a.addressHex] }, { addresses: ['TABC'] }, { addresses: Array(101).fill(a.address) }, { publicKeys: [a.publicKey] }]) {
        const reply = await post(server, '/namespaces/account/names', body);
        expect(reply.status, JSON.stringify(body).slice(0, 40)).toBe(409);
        expect(reply.body.message).toContain('addresses');
      }
    });
  });

  describe('POST /namespaces/mosaic/names', () => {
    it('gives the full names standing for each mosaic asked, one entry per id, [] for none', async () => {
      const unknown = '0123456789ABCDEF';
      const reply = await post(server, '/namespaces/mosaic/names', { mosaicIds: [chain.currency.mosaicId, hex(mosaicId).toLowerCase(), unknown, chain.currency.mosaicId] });
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({
        mosaicNames: [
          { mosaicId: chain.currency.mosaicId, names: ['symbol.xym'] },
          { mosaicId: hex(mosaicId), names: ['alpha'] },
          { mosaicId: unknown, names: [] },
          { mosaicId: chain.currency.mosaicId, names: ['symbol.xym'] },
        ],
      });
    });

    it('answers 409 for a bad id or more than 100', async () => {
      for (const body of [{}, { mosaicIds: ['xyz'] }, { mosaicIds: [1] }, { mosaicIds: Array(101).fill(chain.currency.mosaicId) }]) {
        const reply = await post(server, '/namespaces/mosaic/names', body);
        expect(reply.status).toBe(409);
        expect(reply.body.message).toContain('mosaicIds');
      }
    });
  });
});

describe('a namespace through its lifetime', () => {
  it('stays active with its names through the grace period, and its names go when it ends', async () => {
    const server = await startGateway({ backend: testChain({ rules: { minNamespaceDuration: 10n, namespaceGracePeriod: 3n } }) });
    const { chain } = server;
    const [a] = chain.fundedAccounts;
    const id = generateNamespaceId('short');
    const start = await confirm(server, root(chain, a, 'short', 10n));
    await confirm(server, linkAddress(chain, a, id, a.address));
    const names = async () => (await post(server, '/namespaces/account/names', { addresses: [a.address] })).body.accountNames[0].names;
    expect(await names()).toEqual(['short']);
    // Its duration ends at start + 10; the grace period runs to start + 13.
    while (chain.height < start + 12n) chain.harvest();
    const inGrace = (await server.get(`/namespaces/${hex(id)}`)).body;
    expect(inGrace.meta.active).toBe(true);
    expect(inGrace.namespace).toMatchObject({ startHeight: start.toString(), endHeight: (start + 13n).toString(), alias: { type: 2, address: a.addressHex } });
    expect(await names()).toEqual(['short']);
    chain.harvest(); // start + 13: gone
    expect(await names()).toEqual([]);
    expect((await server.get(`/namespaces?ownerAddress=${a.address}`)).body.data.filter((info: any) => info.meta.active)).toEqual([]);
    await server.close();
  });

  it('loses its alias names when the alias is unlinked', async () => {
    const server = await startGateway({ backend: testChain({ rules: { minNamespaceDuration: 10n } }) });
    const { chain } = server;
    const [a] = chain.fundedAccounts;
    const id = generateNamespaceId('unlinked');
    const mosaicId = generateMosaicId(new Address(a.address), 5);
    await confirm(server, root(chain, a, 'unlinked', 10n), signedBy(chain, a, { type: 'mosaic_definition_transaction_v1', nonce: 5, flags: 'transferable', divisibility: 0, duration: 0n }));
    await confirm(server, linkMosaic(chain, a, id, mosaicId));
    const names = async () => (await post(server, '/namespaces/mosaic/names', { mosaicIds: [hex(mosaicId)] })).body.mosaicNames[0].names;
    expect(await names()).toEqual(['unlinked']);
    await confirm(server, linkMosaic(chain, a, id, mosaicId, 'unlink'));
    expect(await names()).toEqual([]);
    expect((await server.get(`/namespaces/${hex(id)}`)).body.namespace.alias).toEqual({ type: 0 });
    expect((await server.get(`/namespaces?aliasType=1&ownerAddress=${a.address}`)).body.data).toEqual([]);
    await server.close();
  });
});

describe('namespace routes without a namespace repository', () => {
  it('answers 404 on every namespace route', async () => {
    const chain = testChain();
    const backend: GatewayBackend = { blocks: chain.blocks, chain: chain.chain, node: chain.node, network: chain.network };
    const server = await startGateway({ backend });
    const [a] = chain.fundedAccounts;
    const routes: [string, string, unknown?][] = [
      ['GET', '/namespaces'],
      ['GET', `/namespaces/${chain.currency.aliasId}`],
      ['POST', '/namespaces/names', { namespaceIds: [chain.currency.aliasId] }],
      ['POST', '/namespaces/account/names', { addresses: [a.address] }],
      ['POST', '/namespaces/mosaic/names', { mosaicIds: [chain.currency.mosaicId] }],
    ];
    for (const [method, path, body] of routes) {
      const reply = await server.request(method, path, body ? { body: JSON.stringify(body), headers: JSON_HEADERS } : {});
      expect(reply.status, `${method} ${path}`).toBe(404);
      expect(reply.body.code).toBe('ResourceNotFound');
    }
    await server.close();
    chain.close();
  });
});
