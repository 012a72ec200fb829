import pg from 'pg';

/** How the gateway talks to PostgreSQL; every option has a default. */
export interface PostgresOptions {
  /** A connection string: `postgres://user:password@host:5432/database`. */
  url: string;
  /** Connections the pool opens at most. Default 10 (a gateway instance rarely needs more; PostgreSQL's default `max_connections` is 100 for all instances together). */
  poolSize?: number;
  /** Longest a query may run before PostgreSQL cancels it (`statement_timeout`), in ms. Default 5000: a slow query answers 503, never a hung socket. */
  statementTimeout?: number;
  /** Longest to wait for a connection (from the pool or a new one), in ms. Default 5000. */
  connectTimeout?: number;
}

export const POSTGRES_DEFAULTS = { poolSize: 10, statementTimeout: 5_000, connectTimeout: 5_000 } as const;

/**
 * A pool of connections with the gateway's limits (statement timeout, connection timeout) on every connection.
 * `genericPlans`: each prepared statement is planned once for any parameters
 * (`plan_cache_mode = force_generic_plan`), what a reader's statements want: left to choose,
 * PostgreSQL plans a page's statement anew at each execution (about 0.8 ms, against 0.1 ms to
 * run it) once a list as skewed as a million-entry address makes its generic estimate look worse.
 */
export function createPool(options: PostgresOptions, { genericPlans = false }: { genericPlans?: boolean } = {}): pg.Pool {
  const poolSize = positive('poolSize', options.poolSize ?? POSTGRES_DEFAULTS.poolSize);
  const statementTimeout = positive('statementTimeout', options.statementTimeout ?? POSTGRES_DEFAULTS.statementTimeout);
  const connectTimeout = positive('connectTimeout', options.connectTimeout ?? POSTGRES_DEFAULTS.connectTimeout);
  const pool = new pg.Pool({
    connectionString: options.url,
    max: poolSize,
    statement_timeout: statementTimeout,
    connectionTimeoutMillis: connectTimeout,
    idleTimeoutMillis: 30_000,
    application_name: 'symbol-gateway',
    ...(genericPlans ? { options: '-c plan_cache_mode=force_generic_plan' } : {}),
  });
  // A connection that breaks while idle in the pool is dropped by pg; this keeps the process up.
  pool.on('error', () => undefined);
  return pool;
}

/**
 * Rows a writer puts in one statement: a catch-up or a mirror's batch may hold hundreds of
 * thousands, and each statement must stay well inside the statement timeout.
 */
export const ROWS_PER_STATEMENT = 5_000;

/** `rows`, ROWS_PER_STATEMENT at a time, in order. */
export function* slices<T>(rows: readonly T[]): Generator<T[]> {
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) yield rows.slice(i, i + ROWS_PER_STATEMENT);
}

/** `value`, checked to be a positive whole number (a TypeError naming the option otherwise). */
export function positive(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 1) throw new TypeError(`${name} must be a positive whole number, not ${String(value)}`);
  return value;
}

/** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
