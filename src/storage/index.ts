/**
 * catapult's block storage, read: the files a node (or nemgen) writes in its data or seed
 * directory, each read by one function that refuses anything not exactly in its format with a
 * StorageFormatError naming the file, the offset and what it expected.
 */
export { StorageFormatError } from './storage-format-error.js';
export { hashFilePath, IDS_PER_FOLDER, storageFilePath, storageFolder } from './storage-path.js';
export { readBlockElement, type BlockElementFile } from './block-element.js';
export type {
  ArtifactExpiryReceiptFile,
  BalanceChangeReceiptFile,
  BalanceTransferReceiptFile,
  InflationReceiptFile,
  ReceiptFile,
  ReceiptHeaderFile,
} from './receipt.js';
export {
  readBlockStatement,
  type BlockStatementFile,
  type ReceiptSourceFile,
  type ResolutionStatementFile,
  type TransactionStatementFile,
} from './block-statement.js';
export {
  finalizationProofDto,
  readFinalizationProof,
  type FinalizationMessageGroupFile,
  type FinalizationProofFile,
  type FinalizationRoundFile,
  type ParentPublicKeySignaturePairFile,
} from './finalization-proof.js';
export { readFinalizationIndex, type FinalizationIndexFile } from './finalization-index.js';
export { readHashFile, readProofHeights } from './fixed-size-values.js';
export { readSeedDirectory, type SeedDirectory } from './seed-directory.js';
