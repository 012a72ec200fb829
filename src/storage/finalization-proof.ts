import type { FinalizationProofDTO } from '../backend/dto.js';
import { ByteReader } from './reader.js';

/** A finalization round: the epoch (voting set) and the point within it. */
export interface FinalizationRoundFile {
  epoch: number;
  point: number;
}

/** One half of a BM tree signature: the parent key (a voting key) and its signature. */
export interface ParentPublicKeySignaturePairFile {
  parentPublicKey: string;
  signature: string;
}

/** The votes of one stage for a run of blocks from `height` on, one hash per block. */
export interface FinalizationMessageGroupFile {
  /** 0 prevote, 1 precommit (catapult's FinalizationStage). */
  stage: number;
  /** The height of the first hash. */
  height: bigint;
  hashes: string[];
  signatures: { root: ParentPublicKeySignaturePairFile; bottom: ParentPublicKeySignaturePairFile }[];
}

/** What a finalization proof file (`00000/00001.proof`, keyed by epoch) holds: catapult's FinalizationProof. */
export interface FinalizationProofFile {
  version: number;
  round: FinalizationRoundFile;
  /** The finalized block. */
  height: bigint;
  hash: string;
  /** Empty in a nemesis proof: the genesis is final by definition. */
  messageGroups: FinalizationMessageGroupFile[];
}

/** Where each field of catapult's FinalizationProofHeader starts: after the size and the version. */
export const PROOF_OFFSETS = { epoch: 8, point: 12, height: 16, hash: 24 } as const;
/** Size, version, round, height, hash. */
const PROOF_HEADER_SIZE = PROOF_OFFSETS.hash + 32;
/** Size, hash count, signature count, stage, height: catapult's FinalizationMessageGroup. */
const GROUP_HEADER_SIZE = 4 + 4 + 4 + 4 + 8;
const HASH_SIZE = 32;
const VOTING_KEY_SIZE = 32;
const VOTING_SIGNATURE_SIZE = 64;
/** Root and bottom key/signature pairs: catapult's BmTreeSignature. */
const SIGNATURE_SIZE = 2 * (VOTING_KEY_SIZE + VOTING_SIGNATURE_SIZE);
const STAGES = ['prevote', 'precommit'];

/**
 * Reads a finalization proof as catapult's FileProofStorage writes it (batch size 1): one
 * size-prefixed proof that fills the file, its message groups each exactly as long as their
 * hash and signature counts say. Refuses an unknown stage and anything after the proof.
 *
 * @param file names the file in errors (the path as the caller has it).
 * @example
 * const proof = readFinalizationProof(await readFile(path), path);
 * proof.round; // { epoch: 1, point: 1 } for a nemesis proof
 */
export function readFinalizationProof(bytes: Uint8Array, file: string): FinalizationProofFile {
  const reader = new ByteReader(bytes, file);
  const size = new ByteReader(bytes, file).u32('proof size');
  if (size < PROOF_HEADER_SIZE) reader.fail(`a proof of at least ${PROOF_HEADER_SIZE} bytes`, `size ${size}`);
  const proof = reader.span(size, 'proof');
  reader.expectEnd('the proof');

  proof.skip(4, 'proof size');
  const version = proof.u32('proof version');
  const round = { epoch: proof.u32('finalization epoch'), point: proof.u32('finalization point') };
  const height = proof.u64('finalized height');
  const hash = proof.hex(HASH_SIZE, 'finalized hash');
  const messageGroups: FinalizationMessageGroupFile[] = [];
  while (proof.remaining > 0) messageGroups.push(readMessageGroup(proof, messageGroups.length + 1));
  return { version, round, height, hash, messageGroups };
}

function readMessageGroup(proof: ByteReader, number: number): FinalizationMessageGroupFile {
  const start = proof.offset;
  const what = `message group ${number}`;
  const size = proof.u32(`${what} size`);
  const hashCount = proof.u32(`${what} hash count`);
  const signatureCount = proof.u32(`${what} signature count`);
  const realSize = GROUP_HEADER_SIZE + hashCount * HASH_SIZE + signatureCount * SIGNATURE_SIZE;
  if (size !== realSize) {
    proof.fail(`${what} of ${realSize} bytes (${hashCount} hashes, ${signatureCount} signatures)`, `size ${size}`, start);
  }
  const stageOffset = proof.offset;
  const stage = proof.u32(`${what} stage`);
  if (stage >= STAGES.length) proof.fail(`a stage (${STAGES.map((name, value) => `${value} ${name}`).join(', ')})`, `stage ${stage}`, stageOffset);
  const height = proof.u64(`${what} height`);
  const group = proof.span(size - GROUP_HEADER_SIZE, what);
  const hashes = Array.from({ length: hashCount }, (_, index) => group.hex(HASH_SIZE, `hash ${index + 1} of ${what}`));
  const signatures = Array.from({ length: signatureCount }, (_, index) => ({
    root: readPair(group, `root of signature ${index + 1} of ${what}`),
    bottom: readPair(group, `bottom of signature ${index + 1} of ${what}`),
  }));
  return { stage, height, hashes, signatures };
}

function readPair(reader: ByteReader, what: string): ParentPublicKeySignaturePairFile {
  return { parentPublicKey: reader.hex(VOTING_KEY_SIZE, `parent public key (${what})`), signature: reader.hex(VOTING_SIGNATURE_SIZE, `signature (${what})`) };
}

/**
 * The proof as `GET /finalization/proof/...` answers it: the round flattened into
 * `finalizationEpoch` and `finalizationPoint`, heights as decimal strings.
 *
 * @example
 * finalizationProofDto(proof); // { version: 1, finalizationEpoch: 1, finalizationPoint: 1, height: '1', hash: '…', messageGroups: [] }
 */
export function finalizationProofDto(proof: FinalizationProofFile): FinalizationProofDTO {
  return {
    version: proof.version,
    finalizationEpoch: proof.round.epoch,
    finalizationPoint: proof.round.point,
    height: proof.height.toString(),
    hash: proof.hash,
    messageGroups: proof.messageGroups.map((group) => ({
      stage: group.stage,
      height: group.height.toString(),
      hashes: [...group.hashes],
      signatures: group.signatures.map(({ root, bottom }) => ({ root: { ...root }, bottom: { ...bottom } })),
    })),
  };
}
