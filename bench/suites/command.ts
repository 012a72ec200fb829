/**
 * command: req/s of the read-limit routes and /network/properties on `symbol-gateway` as a user
 * starts it (`node --no-memory-reducer --import tsx src/cli.ts`, what `npm start` runs), with its
 * defaults (access log at info, a block every 5 s, development controls, explorer), its stdout a
 * pipe this process drains as a log collector would, against the bare node:http replay of the
 * very bytes it answered. The servers take turns (ABBA), 50 connections, median of the rounds, as
 * read-limit does. Target ≥ 0.9 on every route. A second reading loads both at once on one core.
 * `BENCH_COMMAND_ARGS='--log-level warn'` adds flags to the command (a diagnostic run);
 * `BENCH_COMMAND_COMPARE=<dir>/src/cli.ts` also measures the command of another copy of the sources
 * (one from before a change, this repository's node_modules linked beside its src/) as a third
 * server in the same rounds, so that the machine's slow spells weigh on both alike.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeChainDump } from '../../src/memory/chain-dump.js';
import { CPU_NOTE, compareCostAtOnce, compareThroughput, processCpuSeconds, THROUGHPUT_COLUMNS, throughputRows, type Route, type Target } from '../lib/http-compare.js';
import { pinToCpus } from '../lib/machine.js';
import { startLoad } from '../lib/process.js';
import { buildReadHistory } from '../lib/read-history.js';
import { fmt } from '../lib/stats.js';
import type { ReplayArgs } from '../load/replay-server.js';
import type { Suite } from '../lib/suite.js';

const TARGET = 0.9;
const CONNECTIONS = 50;
const COST_ROUNDS = 5;
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLI = fileURLToPath(new URL('../../src/cli.ts', import.meta.url));
/** What `npm start` runs (package.json's start script), before the command's own arguments. */
const npmStart = (cli: string) => ['--no-memory-reducer', '--import', 'tsx', cli];

/** The command as a process: its URL, and what its stdout carried so far. */
interface Command {
  child: ChildProcess;
  url: string;
  /** Access log lines (`"msg":"request"`) and bytes read from its stdout. */
  drained(): { accessLines: number; bytes: number };
  /** SIGTERM, then its exit. */
  stop(): Promise<void>;
}

