/**
 * `GET /accounts`, `GET /accounts/{accountId}` and `POST /accounts` over the in-memory chain,
 * with state built from real signed transactions (mosaic definitions, supply changes,
 * transfers) harvested into blocks.
 */
import { Address, generateMosaicId } from 'symbol-sdk/symbol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GatewayBackend } from '../../../src/index.js';
import type { ChainAccount } from '../../../src/memory/chain/identity.js';
import type { InMemoryChain } from '../../../src/in-memory-chain.js';
import { confirm, hex, signedBy, unfundedAccount } from '../../support/announce.js';
import { startGateway, testChain } from '../../support/server.js';
import type { Signed } from '../../support/signing.js';

type Server = Awaited<ReturnType<typeof startGateway>>;

const JSON_HEADERS = { 'content-type': 'application/json' };
const ZERO_KEY = '0'.repeat(64);

/** A transfer of the currency (by its `symbol.xym` alias) and of other mosaics (by id). */
function pay(chain: InMemoryChain, from: ChainAccount, to: ChainAccount, mosaics: [bigint, bigint][]): Signed {
  const sorted = [...mosaics].sort(([a], [b]) => (a < b ? -1 : 1));
  return signedBy(chain, from, { type: 'transfer_transaction_v1', recipientAddress: to.address, mosaics: sorted.map(([mosaicId, amount]) => ({ mosaicId, amount })) });
}

/** The nonce of `owner`'s first mosaic whose id sorts before `than` (16 hex). */
function nonceSortingBefore(owner: ChainAccount, than: string): number {
  for (let nonce = 0; ; nonce++) if (hex(generateMosaicId(new Address(owner.address), nonce)) < than) return nonce;
}

async function post(server: Server, path: string, body: unknown) {
  return server.request('POST', path, { body: typeof body === 'string' ? body : JSON.stringify(body), headers: JSON_HEADERS });
}

const XYM = 0xe74b99ba41f4afeen;

/**
 * One chain for the collection and lookup routes: 30 funded accounts; `a` defines two
 * mosaics (`low` sorts before the currency) and hands out `low` so that a 350, d 300,
 * b 300, e 50, and c, who had 100, gave it all back; two newcomers got currency, and
 * one of them signed a transfer since.
 */
