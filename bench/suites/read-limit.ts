/**
 * read-limit: req/s of the read routes a wallet and an explorer use most, on the gateway as
 * `npm start` runs it (its own process, a block every 40 ms), against the physical limit of
 * node:http for the same bytes: a bare server in its own process that replays the very
 * responses the gateway gave, with only `content-type` and `content-length`. The servers
 * take turns (ABBA), 50 connections, median of the rounds. Target ≥ 0.9 on every route.
 * A second reading loads both servers at once on one core: the ratio of their CPU time per request.
 */
import os from 'node:os';
import { startLoad } from '../lib/process.js';
import { CPU_NOTE, compareCostAtOnce, compareThroughput, processCpuSeconds, THROUGHPUT_COLUMNS, throughputRows, type Route, type Target } from '../lib/http-compare.js';
import { pinToCpus } from '../lib/machine.js';
import { fmt } from '../lib/stats.js';
import type { KeptBytes, ReadGateway, ReadGatewayArgs } from '../load/read-gateway.js';
import type { ReplayArgs } from '../load/replay-server.js';
import type { Suite } from '../lib/suite.js';

const TARGET = 0.9;
const CONNECTIONS = 50;
const BLOCK_INTERVAL = 40;
/** Rounds of the second reading (both servers at once on one core): its ratio moves little from round to round. */
const COST_ROUNDS = 5;

/** The suite, on the gateway with its defaults or (`metrics`, the read-limit-metrics suite) with Prometheus metrics on. */
export function readLimit({ metrics }: { metrics: boolean }): Suite {
  return (context) => run(context, metrics);
}

