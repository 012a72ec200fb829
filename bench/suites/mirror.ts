/**
 * mirror: how fast `symbol-gateway mirror` catches up with an upstream. A chain of blocks full
 * of transfers is built in this process and served by a gateway here (the upstream); the
 * mirror runs as its own process (the command a user runs), copying it into an empty database
 * of a throwaway PostgreSQL, timed from its start to its "at the upstream's head" line. The
 * baseline, in the same run: the chain engine's own writer writing the same chain into an
 * empty database of the same cluster (its catch-up), the same rows without reading them over HTTP.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startLocalPostgres, SETTINGS } from '../../scripts/local-postgres.js';
import { createGateway } from '../../src/index.js';
import { InMemoryChain } from '../../src/in-memory-chain.js';
import { createPostgresBackend } from '../../src/postgres/backend.js';
import { PostgresWriter } from '../../src/postgres/writer.js';
import { addresses, signTransfer } from '../lib/signing.js';
import { fmt } from '../lib/stats.js';
import { closeServer, listen, type Suite } from '../lib/suite.js';

const CLI = fileURLToPath(new URL('../../src/cli.ts', import.meta.url));

/** Runs `symbol-gateway mirror` until it reports the head: seconds from its start. */
async function mirrorRun(from: string, store: string, height: bigint): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, 'mirror', '--from', from, '--store', store, '--rate', '10000'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (chunk) => (out += chunk));
  child.stderr!.on('data', (chunk) => (out += chunk));
  try {
    for (;;) {
      if (out.includes(`at the upstream's head, height ${height}`)) return (performance.now() - started) / 1000;
      if (child.exitCode !== null) throw new Error(`the mirror exited: ${out}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    child.kill('SIGTERM');
  }
}

const suite: Suite = async (context) => {
  const blocks = context.quick ? 10 : 60;
  const perBlock = context.quick ? 100 : 1_000;
  const cluster = await startLocalPostgres();
  const cleanups: (() => Promise<unknown> | unknown)[] = [() => cluster.stop()];
  try {
    // The upstream: blocks of `perBlock` transfers, from 20 accounts to fresh recipients.
    let now = Date.UTC(2026, 0, 1);
    const chain = new InMemoryChain({ blockInterval: false, clock: () => now, accountCount: 20, keepInputs: true });
    cleanups.push(() => chain.close());
    const recipients = addresses(chain.facade, 500, 'mirror');
    const deadline = chain.networkTime() + 3_600_000n * 5n;
    let t = performance.now();
    for (let b = 0; b < blocks; b++) {
      for (let i = 0; i < perBlock; i++) {
        const signer = chain.fundedAccounts[i % chain.fundedAccounts.length].keyPair;
        chain.announcer.announce(signTransfer(chain.facade, { signer, recipient: recipients[(b * perBlock + i) % recipients.length], amount: 1_000n + BigInt(i), deadline, message: `mirror ${b}/${i}` }));
      }
      now += 30_000;
      chain.harvest();
    }
    const buildSeconds = (performance.now() - t) / 1000;
    const height = chain.height;
    const transactions = blocks * perBlock;
    context.log(`upstream: ${blocks} blocks of ${perBlock} transfers built in ${fmt(buildSeconds)} s`);
    const gateway = createGateway({ backend: chain });
    const server = http.createServer(gateway.handle);
    gateway.attach(server);
    const upstream = await listen(server);
    cleanups.push(async () => {
      await closeServer(server);
      await gateway.close();
    });

    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    cleanups.push(() => admin.end());
    await admin.query('create database written');
    await admin.query('create database mirrored');
    const url = (database: string) => cluster.url.replace(/\/[^/]*$/, `/${database}`);

    // Baseline: the engine's writer catches the same chain up into an empty database.
    t = performance.now();
    const writer = await PostgresWriter.start(chain, { url: url('written'), onError: () => undefined });
    await writer.flushed();
    const writerSeconds = (performance.now() - t) / 1000;
    await writer.close();
    context.log(`the writer's catch-up: ${fmt(writerSeconds)} s (${fmt(blocks / writerSeconds)} blocks/s)`);

    // The mirror, as a process, over HTTP.
    const mirrorSeconds = await mirrorRun(upstream, url('mirrored'), height);
    context.log(`the mirror: ${fmt(mirrorSeconds)} s (${fmt(blocks / mirrorSeconds)} blocks/s, ${fmt(transactions / mirrorSeconds, 0)} transactions/s)`);

    // The mirror's database answers what the upstream answers.
    const reader = createPostgresBackend({ url: url('mirrored') });
    cleanups.push(() => reader.close());
    const page = { pageSize: 10, pageNumber: 1, order: 'desc', orderBy: 'id', embedded: true } as const;
    const [stored, own] = [await reader.transactions!.search('confirmed', page), await chain.transactions!.search('confirmed', page)];
    if (stored.totalEntries !== own.totalEntries) throw new Error(`the mirror holds ${stored.totalEntries} transactions, the upstream ${own.totalEntries}`);
    const last = await reader.blocks.getByHeight(height);
    if (last?.meta.hash !== (await chain.blocks.getByHeight(height))?.meta.hash) throw new Error('the mirror\'s last block differs');

    const ratio = writerSeconds / mirrorSeconds;
    return {
      title: 'Mirror catch-up',
      what: `An upstream gateway (this process) over a chain of ${blocks} blocks of ${fmt(perBlock, 0)} transfers each; \`symbol-gateway mirror\` (its own process, no rate limit) copies it into an empty database of a local PostgreSQL, timed from its start to its "at the upstream's head" line (process start included).`,
      baseline: 'the chain engine\'s own writer writing the same chain into an empty database of the same cluster (its catch-up), in the same run',
      target: 'no pass/fail target: the catch-up rate, and what reading over HTTP and checking every transaction costs against writing from memory',
      met: undefined,
      verdict: `${fmt(blocks / mirrorSeconds)} blocks/s (${fmt(transactions / mirrorSeconds, 0)} transactions/s) against the writer's ${fmt(blocks / writerSeconds)} blocks/s: ${fmt(ratio)} × its rate`,
      tables: [
        {
          caption: `Catching up ${blocks} blocks of ${fmt(perBlock, 0)} transfers:`,
          columns: ['writer of', 'seconds', 'blocks/s', 'transactions/s', 'ratio'],
          rows: [
            ['the chain engine (baseline)', fmt(writerSeconds), fmt(blocks / writerSeconds), fmt(transactions / writerSeconds, 0), '1.00 (baseline)'],
            ['the mirror, over HTTP', fmt(mirrorSeconds), fmt(blocks / mirrorSeconds), fmt(transactions / mirrorSeconds, 0), fmt(ratio)],
          ],
        },
      ],
      notes: [
        'The mirror reads each block, its transactions (100 a page), rebuilds every transaction into its signed bytes and checks its hash, signature and size, decodes it as the chain does, reads the block\'s statements (rebuilding its merkle leaves, held to its hashes) and the state entries the batch touched, and writes a batch of up to 100 blocks per database transaction. The upstream, the mirror and PostgreSQL share the 2 cores.',
        `Building the upstream's chain took ${fmt(buildSeconds)} s. PostgreSQL settings: ${Object.entries(SETTINGS).map(([name, value]) => `${name}=${value}`).join(', ')}.`,
      ],
      sizes: { blocks, 'transfers per block': perBlock, transactions },
    };
  } finally {
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
  }
};

export default suite;