describe('accounts over a chain of transfers and mosaics', () => {
  let server: Server;
  let chain: InMemoryChain;
  let a: ChainAccount, b: ChainAccount, c: ChainAccount, d: ChainAccount, e: ChainAccount;
  let signer: ChainAccount; // a newcomer who signed a transfer
  let silent: ChainAccount; // a newcomer who only received
  let low: string; // a's mosaic whose id sorts before the currency's
  let high: string;
  let currency: string;
  const heights: bigint[] = [];

  beforeAll(async () => {
    server = await startGateway({ backend: testChain({ accountCount: 30 }) });
    chain = server.chain;
    [a, b, c, d, e] = chain.fundedAccounts;
    currency = chain.currency.mosaicId;
    signer = unfundedAccount(chain, 'accounts/signer');
    silent = unfundedAccount(chain, 'accounts/silent');
    const lowNonce = nonceSortingBefore(a, currency);
    const lowId = generateMosaicId(new Address(a.address), lowNonce);
    const highId = generateMosaicId(new Address(a.address), lowNonce + 1);
    low = hex(lowId);
    high = hex(highId);
    const define = (nonce: number) => signedBy(chain, a, { type: 'mosaic_definition_transaction_v1', nonce, flags: 'supply_mutable transferable', divisibility: 0, duration: 0n });
    const supply = (mosaicId: bigint, delta: bigint) => signedBy(chain, a, { type: 'mosaic_supply_change_transaction_v1', mosaicId, delta, action: 'increase' });
    heights.push(await confirm(server,
      define(lowNonce), define(lowNonce + 1), supply(lowId, 1000n), supply(highId, 500n),
      pay(chain, a, signer, [[XYM, 5_000_000n]]), pay(chain, a, silent, [[XYM, 7_000_000n]]),
    ));
    heights.push(await confirm(server,
      pay(chain, a, b, [[lowId, 300n]]), pay(chain, a, d, [[lowId, 300n]]), pay(chain, a, e, [[lowId, 50n]]), pay(chain, a, c, [[lowId, 100n]]),
    ));
    heights.push(await confirm(server, pay(chain, c, a, [[lowId, 100n]]), pay(chain, signer, b, [[XYM, 1_000_000n]])));
  });
  afterAll(() => server.close());

  const page = async (query: string) => {
    const reply = await server.get(`/accounts?${query}`);
    expect(reply.status).toBe(200);
    return reply.body as { data: any[]; pagination: { pageNumber: number; pageSize: number; totalEntries: number; totalPages: number } };
  };
  const addresses = (data: any[]) => data.map((info) => info.account.address);
  const amountOf = (info: any, mosaicId: string) => info.account.mosaics.find((mosaic: any) => mosaic.id === mosaicId)?.amount;

  describe('GET /accounts', () => {
    it('lists every account the chain knows, newest first, with exact totals', async () => {
      // The nemesis account, 30 funded accounts, 3 harvesters, the three sinks (named in the nemesis block: the harvest
      // network sink by catapult's nemesis notification publisher, before each of its transactions) and the two newcomers: 39.
      const known = [chain.nemesisAccount, ...chain.fundedAccounts, ...chain.harvesters, chain.sinks.mosaicRental, chain.sinks.namespaceRental, chain.sinks.harvestNetworkFee, signer, silent];
      const all = await page('pageSize=100');
      expect(all.pagination).toEqual({ pageNumber: 1, pageSize: 100, totalEntries: 39, totalPages: 1 });
      expect(new Set(addresses(all.data))).toEqual(new Set(known.map((account) => account.addressHex)));
      const ids = all.data.map((info) => info.id);
      expect(ids).toEqual([...ids].sort().reverse());
      for (const id of ids) expect(id).toMatch(/^[0-9a-f]{24}$/i);
      // The newest appeared in block 2, in its transactions' order; every other one in the nemesis block.
      expect(addresses(all.data.slice(0, 2))).toEqual([silent.addressHex, signer.addressHex]);
      expect(all.data.slice(2).every((info) => info.account.addressHeight === '1')).toBe(true);
      const ascending = await page('pageSize=100&order=asc');
      expect(ascending.data).toEqual([...all.data].reverse());
      expect((await server.get('/node/storage')).body.numAccounts).toBe(39);
    });

    it('pages deep: any page is the slice of the full list, and the totals are exact', async () => {
      const full = await page('pageSize=100&order=asc');
      for (const [pageNumber, slice] of [[1, [0, 10]], [3, [20, 30]], [4, [30, 39]], [5, [39, 39]]] as const) {
        const one = await page(`pageSize=10&pageNumber=${pageNumber}&order=asc`);
        expect(one.data).toEqual(full.data.slice(...slice));
        expect(one.pagination).toEqual({ pageNumber, pageSize: 10, totalEntries: 39, totalPages: 4 });
      }
      const descending = await page('pageSize=10&pageNumber=2');
      expect(descending.data).toEqual([...full.data].reverse().slice(10, 20));
      // An offset (an entry id) pages strictly past it.
      const after = await page(`pageSize=10&order=asc&offset=${full.data[24].id}`);
      expect(after.data).toEqual(full.data.slice(25, 35));
      expect(after.pagination.totalEntries).toBe(14);
    });

    it('filters by address', async () => {
      const one = await page(`address=${b.address}`);
      expect(addresses(one.data)).toEqual([b.addressHex]);
      expect(one.pagination.totalEntries).toBe(1);
      const unknown = unfundedAccount(chain, 'accounts/unknown');
      expect(await page(`address=${unknown.address}`)).toEqual({ data: [], pagination: { pageNumber: 1, pageSize: 10, totalEntries: 0, totalPages: 0 } });
      // With a mosaic the account does not hold, nothing.
      expect((await page(`address=${c.address}&mosaicId=${low}`)).data).toEqual([]);
      expect(addresses((await page(`address=${b.address}&mosaicId=${low}`)).data)).toEqual([b.addressHex]);
    });

    it('filters by mosaicId: the accounts holding it now (not one whose balance went to 0)', async () => {
      const holders = await page(`mosaicId=${low}`);
      expect(new Set(addresses(holders.data))).toEqual(new Set([a, b, d, e].map((account) => account.addressHex)));
      expect(holders.pagination.totalEntries).toBe(4);
      expect(addresses((await page(`mosaicId=${high}`)).data)).toEqual([a.addressHex]);
      expect((await page('mosaicId=0123456789ABCDEF')).pagination.totalEntries).toBe(0);
      // Lowercase ids are the same ids.
      expect((await page(`mosaicId=${low.toLowerCase()}`)).pagination.totalEntries).toBe(4);
    });

    it('sorts by the balance of mosaicId, richest first, ties by id in the same direction', async () => {
      const richest = await page(`mosaicId=${low}&orderBy=balance`);
      expect(addresses(richest.data)).toEqual([a, d, b, e].map((account) => account.addressHex));
      expect(richest.data.map((info) => amountOf(info, low))).toEqual(['350', '300', '300', '50']);
      const poorest = await page(`mosaicId=${low}&orderBy=balance&order=asc`);
      expect(addresses(poorest.data)).toEqual([e, b, d, a].map((account) => account.addressHex));
      // b and d tie at 300: by id, b (funded first) before d ascending.
      expect(poorest.data[1].id < poorest.data[2].id).toBe(true);
      // Entries carry every mosaic of the account, not only the sorted one.
      expect(richest.data[0].account.mosaics.map((mosaic: any) => mosaic.id)).toEqual([currency, ...[low, high].sort()]);
    });

    it('takes offset as an amount when sorting by balance: entries strictly past it', async () => {
      const below300 = await page(`mosaicId=${low}&orderBy=balance&offset=300`);
      expect(addresses(below300.data)).toEqual([e.addressHex]);
      expect(below300.pagination.totalEntries).toBe(1);
      const above300 = await page(`mosaicId=${low}&orderBy=balance&order=asc&offset=300`);
      expect(addresses(above300.data)).toEqual([a.addressHex]);
      expect(addresses((await page(`mosaicId=${low}&orderBy=balance&offset=350`)).data)).toEqual([d, b, e].map((account) => account.addressHex));
      // An amount nobody holds has its place too.
      expect(addresses((await page(`mosaicId=${low}&orderBy=balance&order=asc&offset=51`)).data)).toEqual([b, d, a].map((account) => account.addressHex));
      expect((await page(`mosaicId=${low}&orderBy=balance&offset=50`)).data).toEqual([]);
    });

    it('pages the currency holders by balance as slices of the full order', async () => {
      const query = `mosaicId=${currency}&orderBy=balance`;
      const full = await page(`${query}&pageSize=100`);
      const amounts = full.data.map((info) => BigInt(amountOf(info, currency)));
      for (let i = 1; i < amounts.length; i++) {
        expect(amounts[i - 1] >= amounts[i]).toBe(true);
        if (amounts[i - 1] === amounts[i]) expect(full.data[i - 1].id > full.data[i].id).toBe(true);
      }
      // The nemesis account holds most of the currency; the namespace rental sink (no namespace was rented) holds none.
      expect(full.data[0].account.address).toBe(chain.nemesisAccount.addressHex);
      expect(addresses(full.data)).not.toContain(chain.sinks.namespaceRental.addressHex);
      expect(full.pagination.totalEntries).toBe(38);
      const holders = full.pagination.totalEntries;
      expect(holders).toBe(full.data.length);
      const second = await page(`${query}&pageSize=10&pageNumber=2`);
      expect(second.data).toEqual(full.data.slice(10, 20));
      expect(second.pagination).toEqual({ pageNumber: 2, pageSize: 10, totalEntries: holders, totalPages: Math.ceil(holders / 10) });
      const ascending = await page(`${query}&pageSize=10&pageNumber=2&order=asc`);
      expect(ascending.data).toEqual([...full.data].reverse().slice(10, 20));
    });

    it('answers 409 when sorting by balance without a mosaicId', async () => {
      const reply = await server.get('/accounts?orderBy=balance');
      expect(reply.status).toBe(409);
      expect(reply.body).toEqual({ code: 'InvalidArgument', message: 'mosaicId must be provided when sorting by balance' });
    });

    it('answers 409 for an offset that is not an amount when sorting by balance', async () => {
      const anId = (await page('pageSize=10')).data[0].id;
      for (const offset of ['abc', '-1', anId, '18446744073709551616']) {
        const reply = await server.get(`/accounts?mosaicId=${low}&orderBy=balance&offset=${offset}`);
        expect(reply.status, offset).toBe(409);
        expect(reply.body.code).toBe('InvalidArgument');
        expect(reply.body.message).toMatch(/^offset /);
      }
    });

    it('answers 409 for a bad address, mosaicId or orderBy', async () => {
      for (const [query, parameter] of [['address=TNOTANADDRESS', 'address'], ['mosaicId=XYZ', 'mosaicId'], ['mosaicId=123', 'mosaicId'], ['orderBy=importance', 'importance']]) {
        const reply = await server.get(`/accounts?${query}`);
        expect(reply.status, query).toBe(409);
        expect(reply.body.message).toContain(parameter);
      }
    });
  });

  describe('GET /accounts/{accountId}', () => {
    it('finds the same account by address and by public key', async () => {
      const byAddress = await server.get(`/accounts/${a.address}`);
      const byKey = await server.get(`/accounts/${a.publicKey}`);
      const byLowercaseKey = await server.get(`/accounts/${a.publicKey.toLowerCase()}`);
      expect(byAddress.status).toBe(200);
      expect(byKey.body).toEqual(byAddress.body);
      expect(byLowercaseKey.body).toEqual(byAddress.body);
      expect(byAddress.body.account.address).toBe(a.addressHex);
      expect(byAddress.body.account.publicKey).toBe(a.publicKey);
    });

    it('finds by public key an account whose key the chain never saw, when its address holds funds', async () => {
      for (const account of [b, silent]) {
        const reply = await server.get(`/accounts/${account.publicKey}`);
        expect(reply.status).toBe(200);
        expect(reply.body.account).toMatchObject({ address: account.addressHex, publicKey: ZERO_KEY, publicKeyHeight: '0' });
      }
    });

    it('answers 404 for an address or public key the chain never saw', async () => {
      const unknown = unfundedAccount(chain, 'accounts/never-seen');
      for (const id of [unknown.address, unknown.publicKey]) {
        const reply = await server.get(`/accounts/${id}`);
        expect(reply.status).toBe(404);
        expect(reply.body).toEqual({ code: 'ResourceNotFound', message: `no resource exists with id '${id}'` });
      }
    });

    it('answers 409 for an id that is neither an address nor a public key', async () => {
      const badChecksum = a.address.slice(0, 38) + (a.address[38] === 'A' ? 'B' : 'A');
      for (const id of ['garbage', a.address.slice(0, 38), `${a.address}A`, a.publicKey.slice(1), `${a.publicKey.slice(1)}G`, badChecksum, a.addressHex]) {
        const reply = await server.get(`/accounts/${id}`);
        expect(reply.status, id).toBe(409);
        expect(reply.body.code).toBe('InvalidArgument');
        expect(reply.body.message).toContain('accountId');
      }
    });
  });

  describe('POST /accounts', () => {
    it('answers the addresses in the order asked, each once, leaving unknown ones out', async () => {
      const unknown = unfundedAccount(chain, 'accounts/post-unknown');
      const reply = await post(server, '/accounts', { addresses: [d.address, a.address, unknown.address, d.address, silent.address] });
      expect(reply.status).toBe(200);
      expect(addresses(reply.body)).toEqual([d, a, silent].map((account) => account.addressHex));
      expect(reply.body[1]).toEqual((await server.get(`/accounts/${a.address}`)).body);
    });

    it('answers the public keys in the order asked, each once, leaving unknown ones out', async () => {
      const unknown = unfundedAccount(chain, 'accounts/post-unknown-key');
      const reply = await post(server, '/accounts', { publicKeys: [silent.publicKey, unknown.publicKey, b.publicKey.toLowerCase(), silent.publicKey, a.publicKey] });
      expect(reply.status).toBe(200);
      expect(addresses(reply.body)).toEqual([silent, b, a].map((account) => account.addressHex));
    });

    it('answers [] for an empty list and 100 keys at most', async () => {
      expect((await post(server, '/accounts', { addresses: [] })).body).toEqual([]);
      const hundred = await post(server, '/accounts', { addresses: Array(100).fill(a.address) });
      expect(addresses(hundred.body)).toEqual([a.addressHex]);
      const tooMany = await post(server, '/accounts', { addresses: Array(101).fill(a.address) });
      expect(tooMany.status).toBe(409);
      expect(tooMany.body).toEqual({ code: 'InvalidArgument', message: 'at most 100 addresses per request' });
    });

    it('answers 409 for both lists, neither, a list that is not of strings, or a malformed entry', async () => {
      for (const body of [
        { addresses: [a.address], publicKeys: [a.publicKey] },
        {},
        { addresses: [1] },
        { addresses: a.address },
        { publicKeys: [a.publicKey, null] },
        { addresses: ['TNOTANADDRESS'] },
        { publicKeys: [a.address] },
      ]) {
        const reply = await post(server, '/accounts', body);
        expect(reply.status, JSON.stringify(body)).toBe(409);
        expect(reply.body.code).toBe('InvalidArgument');
      }
    });

    it('answers 400 for a body that is not JSON', async () => {
      const reply = await post(server, '/accounts', '{"addresses": [');
      expect(reply.status).toBe(400);
      expect(reply.body.code).toBe('InvalidContent');
    });
  });

  describe('account fields', () => {
    it('lists the currency first, then the other mosaics by id', async () => {
      expect(low < currency).toBe(true);
      const { account } = (await server.get(`/accounts/${a.address}`)).body;
      expect(account.mosaics.map((mosaic: any) => mosaic.id)).toEqual([currency, ...[low, high].sort()]);
      expect(account.mosaics.slice(1).map((mosaic: any) => [mosaic.id, mosaic.amount])).toEqual([[low, '350'], [high, '500']].sort());
      // The currency balance is what the chain's ledger holds.
      expect(account.mosaics[0].amount).toBe(chain.ledger.balance(a.addressHex, currency).toString());
    });

    it('no longer lists a mosaic whose balance went to 0', async () => {
      const { account } = (await server.get(`/accounts/${c.address}`)).body;
      expect(account.mosaics.map((mosaic: any) => mosaic.id)).toEqual([currency]);
    });

    it('shows a zero public key and publicKeyHeight 0 until the account signs; then its key and that height', async () => {
      const third = heights[2];
      const silentInfo = (await server.get(`/accounts/${silent.address}`)).body.account;
      expect(silentInfo).toEqual({
        version: 1,
        address: silent.addressHex,
        addressHeight: heights[0].toString(),
        publicKey: ZERO_KEY,
        publicKeyHeight: '0',
        accountType: 0,
        supplementalPublicKeys: {},
        activityBuckets: [],
        mosaics: [{ id: currency, amount: '7000000' }],
        importance: '0',
        importanceHeight: '0',
      });
      const signerInfo = (await server.get(`/accounts/${signer.address}`)).body.account;
      expect(signerInfo).toMatchObject({ addressHeight: heights[0].toString(), publicKey: signer.publicKey, publicKeyHeight: third.toString() });
      // It paid 1 XYM and the fee (100 × the transfer's size) out of its 5 XYM.
      const fee = (await server.get(`/blocks/${third}`)).body.block.feeMultiplier;
      expect(fee).toBe(100);
      const paid = BigInt(signerInfo.mosaics[0].amount);
      expect(5_000_000n - 1_000_000n - paid).toBe(BigInt(fee) * BigInt(pay(chain, signer, b, [[XYM, 1_000_000n]]).transaction.size));
      // A funded account that signs shows the height of its first transaction.
      expect((await server.get(`/accounts/${a.address}`)).body.account).toMatchObject({ publicKey: a.publicKey, publicKeyHeight: heights[0].toString(), addressHeight: '1' });
      expect((await server.get(`/accounts/${c.address}`)).body.account).toMatchObject({ publicKey: c.publicKey, publicKeyHeight: third.toString() });
    });
  });
});