async function run(context: Parameters<Suite>[0], metrics: boolean): ReturnType<Suite> {
  const history: ReadGatewayArgs = { ...(context.quick ? { blocks: 30, transfers: 20 } : { blocks: 200, transfers: 50 }), blockInterval: BLOCK_INTERVAL, metrics };
  const load = await startLoad('load/http-load.ts');
  // V8's memory reducer off, as `npm start` runs (package.json): a heap shrunk while a server waits (during the other's
  // rounds) grows back under load. The baseline runs so too: the limit of node:http is with node's best settings.
  const nodeFlags = ['--no-memory-reducer'];
  // gc() to measure what keeping the confirmed transactions' bytes costs.
  const gatewayProcess = await startLoad('load/read-gateway.ts', { nodeFlags: ['--expose-gc', ...nodeFlags] });
  const replayProcess = await startLoad('load/replay-server.ts', { nodeFlags });
  try {
    context.log(`the gateway: ${history.blocks} blocks of ${history.transfers} transfers, then a block every ${BLOCK_INTERVAL} ms`);
    const gateway = await gatewayProcess.call<ReadGateway>('start', history);
    const { data } = (await (await fetch(`${gateway.url}/transactions/confirmed?address=${gateway.address}&pageSize=10`)).json()) as { data: { meta: { hash: string } }[] };
    const routes: Route[] = [
      { name: 'GET /blocks/2', paths: ['/blocks/2'] },
      { name: 'GET /blocks?pageSize=100&order=asc&orderBy=height', paths: ['/blocks?pageSize=100&order=asc&orderBy=height'] },
      { name: 'GET /transactions/confirmed/{hash}', paths: [`/transactions/confirmed/${data[0].meta.hash}`] },
      { name: 'GET /transactions/confirmed?address=…&pageSize=100', paths: [`/transactions/confirmed?address=${gateway.address}&pageSize=100&order=asc`] },
      { name: 'GET /accounts/{address}', paths: [`/accounts/${gateway.address}`] },
      { name: 'GET /namespaces/{id}', paths: [`/namespaces/${gateway.namespaceId}`] },
    ];
    // The very bytes the gateway answers, for the replay.
    const responses: ReplayArgs['responses'] = {};
    const sizes: string[] = [];
    for (const route of routes) {
      const answer = await fetch(gateway.url + route.paths[0]);
      if (answer.status !== 200) throw new Error(`${route.name} answered ${answer.status}`);
      const body = Buffer.from(await answer.arrayBuffer());
      responses[route.paths[0]] = { body: body.toString('base64'), contentType: answer.headers.get('content-type')! };
      sizes.push(`${route.name} ${fmt(body.length / 1024, 1)} kB`);
    }
    const replayUrl = await replayProcess.call<string>('start', { responses } satisfies ReplayArgs);
    const targets: Target[] = [
      { name: 'bare replay (baseline)', url: replayUrl },
      { name: metrics ? 'gateway, metrics on' : 'gateway', url: gateway.url },
    ];
    const pids = new Map([[targets[0].name, replayProcess.pid!], [targets[1].name, gatewayProcess.pid!]]);
    // Sixteen rounds of 3 s: on two cores shared by the servers and the load generator the machine has slow spells of
    // a few seconds (a round moves by ±15%, for either server); more, shorter rounds let the median pass over them.
    // The routes take turns round by round, so each is measured across the whole run: measured one after the other,
    // a route that happened to fall in a slow minute came out up to a fifth apart from one run to the next.
    const measureSeconds = context.quick ? 1 : 3;
    const rounds = context.quick ? 2 : 16;
    const measured = await compareThroughput(load, targets, routes, {
      connections: CONNECTIONS,
      seconds: measureSeconds,
      warmupSeconds: context.quick ? 1 : 3,
      rounds,
      interleaveRoutes: true,
      log: context.log,
      serverCpuSeconds: (target) => processCpuSeconds(pids.get(target.name)!),
    });
    // The same comparison with the servers loaded at once on one core (the load generator on the others): each gets
    // about half of that core, so their req/s compare their CPU time per request, and the machine's slow spells,
    // which move a round of either server by ±15% above, hit both alike. A second reading, not the target's.
    async function costAtOnce() {
      const cores = os.availableParallelism();
      if (cores < 2) return undefined;
      const serverCore = String(cores - 1);
      const restores = [pinToCpus(replayProcess.pid!, serverCore), pinToCpus(gatewayProcess.pid!, serverCore), pinToCpus(load.pid!, cores === 2 ? '0' : `0-${cores - 2}`)];
      try {
        if (restores.some((restore) => restore === undefined)) return undefined;
        return await compareCostAtOnce(load, targets[0], targets[1], routes, {
          connections: CONNECTIONS / 2,
          seconds: measureSeconds,
          warmupSeconds: 1,
          rounds: context.quick ? 1 : COST_ROUNDS,
          log: context.log,
          serverCpuSeconds: (target) => processCpuSeconds(pids.get(target.name)!),
          serverCore: cores - 1,
        });
      } finally {
        for (const restore of restores) restore?.();
      }
    }
    const cost = await costAtOnce();
    // Memory last: its forced gc() around the gateway process's own fetches of every page is no part of the gateway as
    // `npm start` runs it, and measured first it left that process slower for the rounds above (V8 then built node's
    // process.nextTick objects on its runtime path: about 30% more CPU per request, in that process only).
    const kept = await gatewayProcess.call<KeptBytes>('keptBytesPerTransaction');
    context.log(`reading each of ${kept.transactions} transactions once keeps ${fmt(kept.bytesPerTransaction, 0)} bytes a transaction, and ${fmt(kept.cachedBytes / 2 ** 20, 1)} MiB of caches until the next block`);
    const ratios = routes.map((route) => {
      const of = (target: Target) => measured.find((m) => m.route === route.name && m.target === target.name)!.medianRequestsPerSecond;
      return { route: route.name, ratio: of(targets[1]) / of(targets[0]) };
    });
    return {
      title: metrics ? 'Reads at the limit of node:http, metrics on' : 'Reads at the limit of node:http',
      what: `req/s of six read routes on the gateway as \`npm start\` runs it${metrics ? ' with Prometheus metrics on (`createGateway({ metrics: true })`: each request counted by route and status and its latency observed; /metrics scraped once a second)' : ''} (its own process; ${history.blocks} blocks of ${history.transfers} transfers, a namespace, then a block every ${BLOCK_INTERVAL} ms), ${CONNECTIONS} connections, no pipelining.`,
      baseline: 'a bare node:http server in its own process replaying the very bytes the gateway answered, with only content-type and content-length: the physical limit of node:http for those bytes. Both servers run with `--no-memory-reducer`, as `npm start` does.',
      target: `≥ ${TARGET} of the baseline's req/s on every route (median of the rounds)`,
      met: ratios.every((r) => r.ratio >= TARGET),
      verdict: `${ratios.map((r) => `${r.route}: ${fmt(r.ratio)}`).join('; ')}; the kept wire form of a confirmed transaction read costs ${fmt(kept.bytesPerTransaction, 0)} bytes (${fmt((kept.bytesPerTransaction * 1e6) / 2 ** 20, 0)} MiB a million)`,
      tables: [
        { columns: THROUGHPUT_COLUMNS, rows: throughputRows(measured, targets[0].name) },
        ...(cost
          ? [
              {
                columns: ['route', 'gateway ÷ bare replay req/s, loaded at once on one core (median)', 'lowest – highest round', 'bare replay ÷ gateway CPU µs/req there (median)', 'that core busy'],
                rows: cost.map((c) => [c.route, fmt(c.ratio, 3), `${fmt(c.low, 3)} – ${fmt(c.high, 3)}`, c.cpuRatio === undefined ? '—' : fmt(c.cpuRatio, 3), c.coreBusy === undefined ? '—' : `${fmt(c.coreBusy * 100, 0)}%`]),
              },
            ]
          : []),
      ],
      notes: [
        `Response sizes: ${sizes.join('; ')}.`,
        `Memory: a confirmed transaction keeps its wire entry (a frozen object) and its encoded JSON once it is first read; reading every one of the ${kept.transactions} transactions once through \`GET /transactions/confirmed\` pages, after the speed rounds, grew the heap and off-heap bytes (after gc, blocks paused, then one block) by ${fmt(kept.bytesPerTransaction, 0)} bytes a transaction: ${fmt((kept.bytesPerTransaction * 1e6) / 2 ** 20, 0)} MiB per million transactions read. Apart from that, until the next block: the last 32 pages read, which the chain remembers with their JSON, and the bytes of the answers the gateway keeps by URL (\`answerMemo\`, at most 1,024 answers and 32 MiB): ${fmt(kept.cachedBytes / 2 ** 20, 1)} MiB here, bounds that do not grow with the chain. Page bodies are written from pooled buffers (at most 32 MiB of them kept free), and a body asked for again unchanged is kept as it is (at most 16 MiB of such bodies, not counted here: the pages above were read once each).`,
        `Each ratio is of the medians of ${rounds} measurement(s) of ${measureSeconds} s, the servers taking turns (ABBA) and the routes taking turns round by round (each route is measured across the whole run), after a warm-up; the table's req/s are means. The gateway harvests a block every ${BLOCK_INTERVAL} ms throughout, as \`npm start\` does, and runs with its defaults: a repeated read is answered from the bytes the same URL was answered with until the next block (\`answerMemo\`), so each route's answer is rendered again about ${Math.round(1000 / BLOCK_INTERVAL)} times a second.`,
        `${CPU_NOTE} Here each server is a process of its own, measured from /proc.`,
        cost
          ? `The second table is a second reading, not the target's: both servers loaded at the same time (${CONNECTIONS / 2} connections each, ${cost[0].rounds} round(s) of ${measureSeconds} s a route), both pinned to one core (taskset) and the load generator on the other(s). The kernel shares that core between the two processes alike, so while that core is the bottleneck (its busy column near 100%) the ratio of their req/s is the inverse ratio of their CPU time per request there; the fourth column is that ratio measured (each process's CPU time from /proc over its requests), whatever the bottleneck: the gateway's harvests included, and the refilling of each one's caches after the other's turn, which weighs more on the larger program. A slow spell of the machine, which moves a round of either server by ±15% in the alternating rounds, hits both at once: on the small routes this ratio moves by a few hundredths from round to round (more on the pages). It reads lower than the alternating ratio, where the bare replay is partly held back by the load generator sharing its two cores (busy column), and near the ratio of the servers' CPU µs/req there.`
          : 'The second reading (both servers loaded at once on one core) was skipped: it needs two cores and taskset.',
      ],
      sizes: { blocks: history.blocks, 'transfers per block': history.transfers, connections: CONNECTIONS, 'seconds per measurement': measureSeconds, rounds },
    };
  } finally {
    await load.close();
    await gatewayProcess.close();
    await replayProcess.close();
  }
}

export default readLimit({ metrics: false });
