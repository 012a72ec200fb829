/**
 * `GET /lock/secret`, `GET /lock/secret/{compositeHash}`, `POST /lock/secret` and
 * `GET /account/{address}/lock/secret` over the in-memory chain, with locks made and claimed by
 * real signed transactions.
 */
import { createHash } from 'node:crypto';
import { Hash256 } from 'symbol-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GatewayBackend } from '../../../src/index.js';
import type { ChainAccount } from '../../../src/memory/chain/identity.js';
import type { InMemoryChain } from '../../../src/in-memory-chain.js';
import { confirm, signedBy } from '../../support/announce.js';
import { assertMatchesSchema } from '../../support/openapi.js';
import { startGateway, testChain } from '../../support/server.js';
import type { Signed } from '../../support/signing.js';

type Server = Awaited<ReturnType<typeof startGateway>>;

const JSON_HEADERS = { 'content-type': 'application/json' };

const sha3 = (bytes: Buffer): string => createHash('sha3-256').update(bytes).digest('hex').toUpperCase();
/** The proof of lock number `i` and its sha3-256 secret. */
const proofOf = (i: number): Buffer => Buffer.from(`proof number ${i}`);
const secretOf = (i: number): string => sha3(proofOf(i));
const compositeHash = (secret: string, recipient: ChainAccount): string => sha3(Buffer.from(secret + recipient.addressHex, 'hex'));

function secretLock(chain: InMemoryChain, owner: ChainAccount, recipient: ChainAccount, secret: string, amount: bigint): Signed {
  return signedBy(chain, owner, {
    type: 'secret_lock_transaction_v1',
    recipientAddress: recipient.address,
    secret: new Hash256(secret),
    mosaic: { mosaicId: BigInt(`0x${chain.currency.mosaicId}`), amount },
    duration: 1_000n,
    hashAlgorithm: 'sha3_256',
  });
}

function secretProof(chain: InMemoryChain, signer: ChainAccount, recipient: ChainAccount, i: number): Signed {
  return signedBy(chain, signer, { type: 'secret_proof_transaction_v1', recipientAddress: recipient.address, secret: new Hash256(secretOf(i)), hashAlgorithm: 'sha3_256', proof: proofOf(i) });
}

