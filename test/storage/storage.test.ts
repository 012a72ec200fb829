/**
 * catapult's block storage, read from symbol-bootstrap 1.1.10's testnet seed
 * (test/fixtures/genesis/testnet/SOURCE.md) and from copies of it cut, lengthened or edited.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SymbolFacade, models } from 'symbol-sdk/symbol';
import { afterAll, describe, expect, it } from 'vitest';
import {
  finalizationProofDto,
  readBlockElement,
  readBlockStatement,
  readFinalizationIndex,
  readFinalizationProof,
  readSeedDirectory,
  storageFilePath,
  StorageFormatError,
  type SeedDirectory,
} from '../../src/storage/index.js';

const SEED = fileURLToPath(new URL('../fixtures/genesis/testnet/seed/', import.meta.url));
const GENESIS_HASH = '135B9276FE14D6724F87764DD3F8E332813AE9A36D1A7953B12213EA9ACB6B97';
const ZERO_HASH = '0'.repeat(64);
/** symbol.xym, the alias the genesis transactions name the currency by, and the currency itself. */
const XYM_ALIAS = 'E74B99BA41F4AFEE';
const CURRENCY = '72C0212E67A08BCE';

/** Where, in testnet's genesis element, the block ends (6745 bytes) and what follows it starts. */
const BLOCK_SIZE = 6745;
const TRANSACTION_COUNT_OFFSET = BLOCK_SIZE + 64;
const ROOT_COUNT_OFFSET = TRANSACTION_COUNT_OFFSET + 4 + 37 * 64;

const FILES = {
  index: 'index.dat',
  finalization: 'proof.index.dat',
  element: '00000/00001.dat',
  statement: '00000/00001.stmt',
  proof: '00000/00001.proof',
  hashes: '00000/hashes.dat',
  proofHeights: '00000/proof.heights.dat',
} as const;
type SeedFile = keyof typeof FILES;

const scratch = await mkdtemp(join(tmpdir(), 'storage-test-'));
afterAll(() => rm(scratch, { recursive: true, force: true }));
let copies = 0;

/** A copy of the testnet seed with `edit` applied to one file's bytes (`undefined` removes it). */
async function seedWith(file: SeedFile, edit: (bytes: Buffer) => Buffer | undefined): Promise<string> {
  const dir = join(scratch, `seed-${++copies}`);
  await cp(SEED, dir, { recursive: true });
  const edited = edit(await readFile(join(dir, FILES[file])));
  if (edited === undefined) await rm(join(dir, FILES[file]));
  else await writeFile(join(dir, FILES[file]), edited);
  return dir;
}

/** The StorageFormatError reading `dir` throws. */
async function refusal(dir: string): Promise<StorageFormatError> {
  const error = await readSeedDirectory(dir).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(StorageFormatError);
  return error as StorageFormatError;
}

/** Expects reading `dir` to be refused in `file` at `offset`, with `message` after the file and offset. */
async function expectRefused(dir: string, file: SeedFile, offset: number, message: string): Promise<void> {
  const error = await refusal(dir);
  expect({ file: error.file, offset: error.offset, message: error.message }).toEqual({
    file: join(dir, FILES[file]),
    offset,
    message: `${join(dir, FILES[file])} at offset ${offset}: ${message}`,
  });
}

const u32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value);
  return bytes;
};
const u64 = (value: bigint) => {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64LE(value);
  return bytes;
};
const hex = (text: string) => Buffer.from(text, 'hex');
/** `bytes` with `value` written over them at `offset`. */
const patched = (bytes: Buffer, offset: number, value: Buffer) => {
  const copy = Buffer.from(bytes);
  value.copy(copy, offset);
  return copy;
};

