import { InvalidArgumentError, clip } from './errors.js';
import { singleParam, type QueryInput } from './http/query.js';

/** Sort direction of a page. */
export type Order = 'asc' | 'desc';

/** A validated page request, as routes hand it to a backend. */
export interface PageRequest {
  /** Entries per page, clamped to the gateway's bounds (10..100 by default). */
  pageSize: number;
  /** 1-based page number. */
  pageNumber: number;
  /** When set, only entries strictly after this entry id (in `order`) are paged. */
  offset?: string;
  order: Order;
  /** The property to sort by; always one the collection allows. */
  orderBy: string;
}

/** The pagination part of every collection response. */
export interface Pagination {
  pageNumber: number;
  pageSize: number;
  totalEntries: number;
  totalPages: number;
}

/** The envelope of every collection response. */
export interface Page<T> {
  data: T[];
  pagination: Pagination;
}

export interface PaginationOptions {
  /** Properties the collection may be sorted by; `id` is always allowed. */
  orderBy?: readonly string[];
  /** Page size bounds and defaults. Default: the ones `query` carries (a gateway's), else `PAGINATION_DEFAULTS`. */
  settings?: PaginationSettings;
}

/**
 * A gateway's page size bounds and defaults (catapult-rest's `db.pageSizeMin`, `pageSizeMax`,
 * `pageSizeDefault`) and the order of a page when the request names none.
 */
export interface PaginationSettings {
  /** Smallest page; a smaller `pageSize` is raised to it. Default 10. */
  pageSizeMin: number;
  /** Largest page; a larger `pageSize` is lowered to it. Default 100. */
  pageSizeMax: number;
  /** Page size when the request gives none. Default 10 (catapult-rest's code: 20). */
  pageSizeDefault: number;
  /** Sort order when the request gives no `order`. Default `desc`, as the interface document and OpenAPI say (catapult-rest's code sorts `asc`). */
  defaultOrder: Order;
}

/** Limits and defaults of the wire protocol (the interface document's values). */
export const PAGE_SIZE = { min: 10, max: 100, default: 10 } as const;

/** The pagination settings a gateway has unless told otherwise. */
export const PAGINATION_DEFAULTS: PaginationSettings = Object.freeze({ pageSizeMin: PAGE_SIZE.min, pageSizeMax: PAGE_SIZE.max, pageSizeDefault: PAGE_SIZE.default, defaultOrder: 'desc' });

/** Settings over the defaults, checked: whole numbers with min <= default <= max, and an order of asc or desc. */
export function resolvePagination(options: Partial<PaginationSettings> = {}): PaginationSettings {
  const settings: PaginationSettings = { ...PAGINATION_DEFAULTS, ...options };
  for (const name of ['pageSizeMin', 'pageSizeMax', 'pageSizeDefault'] as const) {
    if (!Number.isSafeInteger(settings[name]) || settings[name] < 1) throw new TypeError(`pagination.${name} must be a positive integer`);
  }
  if (settings.pageSizeMin > settings.pageSizeMax) throw new TypeError('pagination.pageSizeMin must not exceed pagination.pageSizeMax');
  if (settings.pageSizeDefault < settings.pageSizeMin || settings.pageSizeDefault > settings.pageSizeMax) {
    throw new TypeError('pagination.pageSizeDefault must lie from pagination.pageSizeMin to pagination.pageSizeMax');
  }
  if (settings.defaultOrder !== 'asc' && settings.defaultOrder !== 'desc') throw new TypeError(`pagination.defaultOrder must be 'asc' or 'desc'`);
  return Object.freeze(settings);
}

/**
 * The query of a request to a gateway, with the gateway's pagination settings: every route
 * hands its query to `parsePagination`, so the settings reach every collection this way.
 */
export class GatewayQuery extends URLSearchParams {
  constructor(search: string, readonly pagination: PaginationSettings) {
    super(search);
    // catapult-rest reads a parameter given with an empty value (`type=`, as symbol-sdk 2's
    // repositories send an unset filter) as absent: `params.type ? … : undefined`.
    if (hasEmptyValue(search)) for (const [name, value] of [...this]) if (value === '') this.delete(name, '');
  }
}

/** Whether a query string may hold a parameter with an empty value (`a=`, `a=&b=1`, `a`): cheap, and never false for one that does. */
function hasEmptyValue(search: string): boolean {
  if (search === '') return false;
  for (let start = 0; start <= search.length; ) {
    let end = search.indexOf('&', start);
    if (end === -1) end = search.length;
    const equals = search.indexOf('=', start);
    if (end > start && (equals === -1 || equals >= end - 1)) return true;
    start = end + 1;
  }
  return false;
}

const UNSIGNED = /^(0|[1-9][0-9]*)$/;

