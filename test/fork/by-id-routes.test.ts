/**
 * A fork answers the by-id POST routes (`/lock/hash`, `/lock/secret`, `/restrictions/account`,
 * `/restrictions/mosaic`) with entries it has not read yet, from the upstream, as the upstream
 * answers them; and the currency supply routes over the upstream's currency.
 */
import { createHash } from 'node:crypto';
import { Address, generateMosaicId, mosaicRestrictionGenerateKey } from 'symbol-sdk/symbol';
import { Hash256 } from 'symbol-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InMemoryChain } from '../../src/in-memory-chain.js';
import type { ChainAccount } from '../../src/memory/chain/identity.js';
import { confirm, hashLockFor, signedBy } from '../support/announce.js';
import { closeServers, finalizeHead, forkOf, type Upstream } from '../support/fork.js';
import { startGateway, testChain, type TestServer } from '../support/server.js';
import { aggregate, embeddedTransfer } from '../support/signing.js';

const JSON_HEADERS = { 'content-type': 'application/json' };
const sha3 = (bytes: Buffer): string => createHash('sha3-256').update(bytes).digest('hex').toUpperCase();

describe('fork: the by-id POST routes', () => {
  let upstream: Upstream;
  let fork: TestServer & { chain: InMemoryChain };
  let a: ChainAccount, b: ChainAccount, c: ChainAccount;
  let lockedHash: string;
  let secretLockHash: string;
  let globalRestrictionHash: string;

  beforeAll(async () => {
    upstream = await startGateway({ backend: testChain({ seed: 'fork-by-id', finalizationInterval: 2 }) });
    const chain = upstream.chain;
    [a, b, c] = chain.fundedAccounts;
    // A hash lock for a bonded aggregate never announced, a secret lock, an account restriction, and a mosaic's global restriction.
    lockedHash = aggregate(chain, 'bonded', a, [embeddedTransfer(chain, a, b, 1n)]).hash;
    const secret = sha3(Buffer.from('fork proof'));
    secretLockHash = sha3(Buffer.from(secret + b.addressHex, 'hex'));
    const mosaicId = generateMosaicId(new Address(a.address), 1);
    const id = Buffer.alloc(8);
    id.writeBigUInt64LE(mosaicId);
    globalRestrictionHash = sha3(Buffer.concat([id, Buffer.alloc(24)]));
    await confirm(
      upstream,
      hashLockFor(chain, a, lockedHash),
      signedBy(chain, a, { type: 'secret_lock_transaction_v1', recipientAddress: b.address, secret: new Hash256(secret), mosaic: { mosaicId: BigInt(`0x${chain.currency.mosaicId}`), amount: 10n }, duration: 1_000n, hashAlgorithm: 'sha3_256' }),
      signedBy(chain, c, { type: 'account_address_restriction_transaction_v1', restrictionFlags: 0x0001 | 0x8000, restrictionAdditions: [b.address], restrictionDeletions: [] }),
      signedBy(chain, a, { type: 'mosaic_definition_transaction_v1', nonce: 1, flags: 'supply_mutable transferable restrictable', divisibility: 0, duration: 0n }),
    );
    await confirm(upstream, signedBy(chain, a, {
      type: 'mosaic_global_restriction_transaction_v1', mosaicId, referenceMosaicId: 0n, restrictionKey: mosaicRestrictionGenerateKey('kyc'),
      previousRestrictionValue: 0n, previousRestrictionType: 'none', newRestrictionValue: 1n, newRestrictionType: 'eq',
    }));
    await finalizeHead(upstream);
    fork = await forkOf(upstream);
  });

  afterAll(() => closeServers(fork, upstream));

  const post = (server: TestServer, path: string, body: unknown) => server.request('POST', path, { body: JSON.stringify(body), headers: JSON_HEADERS });

  it.each([
    // Each with a key that names no entry (an account without restrictions), left out of both answers.
    ['/lock/hash', 'hashes', () => [lockedHash, '0'.repeat(64)], (entry: any) => entry.lock.hash],
    ['/lock/secret', 'compositeHashes', () => [secretLockHash, '0'.repeat(64)], (entry: any) => entry.lock.compositeHash],
    ['/restrictions/account', 'addresses', () => [c.address, b.address], (entry: any) => entry.accountRestrictions.address],
    ['/restrictions/mosaic', 'compositeHashes', () => [globalRestrictionHash, '0'.repeat(64)], (entry: any) => entry.mosaicRestrictionEntry.compositeHash],
  ])('POST %s answers an entry only the upstream had read, as the upstream answers it', async (path, name, keys, keyOf) => {
    const asked = { [name]: keys() };
    const expected = await post(upstream, path, asked);
    expect(expected.status).toBe(200);
    expect(expected.body).toHaveLength(1);
    const reply = await post(fork, path, asked);
    expect(reply.status).toBe(200);
    expect(reply.body.map(keyOf)).toEqual(expected.body.map(keyOf));
    // The entry itself; its id is the fork's own.
    expect(reply.body.map(({ id: _, ...entry }: any) => entry)).toEqual(expected.body.map(({ id: _, ...entry }: any) => entry));
  });

  it('answers the currency supply routes over the upstream\'s currency: max as the upstream, total and circulating as plain text', async () => {
    const text = async (server: TestServer, kind: string) => {
      const reply = await server.get(`/network/currency/supply/${kind}`);
      expect([reply.status, reply.headers['content-type']]).toEqual([200, 'text/plain; charset=utf-8']);
      return reply.text;
    };
    expect(await text(fork, 'max')).toBe(await text(upstream, 'max'));
    // The fork credits its own funded accounts on top of the upstream's supply.
    const total = await text(fork, 'total');
    expect(Number(total)).toBeGreaterThan(Number(await text(upstream, 'total')));
    expect(Number(await text(fork, 'circulating'))).toBeLessThanOrEqual(Number(total));
  });
});