describe('readSeedDirectory: the testnet seed of symbol-bootstrap 1.1.10', () => {
  let seed: SeedDirectory;
  const read = async () => (seed ??= await readSeedDirectory(SEED));

  it('reads chain height 1 and the hashes of heights 0 (zeros) and 1 (the genesis)', async () => {
    const { height, hashes } = await read();
    expect(height).toBe(1n);
    expect(hashes).toEqual([ZERO_HASH, GENESIS_HASH]);
  });

  it('reads the genesis element: 37 transactions, 9 sub-cache roots, its entity hash the one in hashes.dat', async () => {
    const { blocks, hashes } = await read();
    expect(blocks).toHaveLength(1);
    const [element] = blocks;
    expect(element.height).toBe(1n);
    expect(element.block).toHaveLength(BLOCK_SIZE);
    expect(element.transactions).toHaveLength(37);
    expect(element.subCacheMerkleRoots).toHaveLength(9);
    expect(element.entityHash).toBe(GENESIS_HASH);
    expect(element.entityHash).toBe(hashes[1]);
    expect(element.generationHash).toBe('96FAA65899ED0EF309D17D7456C052BB2D7618B239C03BEDDCCBDEC6D82CBC0F');
  });

  it('gives the block as symbol-sdk reads it, each transaction with its own entity hash', async () => {
    const [element] = (await read()).blocks;
    const block = models.BlockFactory.deserialize(element.block) as models.NemesisBlockV1;
    expect(block.type).toBe(models.BlockType.NEMESIS);
    expect(block.size).toBe(element.block.length);
    const facade = new SymbolFacade('testnet');
    expect(block.transactions.map((transaction) => facade.hashTransaction(transaction).toString())).toEqual(element.transactions.map((each) => each.entityHash));
    // No aggregate among them: a plain transaction's merkle component hash is its entity hash.
    for (const each of element.transactions) expect(each.merkleComponentHash).toBe(each.entityHash);
  });

  it("reads the statement: the harvest fee to the genesis's beneficiary and symbol.xym resolved for transaction 5", async () => {
    const { statement } = await read();
    expect(statement).toEqual({
      transactionStatements: [
        {
          source: { primaryId: 0, secondaryId: 0 },
          receipts: [{ version: 1, type: 0x2143, mosaicId: CURRENCY, amount: '0', targetAddress: '9889432DE263BB8FE88444A4DA28D3609BD8BB8FAE18AE95' }],
        },
      ],
      addressResolutionStatements: [],
      mosaicResolutionStatements: [{ unresolved: XYM_ALIAS, resolutionEntries: [{ source: { primaryId: 5, secondaryId: 0 }, resolved: CURRENCY }] }],
    });
  });

  it('reads the statement as symbol-sdk does', async () => {
    const bytes = await readFile(join(SEED, FILES.statement));
    const sdk = models.BlockStatement.deserialize(new Uint8Array(bytes));
    expect(sdk.size).toBe(bytes.length);
    const ours = readBlockStatement(bytes, FILES.statement);
    expect(ours.transactionStatements.map((each) => each.receipts.map((receipt) => receipt.type))).toEqual(
      sdk.transactionStatements.map((each) => each.receipts.map((receipt: models.Receipt) => receipt.type.value)),
    );
    expect(ours.mosaicResolutionStatements[0].unresolved).toBe(sdk.mosaicResolutionStatements[0].unresolved.value.toString(16).toUpperCase());
  });

  it('reads the proof of epoch 1: round (1, 1), height 1, the genesis hash, no message groups', async () => {
    const { proof } = await read();
    expect(proof).toEqual({ version: 1, round: { epoch: 1, point: 1 }, height: 1n, hash: GENESIS_HASH, messageGroups: [] });
    expect(finalizationProofDto(proof!)).toEqual({ version: 1, finalizationEpoch: 1, finalizationPoint: 1, height: '1', hash: GENESIS_HASH, messageGroups: [] });
  });

  it('reads proof.index.dat (the genesis, finalized at round 1, 1) and proof.heights.dat (two zero placeholders)', async () => {
    const { finalization, proofHeights } = await read();
    expect(finalization).toEqual({ epoch: 1, point: 1, height: 1n, hash: GENESIS_HASH });
    expect(proofHeights).toEqual([0n, 0n]);
  });

  it('leaves statement and proof undefined when their files are absent', async () => {
    const withoutStatement = await readSeedDirectory(await seedWith('statement', () => undefined));
    expect(withoutStatement.statement).toBeUndefined();
    const withoutProof = await readSeedDirectory(await seedWith('proof', () => undefined));
    expect(withoutProof.proof).toBeUndefined();
    expect(withoutProof.finalization.height).toBe(1n);
  });

  it('ignores whole hashes past the chain height (catapult leaves them after a rollback)', async () => {
    const seed = await readSeedDirectory(await seedWith('hashes', (bytes) => Buffer.concat([bytes, Buffer.alloc(32, 0xab)])));
    expect(seed.hashes).toEqual([ZERO_HASH, GENESIS_HASH]);
  });
});

