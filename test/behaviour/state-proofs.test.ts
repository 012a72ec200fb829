/**
 * The nine state proof routes over real sockets, checked by the official verifiers:
 * symbol-sdk 2.0.7's StateProofService reads each entity from its route, serializes it with
 * its own state models and compares it with the proven leaf, and the proof's root must be the
 * latest block's sub-cache root (whose hash with the other eight is the block's stateHash);
 * symbol-sdk v3's `provePatriciaMerkle` checks `raw` against the stateHash, a changed value, and
 * a proof of absence; symbol-sdk 2.0.7's parser of `raw` (a port of the reference gateway's)
 * gives the same `tree` the route answers.
 */
import { createHash } from 'node:crypto';
import { Hash256, PublicKey } from 'symbol-sdk';
import {
  Address,
  deserializePatriciaTreeNodes,
  generateMosaicId,
  generateNamespaceId,
  metadataGenerateKey,
  provePatriciaMerkle,
} from 'symbol-sdk/symbol';
import {
  Address as Sdk2Address,
  MerkleTree,
  MosaicId as Sdk2MosaicId,
  NamespaceId as Sdk2NamespaceId,
  StateProofService,
  type StateMerkleProof,
} from 'symbol-sdk-v2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainAccount } from '../../src/memory/chain/identity.js';
import type { InMemoryChain } from '../../src/in-memory-chain.js';
import { confirm, hashLockFor, hex as idHex, signedBy } from '../support/announce.js';
import { firstValue, sdk2Wallet } from '../support/sdk2.js';
import { startGateway, testChain, type TestServer } from '../support/server.js';
import { aggregate } from '../support/signing.js';

type Server = TestServer & { chain: InMemoryChain };

/** symbol-sdk v3's PatriciaMerkleProofResult values (merkle.js; the package does not export the class). */
const PatriciaMerkleProofResult = { VALID_POSITIVE: 0x0001, VALID_NEGATIVE: 0x0002, LEAF_VALUE_MISMATCH: 0x8003 } as const;

/** The trees in the order of `stateHashSubCacheMerkleRoots`. */
const TREES = ['accountState', 'namespace', 'mosaic', 'multisig', 'hashLockInfo', 'secretLockInfo', 'accountRestriction', 'mosaicRestriction', 'metadata'] as const;
type Tree = (typeof TREES)[number];

const sha3Hex = (bytes: Uint8Array) => createHash('sha3-256').update(bytes).digest('hex').toUpperCase();
const bytes = (hex: string) => new Uint8Array(Buffer.from(hex, 'hex'));

let server: Server;
let chain: InMemoryChain;
let a: ChainAccount;
let b: ChainAccount;
let c: ChainAccount;
let d: ChainAccount;
let mosaicId: bigint;
let rootId: bigint;
let childId: bigint;
/** The route of each tree for an entry that is in it. */
const routes = {} as Record<Tree, string>;
/** The tree key of each such entry (the SHA3-256 of the cache key). */
const keys = {} as Record<Tree, string>;

/** The latest block's stateHash and its nine roots, by tree. */
async function latestRoots(): Promise<{ stateHash: string; roots: Record<Tree, string>; list: string[] }> {
  const { height } = (await server.get('/chain/info')).body;
  const { block, meta } = (await server.get(`/blocks/${height}`)).body;
  const list: string[] = meta.stateHashSubCacheMerkleRoots;
  return { stateHash: block.stateHash, list, roots: Object.fromEntries(TREES.map((name, i) => [name, list[i]])) as Record<Tree, string> };
}

/** v3's verdict on `raw` proving `value` under `key` against the latest block. */
async function prove(raw: string, key: string, value: string): Promise<number> {
  const { stateHash, list } = await latestRoots();
  const nodes = deserializePatriciaTreeNodes(bytes(raw));
  return provePatriciaMerkle(new Hash256(key), new Hash256(value), nodes, new Hash256(stateHash), list.map((root) => new Hash256(root)));
}

