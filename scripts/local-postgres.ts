/**
 * A throwaway PostgreSQL cluster for tests, examples and benchmarks: Debian's `postgresql`
 * binaries, one fresh temporary directory for the data, the unix socket and the server log,
 * a free port on 127.0.0.1, trust authentication and settings that trade durability for speed.
 * `npm run postgres` starts one by hand and prints its URL; Ctrl-C stops it.
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { appendFile, chown, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';

/** A running cluster. */
export interface LocalPostgres {
  /** `postgres://postgres@127.0.0.1:<port>/<database>`; trust authentication, no password. */
  url: string;
  port: number;
  host: string;
  /** The temporary directory that holds the data directory, the unix socket and the server log. */
  directory: string;
  /** Stops the server (fast shutdown, immediate if that fails) and removes `directory`; later calls do nothing. */
  stop(): Promise<void>;
  /** Stops the server and keeps its data (an outage, for fault tests); `resume` starts it again. */
  pause(): Promise<void>;
  /** Starts a paused server again, on the same port, with the same data. */
  resume(): Promise<void>;
}

export interface LocalPostgresOptions {
  /** The database to create; `symbol_gateway` by default. */
  database?: string;
  /** The TCP port; a free one by default. */
  port?: number;
  /** Told each step of the start and the stop. */
  log?: (line: string) => void;
  /**
   * PostgreSQL's durable defaults (fsync, synchronous_commit and full_page_writes on), what an
   * operator runs; the benchmarks use them. Default false: the fast settings of a test run.
   */
  durable?: boolean;
  /** More server settings (`name: value`), over the ones above: a replication primary's, for one. */
  settings?: Readonly<Record<string, string>>;
}

/** The database `startLocalPostgres` creates unless told another. */
export const DEFAULT_DATABASE = 'symbol_gateway';

const HOST = '127.0.0.1';
/** pg_ctl's wait for the server to accept connections, well inside a test hook's 60 s. */
const START_TIMEOUT_SECONDS = 30;
/** Room for pools of many connections; both kinds of cluster have these. */
export const COMMON_SETTINGS = {
  max_connections: '200',
  shared_buffers: '128MB',
};
/** For a database that lives as long as a test run: no durability, room for pools of many connections. */
export const SETTINGS = {
  fsync: 'off',
  synchronous_commit: 'off',
  full_page_writes: 'off',
  ...COMMON_SETTINGS,
};
/** What a `durable` cluster sets: PostgreSQL's own defaults for fsync, synchronous_commit and full_page_writes (all on). */
export const DURABLE_SETTINGS = {
  fsync: 'on',
  synchronous_commit: 'on',
  full_page_writes: 'on',
  ...COMMON_SETTINGS,
};

/** The settings of a cluster started with `options`, as `name=value` for a report. */
export function describeSettings(options: Pick<LocalPostgresOptions, 'durable'> = {}): string {
  return Object.entries(options.durable ? DURABLE_SETTINGS : SETTINGS).map(([name, value]) => `${name}=${value}`).join(', ');
}

const execFileAsync = promisify(execFile);

/** The server binaries a local cluster runs. */
export interface Binaries {
  initdb: string;
  pgCtl: string;
  pgBasebackup: string;
}

/** The server's own files inside the temporary directory. */
export interface Layout {
  directory: string;
  data: string;
  logFile: string;
}

/**
 * Starts a fresh cluster and creates `database` in it. Throws with the server log's last lines
 * when the server does not start, and with what to install when PostgreSQL is missing.
 */
export async function startLocalPostgres(options: LocalPostgresOptions = {}): Promise<LocalPostgres> {
  const log = options.log ?? (() => {});
  const database = options.database ?? DEFAULT_DATABASE;
  const binaries = await findBinaries();
  const layout = await clusterDirectory(binaries);
  try {
    log(`initdb ${layout.data}`);
    await run(binaries.initdb, ['-D', layout.data, '--auth=trust', '-U', 'postgres', '--encoding=UTF8', '--no-locale', '--no-sync'], layout.directory);
    await configure(layout, options.durable ?? false, options.settings);
    const port = await startServer(binaries, layout, options.port, log);
    await createDatabase(port, database);
    log(`postgres ready on ${HOST}:${port}, database ${database}`);
    return runningCluster(binaries, layout, port, database, log);
  } catch (error) {
    await stop(binaries, layout, log).catch(() => {});
    throw error;
  }
}