/**
 * Turns query parameters into a validated `PageRequest`.
 * `page` and `id` are accepted as aliases of `pageNumber` and `offset`.
 *
 * @example
 * parsePagination(new URLSearchParams('pageSize=500&order=asc'))
 * // → { pageSize: 100, pageNumber: 1, order: 'asc', orderBy: 'id' }
 * @throws InvalidArgumentError (409) for malformed values, conflicting aliases or a disallowed orderBy.
 */
export function parsePagination(query: QueryInput, options: PaginationOptions = {}): PageRequest {
  const pageSizeText = singleParam(query, 'pageSize');
  const pageNumberText = aliased(query, 'pageNumber', 'page');
  const offset = aliased(query, 'offset', 'id');
  const settings = options.settings ?? (query instanceof GatewayQuery ? query.pagination : PAGINATION_DEFAULTS);
  const order = singleParam(query, 'order') ?? settings.defaultOrder;
  const orderBy = singleParam(query, 'orderBy') ?? 'id';

  if (order !== 'asc' && order !== 'desc') throw new InvalidArgumentError(`order must be asc or desc, not '${clip(order)}'`);
  const allowed = options.orderBy ?? [];
  if (orderBy !== 'id' && !allowed.includes(orderBy)) throw new InvalidArgumentError(`sorting by ${clip(orderBy)} is not allowed`);
  if (offset !== undefined && offset.length === 0) throw new InvalidArgumentError('offset must not be empty');

  const pageSize = pageSizeText === undefined ? settings.pageSizeDefault : clamp(parseUnsigned('pageSize', pageSizeText), settings);
  const pageNumber = pageNumberText === undefined ? 1 : Math.max(1, parseUnsigned('pageNumber', pageNumberText));
  const request: PageRequest = { pageSize, pageNumber, order, orderBy };
  if (offset !== undefined) request.offset = offset;
  return request;
}

/**
 * Wraps one page of rows and the collection's total in the wire envelope.
 *
 * @example
 * toPage(rows, 57, { pageSize: 10, pageNumber: 6, order: 'desc', orderBy: 'id' })
 * // → { data: rows, pagination: { pageNumber: 6, pageSize: 10, totalEntries: 57, totalPages: 6 } }
 */
export function toPage<T>(data: T[], totalEntries: number, request: Pick<PageRequest, 'pageSize' | 'pageNumber'>): Page<T> {
  return {
    data,
    pagination: {
      pageNumber: request.pageNumber,
      pageSize: request.pageSize,
      totalEntries,
      totalPages: Math.ceil(totalEntries / request.pageSize),
    },
  };
}

/**
 * The index range `[start, end)` of one page over entries kept in an ascending array:
 * a helper for backends whose indexes are sorted arrays, so a page costs the same at
 * any depth. Read `start..end` forward for `asc`, backward for `desc`.
 *
 * @param total number of entries the filters select
 * @param bound with an offset: for `asc`, the index of the first entry sorting strictly
 *   after the offset entry; for `desc`, the index of the offset entry (or of the first
 *   entry sorting after it). Omit it without an offset.
 */
export function pageWindow(
  total: number,
  request: PageRequest,
  bound?: number,
): { start: number; end: number; totalEntries: number; descending: boolean } {
  const descending = request.order === 'desc';
  // Entries that qualify form a contiguous run of the ascending array: [lo, hi).
  const lo = bound !== undefined && !descending ? bound : 0;
  const hi = bound !== undefined && descending ? bound : total;
  const totalEntries = Math.max(0, hi - lo);
  const skip = (request.pageNumber - 1) * request.pageSize;
  if (descending) {
    const end = Math.max(lo, hi - skip);
    return { start: Math.max(lo, end - request.pageSize), end, totalEntries, descending };
  }
  const start = Math.min(hi, lo + skip);
  return { start, end: Math.min(hi, start + request.pageSize), totalEntries, descending };
}

function aliased(query: QueryInput, name: string, alias: string): string | undefined {
  const value = singleParam(query, name);
  const aliasValue = singleParam(query, alias);
  if (value !== undefined && aliasValue !== undefined && value !== aliasValue) {
    throw new InvalidArgumentError(`${name} and ${alias} are given with different values`);
  }
  return value ?? aliasValue;
}

function parseUnsigned(name: string, text: string): number {
  // Leading zeros are refused: '05' is not a plain unsigned integer.
  if (!UNSIGNED.test(text)) throw new InvalidArgumentError(`${name} is not a valid unsigned integer`);
  // Any length is valid; past 2^53 a page is past the end of every collection anyway.
  return Math.min(Number(text), Number.MAX_SAFE_INTEGER);
}

function clamp(pageSize: number, settings: PaginationSettings): number {
  return Math.min(settings.pageSizeMax, Math.max(settings.pageSizeMin, pageSize));
}
