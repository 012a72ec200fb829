import { ByteReader } from './reader.js';

/** The latest finalization, as `proof.index.dat` records it (catapult's FinalizationStatistics). */
export interface FinalizationIndexFile {
  epoch: number;
  point: number;
  /** The last finalized block. */
  height: bigint;
  hash: string;
}

/** Where each field starts: epoch and point (u32 each), height (u64), hash. */
export const FINALIZATION_INDEX_OFFSETS = { epoch: 0, point: 4, height: 8, hash: 16 } as const;

/**
 * Reads `proof.index.dat`: exactly one round, height and hash. (catapult itself reads a file of
 * any other size as "nothing finalized"; a seed with one is refused here.)
 *
 * @example
 * readFinalizationIndex(await readFile(path), path); // { epoch: 1, point: 1, height: 1n, hash: '…' } in a seed
 */
export function readFinalizationIndex(bytes: Uint8Array, file: string): FinalizationIndexFile {
  const reader = new ByteReader(bytes, file);
  const index = {
    epoch: reader.u32('finalization epoch'),
    point: reader.u32('finalization point'),
    height: reader.u64('finalized height'),
    hash: reader.hex(32, 'finalized hash'),
  };
  reader.expectEnd('the finalized hash');
  return index;
}
