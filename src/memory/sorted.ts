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
 * The page of `list[lo, hi)` that `request` asks for, `list` ascending by entry id. The
 * offset is positional, as in the reference gateway (an id comparison): with `asc` the page
 * starts after every entry whose id is ≤ the offset, with `desc` before every entry whose
 * id is ≥ it, so an id that is not in the list still has its place. Binary searches and one
 * slice: the same cost at any depth.
 */
export function pageOfRange<T>(list: Sequence<T>, lo: number, hi: number, request: PageRequest, idOf: (entry: T) => string): PageResult<T> {
  if (hi <= lo) return { data: [], totalEntries: 0 };
  let bound: number | undefined;
  const offset = request.offset?.toLowerCase();
  if (offset !== undefined) {
    const index = request.order === 'asc'
      ? partitionPoint(list.length, (i) => idOf(list.at(i)!) <= offset)
      : partitionPoint(list.length, (i) => idOf(list.at(i)!) < offset);
    bound = Math.min(hi, Math.max(lo, index)) - lo;
  }
  const window = pageWindow(hi - lo, request, bound);
  const data: T[] = [];
  if (window.descending) for (let i = window.end - 1; i >= window.start; i--) data.push(list.at(lo + i)!);
  else for (let i = window.start; i < window.end; i++) data.push(list.at(lo + i)!);
  return { data, totalEntries: window.totalEntries };
}
