import { ByteReader } from './reader.js';

/**
 * catapult's FixedSizeValueStorage files, one per folder of 10,000 heights: `hashes.dat` (the
 * entity hash of each height) and `proof.heights.dat` (older catapult's height of each
 * finalization point, which nemgen still writes as two zero placeholders and catapult no longer reads).
 */

const HASH_SIZE = 32;
const HEIGHT_SIZE = 8;

/**
 * Reads the first `count` hashes of a hashes file whose first hash is that of `firstHeight` (a
 * multiple of 10,000): a whole number of 32-byte hashes, at least `count` of them. Hashes past
 * those (catapult leaves them after a rollback) are not read.
 *
 * @example
 * readHashFile(await readFile(path), path, 0n, 2); // ['000…000', '135B…6B97'] in testnet's seed
 */
export function readHashFile(bytes: Uint8Array, file: string, firstHeight: bigint, count: number): string[] {
  const reader = new ByteReader(bytes, file);
  requireWholeValues(reader, HASH_SIZE, 'hashes');
  return Array.from({ length: count }, (_, index) => reader.hex(HASH_SIZE, `hash of height ${firstHeight + BigInt(index)}`));
}

/**
 * Reads `proof.heights.dat`: a whole number of u64 heights, at least two (what nemgen writes).
 *
 * @example
 * readProofHeights(await readFile(path), path); // [0n, 0n] in a seed
 */
export function readProofHeights(bytes: Uint8Array, file: string): bigint[] {
  const reader = new ByteReader(bytes, file);
  requireWholeValues(reader, HEIGHT_SIZE, 'heights');
  if (bytes.length < 2 * HEIGHT_SIZE) reader.fail(`at least 2 heights (${2 * HEIGHT_SIZE} bytes)`, `${bytes.length} bytes`);
  return Array.from({ length: bytes.length / HEIGHT_SIZE }, (_, index) => reader.u64(`height ${index}`));
}

/** Refuses a value cut short at the end of the file: a size that is not a multiple of the value's. */
function requireWholeValues(reader: ByteReader, size: number, values: string): void {
  const partial = reader.bytes.length % size;
  if (partial !== 0) reader.fail(`whole ${size}-byte ${values}`, `${partial} bytes more`, reader.bytes.length - partial);
}