/**
 * A fresh temporary directory for a cluster, owned by the server's user; from here on an exiting
 * process takes the cluster down with it (and removes the directory), whatever state it reached.
 */
export async function clusterDirectory(binaries: Binaries): Promise<Layout> {
  const directory = await mkdtemp(join(tmpdir(), 'symbol-gateway-pg-'));
  const layout: Layout = { directory, data: join(directory, 'data'), logFile: join(directory, 'server.log') };
  leftBehind.set(directory, () => stopNow(binaries, layout));
  stopAtExit();
  if (asRoot()) await giveToServerUser(directory);
  return layout;
}

/** The handle of a cluster started in `layout` on `port`: its URL, stop, pause and resume. */
export function runningCluster(binaries: Binaries, layout: Layout, port: number, database: string, log: (line: string) => void): LocalPostgres {
  let stopped: Promise<void> | undefined;
  return {
    url: `postgres://postgres@${HOST}:${port}/${database}`,
    port,
    host: HOST,
    directory: layout.directory,
    stop: () => (stopped ??= stop(binaries, layout, log)),
    pause: async () => {
      log(`pg_ctl stop ${layout.data} (paused)`);
      await run(binaries.pgCtl, ['stop', '-w', '-m', 'fast', '-D', layout.data], layout.directory);
    },
    resume: async () => {
      await startServer(binaries, layout, port, log);
    },
  };
}

/** initdb, pg_ctl and pg_basebackup from `pg_config --bindir`, or an error that says what to install. */
export async function findBinaries(): Promise<Binaries> {
  let bindir: string;
  try {
    bindir = (await execFileAsync('pg_config', ['--bindir'])).stdout.trim();
  } catch {
    throw missing('pg_config was not found');
  }
  const binaries = { initdb: join(bindir, 'initdb'), pgCtl: join(bindir, 'pg_ctl'), pgBasebackup: join(bindir, 'pg_basebackup') };
  // libpq-dev has a pg_config of its own, on machines without the server.
  for (const binary of Object.values(binaries)) if (!existsSync(binary)) throw missing(`${binary} was not found`);
  return binaries;
}

function missing(what: string): Error {
  return new Error(`${what}: the local PostgreSQL needs Debian's postgresql package (apt-get install postgresql, or bash scripts/ensure-postgresql.sh)`);
}

function asRoot(): boolean {
  return process.getuid?.() === 0;
}

/** initdb and pg_ctl refuse to run as root; as root they run as Debian's postgres user, who must own the directory. */
async function giveToServerUser(directory: string): Promise<void> {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  let uid: number, gid: number;
  try {
    [uid, gid] = [id('-u'), id('-g')];
  } catch {
    throw missing('running as root, and there is no postgres user to run the server as');
  }
  await chown(directory, uid, gid);
}

/** The command line that runs a server binary: through runuser as the postgres user when this process is root. */
function commandLine(binary: string, args: string[]): [string, string[]] {
  return asRoot() ? ['runuser', ['-u', 'postgres', '--', binary, ...args]] : [binary, args];
}

/** Runs a server binary to its end, in the cluster's directory (the postgres user may not read the current one). */
export async function run(binary: string, args: string[], directory: string): Promise<void> {
  const [file, argv] = commandLine(binary, args);
  try {
    await execFileAsync(file, argv, { cwd: directory });
  } catch (error) {
    const { code, stderr, stdout, message } = error as { code?: unknown; stderr?: string; stdout?: string; message: string };
    if (code === 'ENOENT') throw new Error(`${file} was not found${file === 'runuser' ? ' (util-linux): as root, initdb and pg_ctl run as the postgres user through it' : ''}`);
    const command = args[0].startsWith('-') ? basename(binary) : `${basename(binary)} ${args[0]}`;
    throw new Error(`${command} failed: ${(stderr || stdout || message).trim()}`);
  }
}

