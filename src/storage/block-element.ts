import { readBlockFraming } from './block-entity.js';
import { ByteReader } from './reader.js';

/** What a block element file (`00000/00001.dat`) holds: the block and what catapult computed from it. */
export interface BlockElementFile {
  /** Exactly the block entity's bytes, as long as its own size prefix says. */
  block: Uint8Array;
  /** The block's height, from its header. */
  height: bigint;
  /** 64 uppercase hex, as every other hash here. */
  entityHash: string;
  generationHash: string;
  /** One per top-level transaction of the block, in block order. */
  transactions: { entityHash: string; merkleComponentHash: string }[];
  /** The state's sub-cache merkle roots after the block (none when the chain keeps no verifiable state). */
  subCacheMerkleRoots: string[];
}

const HASH_SIZE = 32;

/**
 * Reads a block element as catapult's FileBlockStorage writes it (batch size 1): the block
 * (size-prefixed), its entity and generation hashes, a u32 count of transactions with each one's
 * entity and merkle component hashes, and a u32 count of sub-cache merkle roots. The count of
 * transactions must be the block's own; nothing may follow the roots.
 *
 * @param file names the file in errors (the path as the caller has it).
 * @example
 * const element = readBlockElement(await readFile(path), path);
 * element.transactions.length; // 37 in testnet's nemesis block
 */
export function readBlockElement(bytes: Uint8Array, file: string): BlockElementFile {
  const reader = new ByteReader(bytes, file);
  const size = new ByteReader(bytes, file).u32('block size');
  const framing = readBlockFraming(reader.span(size, 'block'));
  // A copy: the caller may keep the block and drop (or reuse) the file's bytes.
  const block = new Uint8Array(bytes.subarray(0, size));

  const entityHash = reader.hex(HASH_SIZE, 'entity hash');
  const generationHash = reader.hex(HASH_SIZE, 'generation hash');

  const countOffset = reader.offset;
  const transactionCount = reader.count('transaction hash pairs', 2 * HASH_SIZE);
  if (transactionCount !== framing.transactionCount) {
    reader.fail(`${framing.transactionCount} transaction hash pairs (one per transaction of the block)`, `${transactionCount}`, countOffset);
  }
  const transactions = Array.from({ length: transactionCount }, (_, index) => ({
    entityHash: reader.hex(HASH_SIZE, `entity hash of transaction ${index + 1}`),
    merkleComponentHash: reader.hex(HASH_SIZE, `merkle component hash of transaction ${index + 1}`),
  }));

  const rootCount = reader.count('sub-cache merkle roots', HASH_SIZE);
  const subCacheMerkleRoots = Array.from({ length: rootCount }, (_, index) => reader.hex(HASH_SIZE, `sub-cache merkle root ${index + 1}`));
  reader.expectEnd('sub-cache merkle roots');

  return { block, height: framing.height, entityHash, generationHash, transactions, subCacheMerkleRoots };
}
