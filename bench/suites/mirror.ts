/**
 * mirror: how `symbol-gateway mirror` catches up with a network of mostly empty blocks, as
 * Symbol's mainnet is. A chain of 100,000 blocks (one in 100 with a few transfers, each block
 * with its harvest fee statement) is built in this process and served by a gateway here (the
 * upstream), which counts the requests it serves; the mirror runs as its own process (the
 * command a user runs, as the package ships it: built from the working tree for the run; no
 * rate limit), copying it into an empty database of a throwaway PostgreSQL (durable settings),
 * timed from its start to its "at the upstream's head" line. The baseline, in the same run: the
 * chain engine's own writer writing the same chain into an empty database of the same cluster
 * (its catch-up), the same rows without reading them over HTTP.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { build } from 'tsup';
import { describeSettings, startLocalPostgres } from '../../scripts/local-postgres.js';
import { createGateway } from '../../src/index.js';
import { InMemoryChain } from '../../src/in-memory-chain.js';
import { createPostgresBackend } from '../../src/postgres/backend.js';
import { PostgresWriter } from '../../src/postgres/writer.js';
import { clusterCpuSeconds, ownCpuSeconds, processCpuSeconds } from '../lib/cpu.js';
import { addresses, signTransfer } from '../lib/signing.js';
import { fmt } from '../lib/stats.js';
import { closeServer, listen, type Suite } from '../lib/suite.js';

/** Where the command is built for the run: beside node_modules, so that its imports resolve as the installed package's do. */
const BUILT = fileURLToPath(new URL('../../node_modules/.cache/symbol-gateway-bench/', import.meta.url));

/** The command as the package ships it (`dist/cli.js`: one ESM bundle of src/cli.ts), built from the working tree for this run. */
async function builtCommand(): Promise<string> {
  await build({ entry: { cli: fileURLToPath(new URL('../../src/cli.ts', import.meta.url)) }, format: ['esm'], outDir: BUILT, target: 'node20', config: false, silent: true, clean: true });
  return join(BUILT, 'cli.js');
}

/** A network the size of Symbol's mainnet, for what following it from its start takes. */
const NETWORK_BLOCKS = 5_000_000;
/** The mirror's default rate (requests per second to the upstream). */
const DEFAULT_RATE = 20;

