/**
 * A real network's block 1, served over HTTP: everything the gateway says of it equals what
 * catapult stored beside the block in the preset's seed (symbol-bootstrap 1.1.10's testnet
 * fixture, and mainnet's 26,017 transactions from the package itself): the element's hashes and
 * sub-cache roots, the header read from the block's own bytes, the statement, the proof, and the
 * currency the network started with.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureGenesisPresets } from '../../scripts/genesis-presets.js';
import { readGenesisPreset, type GenesisPreset } from '../../src/genesis/index.js';
import { readPresetSettings } from '../../src/genesis/preset-files.js';
import { InMemoryChain } from '../../src/index.js';
import { finalizationProofDto, type BlockElementFile, type BlockStatementFile, type SeedDirectory } from '../../src/storage/index.js';
import { startGateway } from '../support/server.js';

type Server = Awaited<ReturnType<typeof startGateway>>;

const TESTNET = fileURLToPath(new URL('../fixtures/genesis/testnet/', import.meta.url));
/** The package's presets are fetched once per run (a few seconds); mainnet's chain takes about 5 s to build. */
const PRESET_TIMEOUT = 120_000;
/** Paging through mainnet's 26,017 transactions or 25,385 accounts, each page checked against the OpenAPI spec. */
const PAGING_TIMEOUT = 120_000;
const PAGE_SIZE = 100;

/** catapult's cache order (CacheId): the order of a block's sub-cache merkle roots. */
const CACHES = ['accountState', 'namespace', 'mosaic', 'multisig', 'hashLockInfo', 'secretLockInfo', 'accountRestriction', 'mosaicRestriction', 'metadata'];

// region the block's bytes, read at catbuffer's offsets (not with the chain's reader)

/** catbuffer's BlockHeader: size, reserved, signature (64), signer (32), reserved, version, network, type, height, timestamp, difficulty, the VRF proof (80), then the hashes. */
const HEADER = { signer: 72, type: 110, height: 112, previousBlockHash: 216, transactionsHash: 248, receiptsHash: 280, stateHash: 312 } as const;
/** A nemesis or importance block's header (the voting and harvesting summary after the fee multiplier); a normal block's is 372 bytes. */
const IMPORTANCE_HEADER_SIZE = 424;
const NORMAL_HEADER_SIZE = 372;
const NORMAL_BLOCK_TYPE = 0x8143;
/** A transaction's header: size, reserved, signature, signer, reserved, version, network, type, max fee, deadline. */
const TRANSACTION_TYPE_OFFSET = 110;
const TRANSACTION_HEADER_SIZE = 128;
/** An aggregate's transactions hash (32) and payload size, after its header; the payload starts after a reserved u32. */
const AGGREGATE_PAYLOAD_SIZE_OFFSET = TRANSACTION_HEADER_SIZE + 32;
const AGGREGATE_PAYLOAD_OFFSET = AGGREGATE_PAYLOAD_SIZE_OFFSET + 8;
const AGGREGATE_TYPES = [0x4141, 0x4241];

const hexAt = (bytes: Uint8Array, offset: number, size = 32) => Buffer.from(bytes.subarray(offset, offset + size)).toString('hex').toUpperCase();
const padded = (size: number) => size + ((8 - (size % 8)) % 8);

/** The header fields the gateway shows of a block's hashes, from its bytes. */
function headerOf(block: Uint8Array) {
  const view = new DataView(block.buffer, block.byteOffset, block.byteLength);
  return {
    signerPublicKey: hexAt(block, HEADER.signer),
    height: view.getBigUint64(HEADER.height, true).toString(),
    previousBlockHash: hexAt(block, HEADER.previousBlockHash),
    transactionsHash: hexAt(block, HEADER.transactionsHash),
    receiptsHash: hexAt(block, HEADER.receiptsHash),
    stateHash: hexAt(block, HEADER.stateHash),
  };
}

/** The block's transactions (top level) and with every aggregate's inner ones (catapult's deep count). */
function transactionCounts(block: Uint8Array): { top: number; total: number } {
  const view = new DataView(block.buffer, block.byteOffset, block.byteLength);
  let offset = view.getUint16(HEADER.type, true) === NORMAL_BLOCK_TYPE ? NORMAL_HEADER_SIZE : IMPORTANCE_HEADER_SIZE;
  let top = 0;
  let total = 0;
  while (offset < block.length) {
    const size = view.getUint32(offset, true);
    top++;
    total++;
    if (AGGREGATE_TYPES.includes(view.getUint16(offset + TRANSACTION_TYPE_OFFSET, true))) {
      const start = offset + AGGREGATE_PAYLOAD_OFFSET;
      const end = start + view.getUint32(offset + AGGREGATE_PAYLOAD_SIZE_OFFSET, true);
      for (let inner = start; inner < end; inner += padded(view.getUint32(inner, true))) total++;
    }
    offset += padded(size);
  }
  return { top, total };
}