describe('an account whose mosaic balance goes to 0', () => {
  it('leaves the mosaicId filter and its mosaic list at that block', async () => {
    const server = await startGateway({ backend: testChain() });
    const { chain } = server;
    const [a, b] = chain.fundedAccounts;
    const mosaicId = generateMosaicId(new Address(a.address), 7);
    await confirm(server,
      signedBy(chain, a, { type: 'mosaic_definition_transaction_v1', nonce: 7, flags: 'transferable', divisibility: 0, duration: 0n }),
      signedBy(chain, a, { type: 'mosaic_supply_change_transaction_v1', mosaicId, delta: 10n, action: 'increase' }),
    );
    await confirm(server, pay(chain, a, b, [[mosaicId, 4n]]));
    const holders = async () => (await server.get(`/accounts?mosaicId=${hex(mosaicId)}&orderBy=balance`)).body.data.map((info: any) => [info.account.address, info.account.mosaics.find((m: any) => m.id === hex(mosaicId))?.amount]);
    expect(await holders()).toEqual([[a.addressHex, '6'], [b.addressHex, '4']]);
    await confirm(server, pay(chain, b, a, [[mosaicId, 4n]]));
    expect(await holders()).toEqual([[a.addressHex, '10']]);
    expect((await server.get(`/accounts/${b.address}`)).body.account.mosaics.map((mosaic: any) => mosaic.id)).toEqual([chain.currency.mosaicId]);
    await server.close();
  });
});

