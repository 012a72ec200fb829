/*
 * The JSON the gateway's routes answer, as far as the explorer reads it: the backend's DTO
 * types where they describe it (type-only imports, gone from the bundle), small shapes here
 * for the rest.
 */
import type { BlockInfoDTO, EmbeddedTransactionMetaDTO, FinalizedBlockDTO, TransactionMetaDTO } from '../../backend/dto.js';
import type { MosaicAmountDTO } from '../../backend/core.js';

export type { AccountInfoDTO, MosaicAmountDTO } from '../../backend/core.js';
export type { ChainInfoDTO, FinalizedBlockDTO, NetworkConfigurationDTO, TransactionStatusDTO } from '../../backend/dto.js';
export type { TraceBalanceChangeDTO, TraceFailureDTO, TraceNotificationDTO, TraceStateChangeDTO, TransactionTraceDTO } from '../../backend/dev.js';
export type { MetadataInfoDTO } from '../../backend/metadata.js';
export type { MosaicInfoDTO } from '../../backend/mosaic.js';
export type { MultisigAccountInfoDTO } from '../../backend/multisig.js';
export type { NamespaceDTO, NamespaceInfoDTO, NamespaceNameDTO } from '../../backend/namespace.js';
export type { ReceiptDTO, TransactionStatementInfoDTO } from '../../backend/receipts.js';
export type { Page } from '../../pagination.js';

/** A block and its meta, as `GET /blocks` lists it and the `block` channel sends it. */
export type BlockEntry = Pick<BlockInfoDTO, 'block' | 'meta'>;

/** The fields of a transaction (top-level or embedded) the explorer shows; which are present depends on its type. */
export interface EmbeddedTransactionJson {
  type: number;
  signerPublicKey: string;
  /** Transfers. */
  recipientAddress?: string;
  mosaics?: MosaicAmountDTO[];
  message?: string;
  /** Namespace registrations. */
  name?: string;
  /** Aliases: 1 link, 0 unlink; `address` for an address alias, `mosaicId` for a mosaic alias. */
  aliasAction?: number;
  namespaceId?: string;
  address?: string;
  mosaicId?: string;
  /** Aggregates. */
  transactions?: { transaction: EmbeddedTransactionJson }[];
  cosignatures?: { signerPublicKey: string }[];
}

/** A top-level transaction: an embedded one's fields and the fee it offers. */
export interface TransactionJson extends EmbeddedTransactionJson {
  maxFee: string;
  deadline: string;
}

/** One entry of `GET /transactions/{group}` (inner ones with `embedded=true`), and the body of `GET /transactions/{group}/{hash}`. */
export interface TransactionEntry<T extends EmbeddedTransactionJson = EmbeddedTransactionJson> {
  meta: TransactionMetaDTO | EmbeddedTransactionMetaDTO;
  transaction: T;
}

/** `POST /namespaces/account/names`. */
export interface AccountNamesJson {
  accountNames: { address: string; names: string[] }[];
}

/** `POST /namespaces/mosaic/names`. */
export interface MosaicNamesJson {
  mosaicNames: { mosaicId: string; names: string[] }[];
}

/** A frame of `/ws`: the first gives the connection's uid, then notifications of the channels subscribed. */
export type Frame =
  | { topic?: undefined; uid: string }
  | { topic: 'block'; data: BlockEntry }
  | { topic: 'finalizedBlock'; data: FinalizedBlockDTO };
