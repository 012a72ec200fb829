/**
 * accounts-balance: `GET /accounts?mosaicId=<id>&orderBy=balance&pageSize=100` at 100 000
 * accounts that hold the mosaic (distinct balances), page 1 against the last page (1 000):
 * req/s and server CPU per request. Target: the last page costs ≤ 1.5 × page 1. Also
 * `orderBy=id` with `mosaicId`, and the heap the 100 000 accounts take.
 *
 * The state is built through the chain's public path (bench/lib/holders.ts): a mosaic
 * defined and minted by a funded account, then 1 000 aggregates complete of 100 embedded
 * transfers each, signed by ten funded accounts, announced with
 * `chain.announcer.announce(payload)` and harvested.
 */
import http from 'node:http';
import type { AccountInfoDTO } from '../../src/backend/index.js';
import { createGateway } from '../../src/index.js';
import { caseRows, CASE_COLUMNS, compareCases, CPU_NOTE, type Case, type CaseMeasured } from '../lib/http-compare.js';
import { buildHolderChain } from '../lib/holders.js';
import { startLoad } from '../lib/process.js';
import type { HolderBuild } from '../load/holders.js';
import { fmt } from '../lib/stats.js';
import { closeServer, listen, seconds, type Suite } from '../lib/suite.js';
import { heapBytes } from '../lib/machine.js';

const TARGET = 1.5;
const PAGE_SIZE = 100;
const CONNECTIONS = 8;
/** The heap control build makes as many aggregates, all to this many recipients. */
const CONTROL_RECIPIENTS = 100;

interface PageBody {
  data: AccountInfoDTO[];
  pagination: { pageNumber: number; totalEntries: number; totalPages: number };
}

