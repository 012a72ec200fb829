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

/** A block and its meta, as `GET /blocks` lists it. */
export type BlockEntry = Pick<BlockInfoDTO, 'block' | 'meta'>;

/** A block as the `block` channel sends it: its meta has the hashes only, not the counts and fees. */
export interface BlockFrameData {
  block: BlockEntry['block'];
  meta: Pick<BlockEntry['meta'], 'hash' | 'generationHash'>;
}

/** The fields of a transaction (top-level or embedded) every view reads; its type's own fields are in the bodies below. */
export interface EmbeddedTransactionJson {
  type: number;
  signerPublicKey: string;
  /** A transfer's message (hex, its first byte the message's type). */
  message?: string;
  /** Aggregates: their inner transactions (when the route gives them: by hash, not in lists) and cosignatures. */
  transactions?: { transaction: EmbeddedTransactionJson }[];
  cosignatures?: { signerPublicKey: string }[];
}

/*
 * Each type's own fields, as its family writes them (src/families/<family>/transactions.ts):
 * ids and keys as 16 hex, amounts, durations and heights as decimal strings, addresses as 48 hex,
 * enums as numbers.
 */

export interface TransferBody {
  recipientAddress: string;
  mosaics: MosaicAmountDTO[];
  message?: string;
}

export interface MosaicDefinitionBody {
  id: string;
  flags: number;
  divisibility: number;
  /** Blocks; '0' never expires. */
  duration: string;
}

export interface MosaicSupplyChangeBody {
  mosaicId: string;
  /** 1 increase, 0 decrease. */
  action: number;
  delta: string;
}

export interface MosaicSupplyRevocationBody {
  sourceAddress: string;
  mosaicId: string;
  amount: string;
}

export interface NamespaceRegistrationBody {
  /** 0 root (with a duration), 1 child (with a parent). */
  registrationType: number;
  duration?: string;
  parentId?: string;
  id: string;
  name: string;
}

/** An address alias (`address`) or a mosaic alias (`mosaicId`). */
export interface AliasBody {
  namespaceId: string;
  /** 1 link, 0 unlink. */
  aliasAction: number;
  address?: string;
  mosaicId?: string;
}

export interface SecretLockBody {
  recipientAddress: string;
  mosaicId: string;
  amount: string;
  duration: string;
  hashAlgorithm: number;
  secret: string;
}

export interface SecretProofBody {
  recipientAddress: string;
  hashAlgorithm: number;
  secret: string;
}

/** An account's address, mosaic or operation restriction: addresses (48 hex), mosaic ids (16 hex) or transaction types (numbers). */
export interface AccountRestrictionBody {
  restrictionFlags: number;
  restrictionAdditions: (string | number)[];
  restrictionDeletions: (string | number)[];
}

export interface MosaicAddressRestrictionBody {
  mosaicId: string;
  restrictionKey: string;
  targetAddress: string;
  previousRestrictionValue: string;
  newRestrictionValue: string;
}

export interface MosaicGlobalRestrictionBody {
  mosaicId: string;
  /** '0000000000000000' when the rule is the mosaic's own. */
  referenceMosaicId: string;
  restrictionKey: string;
  previousRestrictionValue: string;
  previousRestrictionType: number;
  newRestrictionValue: string;
  newRestrictionType: number;
}

export interface MultisigModificationBody {
  minRemovalDelta: number;
  minApprovalDelta: number;
  addressAdditions: string[];
  addressDeletions: string[];
}

export interface HashLockBody {
  mosaicId: string;
  amount: string;
  duration: string;
  /** The aggregate bonded it locks funds for. */
  hash: string;
}

/** Account metadata; a mosaic's adds `targetMosaicId`, a namespace's `targetNamespaceId`. */
export interface MetadataBody {
  targetAddress: string;
  scopedMetadataKey: string;
  targetMosaicId?: string;
  targetNamespaceId?: string;
  valueSizeDelta: number;
  valueSize: number;
  /** The value when it is new; the XOR of the old and the new one when it changes one. */
  value?: string;
}

/** An account, node, VRF or voting key link (a voting key's with its epochs). */
export interface KeyLinkBody {
  linkedPublicKey: string;
  /** 1 link, 0 unlink. */
  linkAction: number;
  startEpoch?: number;
  endEpoch?: number;
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
  | { topic: 'block'; data: BlockFrameData }
  | { topic: 'finalizedBlock'; data: FinalizedBlockDTO };

/** `GET /node/time`: the node's network time (ms since the network's epoch). */
export interface NodeTimeJson {
  communicationTimestamps: { sendTimestamp: string; receiveTimestamp: string };
}
