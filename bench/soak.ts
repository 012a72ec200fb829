/**
 * `npm run soak` (not in CI): 1 000 WebSocket subscribers of `block` and a steady HTTP load
 * for 10 minutes while the in-memory chain harvests a block every second. Reports RSS and
 * event-loop delay at the start and at the end, RSS growth over the run (target < 10%), and
 * dropped notifications (target 0): every subscriber keeps reading, counts its block frames
 * and checks that their heights follow one another.
 *
 * SOAK_SECONDS (default 600), SOAK_SUBSCRIBERS (1000), SOAK_RATE (HTTP requests per second, 300),
 * SOAK_BLOCK_INTERVAL (ms between blocks, 1000). A faster rate and block interval press more
 * work into the same time: memory that grows with work shows sooner.
 */
import http from 'node:http';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { createGateway, InMemoryChain } from '../src/index.js';
import type { HttpLoadResult } from './load/http-load.js';
import type { BlockStats } from './load/ws-clients.js';
import { loadAverage, machine, QUIET_LOAD } from './lib/machine.js';
import { startLoad } from './lib/process.js';
import { saveResult, writeBenchmarksMd, type SuiteResult } from './lib/report.js';
import { fmt, sleep } from './lib/stats.js';
import { listen } from './lib/suite.js';

const RSS_GROWTH_TARGET = 0.1;
const seconds = Number(process.env.SOAK_SECONDS ?? 600);
const subscribers = Number(process.env.SOAK_SUBSCRIBERS ?? 1000);
const rate = Number(process.env.SOAK_RATE ?? 300);
const blockInterval = Number(process.env.SOAK_BLOCK_INTERVAL ?? 1000);
if (!(seconds >= 20) || !(subscribers >= 1) || !(rate >= 1) || !(blockInterval >= 50)) {
  throw new Error('SOAK_SECONDS must be ≥ 20, SOAK_SUBSCRIBERS and SOAK_RATE ≥ 1, SOAK_BLOCK_INTERVAL ≥ 50');
}
const warmup = Math.min(30, Math.round(seconds / 6));
/** The event-loop delay windows at the start and at the end. */
const window = Math.min(60, Math.round(seconds / 6));

interface Sample {
  at: number;
  rss: number;
  heap: number;
  height: number;
}

function sample(chain: InMemoryChain, started: number): Sample {
  globalThis.gc?.();
  const usage = process.memoryUsage();
  // Array buffers as node's allocator counts them: V8's `external` figure is only brought down
  // once the freed buffers have been swept, well after gc() returns.
  return { at: (Date.now() - started) / 1000, rss: usage.rss, heap: usage.heapUsed + usage.arrayBuffers, height: Number(chain.height) };
}

/** How often RSS is read within the start and end windows (no gc: the windows also time the event loop). */
const RSS_EVERY_MS = 5000;

interface RssWindow {
  median: number;
  min: number;
  max: number;
  count: number;
}

/**
 * RSS over a window of `windowSeconds`, read every 5 s. The allocator's free lists make
 * RSS move by several MiB from one read to the next under load, so one read is a poor
 * measure of "RSS at the start"; the window's median is the figure, with its range.
 */
async function rssOver(windowSeconds: number): Promise<RssWindow> {
  const reads: number[] = [];
  const until = Date.now() + windowSeconds * 1000;
  while (Date.now() < until) {
    reads.push(process.memoryUsage.rss());
    await sleep(Math.min(RSS_EVERY_MS, Math.max(0, until - Date.now())));
  }
  reads.sort((a, b) => a - b);
  const middle = reads.length >> 1;
  const median = reads.length % 2 ? reads[middle] : (reads[middle - 1] + reads[middle]) / 2;
  return { median, min: reads[0], max: reads[reads.length - 1], count: reads.length };
}

/** monitorEventLoopDelay's timer interval (ms); its samples are the interval plus the delay. */
const RESOLUTION_MS = 10;

/** Delay beyond the timer's interval, in ms. */
function delayOf(histogram: IntervalHistogram) {
  const ms = (ns: number) => Math.max(0, ns / 1e6 - RESOLUTION_MS);
  return { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max) };
}

const mib = (bytes: number) => `${fmt(bytes / 2 ** 20, 1)} MiB`;
const log = (message: string) => console.log(`[soak ${new Date().toISOString().slice(11, 19)}] ${message}`);

