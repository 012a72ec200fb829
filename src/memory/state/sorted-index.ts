import { partitionPoint, type Sequence } from '../sorted.js';

/** Entries a chunk holds at most before it splits. */
const CHUNK = 256;

/**
 * A sorted set with access by rank: entries kept in sorted chunks of at most 256,
 * with a running count per chunk, so an insert, a removal and a read at any rank each
 * cost O(log n + chunk) however the entries change. It backs every index whose order is
 * not insertion order (accounts by balance, holders of a mosaic), so page 1 and a deep
 * page cost the same.
 *
 * `compare` must order every two distinct entries (break ties by id).
 */
export class SortedIndex<T> implements Sequence<T> {
  readonly #compare: (a: T, b: T) => number;
  readonly #chunks: T[][] = [];
  /** `#starts[i]`: the rank of the first entry of chunk i; rebuilt after a change, when read. */
  #starts: number[] = [];
  #fresh = true;
  #length = 0;

  constructor(compare: (a: T, b: T) => number) {
    this.#compare = compare;
  }

  get length(): number {
    return this.#length;
  }

  /** Adds `entry`; false when an equal entry is there already. */
  insert(entry: T): boolean {
    const chunks = this.#chunks;
    if (chunks.length === 0) {
      chunks.push([entry]);
      return this.#changed(1);
    }
    // The first chunk whose last entry is not before `entry`, or the last chunk.
    const c = Math.min(chunks.length - 1, partitionPoint(chunks.length, (i) => this.#compare(chunks[i][chunks[i].length - 1], entry) < 0));
    const chunk = chunks[c];
    const at = partitionPoint(chunk.length, (i) => this.#compare(chunk[i], entry) < 0);
    if (at < chunk.length && this.#compare(chunk[at], entry) === 0) return false;
    chunk.splice(at, 0, entry);
    if (chunk.length > CHUNK) chunks.splice(c + 1, 0, chunk.splice(CHUNK / 2));
    return this.#changed(1);
  }

  /** Removes the entry equal to `entry`; false when there is none. */
  delete(entry: T): boolean {
    const chunks = this.#chunks;
    const c = partitionPoint(chunks.length, (i) => this.#compare(chunks[i][chunks[i].length - 1], entry) < 0);
    if (c === chunks.length) return false;
    const chunk = chunks[c];
    const at = partitionPoint(chunk.length, (i) => this.#compare(chunk[i], entry) < 0);
    if (at === chunk.length || this.#compare(chunk[at], entry) !== 0) return false;
    chunk.splice(at, 1);
    if (chunk.length === 0) chunks.splice(c, 1);
    return this.#changed(-1);
  }

  /** The entry at `rank` (0 is the least). */
  at(rank: number): T | undefined {
    if (rank < 0 || rank >= this.#length) return undefined;
    const starts = this.#rankStarts();
    const c = partitionPoint(starts.length, (i) => starts[i] <= rank) - 1;
    return this.#chunks[c][rank - starts[c]];
  }

  /** How many entries sort before `probe` (`before(entry)` true for a prefix of the order). */
  rankOf(before: (entry: T) => boolean): number {
    return partitionPoint(this.#length, (rank) => before(this.at(rank)!));
  }

  *[Symbol.iterator](): IterableIterator<T> {
    for (const chunk of this.#chunks) yield* chunk;
  }

  #changed(delta: number): true {
    this.#length += delta;
    this.#fresh = false;
    return true;
  }

  #rankStarts(): number[] {
    if (!this.#fresh) {
      const starts = new Array<number>(this.#chunks.length);
      let rank = 0;
      for (let i = 0; i < this.#chunks.length; i++) {
        starts[i] = rank;
        rank += this.#chunks[i].length;
      }
      this.#starts = starts;
      this.#fresh = true;
    }
    return this.#starts;
  }
}