/** Listening on 127.0.0.1 only, the unix socket beside the data, the test settings (or the durable ones), then `more`. */
export async function configure({ directory, data }: Layout, durable: boolean, more: Readonly<Record<string, string>> = {}): Promise<void> {
  const settings = { listen_addresses: HOST, unix_socket_directories: directory, ...(durable ? DURABLE_SETTINGS : SETTINGS), ...more };
  const lines = Object.entries(settings).map(([name, value]) => `${name} = '${value.replaceAll("'", "''")}'`);
  await appendFile(join(data, 'postgresql.conf'), `\n# symbol-gateway's throwaway cluster\n${lines.join('\n')}\n`);
}

/**
 * Starts the server and waits until it accepts connections. A port found free can be taken
 * by another process before the server binds it, so a free port is sought again then.
 */
export async function startServer(binaries: Binaries, layout: Layout, requested: number | undefined, log: (line: string) => void): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    const port = requested ?? (await freePort());
    const logged = await sizeOf(layout.logFile);
    log(`pg_ctl start on ${HOST}:${port}`);
    try {
      await run(binaries.pgCtl, ['start', '-w', '-t', String(START_TIMEOUT_SECONDS), '-D', layout.data, '-l', layout.logFile, '-o', `-p ${port}`], layout.directory);
      return port;
    } catch (error) {
      const tail = (await readFile(layout.logFile, 'utf8').catch(() => '')).slice(logged);
      if (requested === undefined && attempt < 3 && tail.includes('already in use')) continue;
      const last = tail.trimEnd().split('\n').slice(-20).join('\n');
      throw new Error(`PostgreSQL did not start on ${HOST}:${port}: ${(error as Error).message}\nlast lines of ${layout.logFile}:\n${last}`);
    }
  }
}

/** A TCP port free on 127.0.0.1 right now: the one the system gives a listener on port 0. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, HOST, resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function sizeOf(file: string): Promise<number> {
  return (await stat(file).catch(() => ({ size: 0 }))).size;
}

/** initdb makes only the `postgres` database; this one is made over TCP, which also proves the port answers. */
async function createDatabase(port: number, database: string): Promise<void> {
  if (database === 'postgres') return;
  const client = new pg.Client({ host: HOST, port, user: 'postgres', database: 'postgres' });
  await client.connect();
  try {
    await client.query(`create database ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}

/** Fast shutdown, immediate if that fails; the directory goes either way. */
async function stop(binaries: Binaries, layout: Layout, log: (line: string) => void): Promise<void> {
  leftBehind.delete(layout.directory);
  let failure: Error | undefined;
  if (existsSync(join(layout.data, 'postmaster.pid'))) {
    log(`pg_ctl stop ${layout.data}`);
    for (const mode of ['fast', 'immediate']) {
      try {
        await run(binaries.pgCtl, ['stop', '-w', '-m', mode, '-D', layout.data], layout.directory);
        failure = undefined;
        break;
      } catch (error) {
        failure = error as Error;
      }
    }
  }
  await rm(layout.directory, { recursive: true, force: true });
  log(`removed ${layout.directory}`);
  if (failure) throw failure;
}

/** Clusters started and not yet stopped, each with its synchronous stop for the process's exit. */
const leftBehind = new Map<string, () => void>();
let exitHandler = false;

/** At exit only synchronous work runs: an immediate shutdown, then the directory removed. */
function stopAtExit(): void {
  if (exitHandler) return;
  exitHandler = true;
  process.on('exit', () => {
    for (const stopCluster of leftBehind.values()) stopCluster();
  });
}

function stopNow(binaries: Binaries, layout: Layout): void {
  if (existsSync(join(layout.data, 'postmaster.pid'))) {
    const [file, argv] = commandLine(binaries.pgCtl, ['stop', '-w', '-m', 'immediate', '-D', layout.data]);
    spawnSync(file, argv, { cwd: layout.directory, stdio: 'ignore' });
  }
  rmSync(layout.directory, { recursive: true, force: true });
}

// `npx tsx scripts/local-postgres.ts` (`npm run postgres`): one cluster until Ctrl-C or SIGTERM.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const cluster = await startLocalPostgres();
  console.log(`postgres ready: ${cluster.url}`);
  // Nothing else holds the event loop open; without this the process would exit and stop the cluster.
  const keepAlive = setInterval(() => {}, 1 << 30);
  const shutdown = async () => {
    clearInterval(keepAlive);
    await cluster.stop();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}
