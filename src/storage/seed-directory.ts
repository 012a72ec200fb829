import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { BLOCK_HEIGHT_OFFSET } from './block-entity.js';
import { readBlockElement, type BlockElementFile } from './block-element.js';
import { readBlockStatement, type BlockStatementFile } from './block-statement.js';
import { FINALIZATION_INDEX_OFFSETS, readFinalizationIndex, type FinalizationIndexFile } from './finalization-index.js';
import { PROOF_OFFSETS, readFinalizationProof, type FinalizationProofFile } from './finalization-proof.js';
import { readHashFile, readProofHeights } from './fixed-size-values.js';
import { ByteReader } from './reader.js';
import { StorageFormatError } from './storage-format-error.js';
import { hashFilePath, IDS_PER_FOLDER, storageFilePath, storageFolder } from './storage-path.js';

/** A catapult seed directory, read and checked against itself. */
export interface SeedDirectory {
  /** The chain height `index.dat` records (at least 1). */
  height: bigint;
  /** The entity hash of each height from 0 (zeros) to `height`, from the hashes files: index = height. */
  hashes: string[];
  /** The block element of height 1 (the genesis): what a seed holds. Later heights are not read. */
  blocks: BlockElementFile[];
  /** The genesis block's statement, when `00000/00001.stmt` is there. */
  statement: BlockStatementFile | undefined;
  /** The proof of finalization epoch 1 (the genesis), when `00000/00001.proof` is there. */
  proof: FinalizationProofFile | undefined;
  /** The latest finalization, from `proof.index.dat`. */
  finalization: FinalizationIndexFile;
  /** `00000/proof.heights.dat`: placeholders catapult no longer reads ([0n, 0n] in a seed). */
  proofHeights: bigint[];
}

const GENESIS = 1n;
const HASH_SIZE = 32;

/**
 * Reads a catapult seed directory as nemgen writes it (file database batch size 1): the chain
 * height, the hashes, the genesis block element with its statement and proof, the latest
 * finalization. Checks the files agree: hashes.dat's height 0 is zeros and its height 1 the
 * element's entity hash, the element is of height 1, the proof is epoch 1's and finalizes the
 * genesis, `proof.index.dat` names a block of the chain (and agrees with the proof of its epoch).
 * Every failure, a missing file included, is a StorageFormatError naming the file.
 *
 * @example
 * const seed = await readSeedDirectory('presets/testnet/seed');
 * seed.blocks[0].transactions.length; // 37
 */
export async function readSeedDirectory(dir: string): Promise<SeedDirectory> {
  const at = (relative: string) => join(dir, relative);

  const indexPath = at('index.dat');
  const height = readChainHeight(await readStorageFile(indexPath, 'the chain height (8 bytes)'), indexPath);
  const hashes = await readHashes(dir, height);
  requireZeroHashAtHeightZero(hashes, at(hashFilePath(0n)));

  const blockPath = at(storageFilePath(GENESIS, '.dat'));
  const element = readBlockElement(await readStorageFile(blockPath, 'the block element of height 1', () => batchedHint(dir)), blockPath);
  requireHeightOfFileName(element, blockPath);
  requireHashOfBlock(hashes, element, at(hashFilePath(GENESIS)), blockPath);

  const statementPath = at(storageFilePath(GENESIS, '.stmt'));
  const statementBytes = await readOptionalStorageFile(statementPath);
  const statement = statementBytes === undefined ? undefined : readBlockStatement(statementBytes, statementPath);

  // Proofs are keyed by finalization epoch, not height: epoch 1's is the genesis's.
  const proofPath = at(storageFilePath(1n, '.proof'));
  const proofBytes = await readOptionalStorageFile(proofPath);
  const proof = proofBytes === undefined ? undefined : readFinalizationProof(proofBytes, proofPath);
  if (proof) requireProofOfGenesis(proof, element, proofPath);

  const finalizationPath = at('proof.index.dat');
  const finalization = readFinalizationIndex(await readStorageFile(finalizationPath, 'the latest finalization (48 bytes)'), finalizationPath);
  requireFinalizationOfChain(finalization, hashes, finalizationPath);
  if (proof) requireFinalizationAsProved(finalization, proof, finalizationPath);

  const proofHeightsPath = at(`${storageFolder(0n)}/proof.heights.dat`);
  const proofHeights = readProofHeights(await readStorageFile(proofHeightsPath, 'finalization heights'), proofHeightsPath);

  return { height, hashes, blocks: [element], statement, proof, finalization, proofHeights };
}

function readChainHeight(bytes: Uint8Array, file: string): bigint {
  const reader = new ByteReader(bytes, file);
  const height = reader.u64('chain height');
  reader.expectEnd('the chain height');
  if (height < GENESIS) reader.fail('a chain height of at least 1', `height ${height}`, 0);
  return height;
}

