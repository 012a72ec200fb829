/**
 * `GET /mosaics`, `GET /mosaics/{mosaicId}` and `POST /mosaics` over the in-memory chain,
 * with mosaics defined, redefined and resupplied by real signed transactions.
 */
import { Address, generateMosaicId } from 'symbol-sdk/symbol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GatewayBackend } from '../../../src/index.js';
import type { ChainAccount } from '../../../src/memory/chain/identity.js';
import type { InMemoryChain } from '../../../src/in-memory-chain.js';
import { confirm, hex, signedBy } from '../../support/announce.js';
import { startGateway, testChain } from '../../support/server.js';
import type { Signed } from '../../support/signing.js';

type Server = Awaited<ReturnType<typeof startGateway>>;

const JSON_HEADERS = { 'content-type': 'application/json' };

interface Definition {
  nonce: number;
  flags: string;
  divisibility: number;
  duration: bigint;
}

function mosaicIdOf(owner: ChainAccount, nonce: number): bigint {
  return generateMosaicId(new Address(owner.address), nonce);
}

function define(chain: InMemoryChain, owner: ChainAccount, { nonce, flags, divisibility, duration }: Definition): Signed {
  return signedBy(chain, owner, { type: 'mosaic_definition_transaction_v1', nonce, flags, divisibility, duration });
}

function changeSupply(chain: InMemoryChain, owner: ChainAccount, mosaicId: bigint, action: 'increase' | 'decrease', delta: bigint): Signed {
  return signedBy(chain, owner, { type: 'mosaic_supply_change_transaction_v1', mosaicId, delta, action });
}

async function post(server: Server, body: unknown) {
  return server.request('POST', '/mosaics', { body: JSON.stringify(body), headers: JSON_HEADERS });
}

describe('GET /mosaics/{mosaicId}', () => {
  let server: Server;
  let chain: InMemoryChain;
  let a: ChainAccount;

  beforeAll(async () => {
    // Inflation from height 3 on, so the currency's supply grows.
    server = await startGateway({ backend: testChain({ rules: { inflation: [[2n, 0n], [3n, 1_000n]] } }) });
    chain = server.chain;
    [a] = chain.fundedAccounts;
  });
  afterAll(() => server.close());

  const mosaic = async (id: bigint | string) => {
    const reply = await server.get(`/mosaics/${typeof id === 'string' ? id : hex(id)}`);
    expect(reply.status).toBe(200);
    return reply.body;
  };

  it('shows a definition with no supply, then the supply after each change, the owner holding it', async () => {
    const id = mosaicIdOf(a, 1);
    const height = await confirm(server, define(chain, a, { nonce: 1, flags: 'supply_mutable transferable restrictable', divisibility: 3, duration: 1_000n }));
    const defined = await mosaic(id);
    expect(defined.id).toMatch(/^[0-9a-f]{24}$/i);
    expect(defined.mosaic).toEqual({
      version: 1,
      id: hex(id),
      supply: '0',
      startHeight: height.toString(),
      ownerAddress: a.addressHex,
      revision: 1,
      flags: 7,
      divisibility: 3,
      duration: '1000',
    });
    await confirm(server, changeSupply(chain, a, id, 'increase', 5_000n));
    expect((await mosaic(id)).mosaic).toMatchObject({ supply: '5000', startHeight: height.toString(), revision: 1 });
    await confirm(server, changeSupply(chain, a, id, 'decrease', 1_200n), changeSupply(chain, a, id, 'increase', 1n));
    const changed = await mosaic(id);
    expect(changed.mosaic).toMatchObject({ supply: '3801', revision: 1, duration: '1000' });
    // The entry keeps its id; the owner holds the whole supply.
    expect(changed.id).toBe(defined.id);
    const { account } = (await server.get(`/accounts/${a.address}`)).body;
    expect(account.mosaics.find((held: any) => held.id === hex(id))).toEqual({ id: hex(id), amount: '3801' });
  });

  it('shows a redefinition as a new revision: flags and divisibility changed by xor, the duration added', async () => {
    const id = mosaicIdOf(a, 2);
    const height = await confirm(server, define(chain, a, { nonce: 2, flags: 'none', divisibility: 1, duration: 100n }));
    await confirm(server, define(chain, a, { nonce: 2, flags: 'transferable', divisibility: 3, duration: 50n }));
    expect((await mosaic(id)).mosaic).toMatchObject({ revision: 2, flags: 2, divisibility: 2, duration: '150', startHeight: height.toString(), supply: '0' });
  });

  it('shows the currency: owned by the nemesis account, eternal, its supply the initial one plus each block\'s inflation', async () => {
    while (chain.height < 5n) chain.harvest();
    const { mosaic: currency } = await mosaic(chain.currency.mosaicId);
    const inflated = 1_000n * (chain.height - 2n); // 1 000 per block from height 3 on
    expect(currency).toEqual({
      version: 1,
      id: chain.currency.mosaicId,
      supply: (chain.rules.initialCurrencyAtomicUnits + inflated).toString(),
      startHeight: '1',
      ownerAddress: chain.nemesisAccount.addressHex,
      revision: 1,
      flags: 2,
      divisibility: 6,
      duration: '0',
    });
    chain.harvest();
    expect((await mosaic(chain.currency.mosaicId)).mosaic.supply).toBe((chain.rules.initialCurrencyAtomicUnits + inflated + 1_000n).toString());
  });

  it('finds an id given in lowercase', async () => {
    expect((await mosaic(chain.currency.mosaicId.toLowerCase())).mosaic.id).toBe(chain.currency.mosaicId);
  });

  it('answers 404 for an id no mosaic has (the currency\'s alias included)', async () => {
    for (const id of ['0123456789ABCDEF', chain.currency.aliasId]) {
      const reply = await server.get(`/mosaics/${id}`);
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ code: 'ResourceNotFound', message: `no resource exists with id '${id}'` });
    }
  });

  it('answers 409 for an id that is not 16 hex characters', async () => {
    for (const id of ['xyz', '0123456789ABCDE', '0123456789ABCDEF0', '0123456789ABCDEG']) {
      const reply = await server.get(`/mosaics/${id}`);
      expect(reply.status, id).toBe(409);
      expect(reply.body.code).toBe('InvalidArgument');
      expect(reply.body.message).toContain('mosaicId');
    }
  });
});

