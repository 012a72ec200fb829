import type { BlockInfoDTO } from '../backend/dto.js';
import type { ResolutionStatementInfoDTO, TransactionStatementInfoDTO } from '../backend/receipts.js';
import { merkleRoot } from '../memory/block-builder.js';
import type { BlockLeaves } from '../memory/block-merkle.js';
import { resolutionStatementHash, transactionStatementHash } from '../memory/execution/statement-builder.js';
import { fromHex, toHex } from '../memory/keys.js';
import { receiptOf } from '../memory/receipt-store.js';
import { UpstreamError } from '../upstream/upstream-error.js';

/** One block's statements as the upstream answers them, each list in id order (the order they were built in). */
export interface BlockStatementDTOs {
  readonly transaction: readonly TransactionStatementInfoDTO[];
  readonly address: readonly ResolutionStatementInfoDTO[];
  readonly mosaic: readonly ResolutionStatementInfoDTO[];
}

/**
 * A block's merkle leaves, from what the upstream answers of it, for the merkle path routes: its
 * top-level transactions' merkle component hashes (by `meta.index`), and its statements' hashes
 * (each statement serialized back from its JSON and hashed as a node hashes it: transaction
 * statements, then address, then mosaic resolutions). Each tree's root must be the block's
 * `transactionsHash` and `receiptsHash`, so an answer left out, added or changed is caught.
 *
 * @throws UpstreamError kind `garbage` when a root differs from the block's
 */
export function blockLeaves(block: BlockInfoDTO, merkleComponentHashes: readonly { index: number; hash: string }[], statements: BlockStatementDTOs): BlockLeaves {
  const transactions = [...merkleComponentHashes].sort((a, b) => a.index - b.index).map(({ hash }) => hash.toUpperCase());
  const hashes = [
    ...statements.transaction.map(({ statement }) => transactionStatementHash({ primaryId: statement.source.primaryId, secondaryId: statement.source.secondaryId }, statement.receipts.map(receiptOf))),
    ...statements.address.map(({ statement }) => resolutionStatementHash('address', statement.unresolved.toUpperCase(), entriesOf(statement))),
    ...statements.mosaic.map(({ statement }) => resolutionStatementHash('mosaicId', statement.unresolved.toUpperCase(), entriesOf(statement))),
  ];
  const height = block.block.height;
  expectRoot(`block ${height}'s transactionsHash`, transactions, String(block.block.transactionsHash));
  expectRoot(`block ${height}'s receiptsHash`, hashes, String(block.block.receiptsHash));
  return { transactions: Buffer.from(transactions.join(''), 'hex'), statements: Buffer.from(hashes.join(''), 'hex') };
}

function entriesOf(statement: ResolutionStatementInfoDTO['statement']) {
  return statement.resolutionEntries.map(({ source, resolved }) => ({ source: { primaryId: source.primaryId, secondaryId: source.secondaryId }, resolved: resolved.toUpperCase() }));
}

function expectRoot(what: string, leaves: readonly string[], expected: string): void {
  const root = toHex(merkleRoot(leaves.map(fromHex)));
  if (root !== expected.toUpperCase()) throw new UpstreamError('garbage', `${what} is ${expected}, but the upstream's answers make ${root}`);
}
