/**
 * CPU seconds spent by processes, read from /proc (Linux): what a benchmark's parts cost,
 * beside the wall time it measures.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The fields of /proc/<pid>/stat after the command name (field 3 on). */
function statOf(pid: number): string[] | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

const TICKS = 100;

/** A process's own user + system CPU seconds (0 once it is gone). */
export function processCpuSeconds(pid: number): number {
  const stat = statOf(pid);
  return stat ? (Number(stat[11]) + Number(stat[12])) / TICKS : 0;
}

/**
 * The CPU seconds of a PostgreSQL cluster whose data directory lies under `directory`: its
 * postmaster's, its live children's, and those of the children it has reaped (connections that
 * ended are counted too).
 */
export function clusterCpuSeconds(directory: string): number {
  const pidFile = join(directory, 'data', 'postmaster.pid');
  if (!existsSync(pidFile)) return 0;
  const postmaster = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  const own = statOf(postmaster);
  if (!own) return 0;
  let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = statOf(Number(entry));
    if (stat && Number(stat[1]) === postmaster) ticks += Number(stat[11]) + Number(stat[12]);
  }
  return ticks / TICKS;
}

/** This process's user + system CPU seconds. */
export function ownCpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}
