/**
 * event-retention: what the events table takes on disk. One chain of typical blocks (four
 * transfers each, announced two at a time between blocks, so a block comes with two announce
 * writes and its harvest's) is followed by two writers into two databases of one throwaway
 * cluster: one keeps every event (`eventRetention: Infinity`, what the store did before), the
 * other the default 2,880 blocks. `pg_total_relation_size('events')` (rows, TOAST, primary
 * key) is read every few hundred blocks; the unbounded table's bytes per block (its growth over
 * the run after the first tenth) give its size per 100,000 blocks, and the bounded table's size
 * over the run's second half shows it no longer grows. Autovacuum runs at its default
 * thresholds, woken every second: the blocks come about a thousand times faster than a live
 * network's 30 s, and the default minute between its rounds would be twenty blocks there.
 */
import pg from 'pg';
import { startLocalPostgres } from '../../scripts/local-postgres.js';
import { EVENT_RETENTION } from '../../src/postgres/blocks.js';
import { PostgresWriter } from '../../src/postgres/writer.js';
import { InMemoryChain } from '../../src/index.js';
import { addresses, signTransfer } from '../lib/signing.js';
import { fmt } from '../lib/stats.js';
import type { Suite } from '../lib/suite.js';

/** The table may grow by this much over the second half of the bounded run (dead rows until autovacuum takes them). */
const TARGET_GROWTH = 1.25;
const MIB = 1024 * 1024;

