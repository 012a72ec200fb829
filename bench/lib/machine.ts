/** The machine a benchmark ran on, and whether it was quiet. */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';

export interface Machine {
  cpu: string;
  cores: number;
  memoryGiB: number;
  node: string;
  platform: string;
}

export function machine(): Machine {
  return {
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown',
    cores: os.availableParallelism(),
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
  };
}

/** The 1-minute load average; a machine above 1.0 is busy (numbers measured on it are preliminary). */
export function loadAverage(): number {
  return os.loadavg()[0];
}

export const QUIET_LOAD = 1.0;

function cpuTimes(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]; // "cpu  user nice system idle iowait irq softirq steal ..."
  const values = line.trim().split(/\s+/).slice(1).map(Number);
  const idle = values[3] + (values[4] ?? 0);
  const total = values.reduce((sum, value) => sum + value, 0);
  return { busy: total - idle, total };
}

/** Share of all cores busy over the next `ms` (0..1): between suites, that is other processes' work. */
export async function cpuBusy(ms = 2000): Promise<number> {
  const before = cpuTimes();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = cpuTimes();
  return after.total === before.total ? 0 : (after.busy - before.busy) / (after.total - before.total);
}

/**
 * Waits up to `seconds` for the 1-minute load average to fall below QUIET_LOAD (the previous
 * suite's own load takes a minute or so to decay). Returns the load average it ends with.
 */
export async function settle(seconds: number): Promise<number> {
  const deadline = Date.now() + seconds * 1000;
  while (loadAverage() >= QUIET_LOAD && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 2000));
  return loadAverage();
}

/**
 * Heap in use (V8 heap and the buffers outside it) after two full collections (the second
 * frees what the first's finalizers let go); the process must run with `--expose-gc`.
 */
export function heapBytes(): number {
  globalThis.gc?.();
  globalThis.gc?.();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.external;
}

/**
 * Pins every thread of process `pid` to the cores `cpus` (taskset's list form, e.g. '1' or
 * '0-1') and returns a function that puts its previous cores back; undefined where taskset is
 * missing (Linux's util-linux has it).
 */
export function pinToCpus(pid: number, cpus: string): (() => void) | undefined {
  const taskset = (args: string[]) => execFileSync('taskset', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  let previous: string;
  try {
    // "pid 123's current affinity list: 0,1"
    previous = taskset(['-p', '-c', String(pid)]).trim().split(': ').pop()!;
    taskset(['-a', '-p', '-c', cpus, String(pid)]);
  } catch {
    return undefined;
  }
  return () => void taskset(['-a', '-p', '-c', previous, String(pid)]);
}