/** Runs `symbol-gateway mirror` until it reports the head: seconds from its start, and the CPU seconds it used. */
async function mirrorRun(command: string, from: string, store: string, height: bigint): Promise<{ seconds: number; cpu: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, [command, 'mirror', '--from', from, '--store', store, '--rate', '10000'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (chunk) => (out += chunk));
  child.stderr!.on('data', (chunk) => (out += chunk));
  try {
    for (;;) {
      if (out.includes(`at the upstream's head, height ${height}`)) return { seconds: (performance.now() - started) / 1000, cpu: processCpuSeconds(child.pid!) };
      if (child.exitCode !== null) throw new Error(`the mirror exited: ${out}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    child.kill('SIGTERM');
  }
}

/** What a request is, for the report: its path without ids, heights or query. */
function routeOf(url: string): string {
  return url.replace(/\?.*/, '').replace(/\/[0-9A-F]{64}$/i, '/{hash}').replace(/\/\d+$/, '/{n}');
}

function duration(seconds: number): string {
  if (seconds < 5_400) return `${fmt(seconds / 60, 0)} min`;
  if (seconds < 3 * 86_400) return `${fmt(seconds / 3_600, 1)} h`;
  return `${fmt(seconds / 86_400, 1)} days`;
}

const suite: Suite = async (context) => {
  const blocks = context.quick ? 5_000 : 100_000;
  /** One block in `every` holds `perFull` transfers; the others are empty. */
  const every = 100;
  const perFull = 5;
  const cluster = await startLocalPostgres({ durable: true });
  const cleanups: (() => Promise<unknown> | unknown)[] = [() => cluster.stop()];
  try {
    // The upstream: mostly empty blocks, 30 s apart; importance every 720 blocks (the chain's default), a finalization round every 1,440.
    let now = Date.UTC(2026, 0, 1);
    const chain = new InMemoryChain({ blockInterval: false, clock: () => now, accountCount: 20, finalizationInterval: 1_440 });
    cleanups.push(() => chain.close());
    const recipients = addresses(chain.facade, 500, 'mirror');
    let t = performance.now();
    let transactions = 0;
    while (chain.height < BigInt(blocks)) {
      if (chain.height % BigInt(every) === BigInt(every - 2)) {
        const deadline = chain.networkTime() + 3_600_000n;
        for (let i = 0; i < perFull; i++) {
          const signer = chain.fundedAccounts[(transactions + i) % chain.fundedAccounts.length].keyPair;
          chain.announcer.announce(signTransfer(chain.facade, { signer, recipient: recipients[(transactions + i) % recipients.length], amount: 1_000n + BigInt(i), deadline, message: `mirror ${chain.height}/${i}` }));
        }
        transactions += perFull;
      }
      now += 30_000;
      chain.harvest();
    }
    const buildSeconds = (performance.now() - t) / 1000;
    const height = chain.height;
    const confirmed = (await chain.transactions!.search('confirmed', { pageSize: 10, pageNumber: 1, order: 'desc', orderBy: 'id', embedded: false })).totalEntries;
    context.log(`upstream: ${blocks} blocks (${confirmed} transfers, ${perFull} in one block of ${every}) built in ${fmt(buildSeconds)} s`);

    // The upstream gateway, counting what it serves.
    const served: string[] = [];
    const gateway = createGateway({ backend: chain });
    const server = http.createServer((req, res) => {
      served.push(req.url ?? '');
      gateway.handle(req, res);
    });
    gateway.attach(server);
    const upstream = await listen(server);
    cleanups.push(async () => {
      await closeServer(server);
      await gateway.close();
    });

    const command = await builtCommand();
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    cleanups.push(() => admin.end());
    await admin.query('create database written');
    await admin.query('create database mirrored');
    const url = (database: string) => cluster.url.replace(/\/[^/]*$/, `/${database}`);

    // Baseline: the engine's writer catches the same chain up into an empty database. A checkpoint
    // before each timed run: neither run pays for flushing what the one before it left dirty.
    await admin.query('checkpoint');
    let [clusterCpu, ownCpu] = [clusterCpuSeconds(cluster.directory), ownCpuSeconds()];
    t = performance.now();
    const writer = await PostgresWriter.start(chain, { url: url('written'), onError: () => undefined });
    await writer.flushed();
    const writerSeconds = (performance.now() - t) / 1000;
    await writer.close();
    const writerCpu = { writer: ownCpuSeconds() - ownCpu, postgres: clusterCpuSeconds(cluster.directory) - clusterCpu };
    context.log(`the writer's catch-up: ${fmt(writerSeconds)} s (${fmt(blocks / writerSeconds, 0)} blocks/s)`);

    // The mirror, as a process, over HTTP; the requests it made until it reported the head.
    served.length = 0;
    await admin.query('checkpoint');
    [clusterCpu, ownCpu] = [clusterCpuSeconds(cluster.directory), ownCpuSeconds()];
    const { seconds: mirrorSeconds, cpu: mirrorCpu } = await mirrorRun(command, upstream, url('mirrored'), height);
    const requests = served.length;
    const mirroredCpu = { mirror: mirrorCpu, upstream: ownCpuSeconds() - ownCpu, postgres: clusterCpuSeconds(cluster.directory) - clusterCpu };
    const byRoute = new Map<string, number>();
    for (const path of served) byRoute.set(routeOf(path), (byRoute.get(routeOf(path)) ?? 0) + 1);
    context.log(`the mirror: ${fmt(mirrorSeconds)} s (${fmt(blocks / mirrorSeconds, 0)} blocks/s), ${requests} requests (${fmt(requests / blocks, 4)} a block)`);

    // The mirror's database answers what the upstream answers.
    const reader = createPostgresBackend({ url: url('mirrored') });
    cleanups.push(() => reader.close());
    const page = { pageSize: 10, pageNumber: 1, order: 'desc', orderBy: 'id', embedded: true } as const;
    const [stored, own] = [await reader.transactions!.search('confirmed', page), await chain.transactions!.search('confirmed', page)];
    if (stored.totalEntries !== own.totalEntries) throw new Error(`the mirror holds ${stored.totalEntries} transactions, the upstream ${own.totalEntries}`);
    const last = await reader.blocks.getByHeight(height);
    if (last?.meta.hash !== (await chain.blocks.getByHeight(height))?.meta.hash) throw new Error('the mirror\'s last block differs');

    const writerTotal = writerCpu.writer + writerCpu.postgres;
    const mirrorTotal = mirroredCpu.mirror + mirroredCpu.upstream + mirroredCpu.postgres;
    const perBlock = requests / blocks;
    const mirrorRate = blocks / mirrorSeconds;
    const ratio = writerSeconds / mirrorSeconds;
    const atDefaultRate = (NETWORK_BLOCKS * perBlock) / DEFAULT_RATE;
    const unlimited = NETWORK_BLOCKS / mirrorRate;
    const met = perBlock <= 0.05 && ratio >= 1;
    return {
      title: 'Mirror catch-up (mostly empty blocks)',
      what: `An upstream gateway (this process) over a chain of ${fmt(blocks, 0)} blocks, one in ${every} with ${perFull} transfers (${fmt(confirmed, 0)} in all), every block with its harvest fee statement; \`symbol-gateway mirror\` (its own process, no rate limit) copies it into an empty database of a local PostgreSQL, timed from its start to its "at the upstream's head" line (process start included); the upstream counts the requests it serves meanwhile.`,
      baseline: 'the chain engine\'s own writer writing the same chain into an empty database of the same cluster (its catch-up), in the same run',
      target: 'at most 0.05 requests a block, and a catch-up rate of at least 1.0 × the writer\'s',
      met,
      verdict: `${fmt(perBlock, 4)} requests a block; ${fmt(mirrorRate, 0)} blocks/s against the writer's ${fmt(blocks / writerSeconds, 0)} blocks/s: ${fmt(ratio)} × its rate. A network of ${fmt(NETWORK_BLOCKS, 0)} blocks: about ${duration(atDefaultRate)} at the default --rate ${DEFAULT_RATE} (${fmt(NETWORK_BLOCKS * perBlock, 0)} requests), ${duration(unlimited)} with no rate limit at this speed`,
      tables: [
        {
          caption: `Catching up ${fmt(blocks, 0)} blocks:`,
          columns: ['writer of', 'seconds', 'blocks/s', 'requests', 'requests a block', 'ratio'],
          rows: [
            ['the chain engine (baseline)', fmt(writerSeconds), fmt(blocks / writerSeconds, 0), '-', '-', '1.00 (baseline)'],
            ['the mirror, over HTTP', fmt(mirrorSeconds), fmt(mirrorRate, 0), String(requests), fmt(perBlock, 4), fmt(ratio)],
          ],
        },
        {
          caption: 'CPU seconds each process used meanwhile (the machine has two cores; /proc):',
          columns: ['writer of', 'seconds', 'the writer (this process)', 'the mirror process', 'the upstream (this process)', 'PostgreSQL', 'CPU seconds in all', 'cores busy'],
          rows: [
            ['the chain engine (baseline)', fmt(writerSeconds), fmt(writerCpu.writer), '-', '-', fmt(writerCpu.postgres), fmt(writerTotal), fmt(writerTotal / writerSeconds)],
            ['the mirror, over HTTP', fmt(mirrorSeconds), '-', fmt(mirroredCpu.mirror), fmt(mirroredCpu.upstream), fmt(mirroredCpu.postgres), fmt(mirrorTotal), fmt(mirrorTotal / mirrorSeconds)],
          ],
        },
        {
          caption: 'The requests the upstream served the mirror, by route (ids and heights folded):',
          columns: ['route', 'requests'],
          rows: [...byRoute].sort((a, b) => b[1] - a[1]).slice(0, 15).map(([route, count]) => [route, String(count)]),
        },
      ],
      notes: [
        'The mirror reads blocks by pages of 100, their transactions and transaction statements by fromHeight/toHeight over each batch (only when the blocks\' counts say there are some; the pages a batch needs asked at once), resolution statements walked by id from the last one read; it checks every transaction (rebuilt into its signed bytes: hash, signature, size), every block\'s merkle leaves against its hashes, reads the state entries each batch touched (the harvesters\' accounts; at an importance block also the accounts that held importance and those high-value now), reads 1,000 blocks at a time and writes them in one database transaction (the default --batch-size), two batches being written while the next two are read, with up to 4 requests in flight; only the last 200 blocks\' block and transaction events are written (older batches leave one revision row each, as the writer\'s catch-up does). The upstream, the mirror and PostgreSQL share the machine\'s cores; a checkpoint runs before each timed catch-up, so neither pays for flushing what the other left.',
        `${fmt(NETWORK_BLOCKS, 0)} blocks at the default rate: ${fmt(perBlock, 4)} requests a block × ${fmt(NETWORK_BLOCKS, 0)} / ${DEFAULT_RATE} a second. Mainnet's busier blocks, its high-value accounts (read again at each importance block, 100 a request) and its resolutions cost more requests than this chain's; the figure is a lower bound.`,
        `The bound two cores set: the mirror's run used ${fmt(mirrorTotal)} CPU seconds in all (the mirror ${fmt(mirroredCpu.mirror)}, the upstream serving it ${fmt(mirroredCpu.upstream)}, PostgreSQL ${fmt(mirroredCpu.postgres)}), the writer's ${fmt(writerTotal)} (one core busy: its statements wait for PostgreSQL and PostgreSQL for them); with both cores busy all the time the mirror would still take ${fmt(mirrorTotal / 2)} s against the writer's ${fmt(writerSeconds)} s.`,
        `Building the upstream's chain took ${fmt(buildSeconds)} s. PostgreSQL settings: ${describeSettings({ durable: true })}.`,
      ],
      sizes: { blocks, 'blocks with transfers': Math.floor(blocks / every), 'transfers per such block': perFull, transactions: confirmed },
    };
  } finally {
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
  }
};

export default suite;