describe('storageFilePath', () => {
  it.each([
    [1n, '.dat', 1, '00000/00001.dat'],
    [9_999n, '.stmt', 1, '00000/09999.stmt'],
    [10_000n, '.dat', 1, '00001/00000.dat'],
    [12_345n, '.proof', 1, '00001/02345.proof'],
    [1n, '.dat', 100, '00000/00000.dat'],
    [250n, '.dat', 100, '00000/00200.dat'],
    [10_099n, '.stmt', 100, '00001/00000.stmt'],
  ] as const)('puts id %s (%s, batch size %s) in %s', (id, extension, batchSize, path) => {
    expect(storageFilePath(id, extension, batchSize)).toBe(path);
  });
});

describe('readSeedDirectory refuses', () => {
  describe('a file cut in the middle, naming it and where it stops', () => {
    it.each([
      ['index', 0, 'expected 8 bytes of chain height, found 4 bytes'],
      ['finalization', 16, 'expected 32 bytes of finalized hash, found 8 bytes'],
      ['element', 0, `expected ${BLOCK_SIZE} bytes of block, found 4736 bytes`],
      ['statement', 40, 'expected 24 bytes of target address of receipt 0x2143, found 10 bytes'],
      ['proof', 0, 'expected 56 bytes of proof, found 28 bytes'],
      ['hashes', 32, 'expected 32 bytes of hash of height 1, found 0 bytes'],
      ['proofHeights', 0, 'expected at least 2 heights (16 bytes), found 8 bytes'],
    ] as const)('%s', async (file, offset, message) => {
      await expectRefused(await seedWith(file, (bytes) => bytes.subarray(0, Math.floor(bytes.length / 2))), file, offset, message);
    });

    it('element: cut in its entity hash', async () => {
      const dir = await seedWith('element', (bytes) => bytes.subarray(0, BLOCK_SIZE + 3));
      await expectRefused(dir, 'element', BLOCK_SIZE, 'expected 32 bytes of entity hash, found 3 bytes');
    });
  });

  describe('bytes after the end of a file', () => {
    it.each([
      ['index', 8, 'expected the end of the file after the chain height, found 5 more bytes'],
      ['finalization', 48, 'expected the end of the file after the finalized hash, found 5 more bytes'],
      ['element', 9473, 'expected the end of the file after sub-cache merkle roots, found 5 more bytes'],
      ['statement', 100, 'expected the end of the file after mosaic resolution statements, found 5 more bytes'],
      ['proof', 56, 'expected the end of the file after the proof, found 5 more bytes'],
      ['hashes', 64, 'expected whole 32-byte hashes, found 5 bytes more'],
      ['proofHeights', 16, 'expected whole 8-byte heights, found 5 bytes more'],
    ] as const)('%s', async (file, offset, message) => {
      await expectRefused(await seedWith(file, (bytes) => Buffer.concat([bytes, Buffer.alloc(5)])), file, offset, message);
    });
  });

  describe('a count that runs past the end, at the count', () => {
    it('transaction hash pairs of the element', async () => {
      const dir = await seedWith('element', (bytes) => patched(bytes, TRANSACTION_COUNT_OFFSET, u32(0xffff_ffff)));
      await expectRefused(dir, 'element', TRANSACTION_COUNT_OFFSET, 'expected 4294967295 transaction hash pairs of 64 bytes each, found 2660 bytes after the count');
    });

    it('sub-cache merkle roots of the element', async () => {
      const dir = await seedWith('element', (bytes) => patched(bytes, ROOT_COUNT_OFFSET, u32(10)));
      await expectRefused(dir, 'element', ROOT_COUNT_OFFSET, 'expected 10 sub-cache merkle roots of 32 bytes each, found 288 bytes after the count');
    });

    it('a transaction of the block, past the block', async () => {
      // The first transaction starts right after the nemesis header (424 bytes).
      const dir = await seedWith('element', (bytes) => patched(bytes, 424, u32(BLOCK_SIZE)));
      await expectRefused(dir, 'element', 428, `expected ${BLOCK_SIZE - 4} bytes of transaction 1, found ${BLOCK_SIZE - 428} bytes before the end of the block`);
    });

    it('transaction statements of the statement', async () => {
      const dir = await seedWith('statement', (bytes) => patched(bytes, 0, u32(9)));
      await expectRefused(dir, 'statement', 0, 'expected 9 transaction statements of at least 12 bytes each, found 96 bytes after the count');
    });

    it('receipts of a transaction statement', async () => {
      const dir = await seedWith('statement', (bytes) => patched(bytes, 12, u32(6)));
      await expectRefused(dir, 'statement', 12, 'expected 6 receipts of at least 16 bytes each, found 84 bytes after the count');
    });

    it('entries of a mosaic resolution statement', async () => {
      const dir = await seedWith('statement', (bytes) => patched(bytes, 80, u32(2)));
      await expectRefused(dir, 'statement', 80, 'expected 2 mosaic resolution entries of 16 bytes each, found 16 bytes after the count');
    });
  });

  describe('a foreign file', () => {
    it('an element whose block is not a block (a transfer type)', async () => {
      const dir = await seedWith('element', (bytes) => patched(bytes, 110, hex('5441')));
      await expectRefused(dir, 'element', 110, 'expected a block type (0x8043, 0x8143, 0x8243), found type 0x4154');
    });

    it('an element with fewer transaction hash pairs than its block has transactions', async () => {
      const dir = await seedWith('element', (bytes) => patched(bytes, TRANSACTION_COUNT_OFFSET, u32(36)));
      await expectRefused(dir, 'element', TRANSACTION_COUNT_OFFSET, 'expected 37 transaction hash pairs (one per transaction of the block), found 36');
    });

    it('a transaction smaller than a transaction header', async () => {
      const dir = await seedWith('element', (bytes) => patched(bytes, 424, u32(100)));
      await expectRefused(dir, 'element', 424, 'expected a transaction of at least 128 bytes, found size 100');
    });

    it('a receipt of a type no statement holds, naming it', async () => {
      const dir = await seedWith('statement', (bytes) => patched(bytes, 22, hex('3412')));
      await expectRefused(dir, 'statement', 22, 'expected a receipt type a block statement holds, found type 0x1234 (4660)');
    });

    it("a receipt whose size is not its type's", async () => {
      const dir = await seedWith('statement', (bytes) => patched(bytes, 16, u32(50)));
      await expectRefused(dir, 'statement', 16, 'expected a receipt of 48 bytes (type 0x2143), found size 50');
    });

    it('a proof smaller than its header', async () => {
      const dir = await seedWith('proof', (bytes) => patched(bytes, 0, u32(40)));
      await expectRefused(dir, 'proof', 0, 'expected a proof of at least 56 bytes, found size 40');
    });
  });

  describe('an inconsistent seed', () => {
    it('a hashes.dat whose height 1 is not the entity hash of the element', async () => {
      const dir = await seedWith('hashes', (bytes) => patched(bytes, 32, Buffer.alloc(32, 0x11)));
      await expectRefused(dir, 'hashes', 32, `expected the entity hash of ${join(dir, FILES.element)} (${GENESIS_HASH}), found ${'11'.repeat(32)}`);
    });

    it('a hashes.dat whose height 0 is not zeros', async () => {
      const dir = await seedWith('hashes', (bytes) => patched(bytes, 0, Buffer.alloc(1, 1)));
      await expectRefused(dir, 'hashes', 0, `expected the zero hash at height 0, found 01${'0'.repeat(62)}`);
    });

    it('an element whose block is of another height than its file name says', async () => {
      const dir = await seedWith('element', (bytes) => patched(bytes, 112, u64(2n)));
      await expectRefused(dir, 'element', 112, "expected height 1, as the file's name says, found height 2");
    });

    it('a chain height of 0', async () => {
      await expectRefused(await seedWith('index', () => u64(0n)), 'index', 0, 'expected a chain height of at least 1, found height 0');
    });

    it('a chain height the hashes file has no hash for', async () => {
      await expectRefused(await seedWith('index', () => u64(2n)), 'hashes', 64, 'expected 32 bytes of hash of height 2, found 0 bytes');
    });

    it("a proof of another block than the genesis", async () => {
      const dir = await seedWith('proof', (bytes) => patched(bytes, 24, Buffer.alloc(32, 0x22)));
      await expectRefused(dir, 'proof', 24, `expected the genesis's entity hash (${GENESIS_HASH}), found ${'22'.repeat(32)}`);
    });

    it("a proof in epoch 1's file of another epoch", async () => {
      const dir = await seedWith('proof', (bytes) => patched(bytes, 8, u32(2)));
      await expectRefused(dir, 'proof', 8, "expected epoch 1, as the file's name says, found epoch 2");
    });

    it('a latest finalization above the chain height', async () => {
      const dir = await seedWith('finalization', (bytes) => patched(bytes, 8, u64(2n)));
      await expectRefused(dir, 'finalization', 8, "expected a height from 1 to the chain's 1, found height 2");
    });

    it('a latest finalization of another hash than hashes.dat has for its height', async () => {
      const dir = await seedWith('finalization', (bytes) => patched(bytes, 16, Buffer.alloc(32, 0x33)));
      await expectRefused(dir, 'finalization', 16, `expected the hash of height 1 in hashes.dat (${GENESIS_HASH}), found ${'33'.repeat(32)}`);
    });

    it('a latest finalization at another point than the proof of its epoch', async () => {
      const dir = await seedWith('finalization', (bytes) => patched(bytes, 4, u32(2)));
      await expectRefused(dir, 'finalization', 4, 'expected point 1, as the proof of epoch 1 says, found point 2');
    });
  });

  describe('a missing file, naming it', () => {
    it.each([
      ['index', 'expected the chain height (8 bytes), found no such file'],
      ['hashes', 'expected the entity hash of each height, found no such file'],
      ['element', 'expected the block element of height 1, found no such file'],
      ['finalization', 'expected the latest finalization (48 bytes), found no such file'],
      ['proofHeights', 'expected finalization heights, found no such file'],
    ] as const)('%s', async (file, message) => {
      await expectRefused(await seedWith(file, () => undefined), file, 0, message);
    });

    it("the element, saying why when a node's batched file holds it", async () => {
      const dir = await seedWith('element', () => undefined);
      await writeFile(join(dir, '00000/00000.dat'), Buffer.alloc(16));
      await expectRefused(
        dir,
        'element',
        0,
        "expected the block element of height 1, found no such file (00000/00000.dat is there: a node's data directory, written with a file database batch size above 1, which this reader does not read)",
      );
    });
  });
});

