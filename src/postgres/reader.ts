import type pg from 'pg';
import { ServiceUnavailableError } from '../errors.js';
import { pageWindow, type PageRequest } from '../pagination.js';

/** PostgreSQL's largest bigint, as a parameter. */
export const MAX_BIGINT = (2n ** 63n - 1n).toString();

/** A height or timestamp as a bigint parameter: one past PostgreSQL's range is past every row (the routes take up to 2^64 − 1). */
export function bigintParam(value: bigint): string {
  return value > BigInt(MAX_BIGINT) ? MAX_BIGINT : value.toString();
}

/** Queries that answer 503 when the database does not. Every backend part reads through one. */
export class Reader {
  readonly #pool: pg.Pool;
  #errors = 0;

  constructor(pool: pg.Pool) {
    this.#pool = pool;
  }

  async rows<R extends pg.QueryResultRow>(sql: string, values: unknown[] = []): Promise<R[]> {
    try {
      return (await this.#pool.query<R>(sql, values)).rows;
    } catch (error) {
      this.#errors++;
      throw new ServiceUnavailableError(unavailable(error), error);
    }
  }

  /** The first row's `json` column, parsed; undefined for no row. */
  async json<T>(sql: string, values: unknown[] = []): Promise<T | undefined> {
    const [row] = await this.rows<{ json: string }>(sql, values);
    return row ? (JSON.parse(row.json) as T) : undefined;
  }

  /** Every row's `json` column, parsed, in the rows' order. */
  async jsonRows<T>(sql: string, values: unknown[] = []): Promise<T[]> {
    return (await this.rows<{ json: string }>(sql, values)).map((row) => JSON.parse(row.json) as T);
  }

  async meta<T>(key: string): Promise<T> {
    const value = await this.json<T>('select json from meta where key = $1', [key]);
    if (value === undefined) throw new ServiceUnavailableError(`the database holds no ${key} yet: is the writer running?`);
    return value;
  }

  async reachable(): Promise<boolean> {
    try {
      await this.#pool.query('select 1');
      return true;
    } catch {
      this.#errors++;
      return false;
    }
  }

  /** Queries that failed since the reader was made. */
  get errors(): number {
    return this.#errors;
  }

  /** The pool's connections now: open, idle, callers waiting, and the most it opens. */
  get pool(): { total: number; idle: number; waiting: number; max: number } {
    const pool = this.#pool;
    return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 10 };
  }
}

function unavailable(error: unknown): string {
  const code = (error as { code?: string }).code;
  // 57014: query_canceled, what statement_timeout raises.
  if (code === '57014') return 'the database did not answer in time';
  return 'the database is unreachable';
}

/**
 * A page of an append-only list (see `ranks` in migrations.ts): `[low, high]` the ranks the
 * other filters allow; the offset's place found by its key; the window by `pageWindow`, as
 * every in-memory collection pages.
 */
async function pageOfList(db: Reader, list: string, low: number, high: number, request: PageRequest, select: (fromRank: number, toRank: number, descending: boolean) => Promise<string[]>): Promise<{ json: string[]; totalEntries: number }> {
  if (high < low) return { json: [], totalEntries: 0 };
  let bound: number | undefined;
  const offset = request.offset?.toUpperCase();
  if (offset !== undefined) {
    const [row] = await db.rows<{ rank: string | null }>(
      `select max(rank) as rank from ranks where list = $1 and key ${request.order === 'asc' ? '<=' : '<'} $2`,
      [list, offset],
    );
    const index = Number(row.rank ?? 0);
    bound = Math.min(high, Math.max(low - 1, index)) - (low - 1);
  }
  const window = pageWindow(high - low + 1, request, bound);
  if (window.end <= window.start) return { json: [], totalEntries: window.totalEntries };
  // Positions [start, end) of the run that starts at rank `low`.
  const json = await select(low + window.start, low + window.end - 1, window.descending);
  return { json, totalEntries: window.totalEntries };
}

/** Rows a filtered page is taken from: `from` (a table or a join) and `where` conditions over `values` ($1, $2 … in order). */
export interface FilteredRows {
  readonly from: string;
  readonly where: readonly string[];
  readonly values: readonly unknown[];
  /** The column the collection is ordered by, ascending, unique (the entry id): the offset compares with it. */
  readonly key: string;
  /** The column holding an entry's rendered JSON. */
  readonly json: string;
}

/**
 * A page of a collection that is not an append-only list (pools, state caches under several
 * filters): the total and the offset's place counted by the database, the window by
 * `pageWindow`. Its cost grows with the rows the filters select, which for these collections
 * is bounded (a pool's size) or what the query itself narrows.
 */
export async function filteredPage(db: Reader, rows: FilteredRows, request: PageRequest): Promise<{ json: string[]; totalEntries: number }> {
  const where = rows.where.length > 0 ? `where ${rows.where.join(' and ')}` : '';
  const values = [...rows.values];
  const offset = request.offset?.toUpperCase();
  const bound = offset === undefined ? '' : `, count(*) filter (where ${rows.key} ${request.order === 'asc' ? '<=' : '<'} $${values.push(offset)}) as bound`;
  const [counted] = await db.rows<{ total: string; bound?: string }>(`select count(*) as total${bound} from ${rows.from} ${where}`, values);
  const window = pageWindow(Number(counted.total), request, counted.bound === undefined ? undefined : Number(counted.bound));
  if (window.end <= window.start) return { json: [], totalEntries: window.totalEntries };
  const page = await db.rows<{ json: string }>(
    `select ${rows.json} as json from ${rows.from} ${where} order by ${rows.key} asc offset ${window.start} limit ${window.end - window.start}`,
    rows.values as unknown[],
  );
  const json = page.map((row) => row.json);
  if (window.descending) json.reverse();
  return { json, totalEntries: window.totalEntries };
}

/** An append-only list's entries and the table they point at (`ranks.entry` = `table.column`). */
export interface RankedList {
  readonly list: string;
  readonly table: string;
  readonly column: string;
}

/**
 * A page of the entries of a ranked list whose `entry` lies in `[lowEntry, highEntry]` (a height
 * or sequence range found by the caller): the range's ranks by index, the page by `pageOfList`,
 * each entry's `json` joined from its table. Index seeks only: any depth costs what page 1 does.
 */
export async function pageOfEntries(db: Reader, ranked: RankedList, lowEntry: string, highEntry: string, request: PageRequest): Promise<{ json: string[]; totalEntries: number }> {
  const { list, table, column } = ranked;
  const [ranks] = await db.rows<{ low: string | null; high: string | null }>(
    `select (select min(rank) from ranks where list = $1 and entry >= $2) as low, (select max(rank) from ranks where list = $1 and entry <= $3) as high`,
    [list, lowEntry, highEntry],
  );
  if (ranks.low === null || ranks.high === null) return { json: [], totalEntries: 0 };
  return pageOfList(db, list, Number(ranks.low), Number(ranks.high), request, async (fromRank, toRank, descending) =>
    (await db.rows<{ json: string }>(
      `select t.json from ranks r join ${table} t on t.${column} = r.entry where r.list = $1 and r.rank between $2 and $3 order by r.rank ${descending ? 'desc' : 'asc'}`,
      [list, fromRank, toRank],
    )).map((row) => row.json),
  );
}