beforeAll(async () => {
  chain = testChain({ rules: { minNamespaceDuration: 5n } });
  server = await startGateway({ backend: chain });
  [a, b, c, d] = chain.fundedAccounts;
  const A = new Address(a.address);

  mosaicId = generateMosaicId(A, 7);
  rootId = generateNamespaceId('proofs');
  childId = generateNamespaceId('leaf', rootId);
  await confirm(
    server,
    signedBy(chain, a, { type: 'mosaic_definition_transaction_v1', id: mosaicId, nonce: 7, flags: 'transferable restrictable', divisibility: 0, duration: 0n }),
    signedBy(chain, a, { type: 'namespace_registration_transaction_v1', registrationType: 'root', duration: 100n, name: 'proofs', id: rootId }),
  );
  const embedded = (signer: ChainAccount, descriptor: Record<string, unknown>) =>
    chain.facade.transactionFactory.createEmbedded({ ...descriptor, signerPublicKey: signer.keyPair.publicKey } as never);
  await confirm(
    server,
    signedBy(chain, a, { type: 'namespace_registration_transaction_v1', registrationType: 'child', parentId: rootId, name: 'leaf', id: childId }),
    signedBy(chain, a, { type: 'mosaic_global_restriction_transaction_v1', mosaicId, referenceMosaicId: 0n, restrictionKey: 42n, previousRestrictionValue: 0n, previousRestrictionType: 'none', newRestrictionValue: 1n, newRestrictionType: 'eq' }),
    signedBy(chain, b, { type: 'account_address_restriction_transaction_v1', restrictionFlags: 0x0001, restrictionAdditions: [a.address], restrictionDeletions: [] }),
    hashLockFor(chain, c, 'CD'.repeat(32)),
    signedBy(chain, a, {
      type: 'secret_lock_transaction_v1',
      recipientAddress: b.address,
      secret: new Hash256(sha3Hex(Buffer.from('proof of a secret'))),
      mosaic: { mosaicId: BigInt(`0x${chain.currency.mosaicId}`), amount: 1_000_000n },
      duration: 50n,
      hashAlgorithm: 'sha3_256',
    }),
    aggregate(chain, 'complete', a, [
      embedded(a, { type: 'account_metadata_transaction_v1', targetAddress: A, scopedMetadataKey: metadataGenerateKey('proof'), valueSizeDelta: 5, value: new Uint8Array(Buffer.from('proof')) }),
    ]),
    aggregate(chain, 'complete', d, [embedded(d, { type: 'multisig_account_modification_transaction_v1', minApprovalDelta: 1, minRemovalDelta: 1, addressAdditions: [new Address(c.address)], addressDeletions: [] })], { cosigners: [c] }),
  );
  await confirm(server, signedBy(chain, a, { type: 'address_alias_transaction_v1', namespaceId: childId, address: A, aliasAction: 'link' }));

  const [secretLock] = (await server.get('/lock/secret')).body.data;
  const [metadata] = (await server.get('/metadata')).body.data;
  const [mosaicRestriction] = (await server.get('/restrictions/mosaic')).body.data;
  routes.accountState = `/accounts/${a.address}/merkle`;
  routes.namespace = `/namespaces/${idHex(rootId)}/merkle`;
  routes.mosaic = `/mosaics/${idHex(mosaicId)}/merkle`;
  routes.multisig = `/account/${d.address}/multisig/merkle`;
  routes.hashLockInfo = `/lock/hash/${'CD'.repeat(32)}/merkle`;
  routes.secretLockInfo = `/lock/secret/${secretLock.lock.compositeHash}/merkle`;
  routes.accountRestriction = `/restrictions/account/${b.address}/merkle`;
  routes.mosaicRestriction = `/restrictions/mosaic/${mosaicRestriction.mosaicRestrictionEntry.compositeHash}/merkle`;
  routes.metadata = `/metadata/${metadata.metadataEntry.compositeHash}/merkle`;
  const id = (value: bigint) => Buffer.from(value.toString(16).padStart(16, '0'), 'hex').reverse();
  keys.accountState = sha3Hex(bytes(a.addressHex));
  keys.namespace = sha3Hex(id(rootId));
  keys.mosaic = sha3Hex(id(mosaicId));
  keys.multisig = sha3Hex(bytes(d.addressHex));
  keys.hashLockInfo = sha3Hex(bytes('CD'.repeat(32)));
  keys.secretLockInfo = sha3Hex(bytes(secretLock.lock.compositeHash));
  keys.accountRestriction = sha3Hex(bytes(b.addressHex));
  keys.mosaicRestriction = sha3Hex(bytes(mosaicRestriction.mosaicRestrictionEntry.compositeHash));
  keys.metadata = sha3Hex(bytes(metadata.metadataEntry.compositeHash));
});
afterAll(() => server.close());

