import { models } from 'symbol-sdk/symbol';

/** Where a receipt comes from: the transaction's 1-based index in its block, and the embedded one's (0 for the block or a top-level transaction). */
export interface ReceiptSource {
  readonly primaryId: number;
  readonly secondaryId: number;
}

/** The block itself: harvest fees, inflation and expiries. */
export const BLOCK_SOURCE: ReceiptSource = Object.freeze({ primaryId: 0, secondaryId: 0 });

/** The version of every receipt catapult writes (symbol-sdk's models default to 0). */
export const RECEIPT_VERSION = 1;

/** Receipt types (catapult's ReceiptType values, from symbol-sdk). */
export const RECEIPT_TYPE = {
  mosaicRentalFee: models.ReceiptType.MOSAIC_RENTAL_FEE.value as number,
  namespaceRentalFee: models.ReceiptType.NAMESPACE_RENTAL_FEE.value as number,
  harvestFee: models.ReceiptType.HARVEST_FEE.value as number,
  lockHashCompleted: models.ReceiptType.LOCK_HASH_COMPLETED.value as number,
  lockHashExpired: models.ReceiptType.LOCK_HASH_EXPIRED.value as number,
  lockSecretCompleted: models.ReceiptType.LOCK_SECRET_COMPLETED.value as number,
  lockSecretExpired: models.ReceiptType.LOCK_SECRET_EXPIRED.value as number,
  lockHashCreated: models.ReceiptType.LOCK_HASH_CREATED.value as number,
  lockSecretCreated: models.ReceiptType.LOCK_SECRET_CREATED.value as number,
  mosaicExpired: models.ReceiptType.MOSAIC_EXPIRED.value as number,
  namespaceExpired: models.ReceiptType.NAMESPACE_EXPIRED.value as number,
  namespaceDeleted: models.ReceiptType.NAMESPACE_DELETED.value as number,
  inflation: models.ReceiptType.INFLATION.value as number,
  transactionGroup: models.ReceiptType.TRANSACTION_GROUP.value as number,
  addressAliasResolution: models.ReceiptType.ADDRESS_ALIAS_RESOLUTION.value as number,
  mosaicAliasResolution: models.ReceiptType.MOSAIC_ALIAS_RESOLUTION.value as number,
} as const;

/** A receipt as the chain records it; ids are 16 uppercase hex, addresses 48 uppercase hex. */
export type Receipt =
  | { readonly kind: 'balanceTransfer'; readonly type: number; readonly mosaicId: string; readonly amount: bigint; readonly senderAddress: string; readonly recipientAddress: string }
  | { readonly kind: 'balanceChange'; readonly type: number; readonly mosaicId: string; readonly amount: bigint; readonly targetAddress: string }
  | { readonly kind: 'artifactExpiry'; readonly type: number; readonly artifactId: string }
  | { readonly kind: 'inflation'; readonly type: number; readonly mosaicId: string; readonly amount: bigint };

/** Every receipt of one source, in the order a node lists them (by type; equal types as they came). */
export interface TransactionStatementRecord {
  readonly source: ReceiptSource;
  readonly receipts: readonly Receipt[];
  /** 64 uppercase hex. */
  readonly hash: string;
}

/** What one unresolved value (an alias) resolved to, and from which source on. */
export interface ResolutionStatementRecord {
  /** 48 hex (address) or 16 hex (mosaic id): the value as the transaction gave it. */
  readonly unresolved: string;
  readonly entries: readonly { readonly source: ReceiptSource; readonly resolved: string }[];
  /** 64 uppercase hex. */
  readonly hash: string;
}

/** A block's statements, as its receiptsHash commits to them. */
export interface BlockStatements {
  readonly transactionStatements: readonly TransactionStatementRecord[];
  readonly addressResolutionStatements: readonly ResolutionStatementRecord[];
  readonly mosaicResolutionStatements: readonly ResolutionStatementRecord[];
}
