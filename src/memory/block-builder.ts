import { KeyPair, models } from 'symbol-sdk/symbol';
import type { BlockDTO } from '../backend/dto.js';
import { signEd25519 } from '../ed25519.js';
import { sha3, toHex } from './keys.js';

/** Bytes before the signed part of every entity: size, reserved, signature, signer, reserved. */
const VERIFIABLE_HEADER_SIZE = 4 + 4 + 64 + 32 + 4;
/** A normal block's header ends with 4 bytes of padding that are neither signed nor hashed. */
const NORMAL_FOOTER_PADDING = 4;

export type BlockKind = 'nemesis' | 'normal' | 'importance';

/** Bytes the catbuffer models accept. */
export type Bytes = Uint8Array<ArrayBuffer>;

/** What the chain decides about a block; the builder fills in the rest. */
export interface BlockTemplate {
  kind: BlockKind;
  signer: KeyPair;
  networkIdentifier: number;
  height: bigint;
  /** Network time: ms since the nemesis block. */
  timestamp: bigint;
  difficulty: bigint;
  /** 32 + 16 + 32 bytes of VRF proof (gamma, verification hash, scalar). */
  proof: { gamma: Bytes; verificationHash: Bytes; scalar: Bytes };
  previousBlockHash: Bytes;
  transactionsHash: Bytes;
  receiptsHash: Bytes;
  stateHash: Bytes;
  /** 24 bytes (decoded address). */
  beneficiaryAddress: Bytes;
  feeMultiplier: number;
  /** The block's transactions; `transactionsHash` must be their Merkle root (see `merkleRoot`). */
  transactions?: InstanceType<typeof models.Transaction>[];
  /** Importance and nemesis blocks only. */
  importance?: {
    votingEligibleAccountsCount: number;
    harvestingEligibleAccountsCount: bigint;
    totalVotingBalance: bigint;
    previousImportanceBlockHash: Bytes;
  };
}

/** A signed block header: its wire DTO (its size counts the transactions) and its hash. */
export interface BuiltBlock {
  dto: BlockDTO;
  hash: string;
}

/**
 * Builds, signs and hashes a block header with symbol-sdk's catbuffer models, the way
 * a Symbol node does: the signature covers the header after the verifiable-entity
 * header (without a normal block's padding), and the hash is
 * SHA3-256(signature ‖ signer public key ‖ that same data).
 */
export function buildBlock(template: BlockTemplate): BuiltBlock {
  const block = createModel(template.kind);
  block.signerPublicKey = new models.PublicKey(template.signer.publicKey.bytes);
  block.network = new models.NetworkType(template.networkIdentifier);
  block.height = new models.Height(template.height);
  block.timestamp = new models.Timestamp(template.timestamp);
  block.difficulty = new models.Difficulty(template.difficulty);
  const proof = new models.VrfProof();
  proof.gamma = new models.ProofGamma(template.proof.gamma);
  proof.verificationHash = new models.ProofVerificationHash(template.proof.verificationHash);
  proof.scalar = new models.ProofScalar(template.proof.scalar);
  block.generationHashProof = proof;
  block.previousBlockHash = new models.Hash256(template.previousBlockHash);
  block.transactionsHash = new models.Hash256(template.transactionsHash);
  block.receiptsHash = new models.Hash256(template.receiptsHash);
  block.stateHash = new models.Hash256(template.stateHash);
  block.beneficiaryAddress = new models.Address(template.beneficiaryAddress);
  block.feeMultiplier = new models.BlockFeeMultiplier(template.feeMultiplier);
  if (block instanceof models.NormalBlockV1 === false) setImportanceFooter(block as ImportanceModel, template);

  // Signed and hashed: the header alone, before transactions are attached.
  const unsigned = block.serialize();
  const signedEnd = block instanceof models.NormalBlockV1 ? unsigned.length - NORMAL_FOOTER_PADDING : unsigned.length;
  const signedData = unsigned.subarray(VERIFIABLE_HEADER_SIZE, signedEnd);
  const signature = signEd25519(template.signer, signedData);
  block.signature = new models.Signature(signature);
  block.transactions = template.transactions ?? [];
  const hash = toHex(sha3(signature, template.signer.publicKey.bytes, signedData));
  return { dto: toDto(block, template), hash };
}

type ImportanceModel = InstanceType<typeof models.ImportanceBlockV1> | InstanceType<typeof models.NemesisBlockV1>;
/** A block as symbol-sdk's catbuffer models hold it. */
export type BlockModel = ImportanceModel | InstanceType<typeof models.NormalBlockV1>;

/** The bytes of a block's header that its signature covers and its hash follows (the header after the verifiable-entity header, without a normal block's padding). */
function signedHeader(block: BlockModel): Uint8Array {
  const transactions = block.transactions;
  block.transactions = [];
  try {
    const header = block.serialize();
    return header.subarray(VERIFIABLE_HEADER_SIZE, block instanceof models.NormalBlockV1 ? header.length - NORMAL_FOOTER_PADDING : header.length);
  } finally {
    block.transactions = transactions;
  }
}

/** The size of a block's header: where its transactions start. */
export function blockHeaderSize(block: BlockModel): number {
  return VERIFIABLE_HEADER_SIZE + signedHeader(block).length + (block instanceof models.NormalBlockV1 ? NORMAL_FOOTER_PADDING : 0);
}