describe('readBlockStatement (synthetic statements)', () => {
  const source = (primaryId: number, secondaryId = 0) => Buffer.concat([u32(primaryId), u32(secondaryId)]);
  const header = (size: number, type: number) => Buffer.concat([u32(size), Buffer.from([1, 0]), Buffer.from([type & 0xff, type >> 8])]);
  const address = (byte: number) => Buffer.alloc(24, byte);
  const expiry = (type: number, id: bigint) => Buffer.concat([header(16, type), u64(id)]);

  it('reads each receipt layout: balance transfer, balance change, artifact expiry, inflation', () => {
    const receipts = [
      Buffer.concat([header(72, 0x124d), u64(0x6bed913fa20223f8n), u64(500n), address(0xaa), address(0xbb)]),
      Buffer.concat([header(48, 0x3148), u64(0x6bed913fa20223f8n), u64(10_000_000n), address(0xcc)]),
      expiry(0x414d, 0x0123456789abcdefn),
      Buffer.concat([header(24, 0x5143), u64(0x6bed913fa20223f8n), u64(95_000_000n)]),
    ];
    const bytes = Buffer.concat([u32(1), source(0), u32(receipts.length), ...receipts, u32(1), address(0x99), u32(1), source(2, 1), address(0x98), u32(0)]);
    expect(readBlockStatement(bytes, 'synthetic.stmt')).toEqual({
      transactionStatements: [
        {
          source: { primaryId: 0, secondaryId: 0 },
          receipts: [
            { version: 1, type: 0x124d, mosaicId: '6BED913FA20223F8', amount: '500', senderAddress: 'AA'.repeat(24), recipientAddress: 'BB'.repeat(24) },
            { version: 1, type: 0x3148, mosaicId: '6BED913FA20223F8', amount: '10000000', targetAddress: 'CC'.repeat(24) },
            { version: 1, type: 0x414d, artifactId: '0123456789ABCDEF' },
            { version: 1, type: 0x5143, mosaicId: '6BED913FA20223F8', amount: '95000000' },
          ],
        },
      ],
      addressResolutionStatements: [{ unresolved: '99'.repeat(24), resolutionEntries: [{ source: { primaryId: 2, secondaryId: 1 }, resolved: '98'.repeat(24) }] }],
      mosaicResolutionStatements: [],
    });
  });

  it('refuses two transaction statements of one source (catapult writes a map)', () => {
    const statement = Buffer.concat([source(1), u32(1), expiry(0x414d, 1n)]);
    const bytes = Buffer.concat([u32(2), statement, statement, u32(0), u32(0)]);
    expect(() => readBlockStatement(bytes, 'twice.stmt')).toThrow(
      new StorageFormatError('twice.stmt', 32, 'transaction statements in increasing order, each once (after source (1, 0))', 'source (1, 0)'),
    );
  });

  it('refuses resolution entries out of source order', () => {
    const entries = Buffer.concat([u32(2), source(3), u64(1n), source(2), u64(2n)]);
    const bytes = Buffer.concat([u32(0), u32(0), u32(1), u64(0x8000000000000001n), entries]);
    expect(() => readBlockStatement(bytes, 'order.stmt')).toThrow(
      new StorageFormatError('order.stmt', 40, 'resolution entries in source order (after source (3, 0))', 'source (2, 0)'),
    );
  });
});