const suite: Suite = async (context) => {
  const blocks = context.quick ? 1_500 : 10_000;
  // With reduced sizes the retention is scaled down too, so the run passes it as the full one does.
  const retention = context.quick ? 300 : EVENT_RETENTION;
  const every = context.quick ? 100 : 500;
  const cluster = await startLocalPostgres({ settings: { autovacuum_naptime: '1s' } });
  const cleanups: (() => Promise<unknown> | unknown)[] = [() => cluster.stop()];
  try {
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    cleanups.push(() => admin.end());
    const urls = { all: cluster.url.replace(/\/[^/]+$/, '/events_all'), kept: cluster.url.replace(/\/[^/]+$/, '/events_kept') };
    for (const url of Object.values(urls)) await admin.query(`create database ${url.slice(url.lastIndexOf('/') + 1)}`);

    let now = Date.UTC(2026, 0, 1);
    const chain = new InMemoryChain({ blockInterval: false, clock: () => now, accountCount: 20 });
    cleanups.push(() => chain.close());
    const all = await PostgresWriter.start(chain, { url: urls.all, eventRetention: Infinity, onError: () => undefined });
    cleanups.push(() => all.close());
    const kept = await PostgresWriter.start(chain, { url: urls.kept, eventRetention: retention, onError: () => undefined });
    cleanups.push(() => kept.close());
    const recipients = addresses(chain.facade, 100, 'event-retention');
    const flushed = () => Promise.all([all.flushed(), kept.flushed()]);
    const sizes = async (url: string) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const { rows: [row] } = await client.query<{ bytes: string; rows: string; marks: string }>(
          `select pg_total_relation_size('events') as bytes, (select count(*) from events) as rows, pg_total_relation_size('event_marks') as marks`,
        );
        return { bytes: Number(row.bytes), rows: Number(row.rows), marks: Number(row.marks) };
      } finally {
        await client.end();
      }
    };

    const samples: { block: number; all: Awaited<ReturnType<typeof sizes>>; kept: Awaited<ReturnType<typeof sizes>> }[] = [];
    const started = performance.now();
    for (let b = 1; b <= blocks; b++) {
      const deadline = chain.networkTime() + 3_600_000n;
      // Two announces between blocks, each written on its own, then the harvest.
      for (let pair = 0; pair < 2; pair++) {
        for (let i = 0; i < 2; i++) {
          const n = b * 4 + pair * 2 + i;
          const signer = chain.fundedAccounts[n % chain.fundedAccounts.length].keyPair;
          chain.announcer.announce(signTransfer(chain.facade, { signer, recipient: recipients[n % recipients.length], amount: 1_000n + BigInt(i), deadline, message: 'bench' }));
        }
        chain.processAnnounced();
        await flushed();
      }
      now += 30_000;
      chain.harvest();
      await flushed();
      if (b % every === 0) {
        samples.push({ block: b, all: await sizes(urls.all), kept: await sizes(urls.kept) });
        context.log(`${b} blocks: every event ${fmt(samples.at(-1)!.all.bytes / MIB)} MiB, the last ${retention} blocks' ${fmt(samples.at(-1)!.kept.bytes / MIB)} MiB`);
      }
    }
    const seconds = (performance.now() - started) / 1000;
    const { rows: [{ server_version: version }] } = await admin.query<{ server_version: string }>('show server_version');

    // The unbounded table's growth after the first tenth (past the start's own pages), per block.
    const from = samples.find((sample) => sample.block >= blocks / 10)!;
    const last = samples.at(-1)!;
    const perBlock = (last.all.bytes - from.all.bytes) / (last.block - from.block);
    const rowsPerBlock = (last.all.rows - from.all.rows) / (last.block - from.block);
    const half = samples.find((sample) => sample.block >= blocks / 2)!;
    const secondHalf = samples.filter((sample) => sample.block >= half.block);
    const keptMax = Math.max(...secondHalf.map((sample) => sample.kept.bytes));
    const keptMin = Math.min(...secondHalf.map((sample) => sample.kept.bytes));
    const growth = last.kept.bytes / half.kept.bytes;
    const met = keptMax / half.kept.bytes <= TARGET_GROWTH;
    const per100k = (perBlock * 100_000) / MIB;
    const verdict =
      `every event: ${fmt(perBlock)} bytes a block (${fmt(rowsPerBlock)} rows), ${fmt(per100k)} MiB per 100,000 blocks; ` +
      `the last ${retention.toLocaleString('en-US')} blocks' (the default): ${fmt(keptMin / MIB)}–${fmt(keptMax / MIB)} MiB over the run's second half, whatever the chain's length (${fmt(growth)} × from its middle to its end)`;
    return {
      title: 'Event retention: the events table on disk',
      what:
        `one chain of ${blocks.toLocaleString('en-US')} blocks of 4 transfers each (a block's writes: two announces of 2 transfers each, then the harvest; its events: unconfirmedAdded, confirmedAdded, unconfirmedRemoved and block) followed by two writers into two databases of a throwaway local PostgreSQL: one keeps every event (eventRetention Infinity), the other the last ${retention.toLocaleString('en-US')} blocks'. pg_total_relation_size('events') (rows, TOAST and primary key) read every ${every} blocks; the unbounded table's size per 100,000 blocks is its growth per block after the first tenth of the run, times 100,000`,
      baseline: 'the same events kept whole (eventRetention Infinity), in the same run',
      target: `with the retention, the events table stops growing: over the run's second half at most ${TARGET_GROWTH} × its size at the middle`,
      met,
      verdict,
      tables: [
        {
          caption: `pg_total_relation_size('events') as the chain grows (MiB; rows in brackets):`,
          columns: ['blocks', 'every event', `last ${retention.toLocaleString('en-US')} blocks`, 'event_marks (bytes)'],
          rows: samples
            .filter((sample) => sample.block % (every * 2) === 0 || sample === last)
            .map((sample) => [sample.block.toLocaleString('en-US'), `${fmt(sample.all.bytes / MIB)} (${sample.all.rows.toLocaleString('en-US')})`, `${fmt(sample.kept.bytes / MIB)} (${sample.kept.rows.toLocaleString('en-US')})`, sample.kept.marks.toLocaleString('en-US')]),
        },
        {
          caption: 'Extrapolated to 100,000 blocks (about 35 days of 30 s blocks):',
          columns: ['events kept', 'MiB per 100,000 blocks', 'how'],
          rows: [
            ['every event', fmt(per100k), `${fmt(perBlock)} bytes a block (growth from block ${from.block.toLocaleString('en-US')} to ${last.block.toLocaleString('en-US')}) × 100,000`],
            [`the last ${retention.toLocaleString('en-US')} blocks'`, `${fmt(keptMax / MIB)} (constant)`, `the largest size over the run's second half: the table holds ${retention.toLocaleString('en-US')} blocks' rows and the dead rows autovacuum has not taken yet, whatever the chain's length`],
          ],
        },
      ],
      notes: [
        `Both writers followed the same chain, so both tables hold the same events up to the retention: ${fmt(seconds)} s for the run (${fmt(blocks / seconds)} blocks/s, each block's three writes awaited in both databases).`,
        'Deleted rows free their space once autovacuum has vacuumed the table (at its default thresholds: 20% of the rows dead); new rows then reuse it, so the bounded table stays at about the retention\'s rows plus up to a fifth of dead ones. A database that kept every event before the retention is pruned by 5,000 rows a write; the space it held is reused, not given back to the file system (VACUUM FULL would).',
        `Cluster: scripts/local-postgres.ts's fast settings (fsync, synchronous_commit and full_page_writes off: the sizes depend neither on them nor on the machine's load) with autovacuum_naptime=1s; PostgreSQL ${version}.`,
      ],
      sizes: { blocks, retention, 'transfers a block': 4, 'sampled every': every },
    };
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
};

export default suite;