// endregion

/** Every entry of a collection: each page of PAGE_SIZE in turn, until the envelope's totalPages. */
async function everyPage(server: Server, path: string): Promise<any[]> {
  const entries: any[] = [];
  const separator = path.includes('?') ? '&' : '?';
  for (let pageNumber = 1; ; pageNumber++) {
    const { status, body } = await server.get(`${path}${separator}pageSize=${PAGE_SIZE}&pageNumber=${pageNumber}`);
    expect(status, `${path} page ${pageNumber}`).toBe(200);
    entries.push(...body.data);
    if (pageNumber >= body.pagination.totalPages) {
      expect(entries, `${path}: every entry the envelope counts`).toHaveLength(body.pagination.totalEntries);
      return entries;
    }
  }
}

/** An amount of atomic units in whole units with `divisibility` decimals, as catapult-rest's supply routes write it. */
function wholeUnits(atomic: bigint, divisibility: number): string {
  const digits = atomic.toString().padStart(divisibility + 1, '0');
  return divisibility === 0 ? digits : `${digits.slice(0, -divisibility)}.${digits.slice(-divisibility)}`;
}

const NETWORKS = [
  { network: 'testnet', directory: async () => TESTNET, blockHash: '135B9276FE14D6724F87764DD3F8E332813AE9A36D1A7953B12213EA9ACB6B97', transactions: 37 },
  { network: 'mainnet', directory: async () => join(await ensureGenesisPresets(), 'mainnet'), blockHash: 'BEED005B82B22FC32DA6FDF4DFEB7C11BA6A8C5C504EB7B9CCF91B9B2A09E020', transactions: 26_017 },
];

