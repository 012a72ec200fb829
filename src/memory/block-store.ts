import type { BlockInfoDTO } from '../backend/dto.js';
import type { BlockSearchCriteria, PageResult } from '../backend/repositories.js';
import { deepFreeze } from '../deep-freeze.js';
import { pageOfRange, partitionPoint, type Sequence } from './sorted.js';

/** A sorted, ascending list of heights: the whole chain or one filter's index. */
type HeightList = Sequence<number>;

/**
 * Blocks by height, with the indexes `GET /blocks` needs: id → height, signer →
 * heights, beneficiary → heights. Heights are appended in order, so every index is a
 * sorted array and any page is found by binary search and a slice: the same cost at
 * page 1 and at page 10 000.
 */
export class BlockStore {
  readonly #blocks: BlockInfoDTO[] = [];
  readonly #timestamps: bigint[] = [];
  readonly #bySigner = new Map<string, number[]>();
  readonly #byBeneficiary = new Map<string, number[]>();
  readonly #bySignerAndBeneficiary = new Map<string, number[]>();
  readonly #all: HeightList;
  /** The height of the first block kept: 1, or a forked chain's fork block (what lies below is the upstream's). */
  readonly first: number;

  constructor(first = 1) {
    this.first = first;
    this.#all = new WholeChain(this.#blocks, first);
  }

  get height(): number {
    return this.first - 1 + this.#blocks.length;
  }

  /**
   * Appends the block at the next height and freezes it all the way down: a harvested
   * block never changes, so the gateway renders its JSON once.
   */
  append(block: BlockInfoDTO): void {
    const height = this.height + 1;
    if (block.block.height !== String(height)) throw new RangeError(`expected block at height ${height}, got ${block.block.height}`);
    deepFreeze(block);
    this.#blocks.push(block);
    this.#timestamps.push(BigInt(block.block.timestamp));
    indexUnder(this.#bySigner, block.block.signerPublicKey, height);
    indexUnder(this.#byBeneficiary, block.block.beneficiaryAddress, height);
    indexUnder(this.#bySignerAndBeneficiary, `${block.block.signerPublicKey}/${block.block.beneficiaryAddress}`, height);
  }

  /** Drops the blocks above `height` (a development snapshot's revert). */
  truncate(height: number): void {
    while (this.height > height && this.#blocks.length > 0) {
      const { block } = this.#blocks.pop()!;
      this.#timestamps.pop();
      unindexLast(this.#bySigner, block.signerPublicKey);
      unindexLast(this.#byBeneficiary, block.beneficiaryAddress);
      unindexLast(this.#bySignerAndBeneficiary, `${block.signerPublicKey}/${block.beneficiaryAddress}`);
    }
  }

  at(height: number): BlockInfoDTO | undefined {
    return height >= this.first ? this.#blocks[height - this.first] : undefined;
  }

  latest(): BlockInfoDTO {
    return this.#blocks[this.#blocks.length - 1];
  }

  /** The fee multipliers of the latest `count` blocks (fewer on a shorter chain), newest first. */
  recentFeeMultipliers(count: number): number[] {
    const multipliers: number[] = [];
    for (let i = this.#blocks.length - 1; i >= 0 && multipliers.length < count; i--) multipliers.push(this.#blocks[i].block.feeMultiplier);
    return multipliers;
  }

  search(criteria: BlockSearchCriteria): PageResult<BlockInfoDTO> {
    const list = this.#candidates(criteria);
    // Timestamps grow with height, so a timestamp range is a height range.
    const { fromTimestamp: from, toTimestamp: to } = criteria;
    const timestamps = this.#timestamps;
    const lowHeight = from === undefined ? this.first : partitionPoint(timestamps.length, (i) => timestamps[i] < from) + this.first;
    const highHeight = to === undefined ? this.height : partitionPoint(timestamps.length, (i) => timestamps[i] <= to) + this.first - 1;
    // Block ids grow with height, so the list is in id order too.
    const blocks: Sequence<BlockInfoDTO> = { length: list.length, at: (index) => this.#blocks[list.at(index)! - this.first] };
    const [lo, hi] = [lowerBound(list, lowHeight), lowerBound(list, highHeight + 1)];
    // Sorted by height, the offset is a height.
    if (criteria.orderBy === 'height' && criteria.offset !== undefined) return pageOfRange(blocks, lo, hi, criteria, blockHeight, BigInt(criteria.offset));
    return pageOfRange(blocks, lo, hi, criteria, blockId);
  }

  // The index that answers the filters; an empty list when a filter matches nothing.
  #candidates(criteria: BlockSearchCriteria): HeightList {
    const { signerPublicKey: signer, beneficiaryAddress: beneficiary } = criteria;
    if (signer !== undefined && beneficiary !== undefined) return this.#bySignerAndBeneficiary.get(`${signer}/${beneficiary}`) ?? [];
    if (signer !== undefined) return this.#bySigner.get(signer) ?? [];
    if (beneficiary !== undefined) return this.#byBeneficiary.get(beneficiary) ?? [];
    return this.#all;
  }
}

const blockId = (block: BlockInfoDTO): string => block.id;
const blockHeight = (block: BlockInfoDTO): bigint => BigInt(block.block.height);

function indexUnder(index: Map<string, number[]>, key: string, height: number): void {
  const heights = index.get(key);
  if (heights) heights.push(height);
  else index.set(key, [height]);
}

// The newest height listed under a key is the one dropped.
function unindexLast(index: Map<string, number[]>, key: string): void {
  const heights = index.get(key);
  heights?.pop();
  if (heights?.length === 0) index.delete(key);
}

class WholeChain implements HeightList {
  constructor(
    private readonly blocks: readonly unknown[],
    private readonly first: number,
  ) {}

  get length(): number {
    return this.blocks.length;
  }

  at(index: number): number {
    return index + this.first;
  }
}

/** First index whose height is >= `height`. */
function lowerBound(list: HeightList, height: number): number {
  return partitionPoint(list.length, (i) => list.at(i)! < height);
}
