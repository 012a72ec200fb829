/**
 * The minimal shape of each answer the client's helpers read: the fields they or their
 * callers (a mirror, a fork) rely on, checked before anything is used.
 */
import type { AccountInfoDTO } from '../backend/core.js';
import type { BlockDTO, BlockInfoDTO, ChainInfoDTO, FinalizationProofDTO, FinalizedBlockDTO, NetworkConfigurationDTO, NodeInfoDTO, TransactionInfoDTO } from '../backend/dto.js';
import type { MosaicInfoDTO } from '../backend/mosaic.js';
import type { NamespaceInfoDTO, NamespaceNameDTO } from '../backend/namespace.js';
import type { ResolutionStatementInfoDTO, TransactionStatementInfoDTO } from '../backend/receipts.js';
import { TIME_SPAN } from './network.js';
import { boolean, decimal, decimalIn, exactly, hex, integer, list, text, timeSpan } from './field-checks.js';
import { fields } from './shape.js';

/** `data` of a `block` notification: the header and the block's hashes. */
export interface BlockNotificationDTO {
  block: BlockDTO;
  meta: { hash: string; generationHash: string };
}

/** The envelope of a collection page; only `pageNumber` and `pageSize` are required by the reference. */
export interface PageDTO {
  data: unknown[];
  pagination: { pageNumber: number; pageSize: number };
}

const HASH = hex(32);

export const nodeInfo = fields<NodeInfoDTO>({ networkGenerationHashSeed: HASH, networkIdentifier: integer });
export const networkProperties = fields<NetworkConfigurationDTO>({ 'network.identifier': text, 'network.epochAdjustment': timeSpan(TIME_SPAN) });
export const chainInfo = fields<ChainInfoDTO>({
  height: decimal,
  'latestFinalizedBlock.finalizationEpoch': integer,
  'latestFinalizedBlock.height': decimal,
  'latestFinalizedBlock.hash': HASH,
});
export const blockInfo = fields<BlockInfoDTO>({ 'block.height': decimal, 'block.previousBlockHash': HASH, 'meta.hash': HASH });
export const blockAt = (height: string) => fields<BlockInfoDTO>({ 'block.height': exactly(height), 'block.previousBlockHash': HASH, 'meta.hash': HASH });
export const transactionAt = (height: string) => fields<TransactionInfoDTO>({ 'meta.height': exactly(height), 'transaction.type': integer });
export const transactionStatementAt = (height: string) =>
  fields<TransactionStatementInfoDTO>({ 'statement.height': exactly(height), 'statement.receipts': list });
export const resolutionStatementAt = (height: string) =>
  fields<ResolutionStatementInfoDTO>({ 'statement.height': exactly(height), 'statement.resolutionEntries': list });
/** Entries of a listing by height range: each at a height from `from` to `to`. */
export const transactionIn = (from: bigint, to: bigint) => fields<TransactionInfoDTO>({ 'meta.height': decimalIn(from, to), 'transaction.type': integer });
export const transactionStatementIn = (from: bigint, to: bigint) =>
  fields<TransactionStatementInfoDTO>({ 'statement.height': decimalIn(from, to), 'statement.receipts': list });
/** A resolution statement at any height (a walk in id order checks the heights itself). */
export const resolutionStatement = fields<ResolutionStatementInfoDTO>({ id: hex(12), 'statement.height': decimal, 'statement.resolutionEntries': list });
export const finalizationProof = fields<FinalizationProofDTO>({ finalizationEpoch: integer, height: decimal, hash: HASH });
export const accountInfo = fields<AccountInfoDTO>({ 'account.address': hex(24) });
export const mosaicInfo = fields<MosaicInfoDTO>({ 'mosaic.id': hex(8), 'mosaic.ownerAddress': hex(24) });
export const namespaceInfo = fields<NamespaceInfoDTO>({ 'namespace.level0': hex(8), 'meta.active': boolean });
export const namespaceName = fields<NamespaceNameDTO>({ id: hex(8), name: text });
export const page = fields<PageDTO>({ data: list, 'pagination.pageNumber': integer, 'pagination.pageSize': integer });

export const blockNotification = fields<BlockNotificationDTO>({ 'block.height': decimal, 'meta.hash': HASH });
export const finalizedBlock = fields<FinalizedBlockDTO>({ finalizationEpoch: integer, height: decimal, hash: HASH });
