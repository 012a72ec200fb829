/**
 * `npm run bench [-- suite ...] [-- --quick]`: runs the benchmark suites one after another,
 * each in a fresh server process with its load in child processes, stores their results in
 * bench/results/ and writes BENCHMARKS.md.
 */
import { once } from 'node:events';
import { cpuBusy, loadAverage, machine, QUIET_LOAD, settle } from './lib/machine.js';
import { startProcess, type StartOptions } from './lib/process.js';
import { saveResult, SUITE_ORDER, writeBenchmarksMd, type SuiteOutcome, type SuiteResult } from './lib/report.js';

/** Each suite and what its server process needs. */
const SUITES: Record<string, StartOptions> = {
  'http-read': {},
  'http-peer': {},
  // A million transactions take several GB of heap; gc() to measure it.
  'pagination-depth': { nodeFlags: ['--expose-gc', '--max-old-space-size=14336'] },
  'ws-fanout': { openFiles: 20_000 },
  'ws-address': { openFiles: 20_000 },
  // gc() before each timed run, so no run pays for the garbage the one before it left.
  announce: { nodeFlags: ['--expose-gc'] },
  'announce-aggregate': { nodeFlags: ['--expose-gc'] },
  'announce-multisig': { nodeFlags: ['--expose-gc'] },
  // gc() to measure the heap the accounts take.
  'accounts-balance': { nodeFlags: ['--expose-gc'] },
  'post-accounts': {},
  // Two states of a million accounts each; gc() to measure the heap the trees take.
  'state-trees': { nodeFlags: ['--expose-gc', '--max-old-space-size=14336'] },
  'dev-snapshots': {},
  // Two chains building the same blocks, with and without traces.
  traces: {},
  // mainnet's nemesis block: each run, gateway or baseline, in a process of its own (--expose-gc there).
  genesis: {},
  // A throwaway PostgreSQL, reader processes and three load generators.
  'postgres-store': {},
  // A throwaway PostgreSQL, one chain followed by two writers (every event kept, and the default retention).
  'event-retention': {},
  // A throwaway PostgreSQL, an upstream gateway here, the mirror as a process.
  mirror: {},
  // The gateway and the bare replay each in a process of their own.
  'read-limit': {},
  // The same with Prometheus metrics on: what they cost.
  'read-limit-metrics': {},
  // `symbol-gateway` as `npm start` runs it, its access log read from a pipe, and the bare replay: each a process of its own.
  command: {},
};

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const named = args.filter((arg) => !arg.startsWith('--'));
const unknown = named.filter((name) => !(name in SUITES));
if (unknown.length > 0) {
  console.error(`unknown suite ${unknown.join(', ')}; suites: ${Object.keys(SUITES).join(', ')}`);
  process.exit(2);
}
const suites = named.length > 0 ? SUITE_ORDER.filter((name) => named.includes(name)) : Object.keys(SUITES);
const command = ['npm run bench', ...(args.length > 0 ? ['--', ...args] : [])].join(' ');
/** Seconds to wait before a suite for the load average to fall below 1.0 (the previous suite's own load decays). */
const SETTLE_SECONDS = Number(process.env.BENCH_SETTLE_SECONDS ?? (quick ? 0 : 90));

console.log(`${command}: ${suites.join(', ')}${quick ? ' (reduced sizes)' : ''}; load average ${loadAverage().toFixed(2)}`);
let failed = false;
for (const suite of suites) {
  const load = await settle(SETTLE_SECONDS);
  // Nothing of the bench runs now: what keeps the cores busy is someone else's.
  const busy = await cpuBusy();
  const started = Date.now();
  console.log(
    `\n${suite}: load average ${load.toFixed(2)}, cores ${(busy * 100).toFixed(0)}% busy before the start` +
      (load >= QUIET_LOAD ? ' — the machine is busy: numbers are preliminary' : ''),
  );
  const child = startProcess('run-suite.ts', { ...SUITES[suite], args: [suite], env: { BENCH_QUICK: quick ? '1' : '0' } });
  let outcome: SuiteOutcome | undefined;
  child.on('message', (message: { outcome: SuiteOutcome }) => {
    outcome = message.outcome;
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (!outcome) {
    console.error(`${suite} failed (exit ${code})`);
    failed = true;
    continue;
  }
  const result: SuiteResult = {
    suite,
    command,
    measuredAt: new Date(started).toISOString(),
    machine: machine(),
    loadAverage: load,
    cpuBusyBefore: busy,
    quick,
    preliminary: quick || load >= QUIET_LOAD,
    seconds: (Date.now() - started) / 1000,
    ...outcome,
  };
  saveResult(result);
  console.log(`${suite}: ${result.verdict} — target ${result.target}: ${result.met === undefined ? 'no pass/fail' : result.met ? 'met' : 'MISSED'} (${Math.round(result.seconds)} s)`);
}
writeBenchmarksMd();
console.log('\nBENCHMARKS.md written');
process.exit(failed ? 1 : 0);
