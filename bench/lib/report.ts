/**
 * Suite results and BENCHMARKS.md. Each run stores its suites' results in
 * bench/results/<suite>.json; BENCHMARKS.md is written from every stored result, so a
 * suite run alone updates its own section and keeps the others.
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Machine } from './machine.js';

export interface Table {
  caption?: string;
  columns: string[];
  rows: (string | number)[][];
}

/** What a suite measured; `met` is undefined when the suite has no pass/fail target. */
export interface SuiteOutcome {
  title: string;
  /** What is measured, and how. */
  what: string;
  baseline: string;
  target: string;
  met: boolean | undefined;
  /** One line: the number that decides the target. */
  verdict: string;
  tables: Table[];
  notes: string[];
  /** The sizes used (sockets, transactions, seconds per measurement...). */
  sizes: Record<string, string | number>;
}

export interface SuiteResult extends SuiteOutcome {
  suite: string;
  command: string;
  measuredAt: string;
  machine: Machine;
  /** 1-minute load average when the suite started. */
  loadAverage: number;
  /** Share of the cores other processes kept busy in the 2 s before the start (0..1); absent for the soak. */
  cpuBusyBefore?: number;
  quick: boolean;
  /** Reduced sizes or a busy machine: numbers to read with care. */
  preliminary: boolean;
  seconds: number;
}

export const RESULTS_DIR = fileURLToPath(new URL('../results/', import.meta.url));
const BENCHMARKS_MD = fileURLToPath(new URL('../../BENCHMARKS.md', import.meta.url));
/** Hand-written profile notes, appended to BENCHMARKS.md as they are. */
const NOTES_MD = fileURLToPath(new URL('../notes.md', import.meta.url));

/** The order suites appear in BENCHMARKS.md. */
export const SUITE_ORDER = ['read-limit', 'read-limit-metrics', 'command', 'http-read', 'http-peer', 'pagination-depth', 'accounts-balance', 'post-accounts', 'state-trees', 'dev-snapshots', 'traces', 'genesis', 'postgres-store', 'event-retention', 'mirror', 'ws-fanout', 'ws-address', 'announce', 'announce-aggregate', 'announce-multisig', 'soak'];

export function saveResult(result: SuiteResult): void {
  writeFileSync(`${RESULTS_DIR}${result.suite}.json`, `${JSON.stringify(result, null, 2)}\n`);
}

export function loadResults(): SuiteResult[] {
  const results = readdirSync(RESULTS_DIR)
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(readFileSync(`${RESULTS_DIR}${name}`, 'utf8')) as SuiteResult);
  return results.sort((a, b) => SUITE_ORDER.indexOf(a.suite) - SUITE_ORDER.indexOf(b.suite));
}

function markdownTable(table: Table): string {
  const escape = (cell: string | number) => String(cell).replaceAll('|', '\\|');
  const lines = [`| ${table.columns.map(escape).join(' | ')} |`, `|${table.columns.map(() => '---').join('|')}|`];
  for (const row of table.rows) lines.push(`| ${row.map(escape).join(' | ')} |`);
  return `${table.caption ? `${table.caption}\n\n` : ''}${lines.join('\n')}`;
}

const mark = (met: boolean | undefined) => (met === undefined ? '—' : met ? 'met' : '**missed**');

/** Writes BENCHMARKS.md from every stored result. */
export function writeBenchmarksMd(): string {
  const results = loadResults();
  const latest = results.reduce<SuiteResult | undefined>((a, b) => (!a || b.measuredAt > a.measuredAt ? b : a), undefined);
  const out: string[] = [];
  out.push('# Benchmarks', '');
  out.push(
    'Written by `npm run bench` (not part of `npm test`). Each suite runs its server in a process of its own and',
    'its load (autocannon\'s programmatic API, or the WebSocket clients) in a child process, so load generation',
    'never shares the server\'s event loop. Every number is compared with a baseline measured in the same run, on',
    'the same machine. `npm run soak` is the long-running check (not in CI).',
    '',
    '```sh',
    'npm run bench                      # every suite (about 10 minutes on 2 cores)',
    'npm run bench -- http-read         # one suite (or several, by name)',
    'npm run bench -- --quick           # reduced sizes, to check that the suites work',
    'SOAK_SECONDS=60 npm run soak       # the soak test for a minute (default 600 s)',
    '```',
    '',
  );
  if (latest) {
    const m = latest.machine;
    out.push('## Machine', '', `- CPU: ${m.cpu}, ${m.cores} cores; ${m.memoryGiB} GiB memory`, `- Node.js ${m.node}; ${m.platform}`, '');
  }
  out.push('## Summary', '');
  out.push(
    markdownTable({
      columns: ['suite', 'target', 'result', 'target met', 'measured', 'load avg', 'status'],
      rows: results.map((r) => [
        `[${r.suite}](#${r.suite})`,
        r.target,
        r.verdict,
        mark(r.met),
        r.measuredAt.slice(0, 16).replace('T', ' '),
        r.loadAverage.toFixed(2),
        r.preliminary ? `preliminary${r.quick ? ' (reduced sizes)' : ' (busy machine)'}` : 'final',
      ]),
    }),
    '',
  );
  for (const r of results) {
    out.push(`## ${r.suite}`, '');
    out.push(`**${r.title}.** ${r.what.charAt(0).toUpperCase()}${r.what.slice(1)}`, '');
    out.push(`- Baseline: ${r.baseline}`, `- Target: ${r.target} — ${mark(r.met)}: ${r.verdict}`);
    out.push(`- Command: \`${r.command}\`; sizes: ${Object.entries(r.sizes).map(([key, value]) => `${key} ${value}`).join(', ')}`);
    out.push(
      `- Measured ${r.measuredAt.slice(0, 19).replace('T', ' ')} UTC in ${Math.round(r.seconds)} s, load average ${r.loadAverage.toFixed(2)} at the start` +
        (r.cpuBusyBefore === undefined ? '' : `, cores ${Math.round(r.cpuBusyBefore * 100)}% busy with other work just before`) +
        (r.preliminary ? ` — **preliminary**: ${[r.quick ? 'reduced sizes' : '', r.loadAverage >= 1 ? 'the machine was busy (load average ≥ 1.0)' : ''].filter(Boolean).join(', ')}` : ''),
      '',
    );
    for (const table of r.tables) out.push(markdownTable(table), '');
    if (r.notes.length > 0) out.push(...r.notes.map((note) => `- ${note}`), '');
  }
  if (existsSync(NOTES_MD)) out.push(readFileSync(NOTES_MD, 'utf8').trim(), '');
  const text = `${out.join('\n').trimEnd()}\n`;
  writeFileSync(BENCHMARKS_MD, text);
  return text;
}