/** a locks 12 amounts for b (secrets 0..11); c locks secret 3 for a; b claims lock 0. */
describe('secret lock routes', () => {
  let server: Server;
  let chain: InMemoryChain;
  let a: ChainAccount;
  let b: ChainAccount;
  let c: ChainAccount;
  let aHashes: string[];
  let cHash: string;
  let lockHeight: bigint;

  beforeAll(async () => {
    server = await startGateway({ backend: testChain() });
    chain = server.chain;
    [a, b, c] = chain.fundedAccounts;
    const numbers = Array.from({ length: 12 }, (_, i) => i);
    aHashes = numbers.map((i) => compositeHash(secretOf(i), b));
    cHash = compositeHash(secretOf(3), a);
    lockHeight = await confirm(server, ...numbers.map((i) => secretLock(chain, a, b, secretOf(i), 1_000n + BigInt(i))));
    await confirm(server, secretLock(chain, c, a, secretOf(3), 77n), secretProof(chain, b, b, 0));
  });
  afterAll(() => server.close());

  const lock = async (hash: string) => {
    const reply = await server.get(`/lock/secret/${hash}`);
    expect(reply.status).toBe(200);
    return reply.body;
  };
  const page = async (query: string) => {
    const reply = await server.get(`/lock/secret?${query}`);
    expect(reply.status).toBe(200);
    return reply.body as { data: any[]; pagination: any };
  };
  const hashes = (data: any[]) => data.map((info) => info.lock.compositeHash);
  const post = (body: unknown) => server.request('POST', '/lock/secret', { body: JSON.stringify(body), headers: JSON_HEADERS });

  it('GET /lock/secret/{compositeHash} shows a lock, and a claimed one as used', async () => {
    const info = await lock(aHashes[5]);
    expect(info.id).toMatch(/^[0-9a-f]{24}$/i);
    expect(info.lock).toEqual({
      version: 1,
      ownerAddress: a.addressHex,
      mosaicId: chain.currency.mosaicId,
      amount: '1005',
      endHeight: (lockHeight + 1_000n).toString(),
      status: 0,
      hashAlgorithm: 0,
      secret: secretOf(5),
      recipientAddress: b.addressHex,
      compositeHash: aHashes[5],
    });
    expect((await lock(aHashes[0])).lock.status).toBe(1);
    expect((await lock(cHash)).lock).toMatchObject({ ownerAddress: c.addressHex, recipientAddress: a.addressHex, secret: secretOf(3), amount: '77' });
  });

  it('GET /lock/secret/{compositeHash} finds a hash given in lowercase', async () => {
    expect((await lock(aHashes[1].toLowerCase())).lock.compositeHash).toBe(aHashes[1]);
  });

  it('GET /lock/secret/{compositeHash} answers 404 for a hash no lock has (a secret is not a composite hash)', async () => {
    for (const hash of ['0'.repeat(64), secretOf(1)]) {
      const reply = await server.get(`/lock/secret/${hash}`);
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ code: 'ResourceNotFound', message: `no resource exists with id '${hash}'` });
    }
  });

  it('GET /lock/secret/{compositeHash} answers 409 for a hash that is not 64 hex characters', async () => {
    for (const hash of ['xyz', aHashes[0].slice(1), `${aHashes[0]}0`, `${aHashes[0].slice(1)}G`]) {
      const reply = await server.get(`/lock/secret/${hash}`);
      expect(reply.status, hash).toBe(409);
      expect(reply.body.code).toBe('InvalidArgument');
      expect(reply.body.message).toContain('compositeHash');
    }
  });

  it('GET /lock/secret lists every lock, newest first, with exact totals', async () => {
    const all = await page('pageSize=100');
    expect(hashes(all.data)).toEqual([cHash, ...[...aHashes].reverse()]);
    expect(all.pagination).toEqual({ pageNumber: 1, pageSize: 100, totalEntries: 13, totalPages: 1 });
    expect(hashes((await page('pageSize=100&order=asc')).data)).toEqual([...aHashes, cHash]);
    const ids = all.data.map((info) => info.id);
    expect(ids).toEqual([...ids].sort().reverse());
    expect(all.data[0]).toEqual(await lock(cHash));
  });

  it('GET /lock/secret pages: page 2 is the slice of the full list, and an offset pages past its entry', async () => {
    const full = (await page('pageSize=100&order=asc')).data;
    const second = await page('pageSize=10&pageNumber=2&order=asc');
    expect(second.data).toEqual(full.slice(10));
    expect(second.pagination).toEqual({ pageNumber: 2, pageSize: 10, totalEntries: 13, totalPages: 2 });
    expect((await page(`order=asc&offset=${full[2].id}`)).data).toEqual(full.slice(3, 13));
    expect((await page(`offset=${full[2].id}`)).data).toEqual(full.slice(0, 2).reverse());
  });

  it('GET /lock/secret filters by the owner\'s address, by secret, and by both', async () => {
    const ofA = await page(`address=${a.address}&pageSize=100&order=asc`);
    expect(hashes(ofA.data)).toEqual(aHashes);
    expect(ofA.pagination.totalEntries).toBe(12);
    // b is only a recipient: the filter is the owner.
    expect((await page(`address=${b.address}`)).pagination.totalEntries).toBe(0);
    expect(hashes((await page(`secret=${secretOf(3)}&order=asc`)).data)).toEqual([aHashes[3], cHash]);
    expect(hashes((await page(`secret=${secretOf(3).toLowerCase()}&address=${c.address}`)).data)).toEqual([cHash]);
    expect(await page(`secret=${secretOf(4)}&address=${c.address}`)).toEqual({ data: [], pagination: { pageNumber: 1, pageSize: 10, totalEntries: 0, totalPages: 0 } });
  });

  it('GET /lock/secret answers 409 for a bad address or secret, or an orderBy other than id', async () => {
    for (const [query, text] of [
      ['address=TABC', 'address'],
      [`address=${a.addressHex}`, 'address'],
      ['secret=ABCD', 'secret'],
      [`secret=${secretOf(1).slice(2)}XY`, 'secret'],
      ['orderBy=balance', 'sorting by balance is not allowed'],
    ]) {
      const reply = await server.get(`/lock/secret?${query}`);
      expect(reply.status, query).toBe(409);
      expect(reply.body.message).toContain(text);
    }
  });

  it('POST /lock/secret answers the locks in the order asked, each once, leaving unknown ones out', async () => {
    const reply = await post({ compositeHashes: [cHash, '0'.repeat(64), aHashes[2].toLowerCase(), cHash] });
    expect(reply.status).toBe(200);
    expect(hashes(reply.body)).toEqual([cHash, aHashes[2]]);
    for (const info of reply.body) assertMatchesSchema('SecretLockInfoDTO', info, { strict: true });
    expect(reply.body[0]).toEqual(await lock(cHash));
    for (const body of [{}, { compositeHashes: cHash }, { compositeHashes: [cHash, 'xyz'] }]) {
      const bad = await post(body);
      expect(bad.status, JSON.stringify(body)).toBe(409);
      expect(bad.body.message).toContain('compositeHashes');
    }
  });

  it('POST /lock/secret answers 409 to more than 100 composite hashes', async () => {
    const reply = await server.request('POST', '/lock/secret', { body: JSON.stringify({ compositeHashes: Array.from({ length: 101 }, () => cHash) }), headers: JSON_HEADERS });
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual({ code: 'InvalidArgument', message: 'at most 100 compositeHashes per request' });
  });

  describe('GET /account/{address}/lock/secret', () => {
    // The 1.0.5 spec the default check reads has no such route: the body is checked against its schemas here.
    const accountPage = async (address: string, query = '') => {
      const reply = await server.get(`/account/${address}/lock/secret${query}`);
      expect(reply.status).toBe(200);
      assertMatchesSchema('SecretLockPage', reply.body);
      for (const info of reply.body.data) assertMatchesSchema('SecretLockInfoDTO', info, { strict: true });
      return reply.body as { data: any[]; pagination: any };
    };

    it('pages the locks the address owns, as GET /lock/secret?address= does: newest first, asc, pages, offset', async () => {
      const ofA = await accountPage(a.address, '?pageSize=100&order=asc');
      expect(hashes(ofA.data)).toEqual(aHashes);
      expect(ofA.pagination).toEqual({ pageNumber: 1, pageSize: 100, totalEntries: 12, totalPages: 1 });
      expect(await accountPage(a.address)).toEqual(await page(`address=${a.address}`));
      expect(hashes((await accountPage(a.address)).data)).toEqual([...aHashes].reverse().slice(0, 10));
      const second = await accountPage(a.address, '?order=asc&pageNumber=2');
      expect(second.data).toEqual(ofA.data.slice(10));
      expect((await accountPage(a.address, `?order=asc&offset=${ofA.data[9].id}`)).data).toEqual(ofA.data.slice(10));
      expect(hashes((await accountPage(c.address)).data)).toEqual([cHash]);
      // b is only a recipient: the path names the owner.
      expect(await accountPage(b.address)).toEqual({ data: [], pagination: { pageNumber: 1, pageSize: 10, totalEntries: 0, totalPages: 0 } });
    });

    it('filters by secret', async () => {
      expect(hashes((await accountPage(a.address, `?secret=${secretOf(3)}`)).data)).toEqual([aHashes[3]]);
      expect(hashes((await accountPage(c.address, `?secret=${secretOf(3).toLowerCase()}`)).data)).toEqual([cHash]);
      expect((await accountPage(c.address, `?secret=${secretOf(4)}`)).data).toEqual([]);
    });

    it('answers 409 for an address that is not base32 (hex, a public key), a bad secret or an orderBy other than id', async () => {
      for (const [path, text] of [
        [`/account/TABC/lock/secret`, 'address'],
        [`/account/${a.addressHex}/lock/secret`, 'address'],
        [`/account/${a.publicKey}/lock/secret`, 'address'],
        [`/account/${a.address}/lock/secret?secret=ABCD`, 'secret'],
        [`/account/${a.address}/lock/secret?orderBy=balance`, 'sorting by balance is not allowed'],
      ]) {
        const reply = await server.get(path);
        expect(reply.status, path).toBe(409);
        expect(reply.body).toMatchObject({ code: 'InvalidArgument', message: expect.stringContaining(text) });
      }
    });
  });
});

describe('secret lock routes without a secret lock repository', () => {
  it('answers 404 on GET /lock/secret and GET /lock/secret/{compositeHash}', async () => {
    const chain = testChain();
    const backend: GatewayBackend = { blocks: chain.blocks, chain: chain.chain, node: chain.node, network: chain.network };
    const server = await startGateway({ backend });
    for (const path of ['/lock/secret', `/lock/secret/${'0'.repeat(64)}`]) {
      const reply = await server.get(path);
      expect(reply.status, path).toBe(404);
      expect(reply.body.code).toBe('ResourceNotFound');
    }
    await server.close();
    chain.close();
  });
});
