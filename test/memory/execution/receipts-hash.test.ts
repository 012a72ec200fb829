/**
 * The block's receiptsHash and the merkle root behind it, pinned against the official SDKs:
 * symbol-sdk 2.0.7 rebuilds every statement from the REST bodies, hashes it its own way,
 * and its MerkleHashBuilder gives the block's receiptsHash; symbol-sdk v3's proveMerkle
 * accepts a path to every leaf of our merkle root.
 */
import { createHash } from 'node:crypto';
import { Hash256 } from 'symbol-sdk';
import { Address, generateMosaicId, generateNamespaceId, proveMerkle } from 'symbol-sdk/symbol';
import * as sdk2 from 'symbol-sdk-v2';
import { MerkleHashBuilder, NetworkType, type AddressResolutionStatement, type MosaicIdResolutionStatement, type TransactionStatement } from 'symbol-sdk-v2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merkleRoot } from '../../../src/memory/block-builder.js';
import { startGateway, testChain } from '../../support/server.js';
import { aggregate, inAnHour, sign } from '../../support/signing.js';

type Server = Awaited<ReturnType<typeof startGateway>>;

// What symbol-sdk 2.0.7's ReceiptHttp maps REST bodies with: exported at run time, missing from its type declarations.
const { createTransactionStatement, createAddressResolutionStatement, createMosaicResolutionStatement } = sdk2 as unknown as {
  createTransactionStatement(dto: unknown): TransactionStatement;
  createAddressResolutionStatement(dto: unknown): AddressResolutionStatement;
  createMosaicResolutionStatement(dto: unknown): MosaicIdResolutionStatement;
};

const sha3 = (...parts: Uint8Array[]): Uint8Array<ArrayBuffer> => {
  const hash = createHash('sha3-256');
  for (const part of parts) hash.update(part);
  return new Uint8Array(hash.digest());
};
const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex').toUpperCase();
const leaves = (count: number, salt = 'leaf') => Array.from({ length: count }, (_, i) => sha3(Buffer.from(`${salt} ${i}`)));

/** The root symbol-sdk 2.0.7 computes (a fresh builder each time: its getRootHash works once). */
function sdk2Root(hashes: readonly Uint8Array[]): string {
  const builder = new MerkleHashBuilder(32);
  for (const hash of hashes) builder.update(hash);
  return hex(builder.getRootHash());
}

/** A merkle path to leaf `index`, built by hand (pairs hashed, an odd last hash paired with itself). */
function pathTo(hashes: readonly Uint8Array[], index: number): { hash: Hash256; isLeft: boolean }[] {
  const path: { hash: Hash256; isLeft: boolean }[] = [];
  let level = [...hashes];
  let position = index;
  while (level.length > 1) {
    if (level.length % 2 === 1) level.push(level[level.length - 1]);
    const sibling = position ^ 1;
    path.push({ hash: new Hash256(level[sibling]), isLeft: sibling < position });
    const next: Uint8Array<ArrayBuffer>[] = [];
    for (let i = 0; i < level.length; i += 2) next.push(sha3(level[i], level[i + 1]));
    level = next;
    position >>= 1;
  }
  return path;
}

describe('merkleRoot (transactionsHash and receiptsHash)', () => {
  it.each([0, 1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 33])('equals symbol-sdk 2.0.7 MerkleHashBuilder for %i leaves', (count) => {
    const hashes = leaves(count, `count ${count}`);
    expect(hex(merkleRoot(hashes))).toBe(sdk2Root(hashes));
  });

  it.each([1, 2, 3, 5, 8, 13])('is a root symbol-sdk v3 proveMerkle accepts for every leaf of %i, and rejects with a leaf changed', (count) => {
    const hashes = leaves(count, `prove ${count}`);
    const root = new Hash256(merkleRoot(hashes));
    hashes.forEach((leaf, i) => {
      expect(proveMerkle(new Hash256(leaf), pathTo(hashes, i), root), `leaf ${i}`).toBe(true);
      expect(proveMerkle(new Hash256(sha3(leaf)), pathTo(hashes, i), root), `changed leaf ${i}`).toBe(false);
    });
  });

  it('is 32 zero bytes for no leaves and the leaf itself for one', () => {
    expect(hex(merkleRoot([]))).toBe('0'.repeat(64));
    const [one] = leaves(1);
    expect(hex(merkleRoot([one]))).toBe(hex(one));
  });
});

