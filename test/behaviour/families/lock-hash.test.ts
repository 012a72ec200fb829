/**
 * `GET /lock/hash`, `GET /lock/hash/{hash}`, `POST /lock/hash` and `GET /account/{address}/lock/hash`
 * over the in-memory chain, with hash locks made by real signed transactions: two of a, one of b,
 * and a's first used by its aggregate bonded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainAccount } from '../../../src/memory/chain/identity.js';
import type { InMemoryChain } from '../../../src/in-memory-chain.js';
import { confirm, hashLockFor } from '../../support/announce.js';
import { assertMatchesSchema } from '../../support/openapi.js';
import { startGateway, testChain } from '../../support/server.js';
import { aggregate, embeddedTransfer, type Signed } from '../../support/signing.js';

type Server = Awaited<ReturnType<typeof startGateway>>;

const JSON_HEADERS = { 'content-type': 'application/json' };

describe('hash lock routes', () => {
  let server: Server;
  let chain: InMemoryChain;
  let a: ChainAccount;
  let b: ChainAccount;
  let locks: Signed[];
  let bonded: Signed;
  let lockHeight: bigint;

  beforeAll(async () => {
    server = await startGateway({ backend: testChain() });
    chain = server.chain;
    [a, b] = chain.fundedAccounts;
    bonded = aggregate(chain, 'bonded', a, [embeddedTransfer(chain, a, b, 1n)]);
    const others = [1n, 2n].map((amount) => aggregate(chain, 'bonded', b, [embeddedTransfer(chain, b, a, amount)]));
    locks = [hashLockFor(chain, a, bonded.hash), hashLockFor(chain, a, others[0].hash, { duration: 50n }), hashLockFor(chain, b, others[1].hash)];
    lockHeight = await confirm(server, ...locks);
    // a's bonded aggregate needs no other cosigner: confirmed, it uses its lock.
    await confirm(server, bonded);
  });
  afterAll(() => server.close());

  const entryOf = (lock: Signed, owner: ChainAccount, duration: bigint, status: number) => ({
    version: 1,
    ownerAddress: owner.addressHex,
    mosaicId: chain.currency.mosaicId,
    amount: '10000000',
    endHeight: (lockHeight + duration).toString(),
    status,
    hash: (lock.transaction as any).hash.toString(),
  });

  const hashOf = (lock: Signed): string => (lock.transaction as any).hash.toString();

  describe('GET /lock/hash/{hash}', () => {
    it('shows a lock by the hash it locks for: owner, amount, end height, used once its aggregate is confirmed', async () => {
      const reply = await server.get(`/lock/hash/${bonded.hash}`);
      expect(reply.status).toBe(200);
      expect(reply.body.id).toMatch(/^[0-9A-F]{24}$/);
      expect(reply.body.lock).toEqual(entryOf(locks[0], a, 100n, 1));
      expect((await server.get(`/lock/hash/${(locks[2].transaction as any).hash}`)).body.lock).toEqual(entryOf(locks[2], b, 100n, 0));
    });

    it('finds a lock by a lowercase hash', async () => {
      expect((await server.get(`/lock/hash/${bonded.hash.toLowerCase()}`)).body.lock.hash).toBe(bonded.hash);
    });

    it('answers 404 ResourceNotFound for a hash no lock names, and 409 InvalidArgument to a malformed hash', async () => {
      const unknown = await server.get(`/lock/hash/${'AB'.repeat(32)}`);
      expect(unknown.status).toBe(404);
      expect(unknown.body.code).toBe('ResourceNotFound');
      const malformed = await server.get('/lock/hash/XYZ');
      expect(malformed.status).toBe(409);
      expect(malformed.body).toMatchObject({ code: 'InvalidArgument', message: expect.stringContaining('hash') });
    });
  });

  describe('GET /lock/hash', () => {
    const hashes = (body: any) => body.data.map((entry: any) => entry.lock.hash);
    const lockedHashes = () => locks.map((lock) => (lock.transaction as any).hash.toString());

    it('lists every lock, newest first by default, ascending with order=asc', async () => {
      const desc = await server.get('/lock/hash');
      expect(desc.status).toBe(200);
      expect(hashes(desc.body)).toEqual([...lockedHashes()].reverse());
      expect(desc.body.pagination).toEqual({ pageNumber: 1, pageSize: 10, totalEntries: 3, totalPages: 1 });
      expect(hashes((await server.get('/lock/hash?order=asc')).body)).toEqual(lockedHashes());
    });

    it('filters by the owner address', async () => {
      const { body } = await server.get(`/lock/hash?address=${a.address}&order=asc`);
      expect(hashes(body)).toEqual(lockedHashes().slice(0, 2));
      expect(body.data[1].lock).toEqual(entryOf(locks[1], a, 50n, 0));
    });

    it('pages with pageSize (at least 10) and pageNumber', async () => {
      const { body } = await server.get('/lock/hash?pageSize=2&pageNumber=2&order=asc');
      expect(hashes(body)).toEqual([]);
      expect(body.pagination).toEqual({ pageNumber: 2, pageSize: 10, totalEntries: 3, totalPages: 1 });
    });

    it('starts strictly after the offset id', async () => {
      const all = (await server.get('/lock/hash?order=asc')).body.data;
      expect(hashes((await server.get(`/lock/hash?order=asc&offset=${all[0].id}`)).body)).toEqual(lockedHashes().slice(1));
    });

    it.each(['address=TABC', 'pageSize=abc', 'order=up'])('answers 409 InvalidArgument to %s', async (query) => {
      const reply = await server.get(`/lock/hash?${query}`);
      expect(reply.status).toBe(409);
      expect(reply.body.code).toBe('InvalidArgument');
    });
  });

  describe('POST /lock/hash', () => {
    // The 1.0.5 spec the default check reads has no such route: the body is checked against its schema here.
    const post = (body: unknown) => server.request('POST', '/lock/hash', { body: JSON.stringify(body), headers: JSON_HEADERS });

    it('answers the locks of the hashes asked, in that order, each once, leaving unknown ones out', async () => {
      const reply = await post({ hashes: [hashOf(locks[2]), 'AB'.repeat(32), bonded.hash.toLowerCase(), hashOf(locks[2])] });
      expect(reply.status).toBe(200);
      expect(reply.body.map((info: any) => info.lock)).toEqual([entryOf(locks[2], b, 100n, 0), entryOf(locks[0], a, 100n, 1)]);
      for (const info of reply.body) assertMatchesSchema('HashLockInfoDTO', info, { strict: true });
      expect(reply.body[1]).toEqual((await server.get(`/lock/hash/${bonded.hash}`)).body);
      expect((await post({ hashes: [] })).body).toEqual([]);
    });

    it('answers 409 InvalidArgument naming hashes to a body without a list of 64-hex hashes, or with more than 100', async () => {
      for (const body of [{}, { hashes: bonded.hash }, { hashes: [bonded.hash, 'xyz'] }, { hashes: [1] }, { hashes: Array.from({ length: 101 }, () => bonded.hash) }]) {
        const bad = await server.request('POST', '/lock/hash', { body: JSON.stringify(body), headers: JSON_HEADERS });
        expect(bad.status, JSON.stringify(body).slice(0, 40)).toBe(409);
        expect(bad.body).toMatchObject({ code: 'InvalidArgument', message: expect.stringContaining('hashes') });
      }
    });

    it('answers 400 InvalidContent to a body that is not a JSON object', async () => {
      const bad = await server.request('POST', '/lock/hash', { body: '[1,2]', headers: JSON_HEADERS });
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe('InvalidContent');
    });
  });

  describe('GET /account/{address}/lock/hash', () => {
    const hashes = (body: any) => body.data.map((entry: any) => entry.lock.hash);
    const get = (path: string) => server.get(path);

    it('pages the locks the address owns, as GET /lock/hash?address= does: newest first, asc, offset, page size', async () => {
      const reply = await get(`/account/${a.address}/lock/hash`);
      expect(reply.status).toBe(200);
      // Not strict: the gateway's pagination also counts totalEntries and totalPages, which the 1.0.5 spec leaves out.
      assertMatchesSchema('HashLockPage', reply.body);
      for (const info of reply.body.data) assertMatchesSchema('HashLockInfoDTO', info, { strict: true });
      expect(hashes(reply.body)).toEqual([hashOf(locks[1]), bonded.hash]);
      expect(reply.body).toEqual((await server.get(`/lock/hash?address=${a.address}`)).body);
      const asc = (await get(`/account/${a.address}/lock/hash?order=asc`)).body;
      expect(hashes(asc)).toEqual([bonded.hash, hashOf(locks[1])]);
      expect(hashes((await get(`/account/${a.address}/lock/hash?order=asc&offset=${asc.data[0].id}`)).body)).toEqual([hashOf(locks[1])]);
      expect((await get(`/account/${a.address}/lock/hash?pageSize=1&pageNumber=2`)).body).toEqual({ data: [], pagination: { pageNumber: 2, pageSize: 10, totalEntries: 2, totalPages: 1 } });
      expect((await get(`/account/${b.address}/lock/hash`)).body.data.map((entry: any) => entry.lock)).toEqual([entryOf(locks[2], b, 100n, 0)]);
    });

    it('answers an empty page for an address that owns no lock', async () => {
      const reply = await get(`/account/${chain.fundedAccounts[2].address}/lock/hash`);
      expect(reply.body).toEqual({ data: [], pagination: { pageNumber: 1, pageSize: 10, totalEntries: 0, totalPages: 0 } });
    });

    it.each(['TABC', 'hex', 'publicKey'])('answers 409 InvalidArgument to an address given as %s (catapult-rest takes the base32 address only)', async (form) => {
      const text = form === 'hex' ? a.addressHex : form === 'publicKey' ? a.publicKey : form;
      const reply = await server.get(`/account/${text}/lock/hash`);
      expect(reply.status).toBe(409);
      expect(reply.body).toMatchObject({ code: 'InvalidArgument', message: expect.stringContaining('address') });
    });
  });
});