/** Heights 0 to `height`, from each folder's hashes file. */
async function readHashes(dir: string, height: bigint): Promise<string[]> {
  const hashes: string[] = [];
  for (let first = 0n; first <= height; first += IDS_PER_FOLDER) {
    const path = join(dir, hashFilePath(first));
    const last = height < first + IDS_PER_FOLDER - 1n ? height : first + IDS_PER_FOLDER - 1n;
    hashes.push(...readHashFile(await readStorageFile(path, 'the entity hash of each height'), path, first, Number(last - first + 1n)));
  }
  return hashes;
}

// region consistency rules, one each

function requireZeroHashAtHeightZero(hashes: readonly string[], hashesPath: string): void {
  if (!/^0+$/.test(hashes[0])) throw new StorageFormatError(hashesPath, 0, 'the zero hash at height 0', hashes[0]);
}

function requireHeightOfFileName(element: BlockElementFile, blockPath: string): void {
  if (element.height !== GENESIS) throw new StorageFormatError(blockPath, BLOCK_HEIGHT_OFFSET, "height 1, as the file's name says", `height ${element.height}`);
}

function requireHashOfBlock(hashes: readonly string[], element: BlockElementFile, hashesPath: string, blockPath: string): void {
  if (hashes[1] !== element.entityHash) {
    throw new StorageFormatError(hashesPath, HASH_SIZE, `the entity hash of ${blockPath} (${element.entityHash})`, hashes[1]);
  }
}

/** The proof of epoch 1 finalizes the genesis: height 1, the element's entity hash. */
function requireProofOfGenesis(proof: FinalizationProofFile, element: BlockElementFile, proofPath: string): void {
  const fail = (field: keyof typeof PROOF_OFFSETS, expected: string, found: string) => {
    throw new StorageFormatError(proofPath, PROOF_OFFSETS[field], expected, found);
  };
  if (proof.round.epoch !== 1) fail('epoch', "epoch 1, as the file's name says", `epoch ${proof.round.epoch}`);
  if (proof.height !== GENESIS) fail('height', 'height 1 (the genesis)', `height ${proof.height}`);
  if (proof.hash !== element.entityHash) fail('hash', `the genesis's entity hash (${element.entityHash})`, proof.hash);
}

/** `proof.index.dat` names a block of this chain: an epoch, a height up to the chain's, that height's hash. */
function requireFinalizationOfChain(finalization: FinalizationIndexFile, hashes: readonly string[], path: string): void {
  const fail = (field: keyof typeof FINALIZATION_INDEX_OFFSETS, expected: string, found: string) => {
    throw new StorageFormatError(path, FINALIZATION_INDEX_OFFSETS[field], expected, found);
  };
  const chainHeight = BigInt(hashes.length - 1);
  if (finalization.epoch < 1) fail('epoch', 'an epoch of at least 1', `epoch ${finalization.epoch}`);
  if (finalization.height < GENESIS || finalization.height > chainHeight) fail('height', `a height from 1 to the chain's ${chainHeight}`, `height ${finalization.height}`);
  const hash = hashes[Number(finalization.height)];
  if (finalization.hash !== hash) fail('hash', `the hash of height ${finalization.height} in hashes.dat (${hash})`, finalization.hash);
}

/** `proof.index.dat` of the proof's epoch says what the proof says (catapult writes both from one proof). */
function requireFinalizationAsProved(finalization: FinalizationIndexFile, proof: FinalizationProofFile, path: string): void {
  if (finalization.epoch !== proof.round.epoch) return;
  const says = `as the proof of epoch ${proof.round.epoch} says`;
  if (finalization.point !== proof.round.point) {
    throw new StorageFormatError(path, FINALIZATION_INDEX_OFFSETS.point, `point ${proof.round.point}, ${says}`, `point ${finalization.point}`);
  }
  if (finalization.height !== proof.height) {
    throw new StorageFormatError(path, FINALIZATION_INDEX_OFFSETS.height, `height ${proof.height}, ${says}`, `height ${finalization.height}`);
  }
}

// endregion

// region files

/** A mandatory file's bytes; a missing one is a StorageFormatError naming it and what it holds. */
async function readStorageFile(path: string, holds: string, hint?: () => Promise<string | undefined>): Promise<Uint8Array> {
  const bytes = await readOptionalStorageFile(path);
  if (bytes) return bytes;
  const why = hint && (await hint());
  throw new StorageFormatError(path, 0, holds, why ? `no such file (${why})` : 'no such file');
}

async function readOptionalStorageFile(path: string): Promise<Uint8Array | undefined> {
  try {
    return await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Why the genesis element may be missing: a node's data directory keeps it in a batched file. */
async function batchedHint(dir: string): Promise<string | undefined> {
  // With any batch size above 1, height 1 is in the file of height 0.
  const batched = storageFilePath(GENESIS, '.dat', 2);
  const there = await stat(join(dir, batched)).then(
    (found) => found.isFile(),
    () => false,
  );
  return there ? `${batched} is there: a node's data directory, written with a file database batch size above 1, which this reader does not read` : undefined;
}

// endregion