const suite: Suite = async (context) => {
  const holders = context.quick ? 10_000 : 100_000;
  const lastPage = holders / PAGE_SIZE;
  if (!globalThis.gc) throw new Error('run with --expose-gc (bench/run.ts does)');

  // The heap control: the same aggregates, but to only 100 accounts, built in a fresh process of
  // its own (in this one, V8 may keep a dropped chain for a while and disturb the next
  // measurement). Its growth is what the confirmed aggregates and their blocks cost without the accounts.
  context.log(`control build (its own process): ${fmt(holders, 0)} transfers to ${CONTROL_RECIPIENTS} accounts`);
  const builder = await startLoad('load/holders.ts', { nodeFlags: ['--expose-gc'] });
  let control: HolderBuild;
  try {
    control = await builder.call<HolderBuild>('build', { transfers: holders, distinctRecipients: CONTROL_RECIPIENTS, label: 'control' });
  } finally {
    await builder.close();
  }
  const controlGrowth = control.heapGrowth;
  const controlAggregates = control.aggregates;

  context.log(`building ${fmt(holders, 0)} holders of one mosaic through announces and harvests`);
  const rssBefore = process.memoryUsage().rss;
  const built = buildHolderChain({ transfers: holders, heap: heapBytes }, context.log);
  const rssGrowth = process.memoryUsage().rss - rssBefore;
  const { chain, mosaicId } = built;
  context.log(
    `built: ${built.aggregates} aggregates in ${built.blocks} blocks; addresses ${fmt(built.seconds.addresses)} s, signing ${fmt(built.seconds.signing)} s, ` +
      `chain (check, run, confirm) ${fmt(built.seconds.chain)} s`,
  );
  const growth = built.heapGrowth!;
  const transactionsShare = (controlGrowth / controlAggregates) * built.aggregates;
  const perAccount = (growth - transactionsShare) / (holders - CONTROL_RECIPIENTS);

  const gateway = createGateway({ backend: chain });
  const server = http.createServer(gateway.handle);
  const url = await listen(server);
  const base = `/accounts?mosaicId=${mosaicId}&pageSize=${PAGE_SIZE}`;
  const cases: Case[] = [
    { name: `orderBy=balance, page 1`, url, paths: [`${base}&orderBy=balance`] },
    { name: `orderBy=balance, page ${fmt(lastPage, 0)} (the last)`, url, paths: [`${base}&orderBy=balance&pageNumber=${lastPage}`] },
    { name: `orderBy=id, page 1`, url, paths: [`${base}&orderBy=id`] },
    { name: `orderBy=id, page ${fmt(lastPage, 0)} (the last)`, url, paths: [`${base}&orderBy=id&pageNumber=${lastPage}`] },
  ];

  // Every page is full and holds what it should: balances from the most down (page 1) to 1 (the last page).
  for (const kase of cases) {
    const body = (await (await fetch(url + kase.paths[0])).json()) as PageBody;
    if (body.data?.length !== PAGE_SIZE || body.pagination.totalEntries !== holders) throw new Error(`${kase.name}: ${JSON.stringify(body).slice(0, 300)}`);
  }
  const balances = async (path: string) =>
    ((await (await fetch(url + path)).json()) as PageBody).data.map((entry) => BigInt(entry.account.mosaics.find((mosaic) => mosaic.id === mosaicId)!.amount));
  const first = await balances(cases[0].paths[0]);
  const last = await balances(cases[1].paths[0]);
  if (first[0] !== BigInt(holders) || last[last.length - 1] !== 1n || first.some((amount, i) => i > 0 && amount >= first[i - 1])) {
    throw new Error(`balance pages out of order: page 1 starts at ${first[0]}, the last page ends at ${last[last.length - 1]}`);
  }

  const load = await startLoad('load/http-load.ts');
  const measureSeconds = seconds(context, 5, 2);
  const rounds = context.quick ? 1 : 3;
  let measured: CaseMeasured[];
  try {
    measured = await compareCases(load, cases, { connections: CONNECTIONS, seconds: measureSeconds, warmupSeconds: seconds(context, 2, 1), rounds, log: context.log });
  } finally {
    await load.close();
    await closeServer(server);
    await gateway.close();
    chain.close();
  }
  // The last page's cost over page 1's: by req/s (1 / throughput) and by server CPU per request.
  const cost = (deep: number, top: number) => ({ byRate: measured[top].requestsPerSecond / measured[deep].requestsPerSecond, byCpu: measured[deep].cpuPerRequest / measured[top].cpuPerRequest });
  const balance = cost(1, 0);
  const id = cost(3, 2);
  const worst = Math.max(balance.byRate, balance.byCpu);
  const mib = (bytes: number) => `${fmt(bytes / 2 ** 20)} MiB`;
  return {
    title: 'Accounts by balance at any depth',
    what: `req/s, latency and server CPU per request of \`GET /accounts?mosaicId=<id>&orderBy=balance&pageSize=${PAGE_SIZE}\` through the gateway (autocannon, ${CONNECTIONS} connections), page 1 and page ${fmt(lastPage, 0)} (the last), over ${fmt(holders, 0)} accounts that hold the mosaic, each a different balance; the same with \`orderBy=id\`.`,
    baseline: 'page 1 of the same query, in the same run (the queries take turns).',
    target: `the last page costs ≤ ${TARGET} × page 1 (req/s and server CPU per request, orderBy=balance)`,
    met: worst <= TARGET,
    verdict:
      `orderBy=balance: page ${fmt(lastPage, 0)} costs ${fmt(balance.byRate)} × page 1 by req/s, ${fmt(balance.byCpu)} × by CPU; ` +
      `orderBy=id: ${fmt(id.byRate)} × and ${fmt(id.byCpu)} ×; ≈ ${fmt(perAccount, 0)} bytes of heap per account`,
    tables: [
      { columns: [...CASE_COLUMNS, 'cost vs page 1 (req/s)', 'cost vs page 1 (CPU)'], rows: caseRows(measured).map((row, i) => {
        const top = i < 2 ? 0 : 2;
        return [...row, i === top ? '1.00' : fmt(measured[top].requestsPerSecond / measured[i].requestsPerSecond), i === top ? '1.00' : fmt(measured[i].cpuPerRequest / measured[top].cpuPerRequest)];
      }) },
      {
        caption: `Heap (\`heapUsed + external\` after \`gc()\`) over the ${fmt(built.aggregates, 0)} aggregates of the build:`,
        columns: ['what', 'heap', 'per account'],
        rows: [
          [`${fmt(holders, 0)} new accounts, ${fmt(built.aggregates, 0)} confirmed aggregates of ${fmt(holders / built.aggregates, 0)} transfers, their ${built.blocks - 2} block(s)`, mib(growth), `${fmt(growth / holders, 0)} bytes`],
          [`the aggregates and blocks alone (a control build in a fresh process: the same ${fmt(controlAggregates, 0)} aggregates, all to ${CONTROL_RECIPIENTS} accounts)`, mib(transactionsShare), '—'],
          [`the difference: the ${fmt(holders - CONTROL_RECIPIENTS, 0)} accounts more (their state, ids, holder indexes by id and by balance, their keys in the confirmed transactions' address index)`, mib(growth - transactionsShare), `**${fmt(perAccount, 0)} bytes**`],
          [`RSS growth over the whole build`, mib(rssGrowth), '—'],
        ],
      },
    ],
    notes: [
      `Built through the chain's public path: a funded account defines the mosaic (definition + supply change in an aggregate complete, the rental fee paid) and sends nine other funded accounts their shares; the ten then send ${fmt(holders, 0)} transfers in ${fmt(built.aggregates, 0)} aggregates complete of ${fmt(holders / built.aggregates, 0)} embedded transfers each (symbol-sdk, announced with \`chain.announcer.announce(payload)\`, 100 aggregates a block, \`chain.harvest()\`). Transfer i sends 1 + (i × 7919 mod ${fmt(holders, 0)}) units, so every balance differs and balance order is unrelated to id order; the signers end with none, so exactly the recipients hold the mosaic. Signing took ${fmt(built.seconds.signing)} s and the chain's checks, runs and commits ${fmt(built.seconds.chain)} s (${fmt((built.seconds.chain / holders) * 1e6, 0)} µs per transfer).`,
      `Each number is the mean of ${rounds} measurement(s) of ${measureSeconds} s, the four queries in turn (then reversed), after a warm-up each; every page was checked first (100 entries, the right total, balances descending from ${fmt(holders, 0)} on page 1 to 1 at the end of the last page).`,
      CPU_NOTE,
    ],
    sizes: { accounts: holders, 'page size': PAGE_SIZE, connections: CONNECTIONS, 'seconds per measurement': measureSeconds, rounds },
  };
};

export default suite;
