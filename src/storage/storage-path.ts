/**
 * Where catapult keeps a value in its data (or seed) directory: folders of 10,000 ids named by
 * `id / 10000`, files named by `id % 10000`, both padded to five digits. Blocks (`.dat`) and
 * block statements (`.stmt`) are keyed by height; finalization proofs (`.proof`) by epoch.
 */

/** Ids per folder (catapult's Files_Per_Storage_Directory). */
export const IDS_PER_FOLDER = 10_000n;

/** The folder that holds `id`: `00000` for 0–9999, `00001` for 10000–19999. */
export function storageFolder(id: bigint): string {
  return pad(id / IDS_PER_FOLDER);
}

/**
 * The path, relative to the data directory, of the file that holds `id`. With a batch size of 1
 * (what nemgen writes and every seed holds) each id has a file of its own; with a larger one
 * (a running node's `fileDatabaseBatchSize`, 100 in the symbol-bootstrap presets) one file holds
 * `batchSize` ids behind a header of their u64 offsets, and is named for the first of them.
 *
 * @example
 * storageFilePath(1n, '.dat'); // '00000/00001.dat'
 * storageFilePath(12_345n, '.stmt'); // '00001/02345.stmt'
 * storageFilePath(1n, '.proof', 100); // '00000/00000.proof'
 */
export function storageFilePath(id: bigint, extension: '.dat' | '.stmt' | '.proof', batchSize = 1): string {
  const group = (id / BigInt(batchSize)) * BigInt(batchSize);
  return `${storageFolder(group)}/${pad(group % IDS_PER_FOLDER)}${extension}`;
}

/** The path of the hashes file (entity hash by height) that holds `height`, relative to the data directory. */
export function hashFilePath(height: bigint): string {
  return `${storageFolder(height)}/hashes.dat`;
}

const pad = (value: bigint) => value.toString().padStart(5, '0');
