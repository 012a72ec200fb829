/**
 * A throwaway primary and a hot standby streaming from it, for tests and measurements of readers
 * on replicas: the primary is a `startLocalPostgres` cluster with the replication settings, the
 * standby a copy of it made by `pg_basebackup -R` (which writes `primary_conninfo` and
 * `standby.signal`), started on a port of its own. initdb's pg_hba already lets 127.0.0.1 in for
 * replication with trust authentication.
 */
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { clusterDirectory, configure, DEFAULT_DATABASE, findBinaries, run, runningCluster, startLocalPostgres, startServer, type LocalPostgres, type LocalPostgresOptions } from './local-postgres.js';

/** What a primary sets so standbys can stream from it (PostgreSQL 15's defaults for the first three, set so they are seen). */
export const PRIMARY_SETTINGS = {
  wal_level: 'replica',
  max_wal_senders: '10',
  hot_standby: 'on',
  // WAL kept for a standby that was down a while (a restart), so it catches up without a slot.
  wal_keep_size: '256MB',
};

/**
 * What the standby sets: it serves reads while it replays, and tells the primary which rows its
 * queries still see, so a vacuum there does not cancel a reader's query here.
 */
export const STANDBY_SETTINGS = {
  hot_standby: 'on',
  hot_standby_feedback: 'on',
};

/** A primary and its standby. */
export interface LocalReplication {
  primary: LocalPostgres;
  /** Read-only; `pause`/`resume` stop and start it (its replay continues from where it was). */
  standby: LocalPostgres;
  /** Resolves once the standby has replayed all the WAL the primary has written now. */
  caughtUp(timeoutMs?: number): Promise<void>;
  /** Stops the standby's replay (`pg_wal_replay_pause()`, resolved once paused): it keeps receiving WAL and serving what it had. */
  pauseReplay(): Promise<void>;
  /** Replays again (`pg_wal_replay_resume()`). */
  resumeReplay(): Promise<void>;
  /** Stops both and removes their directories. */
  stop(): Promise<void>;
}

/** Starts a primary (with `options`) and a hot standby of it. */
export async function startLocalReplication(options: LocalPostgresOptions = {}): Promise<LocalReplication> {
  const primary = await startLocalPostgres({ ...options, settings: { ...PRIMARY_SETTINGS, ...options.settings } });
  let standby: LocalPostgres;
  try {
    standby = await startStandby(primary, options);
  } catch (error) {
    await primary.stop();
    throw error;
  }
  return {
    primary,
    standby,
    caughtUp: (timeoutMs) => caughtUp(primary.url, standby.url, timeoutMs),
    pauseReplay: async () => {
      await query(standby.url, 'select pg_wal_replay_pause()');
      // The call only asks: replay stops at its next record.
      await until(async () => (await query<{ state: string }>(standby.url, 'select pg_get_wal_replay_pause_state() as state'))[0].state === 'paused', 10_000, 'the standby did not pause its replay');
    },
    resumeReplay: async () => {
      await query(standby.url, 'select pg_wal_replay_resume()');
    },
    stop: async () => {
      await standby.stop();
      await primary.stop();
    },
  };
}

/** A hot standby of `primary`: its base backup (`-R`: it follows the primary), its own port and socket directory. */
export async function startStandby(primary: LocalPostgres, options: LocalPostgresOptions = {}): Promise<LocalPostgres> {
  const log = options.log ?? (() => {});
  const binaries = await findBinaries();
  const layout = await clusterDirectory(binaries);
  const database = options.database ?? DEFAULT_DATABASE;
  try {
    log(`pg_basebackup -R from ${primary.host}:${primary.port} into ${layout.data}`);
    await run(binaries.pgBasebackup, ['-D', layout.data, '-R', '-X', 'stream', '-c', 'fast', '--no-sync', '-h', primary.host, '-p', String(primary.port), '-U', 'postgres'], layout.directory);
    // The copied postgresql.conf names the primary's socket directory: this one's own goes after it.
    await configure(layout, options.durable ?? false, STANDBY_SETTINGS);
    const port = await startServer(binaries, layout, undefined, log);
    log(`standby ready on ${primary.host}:${port}`);
    return runningCluster(binaries, layout, port, database, log);
  } catch (error) {
    await runningCluster(binaries, layout, 0, database, log).stop().catch(() => {});
    throw error;
  }
}

/** Waits until the standby's replay reaches the primary's WAL position as of the call. */
async function caughtUp(primaryUrl: string, standbyUrl: string, timeoutMs = 10_000): Promise<void> {
  const [{ lsn }] = await query<{ lsn: string }>(primaryUrl, 'select pg_current_wal_insert_lsn()::text as lsn');
  await until(
    async () => (await query<{ done: boolean }>(standbyUrl, 'select coalesce(pg_last_wal_replay_lsn() >= $1::pg_lsn, false) as done', [lsn]))[0].done,
    timeoutMs,
    `the standby did not replay up to ${lsn}`,
  );
}

/** Resolves once `check` holds, asking every 10 ms; throws `failure` after `timeoutMs`. */
async function until(check: () => Promise<boolean>, timeoutMs: number, failure: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${failure} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function query<R extends pg.QueryResultRow>(url: string, sql: string, values: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

// `npx tsx scripts/local-postgres-replica.ts` (`npm run postgres:replica`): a primary and its hot standby until Ctrl-C or SIGTERM.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const replication = await startLocalReplication();
  console.log(`primary ready: ${replication.primary.url}   (the writer's --store, the readers' --primary)`);
  console.log(`standby ready: ${replication.standby.url}   (the readers' --store)`);
  // Nothing else holds the event loop open; without this the process would exit and stop both.
  const keepAlive = setInterval(() => {}, 1 << 30);
  const shutdown = async () => {
    clearInterval(keepAlive);
    await replication.stop();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}
