import type { MerkleProofInfoDTO } from '../backend/repositories.js';
import { merklePath, type Bytes } from './block-builder.js';
import { toHex } from './keys.js';

const LEAF_SIZE = 32;

/** One block's leaves of both trees, 32 bytes each, back to back, in the order its roots were built. */
export interface BlockLeaves {
  readonly transactions: Buffer;
  readonly statements: Buffer;
}

/**
 * Every block's merkle leaves, kept for the merkle path routes: its transactions' merkle
 * component hashes (the leaves of `transactionsHash`) and its statements' hashes (the leaves
 * of `receiptsHash`), in the order the roots were built, 32 bytes each in one buffer per
 * block and tree.
 */
export class BlockMerkleLeaves {
  readonly #blocks: BlockLeaves[] = [];
  readonly #first: number;

  /** @param first the height of the first block (a forked chain's fork block: its leaves are the upstream's, and none are kept) */
  constructor(first = 1) {
    this.#first = first;
  }

  /** Adds the next block's leaves (blocks in height order, from `first`), each 64 hex. */
  append(transactions: readonly string[], statements: readonly string[]): void {
    this.#blocks.push({ transactions: Buffer.from(transactions.join(''), 'hex'), statements: Buffer.from(statements.join(''), 'hex') });
  }

  /** Drops the leaves of the blocks above `height`. */
  truncate(height: number): void {
    const kept = Math.max(0, height - this.#first + 1);
    if (this.#blocks.length > kept) this.#blocks.length = kept;
  }

  /** The leaves of the block at `height` (for a store that follows the chain); undefined for no such block. */
  at(height: number): BlockLeaves | undefined {
    return height >= this.#first ? this.#blocks[height - this.#first] : undefined;
  }

  /** The path from leaf `hash` (64 hex) to the root of the block's tree; undefined for no such block or leaf. */
  path(height: bigint, tree: 'transactions' | 'statements', hash: string): MerkleProofInfoDTO | undefined {
    const leaves = this.at(Number(height));
    return leaves === undefined ? undefined : leafPath(leaves[tree], hash);
  }
}

/** The path from leaf `hash` (64 hex) to the root of the tree over `leaves` (32 bytes each, back to back); undefined when it is none of them. */
export function leafPath(leaves: Uint8Array, hash: string): MerkleProofInfoDTO | undefined {
  const leaf = Buffer.from(hash, 'hex');
  const buffer = Buffer.from(leaves.buffer, leaves.byteOffset, leaves.byteLength);
  const nodes: Bytes[] = [];
  let index = -1;
  for (let offset = 0; offset < buffer.length; offset += LEAF_SIZE) {
    const next = buffer.subarray(offset, offset + LEAF_SIZE);
    if (index < 0 && next.equals(leaf)) index = nodes.length;
    nodes.push(new Uint8Array(next) as Bytes);
  }
  if (index < 0) return undefined;
  return { merklePath: merklePath(nodes, index).map(({ hash: sibling, left }) => ({ hash: toHex(sibling), position: left ? 'left' : 'right' })) };
}
