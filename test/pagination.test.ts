import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidArgumentError, parsePagination, toPage, type PageRequest } from '../src/index.js';
import type { BlockInfoDTO, BlockSearchCriteria } from '../src/index.js';
import { BlockStore } from '../src/memory/block-store.js';
import { startGateway, type Reply } from './support/server.js';

const parse = (query: string, orderBy: readonly string[] = ['height']): PageRequest =>
  parsePagination(new URLSearchParams(query), { orderBy });

/** Asserts that `run` throws a 409 InvalidArgumentError, with `message` when given. */
function expectInvalidArgument(run: () => unknown, message?: string): void {
  let thrown: unknown;
  try {
    run();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(InvalidArgumentError);
  const error = thrown as InvalidArgumentError;
  expect(error.status).toBe(409);
  expect(error.code).toBe('InvalidArgument');
  if (message !== undefined) expect(error.message).toBe(message);
}

/** Inclusive run of integers from `from` to `to`, counting up or down. */
function range(from: number, to: number, step = 1): number[] {
  const out: number[] = [];
  if (from <= to) for (let n = from; n <= to; n += step) out.push(n);
  else for (let n = from; n >= to; n -= step) out.push(n);
  return out;
}

describe('parsePagination', () => {
  it('defaults to pageSize 10, pageNumber 1, order desc, orderBy id and no offset', () => {
    expect(parse('')).toStrictEqual({ pageSize: 10, pageNumber: 1, order: 'desc', orderBy: 'id' });
  });

  it.each([
    ['5', 10],
    ['0', 10],
    ['9', 10],
    ['10', 10],
    ['37', 37],
    ['100', 100],
    ['101', 100],
    ['500', 100],
  ])('clamps pageSize %s to %i', (text, expected) => {
    expect(parse(`pageSize=${text}`).pageSize).toBe(expected);
  });

  // Out of range is clamped, however far out.
  it('clamps a 16-digit pageSize (1000000000000000) to 100', () => {
    expect(parse('pageSize=1000000000000000').pageSize).toBe(100);
  });

  it('accepts a 16-digit pageNumber (1000000000000000) as a page past the end', () => {
    expect(parse('pageNumber=1000000000000000').pageNumber).toBe(1e15);
  });

  it('clamps a pageNumber past 2^53 to the largest safe integer', () => {
    expect(parse('pageNumber=123456789012345678901234567890').pageNumber).toBe(Number.MAX_SAFE_INTEGER);
  });

  it.each([['abc'], ['-1'], ['1.5'], ['05'], [''], ['+5'], [' 10'], ['1e2'], ['0x10']])(
    'refuses pageSize %j with 409 InvalidArgument',
    (text) => {
      expectInvalidArgument(() => parse(`pageSize=${encodeURIComponent(text)}`), 'pageSize is not a valid unsigned integer');
    },
  );

  it.each([['abc'], ['-1'], ['1.5'], ['05'], ['']])('refuses pageNumber %j with 409 InvalidArgument', (text) => {
    expectInvalidArgument(() => parse(`pageNumber=${text}`), 'pageNumber is not a valid unsigned integer');
  });

  it.each([
    ['0', 1],
    ['1', 1],
    ['2', 2],
    ['10000', 10000],
  ])('reads pageNumber %s as %i', (text, expected) => {
    expect(parse(`pageNumber=${text}`).pageNumber).toBe(expected);
  });

  it.each([['asc'], ['desc']] as const)('accepts order=%s', (order) => {
    expect(parse(`order=${order}`).order).toBe(order);
  });

  it.each([['up'], ['ASC'], ['']])('refuses order=%j with 409', (order) => {
    expectInvalidArgument(() => parse(`order=${order}`));
  });

  it('refuses orderBy=balance with 409 "sorting by balance is not allowed"', () => {
    expectInvalidArgument(() => parse('orderBy=balance'), 'sorting by balance is not allowed');
  });

  it('allows orderBy=id on any collection', () => {
    expect(parse('orderBy=id', []).orderBy).toBe('id');
  });

  it('allows orderBy=height when the collection lists it', () => {
    expect(parse('orderBy=height', ['height']).orderBy).toBe('height');
  });

  it('refuses orderBy=height when the collection does not list it', () => {
    expectInvalidArgument(() => parse('orderBy=height', []), 'sorting by height is not allowed');
    expectInvalidArgument(() => parsePagination(new URLSearchParams('orderBy=height')), 'sorting by height is not allowed');
  });

  it('reads offset as an entry id', () => {
    expect(parse('offset=0123456789abcdef01234567').offset).toBe('0123456789abcdef01234567');
  });

  it.each([
    ['page=3', { pageNumber: 3 }],
    ['id=abc123', { offset: 'abc123' }],
    ['page=3&pageNumber=3', { pageNumber: 3 }],
    ['id=abc123&offset=abc123', { offset: 'abc123' }],
  ])('accepts the alias form %s', (query, expected) => {
    expect(parse(query)).toMatchObject(expected);
  });

  it('gives the same request for page/id as for pageNumber/offset', () => {
    expect(parse('page=4&id=abc&pageSize=20')).toStrictEqual(parse('pageNumber=4&offset=abc&pageSize=20'));
  });

  it.each([['page=2&pageNumber=3'], ['id=aaa&offset=bbb']])('refuses conflicting aliases %s with 409', (query) => {
    expectInvalidArgument(() => parse(query));
  });

  it.each([
    ['pageSize=10&pageSize=20'],
    ['pageSize=10&pageSize=10'],
    ['pageNumber=1&pageNumber=2'],
    ['page=1&page=1'],
    ['offset=a&offset=b'],
    ['order=asc&order=desc'],
    ['orderBy=id&orderBy=id'],
  ])('refuses the repeated parameter in %s with 409', (query) => {
    expectInvalidArgument(() => parse(query));
  });
});

describe('toPage', () => {
  it.each([
    [0, 0],
    [1, 1],
    [10, 1],
    [11, 2],
    [57, 6],
  ])('gives %i entries at pageSize 10 %i pages', (totalEntries, totalPages) => {
    const page = toPage([], totalEntries, { pageSize: 10, pageNumber: 1 });
    expect(page.pagination).toStrictEqual({ pageNumber: 1, pageSize: 10, totalEntries, totalPages });
  });

  it('counts pages at the request pageSize', () => {
    expect(toPage([], 57, { pageSize: 25, pageNumber: 2 }).pagination).toStrictEqual({
      pageNumber: 2,
      pageSize: 25,
      totalEntries: 57,
      totalPages: 3,
    });
  });

  it('passes the data array through as it is', () => {
    const rows = [{ a: 1 }, { a: 2 }];
    const page = toPage(rows, 57, { pageSize: 10, pageNumber: 6 });
    expect(page.data).toBe(rows);
    expect(page.pagination).toStrictEqual({ pageNumber: 6, pageSize: 10, totalEntries: 57, totalPages: 6 });
  });
});

describe('GET /blocks pagination', () => {
  const CHAIN_HEIGHT = 35;
  let server: Awaited<ReturnType<typeof startGateway>>;
  /** Block id by height, taken from the chain itself (not from /blocks). */
  const ids: string[] = [];
  /** Signer public key by height. */
  const signers: string[] = [];

  const idOf = (height: number): string => ids[height];
  const heightsOf = (reply: Reply): number[] => reply.body.data.map((entry: BlockInfoDTO) => Number(entry.block.height));

  async function list(query: string): Promise<Reply> {
    const reply = await server.get(`/blocks${query ? `?${query}` : ''}`);
    expect(reply.status, reply.text).toBe(200);
    return reply;
  }

  beforeAll(async () => {
    server = await startGateway();
    const nemesis = (await server.chain.blocks.getByHeight(1n))!;
    ids[1] = nemesis.id;
    signers[1] = nemesis.block.signerPublicKey;
    for (let height = 2; height <= CHAIN_HEIGHT; height++) {
      const block = server.chain.harvest();
      ids[height] = block.id;
      signers[height] = block.block.signerPublicKey;
    }
  });
  afterAll(() => server.close());

  it('builds a chain whose ids are 24 hex characters sorting in height order', () => {
    expect(server.chain.height).toBe(BigInt(CHAIN_HEIGHT));
    const all = ids.slice(1);
    for (const id of all) expect(id).toMatch(/^[0-9a-f]{24}$/i);
    expect([...all].sort()).toEqual(all);
    expect(new Set(all).size).toBe(CHAIN_HEIGHT);
  });

  it('returns the 10 newest blocks by default', async () => {
    const reply = await list('');
    expect(heightsOf(reply)).toEqual(range(35, 26));
    expect(reply.body.pagination).toEqual({ pageNumber: 1, pageSize: 10, totalEntries: 35, totalPages: 4 });
    expect(reply.body.data.map((entry: BlockInfoDTO) => entry.id)).toEqual(range(35, 26).map(idOf));
  });

  it('returns the oldest blocks first with order=asc', async () => {
    const reply = await list('order=asc');
    expect(heightsOf(reply)).toEqual(range(1, 10));
  });

  it('returns the short last page (pageNumber=4, asc)', async () => {
    const reply = await list('pageNumber=4&order=asc');
    expect(heightsOf(reply)).toEqual(range(31, 35));
    expect(reply.body.pagination).toEqual({ pageNumber: 4, pageSize: 10, totalEntries: 35, totalPages: 4 });
  });

  it('returns the short last page in desc order too (pageNumber=4)', async () => {
    expect(heightsOf(await list('pageNumber=4'))).toEqual(range(5, 1));
  });

  it.each([['order=asc'], ['order=desc']])('returns data [] with the totals for a page past the end (%s)', async (order) => {
    const reply = await list(`pageNumber=5&${order}`);
    expect(reply.body).toEqual({ data: [], pagination: { pageNumber: 5, pageSize: 10, totalEntries: 35, totalPages: 4 } });
  });

  it('clamps pageSize through HTTP (5 → 10, 500 → 100)', async () => {
    const small = await list('pageSize=5');
    expect(small.body.pagination.pageSize).toBe(10);
    expect(small.body.data).toHaveLength(10);
    const large = await list('pageSize=500&order=asc');
    expect(large.body.pagination).toEqual({ pageNumber: 1, pageSize: 100, totalEntries: 35, totalPages: 1 });
    expect(heightsOf(large)).toEqual(range(1, 35));
  });

  it('pages the entries before the offset with order=desc', async () => {
    const reply = await list(`offset=${idOf(20)}&order=desc`);
    expect(heightsOf(reply)).toEqual(range(19, 10));
    expect(reply.body.pagination).toEqual({ pageNumber: 1, pageSize: 10, totalEntries: 19, totalPages: 2 });
  });

  it('pages the entries after the offset with order=asc', async () => {
    const reply = await list(`offset=${idOf(20)}&order=asc`);
    expect(heightsOf(reply)).toEqual(range(21, 30));
    expect(reply.body.pagination).toEqual({ pageNumber: 1, pageSize: 10, totalEntries: 15, totalPages: 2 });
  });

  it('returns the second page after an offset', async () => {
    const reply = await list(`offset=${idOf(20)}&order=asc&pageNumber=2`);
    expect(heightsOf(reply)).toEqual(range(31, 35));
    expect(reply.body.pagination).toEqual({ pageNumber: 2, pageSize: 10, totalEntries: 15, totalPages: 2 });
  });

  it('combines pageSize with an offset: that many entries, starting after the offset', async () => {
    const desc = await list(`pageSize=12&offset=${idOf(30)}`);
    expect(heightsOf(desc)).toEqual(range(29, 18));
    expect(desc.body.pagination).toEqual({ pageNumber: 1, pageSize: 12, totalEntries: 29, totalPages: 3 });

    const asc = await list(`pageSize=10&offset=${idOf(3)}&order=asc`);
    expect(heightsOf(asc)).toEqual(range(4, 13));
    expect(asc.body.pagination).toEqual({ pageNumber: 1, pageSize: 10, totalEntries: 32, totalPages: 4 });

    const secondPage = await list(`pageSize=12&offset=${idOf(30)}&pageNumber=2`);
    expect(heightsOf(secondPage)).toEqual(range(17, 6));
  });

  it('returns an empty page after the last entry in its direction', async () => {
    const afterNewest = await list(`offset=${idOf(35)}&order=asc`);
    expect(afterNewest.body).toEqual({ data: [], pagination: { pageNumber: 1, pageSize: 10, totalEntries: 0, totalPages: 0 } });
    const beforeOldest = await list(`offset=${idOf(1)}&order=desc`);
    expect(beforeOldest.body).toEqual({ data: [], pagination: { pageNumber: 1, pageSize: 10, totalEntries: 0, totalPages: 0 } });
  });

  it('places an offset that is no block id where it sorts, as the reference gateway does', async () => {
    const before = '000000000000000000000000';
    const after = 'ffffffffffffffffffffffff';
    expect(heightsOf(await list(`offset=${before}&order=asc`))).toEqual(range(1, 10));
    expect((await list(`offset=${before}&order=desc`)).body.pagination.totalEntries).toBe(0);
    expect(heightsOf(await list(`offset=${after}`))).toEqual(range(35, 26));
    expect((await list(`offset=${after}&order=asc`)).body.data).toEqual([]);
    // An id just past block 20's (a transaction's, say; block 21's is seconds later) sorts between blocks 20 and 21.
    const between = (BigInt(`0x${idOf(20)}`) + 1n).toString(16).toUpperCase().padStart(24, '0');
    expect(between < idOf(21)).toBe(true);
    expect(heightsOf(await list(`offset=${between}&order=asc`))).toEqual(range(21, 30));
    expect(heightsOf(await list(`offset=${between}&order=desc`))).toEqual(range(20, 11));
    // Ids are matched without regard to case.
    expect(heightsOf(await list(`offset=${idOf(20).toLowerCase()}&order=asc`))).toEqual(range(21, 30));
  });

  it('treats id= as offset=', async () => {
    const viaAlias = await list(`id=${idOf(20)}&order=asc`);
    const viaOffset = await list(`offset=${idOf(20)}&order=asc`);
    expect(viaAlias.body).toEqual(viaOffset.body);
    expect(heightsOf(viaAlias)).toEqual(range(21, 30));
  });

  it('treats page= as pageNumber=', async () => {
    const viaAlias = await list('page=2');
    const viaPageNumber = await list('pageNumber=2');
    expect(viaAlias.body).toEqual(viaPageNumber.body);
    expect(heightsOf(viaAlias)).toEqual(range(25, 16));
  });

  it('accepts both alias forms with the same value', async () => {
    expect(heightsOf(await list('page=2&pageNumber=2'))).toEqual(range(25, 16));
  });

  it('sorts by height the same way as by id', async () => {
    expect((await list('orderBy=height')).body).toEqual((await list('')).body);
    expect((await list('orderBy=height&order=asc&pageNumber=2')).body).toEqual((await list('order=asc&pageNumber=2')).body);
  });

  it('takes the offset as a height when sorting by height, as catapult-rest parses it by the sort field', async () => {
    const asc = await list('orderBy=height&order=asc&offset=5');
    expect(heightsOf(asc)).toEqual(range(6, 15));
    expect(asc.body.pagination.totalEntries).toBe(CHAIN_HEIGHT - 5);
    expect(heightsOf(await list('orderBy=height&order=desc&offset=21&pageNumber=2'))).toEqual(range(10, 1));
    // Height 0 is below every block; a height above the chain is past every block.
    expect(heightsOf(await list('orderBy=height&order=asc&offset=0'))).toEqual(range(1, 10));
    expect((await list('orderBy=height&order=desc&offset=0')).body.pagination.totalEntries).toBe(0);
    expect((await list('orderBy=height&order=asc&offset=18446744073709551615')).body.pagination.totalEntries).toBe(0);
    expect(heightsOf(await list('orderBy=height&order=desc&offset=18446744073709551615'))).toEqual(range(CHAIN_HEIGHT, CHAIN_HEIGHT - 9));
    // Under a filter: the blocks of the signer past the height, whoever signed the block at it.
    const signer = signers[2];
    const expected = range(1, CHAIN_HEIGHT).filter((h) => signers[h] === signer && h > 21);
    expect(signers[21]).not.toBe(signer);
    expect(heightsOf(await list(`signerPublicKey=${signer}&orderBy=height&order=asc&offset=21`))).toEqual(expected.slice(0, 10));
    // An id is not a height.
    for (const offset of [idOf(5), '-1', '18446744073709551616']) {
      const reply = await server.get(`/blocks?orderBy=height&offset=${offset}`);
      expect({ offset, status: reply.status, code: reply.body.code }).toEqual({ offset, status: 409, code: 'InvalidArgument' });
    }
  });

  it('pages a signer filter after an offset that belongs to another signer', async () => {
    const signer = signers[2];
    const offsetHeight = 21;
    expect(signers[offsetHeight]).not.toBe(signer);
    const expected = range(1, CHAIN_HEIGHT).filter((h) => signers[h] === signer);

    const desc = await list(`signerPublicKey=${signer}&offset=${idOf(offsetHeight)}`);
    const before = expected.filter((h) => h < offsetHeight).reverse();
    expect(heightsOf(desc)).toEqual(before.slice(0, 10));
    expect(desc.body.pagination.totalEntries).toBe(before.length);

    const asc = await list(`signerPublicKey=${signer}&offset=${idOf(offsetHeight)}&order=asc`);
    const after = expected.filter((h) => h > offsetHeight);
    expect(heightsOf(asc)).toEqual(after.slice(0, 10));
    expect(asc.body.pagination.totalEntries).toBe(after.length);
  });

  it('returns data [] with totals 0 for a filter that matches nothing', async () => {
    const reply = await list(`signerPublicKey=${'A'.repeat(64)}`);
    expect(reply.body).toEqual({ data: [], pagination: { pageNumber: 1, pageSize: 10, totalEntries: 0, totalPages: 0 } });
  });

  it.each([
    ['pageSize=abc', 'pageSize is not a valid unsigned integer'],
    ['pageNumber=-1', 'pageNumber is not a valid unsigned integer'],
    ['orderBy=timestamp', 'sorting by timestamp is not allowed'],
  ])('answers %s with 409 InvalidArgument', async (query, message) => {
    const reply = await server.get(`/blocks?${query}`);
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual({ code: 'InvalidArgument', message });
  });

  it.each([['order=up'], ['pageSize=10&pageSize=20'], ['page=1&pageNumber=2'], [`id=${'0'.repeat(24)}&offset=${'1'.repeat(24)}`]])(
    'answers %s with 409 InvalidArgument',
    async (query) => {
      const reply = await server.get(`/blocks?${query}`);
      expect(reply.status).toBe(409);
      expect(reply.body.code).toBe('InvalidArgument');
      expect(typeof reply.body.message).toBe('string');
    },
  );
});

describe('BlockStore: a page costs the same at any depth', () => {
  const BLOCKS = 300_000;
  const RUNS = 200;
  const SIGNERS = ['A', 'B', 'C'].map((c) => c.repeat(64));
  const BENEFICIARIES = ['1', '2', '3'].map((c) => c.repeat(48));
  const FILLER = 'F'.repeat(64);
  const META = { hash: FILLER, totalFee: '0', generationHash: FILLER, stateHashSubCacheMerkleRoots: [], totalTransactionsCount: 0, transactionsCount: 0, statementsCount: 0 };
  const store = new BlockStore();
  /** The same blocks, 1 000 of them: page 1 must not cost more on the long chain. */
  const shortStore = new BlockStore();
  // Ids as the chain makes them: 24 uppercase hex.
  const idOf = (height: number): string => height.toString(16).toUpperCase().padStart(24, '0');

  /** A cheap stand-in for a block: only the fields the store reads are real. */
  function syntheticBlock(height: number): BlockInfoDTO {
    return {
      id: idOf(height),
      meta: META,
      block: {
        height: String(height),
        timestamp: String(height * 1000),
        signerPublicKey: SIGNERS[height % 3],
        beneficiaryAddress: BENEFICIARIES[height % 3],
        signature: FILLER,
      },
    } as unknown as BlockInfoDTO;
  }

  const criteria = (overrides: Partial<BlockSearchCriteria>): BlockSearchCriteria => ({
    pageSize: 10,
    pageNumber: 1,
    order: 'desc',
    orderBy: 'id',
    ...overrides,
  });
  const heightsOf = (data: BlockInfoDTO[]): number[] => data.map((entry) => Number(entry.block.height));

  /** Median wall time of one search, in ms, after a warm-up. */
  function medianMs(search: BlockSearchCriteria, on = store): number {
    for (let i = 0; i < RUNS; i++) on.search(search);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      on.search(search);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    return times[RUNS >> 1];
  }

  const firstPage = criteria({});
  const deepPage = criteria({ pageNumber: 10_000 });
  // In the default (desc) order, the entry at height 50 000 is 250 000 entries deep.
  const deepOffset = criteria({ offset: idOf(50_000) });
  // SIGNERS[0] signs every height divisible by 3: 100 000 blocks; page 5 000 is half way down.
  const deepSignerPage = criteria({ signerPublicKey: SIGNERS[0], pageNumber: 5_000 });

  beforeAll(() => {
    for (let height = 1; height <= BLOCKS; height++) store.append(syntheticBlock(height));
    for (let height = 1; height <= 1_000; height++) shortStore.append(syntheticBlock(height));
  });

  it('returns the expected entries at every depth', () => {
    expect(store.height).toBe(BLOCKS);

    const first = store.search(firstPage);
    expect(heightsOf(first.data)).toEqual(range(300_000, 299_991));
    expect(first.totalEntries).toBe(BLOCKS);

    const deep = store.search(deepPage);
    expect(heightsOf(deep.data)).toEqual(range(200_010, 200_001));
    expect(deep.totalEntries).toBe(BLOCKS);

    const offset = store.search(deepOffset);
    expect(heightsOf(offset.data)).toEqual(range(49_999, 49_990));
    expect(offset.totalEntries).toBe(49_999);

    const offsetAsc = store.search(criteria({ offset: idOf(250_000), order: 'asc' }));
    expect(heightsOf(offsetAsc.data)).toEqual(range(250_001, 250_010));
    expect(offsetAsc.totalEntries).toBe(50_000);

    const signer = store.search(deepSignerPage);
    expect(heightsOf(signer.data)).toEqual(range(150_030, 150_003, 3));
    expect(signer.totalEntries).toBe(100_000);
    for (const entry of signer.data) expect(entry.block.signerPublicKey).toBe(SIGNERS[0]);
  });

  it('answers a deep page, a deep offset and a deep filtered page about as fast as page 1', () => {
    const base = medianMs(firstPage);
    const limit = 5 * base + 0.05;
    const deep = { pageNumber: medianMs(deepPage), offset: medianMs(deepOffset), signer: medianMs(deepSignerPage) };
    expect(deep.pageNumber, `page 1: ${base} ms`).toBeLessThan(limit);
    expect(deep.offset, `page 1: ${base} ms`).toBeLessThan(limit);
    expect(deep.signer, `page 1: ${base} ms`).toBeLessThan(limit);
  });

  // A search that scans the whole chain costs the same at every depth, so the test above
  // cannot see it; the chain's length can.
  it('answers page 1 of a 300 000-block chain about as fast as page 1 of a 1 000-block chain', () => {
    const short = medianMs(firstPage, shortStore);
    const long = medianMs(firstPage);
    expect(long, `1 000 blocks: ${short} ms`).toBeLessThan(5 * short + 0.05);
    const shortSigner = medianMs(criteria({ signerPublicKey: SIGNERS[0] }), shortStore);
    const longSigner = medianMs(criteria({ signerPublicKey: SIGNERS[0] }));
    expect(longSigner, `1 000 blocks: ${shortSigner} ms`).toBeLessThan(5 * shortSigner + 0.05);
    const both = criteria({ signerPublicKey: SIGNERS[0], beneficiaryAddress: BENEFICIARIES[0] });
    const shortBoth = medianMs(both, shortStore);
    const longBoth = medianMs(both);
    expect(longBoth, `1 000 blocks: ${shortBoth} ms`).toBeLessThan(5 * shortBoth + 0.05);
    expect(store.search(both).totalEntries).toBe(100_000);
  });

  it('finds an offset id given in lowercase', () => {
    const offset = store.search(criteria({ offset: '00000000000000000000c350' }));
    expect(heightsOf(offset.data)).toEqual(range(49_999, 49_990));
  });
});
