import { page } from './dto-shapes.js';
import { checkUnder, ShapeError, type Check } from './shape.js';

/** Entries asked for per page: the most the reference gateway gives. */
export const PAGE_SIZE = 100;

/** One page of a collection, its entries checked. */
export interface CheckedPage<T> {
  data: T[];
  /** The page size the upstream used (it may clamp the one asked for). */
  pageSize: number;
}

/**
 * `path` with `pageSize` and `pageNumber` set in its query (replacing any there).
 *
 * @example
 * withPage('/blocks?order=asc', 100, 3); // '/blocks?order=asc&pageSize=100&pageNumber=3'
 */
export function withPage(path: string, pageSize: number, pageNumber: number): string {
  const mark = path.indexOf('?');
  const route = mark < 0 ? path : path.slice(0, mark);
  const params = new URLSearchParams(mark < 0 ? '' : path.slice(mark + 1));
  params.set('pageSize', String(pageSize));
  params.set('pageNumber', String(pageNumber));
  return `${route}?${params}`;
}

/**
 * A check of page `pageNumber` of a collection whose entries pass `entry`. An upstream that
 * answers another page than the one asked for (one that ignores `pageNumber`) fails it, so
 * a walk over the pages cannot go round forever.
 */
export function pageOf<T>(entry: Check<T>, pageNumber: number): Check<CheckedPage<T>> {
  return (value) => {
    const { data, pagination } = page(value);
    if (pagination.pageNumber !== pageNumber) throw new ShapeError('pagination.pageNumber', String(pageNumber), pagination.pageNumber);
    if (pagination.pageSize < 1) throw new ShapeError('pagination.pageSize', 'a positive integer', pagination.pageSize);
    return { data: data.map((item, index) => checkUnder(`data[${index}]`, entry, item)), pageSize: pagination.pageSize };
  };
}
