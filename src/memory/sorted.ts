import type { PageResult } from '../backend/repositories.js';
import { pageWindow, type PageRequest } from '../pagination.js';

/** Binary search: the first index in [0, length) for which `before` is false (`before` must be monotone). */
export function partitionPoint(length: number, before: (index: number) => boolean): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A list read by index: an array, or a view of one. */
export interface Sequence<T> {
  readonly length: number;
  /** Defined for every index in [0, length). */
  at(index: number): T | undefined;
}

/**
 * The page of `list[lo, hi)` that `request` asks for, `list` ascending by `keyOf` (the entry
 * id unless the collection is sorted by another key). The offset is positional, as in the
 * reference gateway (a key comparison): with `asc` the page starts after every entry whose
 * key is ≤ the offset, with `desc` before every entry whose key is ≥ it, so an offset that
 * names no entry still has its place. Binary searches and one slice: the same cost at any
 * depth.
 *
 * @param offset the offset as a key (default: the request's offset id, uppercased as ids are)
 */
export function pageOfRange<T, K extends string | bigint = string>(
  list: Sequence<T>,
  lo: number,
  hi: number,
  request: PageRequest,
  keyOf: (entry: T) => K,
  offset: K | undefined = request.offset?.toUpperCase() as K | undefined,
): PageResult<T> {
  if (hi <= lo) return { data: [], totalEntries: 0 };
  let bound: number | undefined;
  if (offset !== undefined) {
    const index = request.order === 'asc'
      ? partitionPoint(list.length, (i) => keyOf(list.at(i)!) <= offset)
      : partitionPoint(list.length, (i) => keyOf(list.at(i)!) < offset);
    bound = Math.min(hi, Math.max(lo, index)) - lo;
  }
  const window = pageWindow(hi - lo, request, bound);
  let data: T[];
  if (Array.isArray(list)) {
    // An array is read by index (a page is a hundred reads: `at` through the interface costs more).
    data = (list as readonly T[]).slice(lo + window.start, lo + window.end);
    if (window.descending) data.reverse();
  } else {
    data = [];
    if (window.descending) for (let i = window.end - 1; i >= window.start; i--) data.push(list.at(lo + i)!);
    else for (let i = window.start; i < window.end; i++) data.push(list.at(lo + i)!);
  }
  return { data, totalEntries: window.totalEntries };
}