const started = Date.now();
const load = loadAverage();
const chain = new InMemoryChain({ blockInterval });
const gateway = createGateway({ backend: chain });
const server = http.createServer(gateway.handle);
gateway.attach(server);
const url = await listen(server);
const wsLoad = await startLoad('load/ws-clients.ts', { openFiles: subscribers + 256 });
const httpLoad = await startLoad('load/http-load.ts');

const everyBlock = blockInterval === 1000 ? 'a block every second' : `a block every ${blockInterval} ms`;
log(`${seconds} s, ${subscribers} block subscribers, ${rate} HTTP requests/s, ${everyBlock}${globalThis.gc ? '' : ' (run with --expose-gc for heap numbers after gc)'}`);
await wsLoad.call('connect', { url: `${url.replace('http', 'ws')}/ws`, topics: new Array(subscribers).fill('block'), check: 'block' });
const subscribedAt = Number(chain.height);
const paths = ['/blocks/1', '/blocks?pageSize=100', '/chain/info', '/node/health', '/transactions/confirmed?pageSize=10', '/blocks?pageSize=10&order=asc'];
const httpDone = httpLoad.call<HttpLoadResult>('http', { url, paths, connections: 10, duration: seconds, overallRate: rate });

const samples: Sample[] = [];
const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
await sleep(warmup * 1000);
samples.push(sample(chain, started));
log(`start: RSS ${mib(samples[0].rss)}, heap ${mib(samples[0].heap)}, height ${samples[0].height}`);
delay.enable();
const startRss = await rssOver(window);
delay.disable();
const startDelay = delayOf(delay);
delay.reset();
log(`event-loop delay over the first ${window} s: p50 ${fmt(startDelay.p50)} ms, p99 ${fmt(startDelay.p99)} ms, max ${fmt(startDelay.max)} ms`);

// Until the last window: a sample every 30 s.
const endWindowAt = started + (seconds - window) * 1000;
while (Date.now() + 30_000 < endWindowAt) {
  await sleep(30_000);
  const s = sample(chain, started);
  samples.push(s);
  log(`RSS ${mib(s.rss)}, heap ${mib(s.heap)}, height ${s.height}`);
}
await sleep(Math.max(0, endWindowAt - Date.now()));
delay.enable();
const [endRss, http_] = await Promise.all([rssOver(window - 1), httpDone]);
delay.disable();
const endDelay = delayOf(delay);
samples.push(sample(chain, started));
const end = samples[samples.length - 1];
log(`event-loop delay over the last ${window} s: p50 ${fmt(endDelay.p50)} ms, p99 ${fmt(endDelay.p99)} ms, max ${fmt(endDelay.max)} ms`);

// Stop the blocks; give the last frames time to arrive, then count.
chain.close();
await sleep(1500);
const finalHeight = Number(chain.height);
const stats = await wsLoad.call<BlockStats>('blockStats');
await wsLoad.call('closeAll');
await wsLoad.close();
await httpLoad.close();
await gateway.close();
server.closeAllConnections();
server.close();

const growth = (endRss.median - startRss.median) / startRss.median;
const heapGrowth = (end.heap - samples[0].heap) / samples[0].heap;
// Nothing dropped: no height skipped or repeated, every subscriber still open and up to the last block.
const noneDropped = stats.missing === 0 && stats.outOfOrder === 0 && stats.open === subscribers && stats.minLastHeight === finalHeight;
const met = growth < RSS_GROWTH_TARGET && noneDropped;
const heapPerBlock = (end.heap - samples[0].heap) / Math.max(1, end.height - samples[0].height);
log(`RSS (median of each window) ${mib(startRss.median)} → ${mib(endRss.median)} (${fmt(growth * 100, 1)}%), heap ${mib(samples[0].heap)} → ${mib(end.heap)} (${fmt(heapGrowth * 100, 1)}%, ${fmt(heapPerBlock / 1024, 1)} kB per block)`);
log(`blocks ${subscribedAt}..${finalHeight}: frames per subscriber ${stats.minFrames}..${stats.maxFrames}, missing ${stats.missing}, out of order ${stats.outOfOrder}, open ${stats.open}/${subscribers}, last height ${stats.minLastHeight}..${stats.maxLastHeight}`);
log(`HTTP: ${http_.requests} × 2xx (${fmt(http_.requestsPerSecond, 0)}/s), ${http_.non2xx} non-2xx, ${http_.errors} errors, p50 ${fmt(http_.latency.p50)} ms, p99 ${fmt(http_.latency.p99)} ms`);
log(met ? 'targets met' : 'TARGETS MISSED');

