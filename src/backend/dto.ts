/**
 * Wire shapes (the reference gateway's JSON) that backends return and routes send
 * as they are. uint64 values are decimal strings; hashes, keys and signatures are
 * uppercase hex; addresses are the 48-character hex form.
 */

/** A block header as `GET /blocks` shows it. Importance blocks carry the four extra fields. */
export interface BlockDTO {
  size: number;
  signature: string;
  signerPublicKey: string;
  version: number;
  network: number;
  type: number;
  height: string;
  timestamp: string;
  difficulty: string;
  proofGamma: string;
  proofVerificationHash: string;
  proofScalar: string;
  previousBlockHash: string;
  transactionsHash: string;
  receiptsHash: string;
  stateHash: string;
  beneficiaryAddress: string;
  feeMultiplier: number;
  votingEligibleAccountsCount?: number;
  harvestingEligibleAccountsCount?: string;
  totalVotingBalance?: string;
  previousImportanceBlockHash?: string;
}

export interface BlockMetaDTO {
  hash: string;
  totalFee: string;
  generationHash: string;
  stateHashSubCacheMerkleRoots: string[];
  totalTransactionsCount: number;
  transactionsCount: number;
  statementsCount: number;
}

/** One entry of `GET /blocks`, and the body of `GET /blocks/{height}`. */
export interface BlockInfoDTO {
  /** 24 hex characters; ids sort in insertion order. */
  id: string;
  meta: BlockMetaDTO;
  block: BlockDTO;
}

export interface FinalizedBlockDTO {
  finalizationEpoch: number;
  finalizationPoint: number;
  height: string;
  hash: string;
}

export interface ChainInfoDTO {
  height: string;
  scoreHigh: string;
  scoreLow: string;
  latestFinalizedBlock: FinalizedBlockDTO;
}

export interface NodeInfoDTO {
  version: number;
  publicKey: string;
  networkGenerationHashSeed: string;
  roles: number;
  port: number;
  networkIdentifier: number;
  friendlyName: string;
  host: string;
  nodePublicKey?: string;
}

export interface ServerInfoDTO {
  serverInfo: {
    restVersion: string;
    sdkVersion?: string;
    deployment: { deploymentTool: string; deploymentToolVersion: string; lastUpdatedDate: string };
  };
}

export interface NetworkTypeDTO {
  name: string;
  description: string;
}

/** `GET /network/properties`: the node's config-network.properties as JSON (values are strings). */
export interface NetworkConfigurationDTO {
  network: {
    identifier: string;
    nodeEqualityStrategy: 'host' | 'public-key';
    nemesisSignerPublicKey: string;
    generationHashSeed: string;
    epochAdjustment: string;
  };
  chain: Record<string, string | boolean>;
  plugins: Record<string, Record<string, string | boolean>>;
  forkHeights: Record<string, string>;
}

export type ServiceStatus = 'up' | 'down';

/** `GET /node/health`: 200 when both are up, else 503 with the same body. */
export interface NodeHealthDTO {
  status: { apiNode: ServiceStatus; db: ServiceStatus };
  /** Why a service is down, when the backend knows (a PostgreSQL reader whose database stopped moving). */
  reason?: string;
}

/** `meta` of a top-level transaction; `height` is "0" until it is confirmed. */
export interface TransactionMetaDTO {
  height: string;
  hash: string;
  merkleComponentHash: string;
  index: number;
  timestamp?: string;
  feeMultiplier?: number;
}

/** `meta` of a transaction embedded in an aggregate. */
export interface EmbeddedTransactionMetaDTO {
  height: string;
  aggregateHash: string;
  aggregateId: string;
  index: number;
  timestamp?: string;
  feeMultiplier?: number;
}

/** One entry of a transaction collection. `transaction` is the wire JSON of the transaction's type. */
export interface TransactionInfoDTO {
  id: string;
  meta: TransactionMetaDTO | EmbeddedTransactionMetaDTO;
  transaction: Record<string, unknown>;
}

/** A cosignature as `PUT /transactions/cosignature` takes it and the `cosignature` channel sends it. */
export interface CosignatureDTO {
  version: string;
  signerPublicKey: string;
  signature: string;
  parentHash: string;
}

export type TransactionGroup = 'confirmed' | 'unconfirmed' | 'partial';

/** `GET /transactionStatus/{hash}`. */
export interface TransactionStatusDTO {
  group: TransactionGroup | 'failed';
  /** `Success`, or the `Failure_...` code of a failed transaction. */
  code?: string;
  hash: string;
  deadline: string;
  height?: string;
}

/** `GET /finalization/proof/...`. */
export interface FinalizationProofDTO {
  version: number;
  finalizationEpoch: number;
  finalizationPoint: number;
  height: string;
  hash: string;
  messageGroups: {
    stage: number;
    height: string;
    hashes: string[];
    signatures: { root: { parentPublicKey: string; signature: string }; bottom: { parentPublicKey: string; signature: string } }[];
  }[];
}

/** `GET /network/fees/transaction`: fee multipliers of recent blocks, and the node's lowest. */
export interface TransactionFeesDTO {
  averageFeeMultiplier: number;
  medianFeeMultiplier: number;
  highestFeeMultiplier: number;
  lowestFeeMultiplier: number;
  minFeeMultiplier: number;
}

/** `GET /network/fees/rental`: what registering a namespace or a mosaic costs now, in atomic units of the currency. */
export interface RentalFeesDTO {
  effectiveRootNamespaceRentalFeePerBlock: string;
  effectiveChildNamespaceRentalFee: string;
  effectiveMosaicRentalFee: string;
}

/** One step of the inflation schedule: from `startHeight` on, each block creates `rewardAmount`. */
export interface InflationPointDTO {
  startHeight: string;
  rewardAmount: string;
}

/** `GET /node/storage`: how much the node holds (transactions count inner ones of aggregates too). */
export interface StorageInfoDTO {
  numBlocks: number;
  numTransactions: number;
  numAccounts: number;
}

/** `GET /node/unlockedaccount`: public keys (64 hex) the node harvests with. */
export interface UnlockedAccountDTO {
  unlockedAccount: string[];
}