describe('account importance', () => {
  /** Currency balances of every account (address hex → amount), from `/accounts`. */
  async function balances(server: Server): Promise<Map<string, bigint>> {
    const { data } = (await server.get(`/accounts?pageSize=100&mosaicId=${server.chain.currency.mosaicId}`)).body;
    return new Map(data.map((info: any) => [info.account.address, BigInt(info.account.mosaics[0].amount)]));
  }

  /**
   * catapult's PosImportanceCalculator where no account has any activity yet (the nemesis block): the stake part
   * totalChainImportance × balance × (100 − importanceActivityPercentage) ÷ (eligible balance × 100), scaled by
   * 100 ÷ (100 − importanceActivityPercentage), each step rounded down, for every account holding at least minHarvesterBalance.
   */
  function expectedImportances(chain: InMemoryChain, held: Map<string, bigint>): Map<string, bigint> {
    const { totalChainImportance, minHarvesterBalance } = chain.rules;
    const activity = BigInt(chain.rules.importanceActivityPercentage);
    const eligible = [...held].filter(([, balance]) => balance >= minHarvesterBalance);
    const total = eligible.reduce((sum, [, balance]) => sum + balance, 0n);
    return new Map(eligible.map(([address, balance]) => [address, (((totalChainImportance * balance * (100n - activity)) / (total * 100n)) * 100n) / (100n - activity)]));
  }

  it("gives funded accounts catapult's stake importance from the first block (PosImportanceCalculator, no activity yet)", async () => {
    // A total importance that does not divide evenly, so the rounding shows.
    const server = await startGateway({ backend: testChain({ rules: { totalChainImportance: 1_000_000_007n }, accountBalance: 3_000_000_000_000n }) });
    const { chain } = server;
    const held = await balances(server);
    const expected = expectedImportances(chain, held);
    expect(expected.size).toBe(1 + chain.fundedAccounts.length + chain.harvesters.length);
    for (const [address, importance] of expected) {
      const { account } = (await server.get(`/accounts/${Address.fromDecodedAddressHexString(address)}`)).body;
      expect(account.importance, address).toBe(importance.toString());
      expect(account.importanceHeight).toBe('1');
      // Five buckets, the empty ones as zeros, as catapult's mongo mapper writes a high-value account's.
      const empty = { startHeight: '0', totalFeesPaid: '0', beneficiaryCount: 0, rawScore: '0' };
      expect(account.activityBuckets).toEqual([{ startHeight: '1', totalFeesPaid: '0', beneficiaryCount: 0, rawScore: importance.toString() }, empty, empty, empty, empty]);
    }
    const funded = expected.get(chain.fundedAccounts[0].addressHex)!;
    // Rounded down twice: 363 384 × 100 ÷ 95, not 1 000 000 007 × 3 000 000 000 000 ÷ the supply (382 510).
    expect(chain.rules.importanceActivityPercentage).toBe(5);
    expect(funded).toBe(382_509n);
    // Blocks before the next importance grouping change nothing.
    chain.harvest();
    chain.harvest();
    expect((await server.get(`/accounts/${chain.fundedAccounts[0].address}`)).body.account).toMatchObject({ importance: '382509', importanceHeight: '1' });
    await server.close();
  });

  it('gives no importance to accounts below minHarvesterBalance: the nemesis account holds it all', async () => {
    const server = await startGateway({ backend: testChain({ accountBalance: 9_999_999_999n }) });
    const { chain } = server;
    expect(chain.rules.minHarvesterBalance).toBe(10_000_000_000n);
    const funded = (await server.get(`/accounts/${chain.fundedAccounts[0].address}`)).body.account;
    expect(funded).toMatchObject({ importance: '0', importanceHeight: '0', activityBuckets: [] });
    const nemesis = (await server.get(`/accounts/${chain.nemesisAccount.address}`)).body.account;
    expect(nemesis).toMatchObject({ importance: chain.rules.totalChainImportance.toString(), importanceHeight: '1' });
    await server.close();
  });

  it("recalculates importances at each importance grouping (catapult's PosImportanceCalculator): the new score is the period's bucket's, the importance at most the previous period's", async () => {
    const server = await startGateway({ backend: testChain({ importanceGrouping: 3 }) });
    const { chain } = server;
    const [a, b] = chain.fundedAccounts;
    await confirm(server, pay(chain, a, b, [[XYM, 400_000_000_000n]]));
    const before = (await server.get(`/accounts/${b.address}`)).body.account;
    expect(before).toMatchObject({ importance: '1000000000000', importanceHeight: '1' });
    chain.harvest(); // height 3: an importance block
    const scores = new Map<string, bigint>();
    for (const account of [a, b, chain.harvesters[0], chain.nemesisAccount]) {
      const info = (await server.get(`/accounts/${account.address}`)).body.account;
      expect(info.importanceHeight).toBe('3');
      expect(info.activityBuckets[0]).toMatchObject({ startHeight: '3' });
      expect(info.activityBuckets[1]).toMatchObject({ startHeight: '1' });
      const score = BigInt(info.activityBuckets[0].rawScore);
      const previous = BigInt(info.activityBuckets[1].rawScore);
      // The importance an account gets is the lower of this period's score and the previous one's.
      expect(info.importance, account.address).toBe((score < previous ? score : previous).toString());
      scores.set(account.addressHex, score);
    }
    // b's score grew with its balance (but its importance stays the previous period's).
    expect(scores.get(b.addressHex)! > BigInt(before.activityBuckets[0].rawScore)).toBe(true);
    expect((await server.get(`/accounts/${b.address}`)).body.account.importance).toBe('1000000000000');
    // a, the one account that paid a fee, has an activity part on top of its stake part.
    const held = await balances(server);
    const eligible = [...held.values()].filter((balance) => balance >= chain.rules.minHarvesterBalance).reduce((sum, balance) => sum + balance, 0n);
    const stakeOfA = (chain.rules.totalChainImportance * held.get(a.addressHex)! * 95n) / (eligible * 100n);
    expect(scores.get(a.addressHex)! > stakeOfA).toBe(true);
    // The chain's scores share totalChainImportance (each rounded down, the fees a paid counted in its activity part).
    const { data } = (await server.get('/accounts?pageSize=100')).body;
    const total = data.reduce((sum: bigint, info: any) => sum + (info.account.importanceHeight === '3' ? BigInt(info.account.activityBuckets[0].rawScore) : 0n), 0n);
    expect(total <= chain.rules.totalChainImportance && total > chain.rules.totalChainImportance - BigInt(data.length)).toBe(true);
    await server.close();
  });

  it('takes the importance snapshot of an account that falls below minHarvesterBalance at the next grouping: shown as no importance and no buckets', async () => {
    const server = await startGateway({ backend: testChain({ importanceGrouping: 3 }) });
    const { chain } = server;
    const [a, b] = chain.fundedAccounts;
    const held = (await balances(server)).get(a.addressHex)!;
    await confirm(server, pay(chain, a, b, [[XYM, held - chain.rules.minHarvesterBalance / 2n]]));
    expect((await server.get(`/accounts/${a.address}`)).body.account).toMatchObject({ importanceHeight: '1' });
    chain.harvest(); // height 3: an importance block
    expect((await server.get(`/accounts/${a.address}`)).body.account).toMatchObject({ importance: '0', importanceHeight: '0', activityBuckets: [] });
    await server.close();
  });
});

describe('account routes without an account repository', () => {
  it('answers 404 on GET /accounts, GET /accounts/{accountId} and POST /accounts', async () => {
    const chain = testChain();
    const backend: GatewayBackend = { blocks: chain.blocks, chain: chain.chain, node: chain.node, network: chain.network };
    const server = await startGateway({ backend });
    const [a] = chain.fundedAccounts;
    for (const [method, path] of [['GET', '/accounts'], ['GET', `/accounts/${a.address}`], ['POST', '/accounts']]) {
      const reply = await server.request(method, path, method === 'POST' ? { body: JSON.stringify({ addresses: [a.address] }), headers: JSON_HEADERS } : {});
      expect(reply.status, `${method} ${path}`).toBe(404);
      expect(reply.body.code).toBe('ResourceNotFound');
    }
    // The routes the backend has still answer.
    expect((await server.get('/blocks/1')).status).toBe(200);
    await server.close();
    chain.close();
  });
});