describe('readFinalizationProof (synthetic proofs)', () => {
  const proofHeader = (size: number) => Buffer.concat([u32(size), u32(1), u32(3), u32(7), u64(1_440n), Buffer.alloc(32, 0x44)]);
  const group = (stage: number, hashes: number, signatures: number, size = 24 + 32 * hashes + 192 * signatures) =>
    Buffer.concat([
      u32(size),
      u32(hashes),
      u32(signatures),
      u32(stage),
      u64(1_439n),
      ...Array.from({ length: hashes }, (_, index) => Buffer.alloc(32, 0x50 + index)),
      ...Array.from({ length: signatures }, () => Buffer.concat([Buffer.alloc(32, 0x61), Buffer.alloc(64, 0x62), Buffer.alloc(32, 0x63), Buffer.alloc(64, 0x64)])),
    ]);
  const proof = (...groups: Buffer[]) => {
    const body = Buffer.concat(groups);
    return Buffer.concat([proofHeader(56 + body.length), body]);
  };

  it('reads message groups and gives them as the gateway answers them', () => {
    const bytes = proof(group(0, 2, 1), group(1, 1, 0));
    const read = readFinalizationProof(bytes, 'votes.proof');
    expect(read.messageGroups.map((each) => [each.stage, each.height, each.hashes.length, each.signatures.length])).toEqual([
      [0, 1_439n, 2, 1],
      [1, 1_439n, 1, 0],
    ]);
    expect(finalizationProofDto(read)).toEqual({
      version: 1,
      finalizationEpoch: 3,
      finalizationPoint: 7,
      height: '1440',
      hash: '44'.repeat(32),
      messageGroups: [
        {
          stage: 0,
          height: '1439',
          hashes: ['50'.repeat(32), '51'.repeat(32)],
          signatures: [{ root: { parentPublicKey: '61'.repeat(32), signature: '62'.repeat(64) }, bottom: { parentPublicKey: '63'.repeat(32), signature: '64'.repeat(64) } }],
        },
        { stage: 1, height: '1439', hashes: ['50'.repeat(32)], signatures: [] },
      ],
    });
  });

  it('refuses a message group whose size is not what its counts make', () => {
    expect(() => readFinalizationProof(proof(group(0, 1, 0, 64)), 'size.proof')).toThrow(
      new StorageFormatError('size.proof', 56, 'message group 1 of 56 bytes (1 hashes, 0 signatures)', 'size 64'),
    );
  });

  it('refuses a message group whose counts run past the proof', () => {
    const bytes = proof(group(0, 1, 0));
    bytes.writeUInt32LE(24 + 32 * 3, 56);
    bytes.writeUInt32LE(3, 60);
    expect(() => readFinalizationProof(bytes, 'counts.proof')).toThrow(
      new StorageFormatError('counts.proof', 80, '96 bytes of message group 1', '32 bytes before the end of the proof'),
    );
  });

  it('refuses a stage that is neither prevote nor precommit', () => {
    expect(() => readFinalizationProof(proof(group(2, 0, 0)), 'stage.proof')).toThrow(
      new StorageFormatError('stage.proof', 68, 'a stage (0 prevote, 1 precommit)', 'stage 2'),
    );
  });
});

describe('the single-file readers', () => {
  it('name the file as the caller gave it', () => {
    expect(() => readBlockElement(new Uint8Array(2), 'some/where/00001.dat')).toThrow('some/where/00001.dat at offset 0: expected 4 bytes of block size, found 2 bytes');
    expect(() => readFinalizationIndex(new Uint8Array(0), 'proof.index.dat')).toThrow('proof.index.dat at offset 0: expected 4 bytes of finalization epoch, found 0 bytes');
  });

  it('carry file, offset, expected and found on the error', () => {
    let thrown: unknown;
    try {
      readBlockStatement(Buffer.concat([u32(0), u32(0), u32(0), Buffer.alloc(1)]), 'x.stmt');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(StorageFormatError);
    expect({ ...(thrown as StorageFormatError), name: (thrown as Error).name }).toEqual({
      name: 'StorageFormatError',
      file: 'x.stmt',
      offset: 12,
      expected: 'the end of the file after mosaic resolution statements',
      found: '1 more bytes',
    });
  });
});
