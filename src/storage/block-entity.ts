import { models } from 'symbol-sdk/symbol';
import { typeHex, type ByteReader } from './reader.js';

/**
 * The framing of a block entity (catbuffer's Block): its type, its height and how many
 * top-level transactions it holds. Transactions are size-prefixed and padded to 8 bytes,
 * all but the last; the block's own size prefix says where they stop.
 */
export interface BlockFraming {
  /** 0x8043 nemesis, 0x8143 normal, 0x8243 importance. */
  type: number;
  height: bigint;
  transactionCount: number;
}

/** Offset of `type` in a block: size, reserved, signature, signer, reserved, version, network (catbuffer's BlockHeader). */
export const BLOCK_TYPE_OFFSET = 4 + 4 + 64 + 32 + 4 + 1 + 1;
/** Offset of `height` in a block: right after its u16 type. */
export const BLOCK_HEIGHT_OFFSET = BLOCK_TYPE_OFFSET + 2;

/** Header size by block type: symbol-sdk's empty block of each type (376 normal; 424 with the importance footer). */
const HEADER_SIZES = new Map<number, number>([
  [models.BlockType.NEMESIS.value, new models.NemesisBlockV1().size],
  [models.BlockType.NORMAL.value, new models.NormalBlockV1().size],
  [models.BlockType.IMPORTANCE.value, new models.ImportanceBlockV1().size],
]);
const BLOCK_TYPES = [...HEADER_SIZES.keys()].map(typeHex).join(', ');

/** The smallest top-level transaction: catbuffer's Transaction header (128 bytes). */
const TRANSACTION_HEADER_SIZE = new models.Transaction().size;
const ALIGNMENT = 8;

/**
 * Reads a block's framing from a reader over exactly its bytes (its size prefix included):
 * refuses a type that is not a block's, a header cut short and a transaction that runs past
 * the block's end or is smaller than a transaction header.
 *
 * @example
 * const framing = readBlockFraming(reader.span(size, 'block'));
 * framing.transactionCount; // 37 in testnet's nemesis block
 */
export function readBlockFraming(block: ByteReader): BlockFraming {
  const start = block.offset;
  block.skip(BLOCK_TYPE_OFFSET, 'block header');
  const type = block.u16('block type');
  const headerSize = HEADER_SIZES.get(type);
  if (headerSize === undefined) block.fail(`a block type (${BLOCK_TYPES})`, `type ${typeHex(type)}`, start + BLOCK_TYPE_OFFSET);
  const height = block.u64('block height');
  block.skip(headerSize - BLOCK_HEIGHT_OFFSET - 8, 'block header');

  let transactionCount = 0;
  while (block.remaining > 0) {
    const at = block.offset;
    const size = block.u32('transaction size');
    if (size < TRANSACTION_HEADER_SIZE) block.fail(`a transaction of at least ${TRANSACTION_HEADER_SIZE} bytes`, `size ${size}`, at);
    block.skip(size - 4, `transaction ${transactionCount + 1}`);
    transactionCount += 1;
    // Every transaction but the last is padded to 8 bytes (catapult's ContiguousEntityContainer).
    if (block.remaining > 0) block.skip((ALIGNMENT - (size % ALIGNMENT)) % ALIGNMENT, `padding after transaction ${transactionCount}`);
  }
  return { type, height, transactionCount };
}
