import type { PageRequest } from '../pagination.js';
import type { Awaitable, PageResult } from './repositories.js';

/** Where receipts come from: the transaction's 1-based place in its block, and the inner one's (0 for the block itself or a top-level transaction). */
export interface ReceiptSourceDTO {
  primaryId: number;
  secondaryId: number;
}

/**
 * One receipt, by its `type` (catapult's ReceiptType): balance transfers (rental fees:
 * `senderAddress`, `recipientAddress`, `mosaicId`, `amount`), balance changes (harvest
 * fees, locks: `targetAddress`, `mosaicId`, `amount`), expiries (`artifactId`) and
 * inflation (`mosaicId`, `amount`). Addresses 48 hex, ids 16 hex, amounts decimal strings.
 */
export interface ReceiptDTO {
  version: number;
  type: number;
  mosaicId?: string;
  amount?: string;
  senderAddress?: string;
  recipientAddress?: string;
  targetAddress?: string;
  artifactId?: string;
}

/** `GET /statements/transaction`: the receipts of one source in one block. */
export interface TransactionStatementInfoDTO {
  /** 24 hex; ids sort in block order. */
  id: string;
  /** The block's timestamp. */
  meta: { timestamp: string };
  statement: { height: string; source: ReceiptSourceDTO; receipts: ReceiptDTO[] };
}

/** `GET /statements/resolutions/{address,mosaic}`: what an alias resolved to in one block, from which source on. */
export interface ResolutionStatementInfoDTO {
  id: string;
  meta: { timestamp: string };
  statement: {
    height: string;
    /** The alias as the transactions gave it: 48 hex (address) or 16 hex (mosaic id). */
    unresolved: string;
    resolutionEntries: { source: ReceiptSourceDTO; resolved: string }[];
  };
}

/** `GET /statements/transaction` filters, already validated by the route. */
export interface TransactionStatementSearchCriteria extends PageRequest {
  height?: bigint;
  fromHeight?: bigint;
  toHeight?: bigint;
  /** Statements with a receipt of any of these types. */
  receiptType?: number[];
  /** 48 hex each: statements with a receipt that names the address in that role. */
  recipientAddress?: string;
  senderAddress?: string;
  targetAddress?: string;
  /** 16 hex: statements with a receipt about this mosaic or namespace (its expiry, or an amount of the mosaic). */
  artifactId?: string;
  orderBy: 'id';
}

/** `GET /statements/resolutions/...` filters. */
export interface ResolutionStatementSearchCriteria extends PageRequest {
  height?: bigint;
  orderBy: 'id';
}

/** The statements of every block. */
export interface ReceiptRepository {
  searchTransactionStatements(criteria: TransactionStatementSearchCriteria): Awaitable<PageResult<TransactionStatementInfoDTO>>;
  searchResolutionStatements(kind: 'address' | 'mosaic', criteria: ResolutionStatementSearchCriteria): Awaitable<PageResult<ResolutionStatementInfoDTO>>;
}
