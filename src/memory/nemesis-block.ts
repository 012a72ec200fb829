import { models, type SymbolFacade } from 'symbol-sdk/symbol';
import type { BlockDTO, FinalizationProofDTO } from '../backend/dto.js';
import { blockDto, blockHash, blockHeaderSize, merkleRoot, type BlockModel, type Bytes } from './block-builder.js';
import { sha3, toHex } from './keys.js';
import { describeTransaction, type DecodedTransaction, type Transaction } from './transactions/codec.js';

/** catapult's `Entity_Type_Block_Nemesis`. */
const NEMESIS_BLOCK_TYPE = 0x8043;

/**
 * A network's own nemesis block as catapult stored it (block storage's `00001.dat`), which the
 * chain executes as its block 1 instead of making one (`InMemoryChainOptions.nemesis`), and what
 * catapult computed of it: each given value is compared with the chain's, and a difference
 * refuses the block (`NemesisMismatchError`, naming what differs).
 */
export interface NemesisBlockInput {
  /** The block entity's bytes: header and transactions, as its size field counts them. */
  readonly block: Uint8Array;
  /** The block's entity hash (64 hex), as `hashes.dat` has it. */
  readonly hash?: string;
  /** The block's generation hash (64 hex): the hash of its VRF proof under the network's generation hash seed. */
  readonly generationHash?: string;
  /** Each transaction's entity hash and merkle component hash (64 hex), in block order. */
  readonly transactions?: readonly { readonly entityHash: string; readonly merkleComponentHash: string }[];
  /** The roots of the 9 state trees after the block, in catapult's cache order (64 hex each). */
  readonly subCacheMerkleRoots?: readonly string[];
  /** The network's currency mosaic id (16 hex): `currencyMosaicId` of its network settings. */
  readonly currencyMosaicId: string;
  /** The network's sinks (addresses, base32 or 48 hex): where rental fees and the network's share of harvests go. */
  readonly sinks: NemesisSinks;
  /**
   * The sinks in force below height `until` (catapult's V1 sink addresses, until the network's
   * treasury reissuance fork height): mainnet's nemesis block pays its fees and names its sinks
   * by these. Default: none (`sinks` from block 1 on).
   */
  readonly formerSinks?: NemesisSinks & { readonly until: bigint };
  /** The finalization proof of epoch 1 the network stored (`00001.proof`), served as it is; default: one the chain's voters sign. */
  readonly proof?: FinalizationProofDTO;
  /** Check every transaction's signature (a copy whose bytes were changed on purpose is run without). Default true. */
  readonly verifySignatures?: boolean;
}

/** A network's sinks: addresses, base32 or 48 hex. */
export interface NemesisSinks {
  readonly mosaicRental: string;
  readonly namespaceRental: string;
  readonly harvestNetworkFee: string;
}

/** What the chain computed of a nemesis block differs from what catapult stored with it. */
export class NemesisMismatchError extends Error {
  /** What differs: `stateHash`, `receiptsHash`, `subCacheMerkleRoots.<tree>`, `transactions[<i>].entityHash`, … */
  readonly differences: readonly { readonly what: string; readonly expected: string; readonly computed: string }[];

  constructor(differences: NemesisMismatchError['differences']) {
    const shown = differences.slice(0, 5).map(({ what, expected, computed }) => `${what}: catapult's ${expected}, computed ${computed}`);
    super(`the nemesis block does not execute to catapult's hashes (${differences.length} differences): ${shown.join('; ')}${differences.length > 5 ? '; …' : ''}`);
    this.name = 'NemesisMismatchError';
    this.differences = differences;
  }
}

/** A nemesis block read: its header as the gateway shows it, its hash, its transactions decoded. */
export interface ReadNemesisBlock {
  readonly dto: BlockDTO;
  readonly hash: string;
  readonly signerPublicKey: string;
  readonly transactions: DecodedTransaction[];
  /** The transactions hash the block's header must have (nemgen's: see `nemgenTransactionHash`). */
  readonly transactionsHash: string;
}

/** The nemesis block's signer (64 hex), read from its header without reading the rest. */
export function nemesisSignerOf(bytes: Uint8Array): string {
  if (bytes.length < 104) throw new RangeError(`a nemesis block of ${bytes.length} bytes has no header`);
  return toHex(bytes.subarray(72, 104));
}

/** Bytes of a nemesis (or importance) block's header: the verifiable entity header, then what its signature covers. */
const NEMESIS_HEADER_SIZE = 424;

/** A nemesis block's hash (64 hex) from its header alone (`readNemesisBlock` reads the whole block). */
export function nemesisHashOf(input: Pick<NemesisBlockInput, 'block' | 'hash'>): string {
  if (input.hash !== undefined) return input.hash.toUpperCase();
  const { block } = input;
  if (block.length < NEMESIS_HEADER_SIZE) throw new RangeError(`a nemesis block of ${block.length} bytes has no header`);
  return toHex(sha3(block.subarray(8, 72), block.subarray(72, 104), block.subarray(108, NEMESIS_HEADER_SIZE)));
}

/** Reads a nemesis block's bytes with symbol-sdk: refuses a block that is not a nemesis block of the facade's network. */
export function readNemesisBlock(bytes: Uint8Array, facade: SymbolFacade): ReadNemesisBlock {
  const size = bytes.length >= 4 ? new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0, true) : -1;
  if (size !== bytes.length) throw new RangeError(`the nemesis block's size field says ${size} bytes, but ${bytes.length} were given`);
  const model = models.BlockFactory.deserialize(bytes) as BlockModel;
  if (model.type.value !== NEMESIS_BLOCK_TYPE) throw new RangeError(`the block's type is ${model.type.value}, not a nemesis block's (${NEMESIS_BLOCK_TYPE})`);
  if (model.height.value !== 1n) throw new RangeError(`the nemesis block's height is ${model.height.value}, not 1`);
  if (model.network.value !== facade.network.identifier) throw new RangeError(`the nemesis block is of network ${model.network.value}, the chain's is ${facade.network.identifier}`);
  if (model.feeMultiplier.value !== 0) throw new RangeError(`the nemesis block's fee multiplier is ${model.feeMultiplier.value}, not 0`);
  // Each transaction's own bytes, padded to 8 bytes in the block.
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = blockHeaderSize(model);
  const transactions = (model.transactions as Transaction[]).map((transaction) => {
    const size = view.getUint32(offset, true);
    const own = bytes.subarray(offset, offset + size);
    offset += size + ((8 - (size % 8)) % 8);
    return { decoded: describeTransaction(transaction, facade, own), bytes: own };
  });
  return {
    dto: blockDto(model),
    hash: blockHash(model),
    signerPublicKey: toHex(model.signerPublicKey.bytes),
    transactions: transactions.map(({ decoded }) => decoded),
    transactionsHash: toHex(merkleRoot(transactions.map(({ bytes: own }) => nemgenTransactionHash(own, facade)))),
  };
}

/**
 * A transaction's leaf in a nemesis block's transactions hash as catapult's nemgen tool makes it
 * (its BlockExtensions without a transaction registry): SHA3-256 of the signature, the signer, the
 * generation hash seed and everything after the 108-byte verifiable header. For an aggregate this
 * covers its inner transactions and cosignatures, unlike its entity hash; the nemesis block
 * loader never checks this hash, so mainnet's nemesis block keeps it.
 */
function nemgenTransactionHash(bytes: Uint8Array, facade: SymbolFacade): Bytes {
  return sha3(bytes.subarray(8, 72), bytes.subarray(72, 104), facade.network.generationHashSeed.bytes, bytes.subarray(108)) as Bytes;
}