for (const { network, directory, blockHash, transactions } of NETWORKS) describe(`${network}'s block 1, replayed and served: what the gateway says equals catapult's seed files`, () => {
  let preset: GenesisPreset;
  let seed: SeedDirectory;
  let element: BlockElementFile;
  let statement: BlockStatementFile;
  let nemesisSignerPublicKey: string;
  let server: Server;

  beforeAll(async () => {
    const folder = await directory();
    preset = await readGenesisPreset(folder);
    seed = preset.seed!;
    element = seed.blocks[0];
    statement = seed.statement!;
    nemesisSignerPublicKey = String((await readPresetSettings(folder)).values.nemesisSignerPublicKey);
    server = await startGateway({ backend: new InMemoryChain({ ...preset.options, blockInterval: false }) });
  }, PRESET_TIMEOUT);

  afterAll(async () => {
    await server?.close();
  });

  it('reads the seed it replays: block 1 is the one hashes.dat names, with a statement and a finalization proof', () => {
    expect(element.entityHash).toBe(blockHash);
    expect(seed.hashes[1]).toBe(element.entityHash);
    expect(element.transactions).toHaveLength(transactions);
    expect(element.subCacheMerkleRoots).toHaveLength(CACHES.length);
    expect(statement).toBeDefined();
    expect(seed.proof).toBeDefined();
  });

  describe('GET /blocks/1', () => {
    it("has the element's entity and generation hashes, and the header's transactions, receipts and state hashes as the block's bytes hold them", async () => {
      const { status, body } = await server.get('/blocks/1');
      expect(status).toBe(200);
      expect(body.meta.hash).toBe(element.entityHash);
      expect(body.meta.hash).toBe(seed.hashes[1]);
      expect(body.meta.generationHash).toBe(element.generationHash);
      const header = headerOf(element.block);
      expect(body.block).toMatchObject(header);
      expect(body.block.size).toBe(element.block.length);
      expect(body.block.signerPublicKey).toBe(nemesisSignerPublicKey.toUpperCase());
    });

    it("has the element's 9 sub-cache merkle roots in catapult's cache order, whose SHA3-256 is the header's stateHash", async () => {
      const { body } = await server.get('/blocks/1');
      expect(server.chain.following().state.trees()).toEqual(CACHES);
      const roots: string[] = body.meta.stateHashSubCacheMerkleRoots;
      expect(roots).toHaveLength(CACHES.length);
      CACHES.forEach((cache, index) => expect(roots[index], `the ${cache} cache's root (sub-cache ${index})`).toBe(element.subCacheMerkleRoots[index]));
      const stateHash = createHash('sha3-256').update(Buffer.concat(roots.map((root) => Buffer.from(root, 'hex')))).digest('hex').toUpperCase();
      expect(stateHash).toBe(headerOf(element.block).stateHash);
      expect(body.block.stateHash).toBe(stateHash);
    });

    it("counts the block's transactions, with and without the aggregates' inner ones, and the statement's statements", async () => {
      const { body } = await server.get('/blocks/1');
      const { top, total } = transactionCounts(element.block);
      expect(top).toBe(element.transactions.length);
      expect(body.meta.transactionsCount).toBe(top);
      expect(body.meta.totalTransactionsCount).toBe(total);
      const statements = statement.transactionStatements.length + statement.addressResolutionStatements.length + statement.mosaicResolutionStatements.length;
      expect(body.meta.statementsCount).toBe(statements);
    });
  });

  describe('GET /transactions/confirmed?height=1', () => {
    it("pages every transaction in block order (order=asc), each with the element's entity and merkle component hashes", async () => {
      const served = await everyPage(server, '/transactions/confirmed?height=1&order=asc');
      expect(served).toHaveLength(element.transactions.length);
      served.forEach(({ meta }, index) => {
        const stored = element.transactions[index];
        expect({ height: meta.height, index: meta.index, hash: meta.hash, merkleComponentHash: meta.merkleComponentHash }, `transaction ${index}`).toEqual({
          height: '1',
          index,
          hash: stored.entityHash,
          merkleComponentHash: stored.merkleComponentHash,
        });
      });
    }, PAGING_TIMEOUT);
  });

  describe("GET /statements: the block statement of 00001.stmt, in catapult's order", () => {
    it('serves the transaction statements: each source with its receipts, types, versions and fields', async () => {
      const served = await everyPage(server, '/statements/transaction?height=1&order=asc');
      expect(served.every((entry) => entry.statement.height === '1')).toBe(true);
      expect(served.map(({ statement: { source, receipts } }) => ({ source, receipts }))).toEqual(statement.transactionStatements);
    }, PAGING_TIMEOUT);

    it.each(['address', 'mosaic'] as const)('serves the %s resolution statements: each unresolved alias with its entries', async (artifact) => {
      const served = await everyPage(server, `/statements/resolutions/${artifact}?height=1&order=asc`);
      expect(served.every((entry) => entry.statement.height === '1')).toBe(true);
      const stored = artifact === 'address' ? statement.addressResolutionStatements : statement.mosaicResolutionStatements;
      expect(served.map(({ statement: { unresolved, resolutionEntries } }) => ({ unresolved, resolutionEntries }))).toEqual(stored);
    });
  });

  describe('GET /finalization/proof', () => {
    it.each(['/finalization/proof/epoch/1', '/finalization/proof/height/1'])('%s is the proof of 00001.proof', async (path) => {
      const { status, body } = await server.get(path);
      expect(status).toBe(200);
      expect(body).toEqual(finalizationProofDto(seed.proof!));
    });
  });

  describe('the currency the network started with', () => {
    it("sums, over every account's balance, to the preset's initialCurrencyAtomicUnits", async () => {
      const currency = preset.options.nemesis!.currencyMosaicId;
      const initial = preset.options.rules!.initialCurrencyAtomicUnits!;
      const { body: first } = await server.get(`/accounts?pageSize=${PAGE_SIZE}`);
      const count: number = first.pagination.totalEntries;
      const accounts = await everyPage(server, '/accounts');
      expect(accounts).toHaveLength(count);
      expect(new Set(accounts.map(({ account }) => account.address)).size).toBe(count);
      const sum = accounts.reduce((total, { account }) => total + BigInt(account.mosaics.find((mosaic: any) => mosaic.id === currency)?.amount ?? 0), 0n);
      expect(sum).toBe(initial);
    }, PAGING_TIMEOUT);

    it('is the currency mosaic’s supply, and GET /network/currency/supply/total in whole units', async () => {
      const currency = preset.options.nemesis!.currencyMosaicId;
      const initial = preset.options.rules!.initialCurrencyAtomicUnits!;
      const { body } = await server.get(`/mosaics/${currency}`);
      expect(body.mosaic.supply).toBe(initial.toString());
      const total = await server.get('/network/currency/supply/total');
      expect(total.status).toBe(200);
      expect(total.body).toBe(wholeUnits(initial, body.mosaic.divisibility));
    });
  });

  describe('GET /chain/info', () => {
    it("is at height 1, finalized at epoch 1 on block 1 as proof.index.dat says", async () => {
      const { status, body } = await server.get('/chain/info');
      expect(status).toBe(200);
      expect(body.height).toBe('1');
      expect(body.latestFinalizedBlock).toEqual({
        finalizationEpoch: seed.finalization.epoch,
        finalizationPoint: seed.finalization.point,
        height: seed.finalization.height.toString(),
        hash: seed.finalization.hash,
      });
      expect(body.latestFinalizedBlock).toMatchObject({ finalizationEpoch: 1, height: '1', hash: element.entityHash });
    });
  });
});
