import type { BlockInfoDTO } from '../backend/dto.js';
import type { BlockSearchCriteria, PageResult } from '../backend/repositories.js';
import { deepFreeze } from '../http/json.js';
import { pageWindow } from '../pagination.js';
import { partitionPoint } from './sorted.js';

/** A sorted, ascending list of heights: the whole chain or one filter's index. */
interface HeightList {
  readonly length: number;
  /** Defined for every index in [0, length). */
  at(index: number): number | undefined;
}

/**
 * Blocks by height, with the indexes `GET /blocks` needs: id → height, signer →
 * heights, beneficiary → heights. Heights are appended in order, so every index is a
 * sorted array and any page is found by binary search and a slice: the same cost at
 * page 1 and at page 10 000.
 */
export class BlockStore {
  readonly #blocks: BlockInfoDTO[] = [];
  readonly #timestamps: bigint[] = [];
  readonly #heightById = new Map<string, number>();
  readonly #bySigner = new Map<string, number[]>();
  readonly #byBeneficiary = new Map<string, number[]>();
  readonly #bySignerAndBeneficiary = new Map<string, number[]>();
  readonly #all: HeightList = new WholeChain(this.#blocks);

  get height(): number {
    return this.#blocks.length;
  }

  /**
   * Appends the block at the next height and freezes it all the way down: a harvested
   * block never changes, so the gateway renders its JSON once.
   */
  append(block: BlockInfoDTO): void {
    const height = this.#blocks.length + 1;
    if (block.block.height !== String(height)) throw new RangeError(`expected block at height ${height}, got ${block.block.height}`);
    deepFreeze(block);
    this.#blocks.push(block);
    this.#timestamps.push(BigInt(block.block.timestamp));
    this.#heightById.set(block.id, height);
    indexUnder(this.#bySigner, block.block.signerPublicKey, height);
    indexUnder(this.#byBeneficiary, block.block.beneficiaryAddress, height);
    indexUnder(this.#bySignerAndBeneficiary, `${block.block.signerPublicKey}/${block.block.beneficiaryAddress}`, height);
  }

  at(height: number): BlockInfoDTO | undefined {
    return height >= 1 ? this.#blocks[height - 1] : undefined;
  }

  latest(): BlockInfoDTO {
    return this.#blocks[this.#blocks.length - 1];
  }

  search(criteria: BlockSearchCriteria): PageResult<BlockInfoDTO> {
    const list = this.#candidates(criteria);
    // Timestamps grow with height, so a timestamp range is a height range.
    const { fromTimestamp: from, toTimestamp: to } = criteria;
    const timestamps = this.#timestamps;
    const lowHeight = from === undefined ? 1 : partitionPoint(timestamps.length, (i) => timestamps[i] < from) + 1;
    const highHeight = to === undefined ? this.height : partitionPoint(timestamps.length, (i) => timestamps[i] <= to);
    const first = lowerBound(list, lowHeight);
    const end = lowerBound(list, highHeight + 1);
    if (end <= first) return { data: [], totalEntries: 0 };

    let bound: number | undefined;
    if (criteria.offset !== undefined) {
      const offsetHeight = this.#heightById.get(criteria.offset.toLowerCase());
      if (offsetHeight === undefined) return { data: [], totalEntries: 0 };
      const index = criteria.order === 'asc' ? lowerBound(list, offsetHeight + 1) : lowerBound(list, offsetHeight);
      bound = Math.min(end, Math.max(first, index)) - first;
    }
    const window = pageWindow(end - first, criteria, bound);
    const data: BlockInfoDTO[] = [];
    if (window.descending) for (let i = window.end - 1; i >= window.start; i--) data.push(this.#blocks[list.at(first + i)! - 1]);
    else for (let i = window.start; i < window.end; i++) data.push(this.#blocks[list.at(first + i)! - 1]);
    return { data, totalEntries: window.totalEntries };
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

function indexUnder(index: Map<string, number[]>, key: string, height: number): void {
  const heights = index.get(key);
  if (heights) heights.push(height);
  else index.set(key, [height]);
}

class WholeChain implements HeightList {
  constructor(private readonly blocks: readonly unknown[]) {}

  get length(): number {
    return this.blocks.length;
  }

  at(index: number): number {
    return index + 1;
  }
}

/** First index whose height is >= `height`. */
function lowerBound(list: HeightList, height: number): number {
  return partitionPoint(list.length, (i) => list.at(i)! < height);
}