describe('a block\'s receiptsHash', () => {
  let server: Server;
  const heights: number[] = [];

  beforeAll(async () => {
    // Inflation from height 3, a mosaic that expires after 3 blocks: every kind of receipt the chain makes.
    const chain = testChain({ rules: { inflation: [[3n, 1_000n]], minNamespaceDuration: 5n } });
    server = await startGateway({ backend: chain });
    const [a, b] = chain.fundedAccounts;
    const { facade } = chain;
    const announce = async (transaction: Parameters<typeof sign>[2], signer = a) => {
      const reply = await server.request('PUT', '/transactions', { body: sign(facade, signer.keyPair, transaction).body, headers: { 'content-type': 'application/json' } });
      expect(reply.status).toBe(202);
      chain.processAnnounced();
    };
    const common = () => ({ signerPublicKey: a.keyPair.publicKey, fee: 2_000_000n, deadline: inAnHour(chain) });
    const root = generateNamespaceId('receipts');
    const mosaicId = generateMosaicId(new Address(a.address), 3);
    await announce(facade.transactionFactory.create({ ...common(), type: 'namespace_registration_transaction_v1', registrationType: 'root', duration: 10n, name: 'receipts', id: root }));
    await announce(facade.transactionFactory.create({ ...common(), type: 'mosaic_definition_transaction_v1', id: mosaicId, nonce: 3, flags: 'transferable', divisibility: 0, duration: 3n }));
    await announce(facade.transactionFactory.create({ ...common(), type: 'mosaic_supply_change_transaction_v1', mosaicId, delta: 1_000n, action: 'increase' }));
    heights.push(Number(chain.harvest().block.height));
    await announce(facade.transactionFactory.create({ ...common(), type: 'mosaic_alias_transaction_v1', namespaceId: root, mosaicId, aliasAction: 'link' }));
    heights.push(Number(chain.harvest().block.height));
    // An aggregate whose inner transfers name the mosaic by its alias, and a top-level one after it.
    const embedded = [0, 1].map((i) =>
      facade.transactionFactory.createEmbedded({ type: 'transfer_transaction_v1', signerPublicKey: a.keyPair.publicKey, recipientAddress: b.address, mosaics: [{ mosaicId: root, amount: BigInt(10 + i) }] }),
    );
    const signed = aggregate(chain, 'complete', a, embedded);
    await server.request('PUT', '/transactions', { body: signed.body, headers: { 'content-type': 'application/json' } });
    chain.processAnnounced();
    await announce(facade.transactionFactory.create({ ...common(), type: 'transfer_transaction_v1', recipientAddress: b.address, mosaics: [{ mosaicId: root, amount: 5n }] }));
    heights.push(Number(chain.harvest().block.height));
    heights.push(Number(chain.harvest().block.height)); // the mosaic expires here (start 2 + duration 3)
  });
  afterAll(() => server.close());

  const page = async (path: string): Promise<any[]> => (await server.get(`${path}&order=asc&pageSize=100`)).body.data;

  it('is the merkle root (symbol-sdk 2.0.7) of the hashes symbol-sdk 2.0.7 computes for the statements REST shows, block by block', async () => {
    for (const height of [1, ...heights]) {
      const transactionStatements = (await page(`/statements/transaction?height=${height}`)).map(createTransactionStatement);
      const addressStatements = (await page(`/statements/resolutions/address?height=${height}`)).map(createAddressResolutionStatement);
      const mosaicStatements = (await page(`/statements/resolutions/mosaic?height=${height}`)).map(createMosaicResolutionStatement);
      const hashes = [
        ...transactionStatements.map((statement) => statement.generateHash()),
        ...addressStatements.map((statement) => statement.generateHash(NetworkType.TEST_NET)),
        ...mosaicStatements.map((statement) => statement.generateHash(NetworkType.TEST_NET)),
      ].map((hash) => Buffer.from(hash, 'hex'));
      const { block, meta } = (await server.get(`/blocks/${height}`)).body;
      expect(hashes.length, `statements at height ${height}`).toBe(meta.statementsCount);
      expect(block.receiptsHash, `height ${height}`).toBe(sdk2Root(hashes));
    }
  });

  it('covers rental fees, harvest fees, inflation, an expiry and both kinds of resolution (so the check above means something)', async () => {
    const types = new Set<number>();
    for (const height of [1, ...heights]) for (const { statement } of await page(`/statements/transaction?height=${height}`)) for (const receipt of statement.receipts) types.add(receipt.type);
    expect([...types].sort()).toEqual([0x124d, 0x134e, 0x2143, 0x414d, 0x5143].sort());
    const mosaicResolutions = await page(`/statements/resolutions/mosaic?height=${heights[2]}`);
    expect(mosaicResolutions.map((entry: any) => entry.statement.resolutionEntries.map((e: any) => e.source))).toEqual([[{ primaryId: 1, secondaryId: 1 }]]);
  });
});
