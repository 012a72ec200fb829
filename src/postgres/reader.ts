import type pg from 'pg';
import { ServiceUnavailableError } from '../errors.js';
import { storedJson } from '../http/json.js';
import { pageWindow, type PageRequest } from '../pagination.js';

/** PostgreSQL's largest bigint, as a parameter. */
export const MAX_BIGINT = (2n ** 63n - 1n).toString();

/** A height or timestamp as a bigint parameter: one past PostgreSQL's range is past every row (the routes take up to 2^64 − 1). */
export function bigintParam(value: bigint): string {
  return value > BigInt(MAX_BIGINT) ? MAX_BIGINT : value.toString();
}

/** Statement texts a reader prepares at most; past them a text is sent to be parsed each time. */
const MAX_PREPARED = 500;

/**
 * Queries that answer 503 when the database does not. Every backend part reads through one.
 * Each statement text is prepared (a named statement) once per connection of the pool: PostgreSQL
 * parses and plans it once, and each later query sends only its values. The texts are the
 * backend's own (values are always parameters), a bounded set; `MAX_PREPARED` bounds it anyway.
 */
export class Reader {
  readonly #pool: pg.Pool;
  readonly #names = new Map<string, string>();
  readonly #keyed = new Map<string, KeyedRows>();
  readonly #batches = new Map<string, BatchedRows>();
  #errors = 0;

  constructor(pool: pg.Pool) {
    this.#pool = pool;
  }