const result: SuiteResult = {
  suite: 'soak',
  command: `SOAK_SECONDS=${seconds}${rate !== 300 ? ` SOAK_RATE=${rate}` : ''}${blockInterval !== 1000 ? ` SOAK_BLOCK_INTERVAL=${blockInterval}` : ''} npm run soak`,
  measuredAt: new Date(started).toISOString(),
  machine: machine(),
  loadAverage: load,
  quick: seconds < 600 || blockInterval !== 1000,
  preliminary: seconds < 600 || blockInterval !== 1000 || load >= QUIET_LOAD,
  seconds: (Date.now() - started) / 1000,
  title: 'Soak: subscribers and HTTP load over time',
  what: `${subscribers} WebSocket subscribers of \`block\` (each counts its frames and checks that heights follow one another) and a steady ${rate} requests/s over 10 connections (${paths.map((p) => `\`${p}\``).join(', ')}) for ${seconds} s, ${everyBlock}. RSS: the median of reads every ${RSS_EVERY_MS / 1000} s over the first ${window} s after the warm-up (start) and over the last ${window} s (end); heap sampled after \`gc()\`.`,
  baseline: `the process at the start, after ${warmup} s of warm-up.`,
  target: `RSS growth < ${RSS_GROWTH_TARGET * 100}%; no dropped notification`,
  met,
  verdict: `RSS ${fmt(growth * 100, 1)}%; ${noneDropped ? 'no notification dropped' : `${stats.missing} heights missing, ${stats.outOfOrder} out of order, ${stats.open}/${subscribers} open, last height ${stats.minLastHeight} of ${finalHeight}`}`,
  tables: [
    {
      columns: ['', 'start', 'end', 'growth'],
      rows: [
        [
          `RSS, median of ${startRss.count} and ${endRss.count} reads (range)`,
          `${mib(startRss.median)} (${fmt(startRss.min / 2 ** 20, 0)}–${fmt(startRss.max / 2 ** 20, 0)})`,
          `${mib(endRss.median)} (${fmt(endRss.min / 2 ** 20, 0)}–${fmt(endRss.max / 2 ** 20, 0)})`,
          `${fmt(growth * 100, 1)}%`,
        ],
        ['heap + array buffers (after gc)', mib(samples[0].heap), mib(end.heap), `${fmt(heapGrowth * 100, 1)}% (${fmt(heapPerBlock / 1024, 1)} kB per block)`],
        [`event-loop delay p50 / p99 / max (${window} s window)`, `${fmt(startDelay.p50)} / ${fmt(startDelay.p99)} / ${fmt(startDelay.max)} ms`, `${fmt(endDelay.p50)} / ${fmt(endDelay.p99)} / ${fmt(endDelay.max)} ms`, ''],
        ['chain height', String(samples[0].height), String(end.height), ''],
      ],
    },
    {
      columns: ['subscribers open', 'blocks', 'frames per subscriber', 'heights missing', 'out of order', 'HTTP 2xx', 'non-2xx / errors', 'HTTP p50 / p99 ms'],
      rows: [
        [
          `${stats.open} / ${subscribers}`,
          `${subscribedAt}..${finalHeight}`,
          `${stats.minFrames}..${stats.maxFrames}`,
          stats.missing,
          stats.outOfOrder,
          http_.requests,
          `${http_.non2xx} / ${http_.errors}`,
          `${fmt(http_.latency.p50)} / ${fmt(http_.latency.p99)}`,
        ],
      ],
    },
  ],
  notes: [
    `Samples (s: RSS, heap): ${samples.map((s) => `${Math.round(s.at)}: ${fmt(s.rss / 2 ** 20, 0)}, ${fmt(s.heap / 2 ** 20, 0)}`).join('; ')} (MiB).`,
    'No transactions are announced. What grows by design is the chain: each block the in-memory chain keeps (≈ 1.6 kB) and, once a page has served it, its kept JSON (≈ 1.5 kB). The samples are single reads after `gc()`, which sit lower than the process under load (see the notes on the soak below).',
    `Event-loop delay: \`monitorEventLoopDelay\` (${RESOLUTION_MS} ms timer) over the first ${window} s after the warm-up and over the last ${window} s, less the timer's interval.`,
  ],
  sizes: { seconds, subscribers, 'HTTP requests/s': rate, 'ms between blocks': blockInterval },
};
saveResult(result);
writeBenchmarksMd();
process.exit(met ? 0 : 1);
