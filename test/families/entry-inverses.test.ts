/**
 * The inverses of the state stores' renderers (what a forked chain turns its upstream's answers
 * into): every entry of every cache of a chain with state of every kind, read through the REST
 * routes over a socket and turned back into an entry, equals the chain's own entry.
 */
import { Address, generateMosaicId, generateNamespaceId, metadataGenerateKey, models, mosaicRestrictionGenerateKey } from 'symbol-sdk/symbol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NamespaceInfoDTO } from '../../src/backend/namespace.js';
import { type InMemoryChain } from '../../src/in-memory-chain.js';
import { ACCOUNTS } from '../../src/memory/account-state.js';
import { accountStateOf } from '../../src/families/core/account-store.js';
import { HASH_LOCKS } from '../../src/families/lock-hash/state.js';
import { hashLockEntryOf } from '../../src/families/lock-hash/store.js';
import { SECRET_LOCKS } from '../../src/families/lock-secret/state.js';
import { secretLockEntryOf } from '../../src/families/lock-secret/store.js';
import { METADATA } from '../../src/families/metadata/state.js';
import { metadataEntryOf } from '../../src/families/metadata/store.js';
import { MOSAICS } from '../../src/families/mosaic/state.js';
import { mosaicEntryOf } from '../../src/families/mosaic/store.js';
import { multisigEntryOf } from '../../src/families/multisig/plugin.js';
import { MULTISIGS } from '../../src/families/multisig/state.js';
import { NAMESPACES } from '../../src/families/namespace/state.js';
import { namespaceEntriesOf } from '../../src/families/namespace/store.js';
import { ACCOUNT_RESTRICTIONS } from '../../src/families/restriction-account/state.js';
import { accountRestrictionsEntryOf } from '../../src/families/restriction-account/store.js';
import { MOSAIC_RESTRICTIONS } from '../../src/families/restriction-mosaic/state.js';
import { mosaicRestrictionEntryOf } from '../../src/families/restriction-mosaic/store.js';
import type { CacheDescriptor } from '../../src/memory/state/cache.js';
import { confirm, signedBy } from '../support/announce.js';
import { activity } from '../support/chain-activity.js';
import { startGateway, testChain, type TestServer } from '../support/server.js';
import { aggregate } from '../support/signing.js';

const JSON_HEADERS = { 'content-type': 'application/json' };