/** a defines 12 mosaics, b one; a's first one gets a supply. */
describe('GET /mosaics and POST /mosaics', () => {
  let server: Server;
  let chain: InMemoryChain;
  let a: ChainAccount;
  let b: ChainAccount;
  let aIds: string[];
  let bId: string;

  beforeAll(async () => {
    server = await startGateway({ backend: testChain() });
    chain = server.chain;
    [a, b] = chain.fundedAccounts;
    const nonces = Array.from({ length: 12 }, (_, i) => 10 + i);
    aIds = nonces.map((nonce) => hex(mosaicIdOf(a, nonce)));
    bId = hex(mosaicIdOf(b, 0));
    await confirm(server, ...nonces.map((nonce) => define(chain, a, { nonce, flags: 'transferable', divisibility: 0, duration: 0n })));
    await confirm(server, define(chain, b, { nonce: 0, flags: 'supply_mutable', divisibility: 6, duration: 20n }), changeSupply(chain, a, mosaicIdOf(a, 10), 'increase', 77n));
  });
  afterAll(() => server.close());

  const page = async (query: string) => {
    const reply = await server.get(`/mosaics?${query}`);
    expect(reply.status).toBe(200);
    return reply.body as { data: any[]; pagination: any };
  };
  const ids = (data: any[]) => data.map((info) => info.mosaic.id);

  it('lists every mosaic, newest first, with exact totals', async () => {
    const all = await page('pageSize=100');
    expect(ids(all.data)).toEqual([bId, ...[...aIds].reverse(), chain.currency.mosaicId]);
    expect(all.pagination).toEqual({ pageNumber: 1, pageSize: 100, totalEntries: 14, totalPages: 1 });
    expect(ids((await page('pageSize=100&order=asc')).data)).toEqual([chain.currency.mosaicId, ...aIds, bId]);
    const entryIds = all.data.map((info) => info.id);
    expect(entryIds).toEqual([...entryIds].sort().reverse());
  });

  it('pages: page 2 is the slice of the full list, and an offset pages past its entry', async () => {
    const full = (await page('pageSize=100&order=asc')).data;
    const second = await page('pageSize=10&pageNumber=2&order=asc');
    expect(second.data).toEqual(full.slice(10));
    expect(second.pagination).toEqual({ pageNumber: 2, pageSize: 10, totalEntries: 14, totalPages: 2 });
    expect((await page(`order=asc&offset=${full[2].id}`)).data).toEqual(full.slice(3, 13));
    expect((await page(`offset=${full[2].id}`)).data).toEqual(full.slice(0, 2).reverse());
  });

  it('filters by ownerAddress', async () => {
    const ofA = await page(`ownerAddress=${a.address}&pageSize=100&order=asc`);
    expect(ids(ofA.data)).toEqual(aIds);
    expect(ofA.pagination.totalEntries).toBe(12);
    for (const info of ofA.data) expect(info.mosaic.ownerAddress).toBe(a.addressHex);
    expect(ids((await page(`ownerAddress=${b.address}`)).data)).toEqual([bId]);
    expect(ids((await page(`ownerAddress=${chain.nemesisAccount.address}`)).data)).toEqual([chain.currency.mosaicId]);
    expect(await page(`ownerAddress=${chain.fundedAccounts[2].address}`)).toEqual({ data: [], pagination: { pageNumber: 1, pageSize: 10, totalEntries: 0, totalPages: 0 } });
  });

  it('lists the same entries as GET /mosaics/{mosaicId}', async () => {
    const listed = (await page(`ownerAddress=${b.address}`)).data[0];
    expect(listed).toEqual((await server.get(`/mosaics/${bId}`)).body);
    expect(listed.mosaic).toMatchObject({ flags: 1, divisibility: 6, duration: '20', supply: '0', revision: 1 });
    expect((await server.get(`/mosaics/${aIds[0]}`)).body.mosaic.supply).toBe('77');
  });

  it('answers 409 for a bad ownerAddress or an orderBy other than id', async () => {
    for (const [query, text] of [['ownerAddress=TABC', 'ownerAddress'], [`ownerAddress=${a.addressHex}`, 'ownerAddress'], ['orderBy=balance', 'sorting by balance is not allowed']]) {
      const reply = await server.get(`/mosaics?${query}`);
      expect(reply.status, query).toBe(409);
      expect(reply.body.message).toContain(text);
    }
  });

  it('POST /mosaics answers the mosaics in the order asked, each once, leaving unknown ones out', async () => {
    const reply = await post(server, { mosaicIds: [bId, '0123456789ABCDEF', aIds[3].toLowerCase(), bId, chain.currency.mosaicId] });
    expect(reply.status).toBe(200);
    expect(ids(reply.body)).toEqual([bId, aIds[3], chain.currency.mosaicId]);
    expect(reply.body[0]).toEqual((await server.get(`/mosaics/${bId}`)).body);
    expect((await post(server, { mosaicIds: [] })).body).toEqual([]);
  });

  it('POST /mosaics takes 100 ids at most', async () => {
    expect(ids((await post(server, { mosaicIds: Array(100).fill(bId) })).body)).toEqual([bId]);
    const reply = await post(server, { mosaicIds: Array(101).fill(bId) });
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual({ code: 'InvalidArgument', message: 'at most 100 mosaicIds per request' });
  });

  it('POST /mosaics answers 409 without a list of 16-hex strings', async () => {
    for (const body of [{}, { mosaicIds: bId }, { mosaicIds: [1] }, { mosaicIds: [bId, 'xyz'] }, { mosaicId: [bId] }]) {
      const reply = await post(server, body);
      expect(reply.status, JSON.stringify(body)).toBe(409);
      expect(reply.body.message).toContain('mosaicIds');
    }
  });
});

describe('mosaic routes without a mosaic repository', () => {
  it('answers 404 on GET /mosaics, GET /mosaics/{mosaicId} and POST /mosaics', async () => {
    const chain = testChain();
    const backend: GatewayBackend = { blocks: chain.blocks, chain: chain.chain, node: chain.node, network: chain.network };
    const server = await startGateway({ backend });
    for (const [method, path] of [['GET', '/mosaics'], ['GET', `/mosaics/${chain.currency.mosaicId}`], ['POST', '/mosaics']]) {
      const reply = await server.request(method, path, method === 'POST' ? { body: JSON.stringify({ mosaicIds: [chain.currency.mosaicId] }), headers: JSON_HEADERS } : {});
      expect(reply.status, `${method} ${path}`).toBe(404);
      expect(reply.body.code).toBe('ResourceNotFound');
    }
    await server.close();
    chain.close();
  });
});