describe('state proof routes', () => {
  it('answer {raw, tree} for an entry of each of the nine trees, the path from that tree\'s root in the latest block to the entry\'s leaf', async () => {
    const { stateHash, list, roots } = await latestRoots();
    expect(sha3Hex(bytes(list.join('')))).toBe(stateHash);
    for (const name of TREES) {
      const { status, body } = await server.get(routes[name]);
      expect(status, routes[name]).toBe(200);
      const nodes = body.tree;
      const last = nodes[nodes.length - 1];
      expect(last.type, name).toBe(255);
      expect(nodes[0].type === 0 ? nodes[0].branchHash : nodes[0].leafHash, name).toBe(roots[name]);
      // The leaf's path is the rest of the key after the branches' paths and link nibbles.
      const spelled = nodes.map((node: any, i: number) => node.path.slice(0, node.nibbleCount) + (node.type === 0 ? linkTo(node, nodes[i + 1]) : '')).join('');
      expect(spelled, name).toBe(keys[name]);
    }
  });

  it('are proven by symbol-sdk v3 against the latest stateHash, and a changed value is not', async () => {
    for (const name of TREES) {
      const { body } = await server.get(routes[name]);
      const value = body.tree[body.tree.length - 1].value;
      expect(await prove(body.raw, keys[name], value), name).toBe(PatriciaMerkleProofResult.VALID_POSITIVE);
      const changed = (value[0] === '0' ? '1' : '0') + value.slice(1);
      expect(await prove(body.raw, keys[name], changed), name).toBe(PatriciaMerkleProofResult.LEAF_VALUE_MISMATCH);
    }
  });

  it('decode raw into the tree symbol-sdk 2.0.7 parses from it (the reference gateway\'s rendering)', async () => {
    for (const name of TREES) {
      const { body } = await server.get(routes[name]);
      const parsed = MerkleTree.fromRaw(body.raw);
      expect(body.tree, name).toEqual([...parsed.branches, parsed.leaf].map((node) => ({ ...node })));
    }
  });

  it('answer a proof of absence for an account the tree does not hold, which symbol-sdk v3 accepts', async () => {
    const { body: root } = await server.get(routes.accountState);
    const linked = new Set(root.tree[0].links.map(({ bit }: { bit: string }) => bit));
    expect(root.tree[0].nibbleCount).toBe(0);
    // An address whose tree key starts with a nibble the root branch has no link for.
    let address: InstanceType<typeof Address> | undefined;
    for (let i = 0; !address; ++i) {
      const candidate = chain.symbolNetwork.publicKeyToAddress(new PublicKey(sha3Hex(Buffer.from(`absent ${i}`))));
      if (!linked.has(sha3Hex(candidate.bytes)[0])) address = candidate;
    }
    const { status, body } = await server.get(`/accounts/${address.toString()}/merkle`);
    expect(status).toBe(200);
    expect(body.tree).toEqual([root.tree[0]]); // the walk stops at the root: no link for the key's first nibble
    expect(await prove(body.raw, sha3Hex(address.bytes), '00'.repeat(32))).toBe(PatriciaMerkleProofResult.VALID_NEGATIVE);
  });

  it('name an account by its public key as by its address', async () => {
    const byAddress = await server.get(`/accounts/${a.address}/merkle`);
    const byKey = await server.get(`/accounts/${a.publicKey}/merkle`);
    expect(byKey.body).toEqual(byAddress.body);
  });

  it('answer a namespace child with the proof of absence of its id: the tree holds roots, each with its children', async () => {
    const { body } = await server.get(`/namespaces/${idHex(childId)}/merkle`);
    const childKey = sha3Hex(Buffer.from(childId.toString(16).padStart(16, '0'), 'hex').reverse());
    expect(body.tree.map(({ type }: { type: number }) => type)).toEqual([0]); // two roots (symbol, proofs): one branch
    expect(await prove(body.raw, childKey, '00'.repeat(32))).toBe(PatriciaMerkleProofResult.VALID_NEGATIVE);
  });

  it('answer an empty path for a tree that holds nothing', async () => {
    const fresh = await startGateway({ backend: testChain() });
    try {
      const { status, body } = await fresh.get(`/account/${a.address}/multisig/merkle`);
      expect(status).toBe(200);
      expect(body).toEqual({ raw: '', tree: [] });
      const { meta } = (await fresh.get('/blocks/1')).body;
      expect(meta.stateHashSubCacheMerkleRoots[TREES.indexOf('multisig')]).toBe('0'.repeat(64));
    } finally {
      await fresh.close();
    }
  });

  it('refuse malformed ids with 409 InvalidArgument', async () => {
    for (const path of [
      '/accounts/NOTANADDRESS/merkle',
      '/namespaces/XYZ/merkle',
      '/mosaics/123/merkle',
      '/account/TAAAA/multisig/merkle',
      '/lock/hash/ABCD/merkle',
      '/lock/secret/00/merkle',
      '/metadata/zz/merkle',
      '/restrictions/account/T/merkle',
      '/restrictions/mosaic/1234/merkle',
    ]) {
      const { status, body } = await server.get(path);
      expect([path, status, body.code]).toEqual([path, 409, 'InvalidArgument']);
    }
  });
});

