/**
 * `GET /lock/hash` and `GET /lock/hash/{hash}` over the in-memory chain, with hash locks made
 * by real signed transactions: two of a, one of b, and a's first used by its aggregate bonded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainAccount } from '../../../src/memory/chain/identity.js';
import type { InMemoryChain } from '../../../src/in-memory-chain.js';
import { confirm, hashLockFor } from '../../support/announce.js';
import { startGateway, testChain } from '../../support/server.js';
import { aggregate, embeddedTransfer, type Signed } from '../../support/signing.js';

type Server = Awaited<ReturnType<typeof startGateway>>;

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
});
