/** Starting bench processes: TypeScript through tsx, each with its own event loop (and core). */
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Remote } from './rpc.js';

export const BENCH_DIR = fileURLToPath(new URL('..', import.meta.url));

export interface StartOptions {
  /** Node flags beside tsx's loader, e.g. `--expose-gc`. */
  nodeFlags?: string[];
  /** Open files the process needs; the soft limit is raised inside the child (never past the hard limit). */
  openFiles?: number;
  args?: string[];
  env?: NodeJS.ProcessEnv;
  stdio?: StdioOptions;
}

/** The soft and hard limits of open files of this process. */
export function openFileLimits(): { soft: number; hard: number } {
  const line = readFileSync('/proc/self/limits', 'utf8').split('\n').find((text) => text.startsWith('Max open files'));
  const [soft, hard] = (line ?? '').split(/\s{2,}/).slice(1, 3).map((value) => (value === 'unlimited' ? Infinity : Number(value)));
  return { soft: soft || 1024, hard: hard || soft || 1024 };
}

/**
 * Runs `bench/<file>` in a new node process under tsx, with an IPC channel. When the
 * process needs more open files than the soft limit, it is started as
 * `bash -c 'ulimit -n N; exec node ...'` (N at most the hard limit).
 */
export function startProcess(file: string, options: StartOptions = {}): ChildProcess {
  const script = fileURLToPath(new URL(`../${file}`, import.meta.url));
  const nodeArgs = ['--import', 'tsx', ...(options.nodeFlags ?? []), script, ...(options.args ?? [])];
  const stdio: StdioOptions = options.stdio ?? ['ignore', 'inherit', 'inherit', 'ipc'];
  const env = { ...process.env, ...options.env };
  const { soft, hard } = openFileLimits();
  const wanted = options.openFiles ?? 0;
  if (wanted > soft && hard > soft) {
    const limit = Math.min(wanted, hard);
    return spawn('bash', ['-c', `ulimit -n ${limit} && exec "$0" "$@"`, process.execPath, ...nodeArgs], { stdio, env });
  }
  return spawn(process.execPath, nodeArgs, { stdio, env });
}

/** A load process (bench/load/*.ts) and the handle to call its commands. */
export async function startLoad(file: string, options: StartOptions = {}): Promise<Remote> {
  const remote = new Remote(startProcess(file, options));
  await remote.call('ping');
  return remote;
}