/** A signed block's hash, as a node computes it: SHA3-256(signature ‖ signer public key ‖ signed header). */
export function blockHash(block: BlockModel): string {
  return toHex(sha3(block.signature.bytes, block.signerPublicKey.bytes, signedHeader(block)));
}

/** A block read with symbol-sdk as the gateway shows it (`BlockDTO`). */
export function blockDto(block: BlockModel): BlockDTO {
  const importance = block instanceof models.NormalBlockV1 ? undefined : (block as ImportanceModel);
  const proof = block.generationHashProof;
  const dto = toDto(block, {
    networkIdentifier: block.network.value,
    height: BigInt(block.height.value),
    timestamp: BigInt(block.timestamp.value),
    difficulty: BigInt(block.difficulty.value),
    proof: { gamma: proof.gamma.bytes, verificationHash: proof.verificationHash.bytes, scalar: proof.scalar.bytes },
    previousBlockHash: block.previousBlockHash.bytes,
    transactionsHash: block.transactionsHash.bytes,
    receiptsHash: block.receiptsHash.bytes,
    stateHash: block.stateHash.bytes,
    beneficiaryAddress: block.beneficiaryAddress.bytes,
    feeMultiplier: Number(block.feeMultiplier.value),
    importance: importance && {
      votingEligibleAccountsCount: importance.votingEligibleAccountsCount,
      harvestingEligibleAccountsCount: importance.harvestingEligibleAccountsCount,
      totalVotingBalance: BigInt(importance.totalVotingBalance.value),
      previousImportanceBlockHash: importance.previousImportanceBlockHash.bytes,
    },
  });
  return dto;
}

function createModel(kind: BlockKind): BlockModel {
  if (kind === 'nemesis') return new models.NemesisBlockV1();
  if (kind === 'importance') return new models.ImportanceBlockV1();
  return new models.NormalBlockV1();
}

function setImportanceFooter(block: ImportanceModel, template: BlockTemplate): void {
  if (!template.importance) throw new TypeError(`a ${template.kind} block needs importance fields`);
  block.votingEligibleAccountsCount = template.importance.votingEligibleAccountsCount;
  block.harvestingEligibleAccountsCount = template.importance.harvestingEligibleAccountsCount;
  block.totalVotingBalance = new models.Amount(template.importance.totalVotingBalance);
  block.previousImportanceBlockHash = new models.Hash256(template.importance.previousImportanceBlockHash);
}

function toDto(block: BlockModel, template: Omit<BlockTemplate, 'kind' | 'signer'>): BlockDTO {
  const dto: BlockDTO = {
    size: block.size,
    signature: toHex(block.signature.bytes),
    signerPublicKey: toHex(block.signerPublicKey.bytes),
    version: block.version,
    network: template.networkIdentifier,
    type: block.type.value,
    height: template.height.toString(),
    timestamp: template.timestamp.toString(),
    difficulty: template.difficulty.toString(),
    proofGamma: toHex(template.proof.gamma),
    proofVerificationHash: toHex(template.proof.verificationHash),
    proofScalar: toHex(template.proof.scalar),
    previousBlockHash: toHex(template.previousBlockHash),
    transactionsHash: toHex(template.transactionsHash),
    receiptsHash: toHex(template.receiptsHash),
    stateHash: toHex(template.stateHash),
    beneficiaryAddress: toHex(template.beneficiaryAddress),
    feeMultiplier: template.feeMultiplier,
  };
  if (template.importance) {
    dto.votingEligibleAccountsCount = template.importance.votingEligibleAccountsCount;
    dto.harvestingEligibleAccountsCount = template.importance.harvestingEligibleAccountsCount.toString();
    dto.totalVotingBalance = template.importance.totalVotingBalance.toString();
    dto.previousImportanceBlockHash = toHex(template.importance.previousImportanceBlockHash);
  }
  return dto;
}

/**
 * The Merkle root of transaction hashes as a Symbol node builds it: pairs hashed with
 * SHA3-256, an odd last hash paired with itself; 32 zero bytes for no transactions.
 */
export function merkleRoot(hashes: readonly Bytes[]): Bytes {
  if (hashes.length === 0) return new Uint8Array(32) as Bytes;
  let level = [...hashes];
  while (level.length > 1) level = nextLevel(level);
  return level[0];
}

/** One step of a merkle path: the sibling's hash, and whether it stands left of the hash being proven. */
export interface MerkleStep {
  readonly hash: Bytes;
  readonly left: boolean;
}

/**
 * The audit path of leaf `index` in the tree `merkleRoot` builds from `hashes`: the sibling
 * at each level up to the root (an odd last hash is its own sibling); empty for one leaf.
 */
export function merklePath(hashes: readonly Bytes[], index: number): MerkleStep[] {
  if (!Number.isInteger(index) || index < 0 || index >= hashes.length) throw new RangeError(`no leaf ${index} among ${hashes.length}`);
  const path: MerkleStep[] = [];
  let level = [...hashes];
  let position = index;
  while (level.length > 1) {
    if (level.length % 2 === 1) level.push(level[level.length - 1]);
    const sibling = position ^ 1;
    path.push({ hash: level[sibling], left: sibling < position });
    level = nextLevel(level);
    position >>= 1;
  }
  return path;
}

// The level above: pairs hashed (an odd last hash paired with itself).
function nextLevel(level: Bytes[]): Bytes[] {
  if (level.length % 2 === 1) level.push(level[level.length - 1]);
  const next: Bytes[] = [];
  for (let i = 0; i < level.length; i += 2) next.push(sha3(level[i], level[i + 1]));
  return next;
}