describe('the inverses of the state renderers', () => {
  let server: TestServer & { chain: InMemoryChain };

  beforeAll(async () => {
    server = await startGateway({ backend: testChain({ rules: { minNamespaceDuration: 1n } }) });
    const chain = server.chain;
    activity(chain, 'alpha');
    const [a, b, c, d] = chain.fundedAccounts;
    const mosaicId = generateMosaicId(new Address(b.address), 11);
    const kyc = mosaicRestrictionGenerateKey('kyc');
    const embedded = (descriptor: Record<string, unknown>, signer = a) => chain.facade.transactionFactory.createEmbedded({ signerPublicKey: signer.keyPair.publicKey, ...descriptor } as never);
    await confirm(
      server,
      signedBy(chain, b, { type: 'mosaic_definition_transaction_v1', nonce: 11, flags: 'supply_mutable transferable restrictable', divisibility: 0, duration: 0n }),
      signedBy(chain, a, { type: 'namespace_registration_transaction_v1', registrationType: 'root', duration: 50n, name: 'tree' }),
      signedBy(chain, c, { type: 'account_address_restriction_transaction_v1', restrictionFlags: 0x8001, restrictionAdditions: [new Address(b.address), new Address(d.address)], restrictionDeletions: [] }),
      signedBy(chain, c, { type: 'account_operation_restriction_transaction_v1', restrictionFlags: 0xc004, restrictionAdditions: [models.TransactionType.SECRET_PROOF.value], restrictionDeletions: [] }),
    );
    await confirm(
      server,
      signedBy(chain, a, { type: 'namespace_registration_transaction_v1', registrationType: 'child', parentId: generateNamespaceId('tree'), name: 'branch' }),
      signedBy(chain, b, { type: 'mosaic_global_restriction_transaction_v1', mosaicId, referenceMosaicId: 0n, restrictionKey: kyc, previousRestrictionValue: 0n, previousRestrictionType: 'none', newRestrictionValue: 1n, newRestrictionType: 'eq' }),
    );
    // More namespaces of the family in later blocks: the root keeps its descendants in the order they were registered.
    await confirm(server, signedBy(chain, a, { type: 'namespace_registration_transaction_v1', registrationType: 'child', parentId: generateNamespaceId('tree'), name: 'twig' }));
    await confirm(server, signedBy(chain, a, { type: 'namespace_registration_transaction_v1', registrationType: 'child', parentId: generateNamespaceId('branch', generateNamespaceId('tree')), name: 'bud' }));
    await confirm(server, signedBy(chain, a, { type: 'namespace_registration_transaction_v1', registrationType: 'child', parentId: generateNamespaceId('tree'), name: 'leaf' }));
    // a becomes a multisig of b (and so signs nothing more itself).
    await confirm(server, aggregate(chain, 'complete', a, [
        embedded({ type: 'multisig_account_modification_transaction_v1', minApprovalDelta: 1, minRemovalDelta: 1, addressAdditions: [new Address(b.address)], addressDeletions: [] }),
        embedded({ type: 'account_metadata_transaction_v1', targetAddress: a.address, scopedMetadataKey: metadataGenerateKey('name'), valueSizeDelta: 3, value: new Uint8Array(Buffer.from('abc')) }),
      ], { cosigners: [b] }));
    await confirm(server, signedBy(chain, b, { type: 'mosaic_address_restriction_transaction_v1', mosaicId, restrictionKey: kyc, targetAddress: new Address(c.address), previousRestrictionValue: 0xffff_ffff_ffff_ffffn, newRestrictionValue: 1n }));
  });

  afterAll(async () => {
    await server?.close();
    server?.chain.close();
  });

  /** Every entry a collection route pages, in id order. */
  async function all<T>(path: string): Promise<T[]> {
    const entries: T[] = [];
    for (let page = 1; ; page++) {
      const { body } = await server.get(`${path}${path.includes('?') ? '&' : '?'}pageSize=100&pageNumber=${page}`);
      entries.push(...body.data);
      if (body.data.length < 100) return entries;
    }
  }

  /** Checks that `rebuilt` holds the chain's own entry for every key of the cache, and returns how many were compared. */
  function expectEveryEntry<V>(descriptor: CacheDescriptor<V>, rebuilt: ReadonlyMap<string, V>): number {
    const cache = server.chain.following().state.cache(descriptor);
    const own = new Map<string, V>();
    for (const key of rebuilt.keys()) own.set(key, cache.get(key)!);
    expect(rebuilt.size, descriptor.name).toBe(cache.size);
    expect(rebuilt.size, descriptor.name).toBeGreaterThan(0);
    expect(rebuilt, descriptor.name).toEqual(own);
    return rebuilt.size;
  }

  it('turns every entry of every cache back into the chain’s own', async () => {
    const accounts = await all<Parameters<typeof accountStateOf>[0]>('/accounts');
    expectEveryEntry(ACCOUNTS, new Map(accounts.map((info) => [info.account.address, accountStateOf(info)])));
    const mosaics = await all<Parameters<typeof mosaicEntryOf>[0]>('/mosaics');
    expectEveryEntry(MOSAICS, new Map(mosaics.map((info) => [info.mosaic.id, mosaicEntryOf(info)])));
    const namespaces = await all<NamespaceInfoDTO>('/namespaces');
    const ids = namespaces.map((info) => [info.namespace.level0, info.namespace.level1, info.namespace.level2][info.namespace.depth - 1]!);
    const names = (await server.request('POST', '/namespaces/names', { body: JSON.stringify({ namespaceIds: ids }), headers: JSON_HEADERS })).body as { id: string; name: string }[];
    const families = new Map<string, NamespaceInfoDTO[]>();
    for (const info of namespaces) families.set(info.namespace.level0, [...(families.get(info.namespace.level0) ?? []), info]);
    const rebuilt = [...families.values()].flatMap((family) => namespaceEntriesOf(family, new Map(names.map((name) => [name.id, name.name]))));
    expectEveryEntry(NAMESPACES, new Map(rebuilt.map((entry) => [entry.id, entry])));
    const multisig = await Promise.all(server.chain.fundedAccounts.map(async (account) => (await server.get(`/account/${account.address}/multisig`)).body));
    const found = multisig.filter((body) => body?.multisig);
    expectEveryEntry(MULTISIGS, new Map(found.map((body) => [body.multisig.accountAddress, multisigEntryOf(body)])));
    const hashLocks = await all<Parameters<typeof hashLockEntryOf>[0]>('/lock/hash');
    expectEveryEntry(HASH_LOCKS, new Map(hashLocks.map((info) => [info.lock.hash, hashLockEntryOf(info)])));
    const secretLocks = await all<Parameters<typeof secretLockEntryOf>[0]>('/lock/secret');
    expectEveryEntry(SECRET_LOCKS, new Map(secretLocks.map((info) => [info.lock.compositeHash, secretLockEntryOf(info)])));
    const metadata = await all<Parameters<typeof metadataEntryOf>[0]>('/metadata');
    expectEveryEntry(METADATA, new Map(metadata.map((info) => [info.metadataEntry.compositeHash, metadataEntryOf(info)])));
    const restrictions = await all<Parameters<typeof accountRestrictionsEntryOf>[0]>('/restrictions/account');
    expectEveryEntry(ACCOUNT_RESTRICTIONS, new Map(restrictions.map((info) => [info.accountRestrictions.address, accountRestrictionsEntryOf(info)])));
    const mosaicRestrictions = await all<Parameters<typeof mosaicRestrictionEntryOf>[0]>('/restrictions/mosaic');
    expect(new Set(mosaicRestrictions.map((dto) => dto.mosaicRestrictionEntry.entryType))).toEqual(new Set([0, 1]));
    expectEveryEntry(MOSAIC_RESTRICTIONS, new Map(mosaicRestrictions.map((dto) => [dto.mosaicRestrictionEntry.compositeHash, mosaicRestrictionEntryOf(dto)])));
  });
});