  async rows<R extends pg.QueryResultRow>(sql: string, values: unknown[] = []): Promise<R[]> {
    try {
      const name = this.#nameOf(sql);
      return (await this.#pool.query<R>(name === undefined ? { text: sql, values } : { name, text: sql, values })).rows;
    } catch (error) {
      this.#errors++;
      throw new ServiceUnavailableError(unavailable(error), error);
    }
  }

  /** The first row's `json` column, parsed (frozen, answered as stored: see `storedJson`); undefined for no row. */
  async json<T>(sql: string, values: unknown[] = []): Promise<T | undefined> {
    const [row] = await this.rows<{ json: string }>(sql, values);
    return row ? storedJson<T>(row.json) : undefined;
  }

  /** Every row's `json` column, parsed as `json` parses it, in the rows' order. */
  async jsonRows<T>(sql: string, values: unknown[] = []): Promise<T[]> {
    return (await this.rows<{ json: string }>(sql, values)).map((row) => storedJson<T>(row.json));
  }

  /**
   * The `json` of the row with `key`, parsed as `json` parses it (undefined for none), read together with the keys
   * other callers ask of the same query meanwhile (see `KeyedRows`). `sql` selects `key` (text)
   * and `json` where its key is `any` of its last parameter, a text array; `fixed` are the
   * parameters before it.
   */
  async byKey<T>(sql: string, fixed: readonly unknown[], key: string): Promise<T | undefined> {
    const id = fixed.length === 0 ? sql : `${sql}\u0000${fixed.join('\u0000')}`;
    let rows = this.#keyed.get(id);
    if (rows === undefined) this.#keyed.set(id, (rows = new KeyedRows(this, sql, fixed)));
    const json = await rows.get(key);
    return json === undefined ? undefined : storedJson<T>(json);
  }

  /**
   * The rows of `sql` with `values`, read together with the runs of the same statement that
   * other callers ask meanwhile (see `BatchedRows`). Each of `values` is sent as text: `sql`
   * casts the parameters that are not text where it uses them (`$2::bigint`). `order` is what
   * orders the rows of one run, in terms of the columns `sql` selects (`rank desc`).
   */
  batched<R extends pg.QueryResultRow>(sql: string, values: readonly string[], order: string): Promise<R[]> {
    let batch = this.#batches.get(sql);
    if (batch === undefined) this.#batches.set(sql, (batch = new BatchedRows(this, sql, values.length, order)));
    return batch.run<R>(values);
  }

  async meta<T>(key: string): Promise<T> {
    const value = await this.byKey<T>('select key, json from meta where key = any($1::text[])', [], key);
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

  // The statement's name, given at its first use (undefined once MAX_PREPARED texts have one).
  #nameOf(sql: string): string | undefined {
    let name = this.#names.get(sql);
    if (name === undefined && this.#names.size < MAX_PREPARED) this.#names.set(sql, (name = `symbol_gateway_${this.#names.size + 1}`));
    return name;
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

interface Waiting {
  resolve(json: string | undefined): void;
  reject(error: unknown): void;
}

/**
 * Rows by key that concurrent requests ask for, read in one query: the keys asked before the
 * event loop's next check phase (`setImmediate`) go together, and each caller gets its own
 * row. Under load many requests are parsed in one turn of the loop; a round trip costs a
 * process about as much as the rest of a request, so one for all of them is the saving.
 * Every caller sees a snapshot taken after it asked.
 */
class KeyedRows {
  readonly #db: Reader;
  readonly #sql: string;
  readonly #fixed: readonly unknown[];
  #waiting = new Map<string, Waiting[]>();

  constructor(db: Reader, sql: string, fixed: readonly unknown[]) {
    this.#db = db;
    this.#sql = sql;
    this.#fixed = fixed;
  }

  get(key: string): Promise<string | undefined> {
    return new Promise((resolve, reject) => {
      if (this.#waiting.size === 0) setImmediate(() => void this.#read());
      const waiting = this.#waiting.get(key);
      if (waiting === undefined) this.#waiting.set(key, [{ resolve, reject }]);
      else waiting.push({ resolve, reject });
    });
  }

  async #read(): Promise<void> {
    const asked = this.#waiting;
    this.#waiting = new Map();
    try {
      const rows = await this.#db.rows<{ key: string; json: string }>(this.#sql, [...this.#fixed, [...asked.keys()]]);
      const found = new Map(rows.map((row) => [row.key, row.json]));
      for (const [key, waiting] of asked) for (const each of waiting) each.resolve(found.get(key));
    } catch (error) {
      for (const waiting of asked.values()) for (const each of waiting) each.reject(error);
    }
  }
}

interface Run {
  values: readonly string[];
  resolve(rows: pg.QueryResultRow[]): void;
  reject(error: unknown): void;
}

/**
 * Runs of one statement that concurrent requests ask with values of their own (a page of a
 * list each), read in one round trip: the runs asked before the event loop's next check phase
 * go together, as the keys of `KeyedRows` do. A run asked alone is the statement itself; several
 * are one statement that runs it once for each set of values (a lateral join over the values'
 * arrays, its parameters standing for their columns), each run's rows told apart by its number.
 * One statement, one snapshot, taken after every caller asked.
 */
class BatchedRows {
  readonly #db: Reader;
  readonly #sql: string;
  readonly #together: string;
  #waiting: Run[] = [];

  constructor(db: Reader, sql: string, parameters: number, order: string) {
    this.#db = db;
    this.#sql = sql;
    const columns = Array.from({ length: parameters }, (_, i) => `p${i + 1}`);
    const arrays = columns.map((_, i) => `$${i + 1}::text[]`);
    // The values' alias is one no statement of ours uses (an alias inside `sql` would hide it).
    this.#together =
      `select batch_runs.run, batch_rows.* from unnest(${arrays.join(', ')}) with ordinality as batch_runs(${columns.join(', ')}, run) ` +
      `cross join lateral (${sql.replace(/\$(\d+)/g, (_, n: string) => `batch_runs.p${n}`)}) batch_rows order by batch_runs.run, batch_rows.${order}`;
  }

  run<R extends pg.QueryResultRow>(values: readonly string[]): Promise<R[]> {
    return new Promise((resolve, reject) => {
      if (this.#waiting.length === 0) setImmediate(() => void this.#read());
      this.#waiting.push({ values, resolve: resolve as (rows: pg.QueryResultRow[]) => void, reject });
    });
  }

  async #read(): Promise<void> {
    const asked = this.#waiting;
    this.#waiting = [];
    try {
      if (asked.length === 1) {
        asked[0].resolve(await this.#db.rows(this.#sql, [...asked[0].values]));
        return;
      }
      const arrays = asked[0].values.map((_, i) => asked.map((run) => run.values[i]));
      const rows = await this.#db.rows<{ run: string }>(this.#together, arrays);
      const byRun: pg.QueryResultRow[][] = asked.map(() => []);
      for (const row of rows) byRun[Number(row.run) - 1].push(row);
      asked.forEach((run, i) => run.resolve(byRun[i]));
    } catch (error) {
      for (const run of asked) run.reject(error);
    }
  }
}

function unavailable(error: unknown): string {
  const code = (error as { code?: string }).code;
  // 57014: query_canceled, what statement_timeout raises.
  if (code === '57014') return 'the database did not answer in time';
  return 'the database is unreachable';
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
    `select ${rows.json} as json from ${rows.from} ${where} order by ${rows.key} asc offset $${rows.values.length + 1} limit $${rows.values.length + 2}`,
    [...rows.values, window.start, window.end - window.start],
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
 * One end of a range of entries: a value, or a scalar subquery that finds it from one value
 * (`$?` in `select` stands for `value`'s parameter), run in the page's own statement.
 */
export type EntryBound = string | { readonly select: string; readonly value: string };

/**
 * A page of the entries of a ranked list whose `entry` lies in `[lowEntry, highEntry]` (a height
 * or sequence range): the range's ranks by index, the offset's place by its key, the window as
 * `pageWindow` places it (the helper every in-memory collection pages with), each entry's `json`
 * joined from its table. One statement, so one round trip and one snapshot; index seeks only:
 * any depth costs what page 1 does.
 */
export async function pageOfEntries(db: Reader, ranked: RankedList, lowEntry: EntryBound, highEntry: EntryBound, request: PageRequest): Promise<{ json: string[]; totalEntries: number }> {
  const values: string[] = [ranked.list];
  const low = boundSql(lowEntry, values);
  const high = boundSql(highEntry, values);
  const descending = request.order === 'desc';
  const offset = request.offset?.toUpperCase();
  // The offset's place: the ranks of the range up to it (asc: the entries past it start there; desc: those before it end there).
  const bound = offset === undefined
    ? 'null::bigint'
    : `least(high, greatest(low - 1, coalesce((select max(rank) from ranks where list = $1 and key ${descending ? '<' : '<='} $${values.push(offset)}), 0))) - (low - 1)`;
  const skip = `$${values.push((BigInt(request.pageNumber - 1) * BigInt(request.pageSize)).toString())}::bigint`;
  const size = `$${values.push(String(request.pageSize))}::bigint`;
  // [lo, hi) the positions that qualify, [s, e) the page's, as pageWindow computes them.
  const run = descending ? 'lo, hi, greatest(lo, hi - skip) as e' : 'lo, hi, least(hi, lo + skip) as s';
  const window = descending ? 'greatest(lo, e - size) as s, e' : `s, least(hi, s + size) as e`;
  // Pages of the same shape that concurrent requests ask (each address's list, say) are read together.
  const rows = await db.batched<{ total: string; json: string | null }>(
    `with ranged as (
       select (select min(rank) from ranks where list = $1 and entry >= ${low}) as low, (select max(rank) from ranks where list = $1 and entry <= ${high}) as high
     ), placed as (
       select low, high, ${bound} as bound from ranged where low <= high
     ), run as (
       select low, ${descending ? '0' : 'coalesce(bound, 0)'} as lo, ${descending ? 'coalesce(bound, high - low + 1)' : 'high - low + 1'} as hi, ${skip} as skip, ${size} as size from placed
     ), started as (
       select low, size, ${run} from run
     ), win as (
       select low, greatest(0, hi - lo) as total, ${window} from started
     )
     select win.total, page.json, page.rank from win left join lateral (
       select t.json, r.rank from ranks r join ${ranked.table} t on t.${ranked.column} = r.entry
       where r.list = $1 and r.rank between win.low + win.s and win.low + win.e - 1
     ) page on true
     order by page.rank ${descending ? 'desc' : 'asc'}`,
    values,
    `rank ${descending ? 'desc' : 'asc'}`,
  );
  if (rows.length === 0) return { json: [], totalEntries: 0 };
  return { json: rows[0].json === null ? [] : rows.map((row) => row.json!), totalEntries: Number(rows[0].total) };
}

// An entry bound as SQL: its value's parameter, or its subquery over it.
function boundSql(bound: EntryBound, values: string[]): string {
  if (typeof bound === 'string') return `$${values.push(bound)}::bigint`;
  return `(${bound.select.replace('$?', `$${values.push(bound.value)}::bigint`)})`;
}