/** Starts the command (`cli`) with `args` and its stdout on a pipe read here line by line, as a log collector reads it. */
async function startCommand(cli: string, args: string[]): Promise<Command> {
  const env = { ...process.env, PORT: '', HOST: '', BLOCK_INTERVAL: '', STORE: '', FORK_URL: '' };
  const child = spawn(process.execPath, [...npmStart(cli), ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let accessLines = 0;
  let bytes = 0;
  let tail = '';
  let banner = '';
  let errors = '';
  child.stdout!.setEncoding('utf8');
  child.stdout!.on('data', (chunk: string) => {
    bytes += Buffer.byteLength(chunk);
    const lines = (tail + chunk).split('\n');
    tail = lines.pop()!;
    for (const line of lines) {
      if (line.includes('"msg":"request"')) accessLines++;
      else if (banner.length < 100_000) banner += `${line}\n`;
    }
  });
  child.stderr!.on('data', (chunk) => (errors += chunk));
  const deadline = Date.now() + 300_000;
  for (;;) {
    const match = /listening on (http:\/\/\S+)/.exec(banner);
    if (match) {
      return {
        child,
        url: match[1],
        drained: () => ({ accessLines, bytes }),
        async stop() {
          if (child.exitCode !== null) return;
          const exited = once(child, 'exit');
          child.kill('SIGTERM');
          await exited;
        },
      };
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`symbol-gateway did not start: ${banner}${errors}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const suite: Suite = async (context) => {
  const history = context.quick ? { blocks: 30, transfers: 20 } : { blocks: 200, transfers: 50 };
  const extra = (process.env.BENCH_COMMAND_ARGS ?? '').split(/\s+/).filter(Boolean);
  const compared = process.env.BENCH_COMMAND_COMPARE || undefined;
  // The read-limit suite's history, given to the command as a --state file (a PUT /dev/state is held to the 1 MiB body limit).
  context.log(`a chain of ${history.blocks} blocks of ${history.transfers} transfers for --state`);
  const { chain, address, namespaceId } = buildReadHistory(history);
  const directory = mkdtempSync(join(os.tmpdir(), 'bench-command-'));
  const state = join(directory, 'chain.json');
  writeChainDump(state, chain.dev.dump());
  // Each command writes its --state file on exit: the compared one gets a copy.
  if (compared) copyFileSync(state, join(directory, 'compared.json'));
  await chain.close?.();
  const load = await startLoad('load/http-load.ts');
  // As read-limit's baseline: node's best settings (the memory reducer off, as `npm start` runs the command).
  const replayProcess = await startLoad('load/replay-server.ts', { nodeFlags: ['--no-memory-reducer'] });
  const commandArgs = ['--state', state, '--port', '0', '--host', '127.0.0.1', ...extra];
  let command: Command | undefined;
  let other: Command | undefined;
  try {
    context.log(`symbol-gateway ${commandArgs.join(' ')}`);
    command = await startCommand(CLI, commandArgs);
    if (compared) {
      context.log(`and ${compared}`);
      other = await startCommand(compared, ['--state', join(directory, 'compared.json'), ...commandArgs.slice(2)]);
    }
    const base = command.url;
    const { data } = (await (await fetch(`${base}/transactions/confirmed?address=${address}&pageSize=10`)).json()) as { data: { meta: { hash: string } }[] };
    if (data.length === 0) throw new Error(`the command's chain has no transfers to ${address}`);
    const routes: Route[] = [
      { name: 'GET /blocks/2', paths: ['/blocks/2'] },
      { name: 'GET /network/properties', paths: ['/network/properties'] },
      { name: 'GET /blocks?pageSize=100&order=asc&orderBy=height', paths: ['/blocks?pageSize=100&order=asc&orderBy=height'] },
      { name: 'GET /transactions/confirmed/{hash}', paths: [`/transactions/confirmed/${data[0].meta.hash}`] },
      { name: 'GET /transactions/confirmed?address=…&pageSize=100', paths: [`/transactions/confirmed?address=${address}&pageSize=100&order=asc`] },
      { name: 'GET /accounts/{address}', paths: [`/accounts/${address}`] },
      { name: 'GET /namespaces/{id}', paths: [`/namespaces/${namespaceId}`] },
    ];
    // The very bytes the command answers, for the replay.
    const responses: ReplayArgs['responses'] = {};
    const sizes: string[] = [];
    for (const route of routes) {
      const answer = await fetch(base + route.paths[0]);
      if (answer.status !== 200) throw new Error(`${route.name} answered ${answer.status}`);
      const body = Buffer.from(await answer.arrayBuffer());
      responses[route.paths[0]] = { body: body.toString('base64'), contentType: answer.headers.get('content-type')! };
      sizes.push(`${route.name} ${fmt(body.length / 1024, 1)} kB`);
    }
    const replayUrl = await replayProcess.call<string>('start', { responses } satisfies ReplayArgs);
    const commandName = `symbol-gateway${extra.length > 0 ? ` ${extra.join(' ')}` : ''}`;
    const targets: Target[] = [
      { name: 'bare replay (baseline)', url: replayUrl },
      { name: commandName, url: base },
      ...(other ? [{ name: `${commandName} of ${compared}`, url: other.url }] : []),
    ];
    const pids = new Map([[targets[0].name, replayProcess.pid!], [targets[1].name, command.child.pid!], ...(other ? [[targets[2].name, other.child.pid!] as [string, number]] : [])]);
    // As read-limit: rounds of 3 s, the servers in turns (ABBA) and the routes in turns round by round, medians.
    const measureSeconds = context.quick ? 1 : 3;
    const rounds = context.quick ? 2 : 16;
    const before = command.drained();
    const measured = await compareThroughput(load, targets, routes, {
      connections: CONNECTIONS,
      seconds: measureSeconds,
      warmupSeconds: context.quick ? 1 : 3,
      rounds,
      interleaveRoutes: true,
      log: context.log,
      serverCpuSeconds: (target) => processCpuSeconds(pids.get(target.name)!),
    });
    const logged = command.drained();
    context.log(`the command's stdout carried ${logged.accessLines - before.accessLines} access log lines, ${fmt((logged.bytes - before.bytes) / 2 ** 20, 1)} MiB, during the rounds and warm-ups`);
    // The second reading, as read-limit's: both servers at once on one core, the load generator (and this process) on the other(s).
    const cores = os.availableParallelism();
    let cost: Awaited<ReturnType<typeof compareCostAtOnce>> | undefined;
    if (cores >= 2) {
      const serverCore = String(cores - 1);
      const restores = [pinToCpus(replayProcess.pid!, serverCore), pinToCpus(command.child.pid!, serverCore), pinToCpus(load.pid!, cores === 2 ? '0' : `0-${cores - 2}`)];
      try {
        if (restores.every((restore) => restore !== undefined)) {
          cost = await compareCostAtOnce(load, targets[0], targets[1], routes, {
            connections: CONNECTIONS / 2,
            seconds: measureSeconds,
            warmupSeconds: 1,
            rounds: context.quick ? 1 : COST_ROUNDS,
            log: context.log,
            serverCpuSeconds: (target) => processCpuSeconds(pids.get(target.name)!),
            serverCore: cores - 1,
          });
        }
      } finally {
        for (const restore of restores) restore?.();
      }
    }
    const ratios = routes.map((route) => {
      const of = (target: Target) => measured.find((m) => m.route === route.name && m.target === target.name)!.medianRequestsPerSecond;
      return { route: route.name, ratio: of(targets[1]) / of(targets[0]) };
    });
    const drained = command.drained();
    const lineBytes = (logged.bytes - before.bytes) / Math.max(1, logged.accessLines - before.accessLines);
    return {
      title: 'The command at the limit of node:http',
      what: `req/s of the read-limit routes and /network/properties on \`symbol-gateway\` started as \`npm start\` runs it (\`node ${['--no-memory-reducer', '--import', 'tsx', 'src/cli.ts'].join(' ')} ${['--state <file>', '--port 0', '--host 127.0.0.1', ...extra].join(' ')}\`: its own process, its defaults${extra.length > 0 ? ` but ${extra.join(' ')}` : ''}: the access log at info, a block every 5 s, the development controls and the explorer on), the chain read-limit reads (${history.blocks} blocks of ${history.transfers} transfers, a namespace) loaded from the --state file; its stdout a pipe that the suite's process reads line by line, as a log collector does; ${CONNECTIONS} connections, no pipelining.`,
      baseline: 'a bare node:http server in its own process replaying the very bytes the command answered, with only content-type and content-length, run with `--no-memory-reducer` as the command is: the physical limit of node:http for those bytes.',
      target: `≥ ${TARGET} of the baseline's req/s on every route (median of the rounds)`,
      met: ratios.every((r) => r.ratio >= TARGET),
      verdict: ratios.map((r) => `${r.route}: ${fmt(r.ratio)}`).join('; '),
      tables: [
        { columns: THROUGHPUT_COLUMNS, rows: throughputRows(measured, targets[0].name) },
        ...(cost
          ? [
              {
                columns: ['route', 'command ÷ bare replay req/s, loaded at once on one core (median)', 'lowest – highest round', 'bare replay ÷ command CPU µs/req there (median)', 'that core busy'],
                rows: cost.map((c) => [c.route, fmt(c.ratio, 3), `${fmt(c.low, 3)} – ${fmt(c.high, 3)}`, c.cpuRatio === undefined ? '—' : fmt(c.cpuRatio, 3), c.coreBusy === undefined ? '—' : `${fmt(c.coreBusy * 100, 0)}%`]),
              },
            ]
          : []),
      ],
      notes: [
        `Response sizes: ${sizes.join('; ')}.`,
        ...(other
          ? [`The command of ${compared}, measured in the same rounds: ${routes.map((route) => {
              const of = (target: Target) => measured.find((m) => m.route === route.name && m.target === target.name)!.medianRequestsPerSecond;
              return `${route.name}: ${fmt(of(targets[2]) / of(targets[0]))}`;
            }).join('; ')} of the baseline.`]
          : []),
        `The command's stdout carried ${fmt(drained.accessLines, 0)} access log lines over the whole run (${fmt(lineBytes, 0)} bytes a line), read by the suite's process from a pipe: what a log collector (a container runtime, systemd's journal) does with it. /dev/null would take the bytes without waking a reader; a pipe costs the writer a wake-up of the reader per write, which is what a write per request multiplied.`,
        `Each ratio is of the medians of ${rounds} measurement(s) of ${measureSeconds} s, the servers taking turns (ABBA) and the routes taking turns round by round, after a warm-up; the table's req/s are means. The command harvests a block every 5 s (its default): between blocks a repeated read is answered from the bytes its URL was answered with (\`answerMemo\`).`,
        `${CPU_NOTE} Here each server is a process of its own, measured from /proc.`,
        cost
          ? `The second table is a second reading, not the target's: both servers loaded at once (${CONNECTIONS / 2} connections each, ${cost[0].rounds} round(s) of ${measureSeconds} s a route), both pinned to one core (taskset), the load generator and the suite's process (the log's reader) on the other(s): while that core is the bottleneck the ratio of their req/s is the inverse ratio of their CPU time per request.`
          : 'The second reading (both servers loaded at once on one core) was skipped: it needs two cores and taskset.',
      ],
      sizes: { blocks: history.blocks, 'transfers per block': history.transfers, connections: CONNECTIONS, 'seconds per measurement': measureSeconds, rounds },
    };
  } finally {
    await load.close();
    await replayProcess.close();
    await command?.stop();
    await other?.stop();
    rmSync(directory, { recursive: true, force: true });
  }
};

export default suite;