describe('symbol-sdk 2.0.7 StateProofService', () => {
  it('proves every state entity the routes show, each proof rooted in the latest block\'s state hash', async () => {
    const wallet = await sdk2Wallet(server.base);
    const service = new StateProofService(wallet.factory);
    const { stateHash, list, roots } = await latestRoots();
    expect(sha3Hex(bytes(list.join('')))).toBe(stateHash);
    const [secretLock] = (await server.get('/lock/secret')).body.data;
    const [metadata] = (await server.get('/metadata')).body.data;
    const [mosaicRestriction] = (await server.get('/restrictions/mosaic')).body.data;
    const proofs: Record<Tree, StateMerkleProof> = {
      accountState: await firstValue(service.accountById(Sdk2Address.createFromRawAddress(a.address))),
      namespace: await firstValue(service.namespaceById(new Sdk2NamespaceId('proofs'))),
      mosaic: await firstValue(service.mosaicById(new Sdk2MosaicId(idHex(mosaicId)))),
      multisig: await firstValue(service.multisigById(Sdk2Address.createFromRawAddress(d.address))),
      hashLockInfo: await firstValue(service.hashLockById('CD'.repeat(32))),
      secretLockInfo: await firstValue(service.secretLockById(secretLock.lock.compositeHash)),
      accountRestriction: await firstValue(service.accountRestrictionById(Sdk2Address.createFromRawAddress(b.address))),
      mosaicRestriction: await firstValue(service.mosaicRestrictionById(mosaicRestriction.mosaicRestrictionEntry.compositeHash)),
      metadata: await firstValue(service.metadataById(metadata.metadataEntry.compositeHash)),
    };
    for (const name of TREES) {
      const proof = proofs[name];
      expect({ name, valid: proof.valid, leaf: proof.leafValue }).toEqual({ name, valid: true, leaf: proof.stateHash });
      expect(proof.rootHash, name).toBe(roots[name]);
    }
    // The cosignatory's multisig entry, and an account in the regular format (no importance) are proven too.
    expect((await firstValue(service.multisigById(Sdk2Address.createFromRawAddress(c.address)))).valid).toBe(true);
    const regular = chain.sinks.mosaicRental;
    expect((await server.get(`/accounts/${regular.address}`)).body.account).toMatchObject({ importanceHeight: '0', activityBuckets: [] });
    expect((await firstValue(service.accountById(Sdk2Address.createFromRawAddress(regular.address)))).valid).toBe(true);
  });
});

/** The nibble of the link from `branch` to `child` (by the child's hash). */
function linkTo(branch: any, child: any): string {
  const hash = child.type === 0 ? child.branchHash : child.leafHash;
  const link = branch.links.find((each: { link: string }) => each.link === hash);
  return link ? link.bit : '?';
}
