/**
 * A block's stateHash: the SHA3-256 of its nine state tree roots (catapult's cache order,
 * listed in `meta.stateHashSubCacheMerkleRoots`), each root changing exactly when its cache
 * does; the mosaic, hash lock and metadata roots rebuilt from scratch from what the REST
 * routes show, with the serializers and a fresh Patricia tree, equal the block's.
 */
import { createHash } from 'node:crypto';
import { Address, generateMosaicId, generateNamespaceId, metadataGenerateKey } from 'symbol-sdk/symbol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainAccount } from '../../../src/memory/chain/identity.js';
import type { InMemoryChain } from '../../../src/in-memory-chain.js';
import { serializeHashLockInfo, hashLockTreeKey } from '../../../src/families/lock-hash/serialize.js';
import { metadataTreeKey, serializeMetadataEntry } from '../../../src/families/metadata/serialize.js';
import { mosaicTreeKey, serializeMosaicEntry } from '../../../src/families/mosaic/serialize.js';
import { PatriciaTree } from '../../../src/memory/state/patricia-tree.js';
import { confirm, hashLockFor, signedBy } from '../../support/announce.js';
import { startGateway, testChain } from '../../support/server.js';
import { aggregate } from '../../support/signing.js';

type Server = Awaited<ReturnType<typeof startGateway>>;

/** The trees, in the order of `stateHashSubCacheMerkleRoots`. */
const TREES = ['accountState', 'namespace', 'mosaic', 'multisig', 'hashLockInfo', 'secretLockInfo', 'accountRestriction', 'mosaicRestriction', 'metadata'] as const;
const ZERO = '0'.repeat(64);
const sha3 = (...parts: Uint8Array[]) => {
  const hash = createHash('sha3-256');
  for (const part of parts) hash.update(part);
  return new Uint8Array(hash.digest());
};
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex').toUpperCase();

let server: Server;
let chain: InMemoryChain;
let a: ChainAccount;
let b: ChainAccount;
/** Each step's block: its roots by tree name. */
const steps: Record<string, Record<(typeof TREES)[number], string>> = {};

async function roots(height: bigint) {
  const { block, meta } = (await server.get(`/blocks/${height}`)).body;
  expect(meta.stateHashSubCacheMerkleRoots).toHaveLength(TREES.length);
  expect(block.stateHash).toBe(hex(sha3(Buffer.from(meta.stateHashSubCacheMerkleRoots.join(''), 'hex'))));
  return Object.fromEntries(TREES.map((name, i) => [name, meta.stateHashSubCacheMerkleRoots[i]])) as Record<(typeof TREES)[number], string>;
}

beforeAll(async () => {
  chain = testChain({ rules: { minNamespaceDuration: 5n } });
  server = await startGateway({ backend: chain });
  [a, b] = chain.fundedAccounts;
  steps.nemesis = await roots(1n);
  steps.mosaic = await roots(await confirm(server, signedBy(chain, a, { type: 'mosaic_definition_transaction_v1', id: generateMosaicId(new Address(a.address), 9), nonce: 9, flags: 'transferable', divisibility: 0, duration: 0n })));
  steps.namespace = await roots(await confirm(server, signedBy(chain, a, { type: 'namespace_registration_transaction_v1', registrationType: 'root', duration: 10n, name: 'trees', id: generateNamespaceId('trees') })));
  steps.lock = await roots(await confirm(server, hashLockFor(chain, b, 'AB'.repeat(32))));
  const metadata = chain.facade.transactionFactory.createEmbedded({
    type: 'account_metadata_transaction_v1',
    signerPublicKey: a.keyPair.publicKey,
    targetAddress: new Address(a.address),
    scopedMetadataKey: metadataGenerateKey('tree'),
    valueSizeDelta: 4,
    value: new Uint8Array(Buffer.from('leaf')),
  } as never);
  steps.metadata = await roots(await confirm(server, aggregate(chain, 'complete', a, [metadata])));
});
afterAll(() => server.close());

describe('stateHash', () => {
  it('is the hash of the nine roots in every block; a cache nothing was ever put in has the zero root', () => {
    for (const name of ['multisig', 'secretLockInfo', 'accountRestriction', 'mosaicRestriction'] as const) expect(steps.metadata[name]).toBe(ZERO);
    expect(steps.nemesis.accountState).not.toBe(ZERO);
    expect(steps.nemesis.namespace).not.toBe(ZERO); // symbol and symbol.xym
    expect(steps.nemesis.mosaic).not.toBe(ZERO); // the currency
    expect([steps.nemesis.hashLockInfo, steps.nemesis.metadata]).toEqual([ZERO, ZERO]);
  });

  it('changes a root exactly when its cache changes', () => {
    const changed = (from: keyof typeof steps, to: keyof typeof steps) => TREES.filter((name) => steps[from][name] !== steps[to][name]);
    expect(changed('nemesis', 'mosaic')).toEqual(['accountState', 'mosaic']); // the owner pays the rental fee
    expect(changed('mosaic', 'namespace')).toEqual(['accountState', 'namespace']);
    expect(changed('namespace', 'lock')).toEqual(['accountState', 'hashLockInfo']);
    expect(changed('lock', 'metadata')).toEqual(['accountState', 'metadata']);
  });

  it('has the mosaic, hash lock and metadata roots a fresh tree gives for the entries the routes show', async () => {
    const mosaics = (await server.get('/mosaics?pageSize=100')).body.data.map(({ mosaic }: any) => mosaic);
    expect(mosaics).toHaveLength(2);
    let tree = PatriciaTree.EMPTY;
    for (const m of mosaics) {
      const entry = { ...m, supply: BigInt(m.supply), startHeight: BigInt(m.startHeight), duration: BigInt(m.duration) };
      tree = tree.set(mosaicTreeKey(m.id), sha3(serializeMosaicEntry(entry)));
    }
    expect(hex(tree.root())).toBe(steps.metadata.mosaic);

    const [lock] = (await server.get('/lock/hash?pageSize=100')).body.data.map(({ lock }: any) => lock);
    const lockEntry = { ...lock, amount: BigInt(lock.amount), endHeight: BigInt(lock.endHeight) };
    expect(hex(PatriciaTree.EMPTY.set(hashLockTreeKey(lock.hash), sha3(serializeHashLockInfo(lockEntry))).root())).toBe(steps.metadata.hashLockInfo);

    const [metadata] = (await server.get('/metadata?pageSize=100')).body.data.map(({ metadataEntry }: any) => metadataEntry);
    const metadataEntry = { ...metadata, value: new Uint8Array(Buffer.from(metadata.value, 'hex')) };
    expect(hex(PatriciaTree.EMPTY.set(metadataTreeKey(metadata.compositeHash), sha3(serializeMetadataEntry(metadataEntry))).root())).toBe(steps.metadata.metadata);
  });
});
