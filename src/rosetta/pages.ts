import type { PageResult } from '../backend/index.js';

/** Every entry of a paged collection, page after page of 100. */
export async function allPages<T>(read: (pageNumber: number) => PageResult<T> | Promise<PageResult<T>>): Promise<T[]> {
  const all: T[] = [];
  for (let pageNumber = 1; ; pageNumber++) {
    const { data } = await read(pageNumber);
    all.push(...data);
    if (data.length < 100) return all;
  }
}

/** A paging request of 100 entries, ascending by id. */
export function pageOf(pageNumber: number): { pageSize: number; pageNumber: number; order: 'asc'; orderBy: 'id' } {
  return { pageSize: 100, pageNumber, order: 'asc', orderBy: 'id' };
}

/** Whether a mosaic id (16 hex) is a namespace's standing for a mosaic (its high bit set). */
export const isAliasMosaic = (mosaicId: string): boolean => (BigInt(`0x${mosaicId}`) & (1n << 63n)) !== 0n;
