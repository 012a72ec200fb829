/**
 * postgres-store: the PostgreSQL store on a throwaway local cluster. A writer follows a chain of
 * real transfers; the confirmed group is then grown to a million entries for one address (rows
 * made by SQL in the writer's layout: the reads cost what they would on a chain that built
 * them), and the state lists to a million accounts holding the currency (rows by SQL too, their
 * buckets cut as a catch-up cuts them). Measured: page 1 against page 10 000 of
 * `/transactions/confirmed?address=`, of `/accounts` and of the currency's holders by balance
 * (baseline: page 1, same run), the total's cost on the million-entry lists against short ones,
 * the writer's blocks/s once new accounts join the million-entry lists, req/s of a
 * gateway over PostgreSQL against the same gateway over the in-memory chain (baseline) on the
 * same routes (repeated URLs, and a thousand accounts' URLs one after another; with the answer
 * memo both gateways have, and without it), three reader processes against one, and the delay
 * from a harvest to the WebSocket frame of a reader instance. PostgreSQL runs with its durable
 * settings (fsync, synchronous_commit, full_page_writes on), as an operator runs it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { Address } from 'symbol-sdk/symbol';
import WebSocket from 'ws';
import { describeSettings, startLocalPostgres } from '../../scripts/local-postgres.js';
import { createGateway } from '../../src/index.js';
import { createPostgresBackend } from '../../src/postgres/backend.js';
import { LIST_BUCKET_SIZE, rebuildListBuckets } from '../../src/postgres/state-lists.js';
import { openPostgresChain } from '../../src/postgres/writer.js';
import { compareThroughput, CPU_NOTE, THROUGHPUT_COLUMNS, throughputRows, type Measured, type Route } from '../lib/http-compare.js';
import { startLoad } from '../lib/process.js';
import type { HttpLoadArgs, HttpLoadResult } from '../load/http-load.js';
import { addresses, signTransfer } from '../lib/signing.js';
import { fmt, median, percentile } from '../lib/stats.js';
import { closeServer, listen, seconds, type Suite } from '../lib/suite.js';

const CLI = fileURLToPath(new URL('../../src/cli.ts', import.meta.url));
const CONNECTIONS = 16;
/** Entries of the second address: its page 1 is the million's page 1 with a smaller total. The holders of FEW_MOSAIC too. */
const FEW = 1_000;
const FEW_MOSAIC = 'FE11FE11FE11FE11';
/** Accounts that each receive a transfer as the chain is built: the distinct URLs of the throughput. */
const ACCOUNTS = 1_000;
/** Targets of the req/s ratios (PostgreSQL reader against the in-memory chain), the frame delay and the writer. */
const TARGETS = { repeated: 0.6, distinct: 0.4, frameP99Ms: 50, writerAtMillion: 0.5 };

/** A reader instance in a process of its own (`symbol-gateway --store … --reader`). */
async function readerProcess(url: string): Promise<{ base: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, '--store', url, '--reader', '--port', '0', '--host', '127.0.0.1'], { stdio: ['ignore', 'pipe', 'ignore'] });
  let out = '';
  child.stdout!.on('data', (chunk) => (out += chunk));
  for (let i = 0; i < 400; i++) {
    const match = /listening on (http:\/\/[^ ]+)/.exec(out);
    if (match) return { base: match[1], child };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill();
  throw new Error(`a reader process did not start: ${out}`);
}

/** Median ms of `count` sequential GETs of `path` (after 5 unmeasured). */
async function sequentialMs(base: string, path: string, count: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < count + 5; i++) {
    const started = performance.now();
    const res = await fetch(`${base}${path}`);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    if (i >= 5) times.push(performance.now() - started);
  }
  return median(times);
}

const suite: Suite = async (context) => {
  const entries = context.quick ? 20_000 : 1_000_000;
  const blocks = context.quick ? 20 : 100;
  const accounts = context.quick ? 80 : ACCOUNTS;
  // Four transfers a block, each to an account of its own.
  const chainBlocks = accounts / 4;
  const cluster = await startLocalPostgres({ durable: true });
  const cleanups: (() => Promise<unknown> | unknown)[] = [() => cluster.stop()];
  try {
    // A writer and a chain of real transfers.
    let now = Date.UTC(2026, 0, 1);
    const { chain, writer } = await openPostgresChain({ url: cluster.url, chain: { blockInterval: false, clock: () => now, accountCount: 20 }, onError: () => undefined });
    cleanups.push(() => chain.close(), () => writer.close());
    const recipients = addresses(chain.facade, accounts, 'postgres-store');
    const deadline = chain.networkTime() + 3_600_000n * 5n;
    let t = performance.now();
    for (let b = 0; b < chainBlocks; b++) {
      for (let i = 0; i < 4; i++) {
        const signer = chain.fundedAccounts[(b * 4 + i) % chain.fundedAccounts.length].keyPair;
        chain.announcer.announce(signTransfer(chain.facade, { signer, recipient: recipients[b * 4 + i], amount: 1_000n + BigInt(i), deadline, message: 'bench' }));
      }
      now += 15_000;
      chain.harvest();
      await writer.flushed();
    }
    const writeBlocksPerSecond = chainBlocks / ((performance.now() - t) / 1000);
    context.log(`${chainBlocks} blocks of 4 transfers to new accounts, announced, harvested and written one by one: ${fmt(writeBlocksPerSecond)} blocks/s`);

    // The million: rows made by SQL in the writer's layout, all of one (fresh) address, after the chain's own.
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    cleanups.push(() => admin.end());
    const [busy, few] = addresses(chain.facade, 2, 'postgres-store/busy');
    const hexOf = (address: string) => Buffer.from(new Address(address).bytes).toString('hex').toUpperCase();
    const hex = hexOf(busy);
    t = performance.now();
    await admin.query('begin');
    const { rows: [last] } = await admin.query<{ seq: string; height: string; json: string }>(`select seq, height, json from transactions where type = 16724 order by seq desc limit 1`);
    await admin.query(
      `insert into transactions (seq, id, hash, height, type, signer, recipients, transfers, json, full_json)
       select $1::bigint + s, 'FF' || lpad(to_hex($1::bigint + s), 22, '0'), lpad(to_hex($1::bigint + s), 64, '0'), $2::bigint, 16724, 'bench', array[$4::text], '{}'::jsonb, $3, null
       from generate_series(1, $5::bigint) as s`,
      [last.seq, last.height, last.json, hex, entries],
    );
    for (const list of ['tx/top', 'tx/all', `tx/top/address=${hex}`, `tx/all/address=${hex}`]) {
      await admin.query(
        `insert into ranks (list, rank, key, entry)
         select $1, coalesce((select count from list_counts where list = $1), 0) + s, 'FF' || lpad(to_hex($2::bigint + s), 22, '0'), $2::bigint + s from generate_series(1, $3::bigint) as s`,
        [list, last.seq, entries],
      );
      await admin.query('insert into list_counts (list, count) values ($1, $2) on conflict (list) do update set count = list_counts.count + excluded.count', [list, entries]);
    }
    // A second address with the first thousand of them: the same pages, a total a thousand times smaller.
    for (const list of [`tx/top/address=${hexOf(few)}`]) {
      await admin.query(
        `insert into ranks (list, rank, key, entry)
         select $1, s, 'FF' || lpad(to_hex($2::bigint + s), 22, '0'), $2::bigint + s from generate_series(1, $3::bigint) as s`,
        [list, last.seq, FEW],
      );
      await admin.query('insert into list_counts (list, count) values ($1, $2)', [list, FEW]);
    }
    await admin.query('commit');
    const fillSeconds = (performance.now() - t) / 1000;

    // A million accounts after the chain's (ids FF…: the chain's new accounts join the lists before them), holders of the currency
    // (by id and by balance); a thousand of them hold another mosaic. Rows by SQL in the writer's layout, buckets as a catch-up cuts them.
    t = performance.now();
    const currency = chain.currency.mosaicId;
    await admin.query('begin');
    const { rows: [account] } = await admin.query<{ json: string }>(`select json from state_entries where kind = 'accounts' limit 1`);
    await admin.query(
      `insert into state_entries (kind, key, id, json) select 'accounts', 'FF' || lpad(to_hex(s), 46, '0'), 'FF' || lpad(to_hex(s), 22, '0'), $1 from generate_series(1, $2::bigint) as s`,
      [account.json, entries],
    );
    await admin.query(
      `insert into state_lists (kind, list, id, key)
       select 'accounts', list, case when list like '%orderBy=balance' then lpad(((s * 7919) % 1000000007)::text, 20, '0') || ' ' || id else id end, key
       from (select s, 'FF' || lpad(to_hex(s), 22, '0') as id, 'FF' || lpad(to_hex(s), 46, '0') as key from generate_series(1, $1::bigint) as s) a
       cross join lateral unnest(case when s <= $2 then array['', $3, $4, $5, $6] else array['', $3, $4] end) as list`,
      [entries, FEW, `mosaicId=${currency}`, `mosaicId=${currency}&orderBy=balance`, `mosaicId=${FEW_MOSAIC}`, `mosaicId=${FEW_MOSAIC}&orderBy=balance`],
    );
    await rebuildListBuckets(admin as pg.PoolClient, LIST_BUCKET_SIZE);
    await admin.query('commit');
    const accountFillSeconds = (performance.now() - t) / 1000;
    await admin.query('vacuum analyze');
    // The fill's dirty pages flushed now, not by a checkpoint in the middle of a measurement (a running database has no such backlog: its checkpoints are spread).
    await admin.query('checkpoint');
    const { rows: [size] } = await admin.query<{ bytes: string }>('select pg_database_size(current_database()) as bytes');
    context.log(`${fmt(entries, 0)} entries for one address in ${fmt(fillSeconds)} s; database ${fmt(Number(size.bytes) / 2 ** 20, 0)} MiB`);

    const stored = createGateway({ backend: createPostgresBackend({ url: cluster.url }) });
    const storedServer = http.createServer(stored.handle);
    stored.attach(storedServer);
    const memory = createGateway({ backend: chain });
    const memoryServer = http.createServer(memory.handle);
    // The same two without the answer memo: what every read costs when nothing is kept (each URL read once per block, say).
    const storedBare = createGateway({ backend: createPostgresBackend({ url: cluster.url }), answerMemo: false });
    const storedBareServer = http.createServer(storedBare.handle);
    const memoryBare = createGateway({ backend: chain, answerMemo: false });
    const memoryBareServer = http.createServer(memoryBare.handle);
    cleanups.push(async () => {
      for (const server of [storedServer, memoryServer, storedBareServer, memoryBareServer]) await closeServer(server);
      await stored.close();
      await storedBare.close();
    });
    const storedUrl = await listen(storedServer);
    const memoryUrl = await listen(memoryServer);
    const storedBareUrl = await listen(storedBareServer);
    const memoryBareUrl = await listen(memoryBareServer);

    // Page depth, and the total's cost: on the gateway without the answer memo, so that each GET reads the database.
    const busyPage = (page: number) => `/transactions/confirmed?address=${busy}&pageSize=100&pageNumber=${page}&order=asc`;
    const deepPage = Math.min(10_000, entries / 100);
    const depthRuns = context.quick ? 20 : 100;
    const first = await sequentialMs(storedBareUrl, busyPage(1), depthRuns);
    const deep = await sequentialMs(storedBareUrl, busyPage(deepPage), depthRuns);
    const short = await sequentialMs(storedBareUrl, `/transactions/confirmed?address=${few}&pageSize=100&pageNumber=1&order=asc`, depthRuns);
    const total = ((await (await fetch(`${storedUrl}${busyPage(1)}`)).json()) as { pagination: { totalEntries: number } }).pagination.totalEntries;
    if (total !== entries) throw new Error(`the million's total is ${total}`);
    context.log(`page 1 ${fmt(first)} ms, page ${deepPage} ${fmt(deep)} ms (${fmt(deep / first)} ×), page 1 of ${FEW} entries ${fmt(short)} ms`);

    // The same on the state lists: every account, and the currency's holders by balance (offsets are amounts there).
    const statePages = [
      { name: '/accounts', page: (n: number) => `/accounts?pageSize=100&pageNumber=${n}&order=asc`, short: `/accounts?mosaicId=${FEW_MOSAIC}&pageSize=100&order=asc` },
      {
        name: '/accounts?mosaicId=…&orderBy=balance',
        page: (n: number) => `/accounts?mosaicId=${currency}&orderBy=balance&order=desc&pageSize=100&pageNumber=${n}`,
        short: `/accounts?mosaicId=${FEW_MOSAIC}&orderBy=balance&order=desc&pageSize=100`,
      },
    ];
    const stateDepth: { name: string; first: number; deep: number; short: number; offset: number }[] = [];
    for (const list of statePages) {
      const listFirst = await sequentialMs(storedBareUrl, list.page(1), depthRuns);
      const listDeep = await sequentialMs(storedBareUrl, list.page(deepPage), depthRuns);
      const listShort = await sequentialMs(storedBareUrl, list.short, depthRuns);
      // An offset in the middle of the list, and the page after it.
      const middle = list.name === '/accounts' ? `FF${(entries / 2).toString(16).padStart(22, '0')}` : '500000000';
      const listOffset = await sequentialMs(storedBareUrl, `${list.page(2)}&offset=${middle}`, depthRuns);
      const answer = (await (await fetch(`${storedUrl}${list.page(deepPage)}`)).json()) as { data: unknown[]; pagination: { totalEntries: number } };
      if (answer.pagination.totalEntries < entries || answer.data.length !== 100) throw new Error(`${list.name}: ${answer.pagination.totalEntries} entries, ${answer.data.length} on page ${deepPage}`);
      stateDepth.push({ name: list.name, first: listFirst, deep: listDeep, short: listShort, offset: listOffset });
      context.log(`${list.name}: page 1 ${fmt(listFirst)} ms, page ${deepPage} ${fmt(listDeep)} ms (${fmt(listDeep / listFirst)} ×), offset ${fmt(listOffset)} ms, page 1 of ${FEW} ${fmt(listShort)} ms`);
    }

    // The writer with those lists: new accounts join them before the million (each adds to its bucket's count and the Fenwick tree nodes above it), new balances in the middle.
    const newcomers = addresses(chain.facade, blocks * 4, 'postgres-store/newcomers');
    t = performance.now();
    for (let b = 0; b < blocks; b++) {
      for (let i = 0; i < 4; i++) {
        const signer = chain.fundedAccounts[(b * 4 + i) % chain.fundedAccounts.length].keyPair;
        chain.announcer.announce(signTransfer(chain.facade, { signer, recipient: newcomers[b * 4 + i], amount: 1_000n + BigInt(b), deadline, message: 'bench' }));
      }
      now += 15_000;
      chain.harvest();
      await writer.flushed();
    }
    const writeBlocksPerSecondLong = blocks / ((performance.now() - t) / 1000);
    const listed = ((await (await fetch(`${storedUrl}/accounts?pageSize=10`)).json()) as { pagination: { totalEntries: number } }).pagination.totalEntries;
    if (listed < entries + newcomers.length) throw new Error(`${listed} accounts listed after the newcomers`);
    context.log(`the writer with a million-account list: ${fmt(writeBlocksPerSecondLong)} blocks/s (${fmt(writeBlocksPerSecondLong / writeBlocksPerSecond)} × the short lists')`);

    // Throughput: the same gateway over PostgreSQL and over the chain.
    const load = await startLoad('load/http-load.ts');
    cleanups.push(() => load.close());
    const rounds = context.quick ? 1 : 2;
    const measureSeconds = seconds(context, 4, 1);
    // Repeated URLs: the same few asked again and again.
    const repeatedRoutes: Route[] = [
      { name: 'GET /blocks/{height}', paths: Array.from({ length: 50 }, (_, i) => `/blocks/${2 + (i % chainBlocks)}`) },
      { name: 'GET /transactions/confirmed?address= (page 1)', paths: [`/transactions/confirmed?address=${chain.fundedAccounts[1].address}&pageSize=20`] },
      { name: 'GET /chain/info', paths: ['/chain/info'] },
    ];
    // Distinct URLs: the connections share one walk through the accounts, each URL asked once a round.
    const distinctRoutes: Route[] = [
      { name: `GET /accounts/{address} (${fmt(accounts, 0)} accounts)`, paths: recipients.map((address) => `/accounts/${address}`), spread: true },
      { name: `GET /transactions/confirmed?address= (${fmt(accounts, 0)} accounts)`, paths: recipients.map((address) => `/transactions/confirmed?address=${address}`), spread: true },
    ];
    const compare = { connections: CONNECTIONS, seconds: measureSeconds, warmupSeconds: 1, rounds, log: context.log };
    const measured = await compareThroughput(load, [{ name: 'in-memory chain (baseline)', url: memoryUrl }, { name: 'PostgreSQL', url: storedUrl }], [...repeatedRoutes, ...distinctRoutes], compare);
    // Informational (no target): one round keeps the suite's time down.
    const measuredBare = await compareThroughput(load, [{ name: 'in-memory chain (baseline)', url: memoryBareUrl }, { name: 'PostgreSQL', url: storedBareUrl }], distinctRoutes, { ...compare, rounds: 1 });
    const ratiosOf = (results: Measured[], routes: Route[]) =>
      routes.map((route) => {
        const rate = (name: string) => results.find((m) => m.route === route.name && m.target === name)!.requestsPerSecond;
        return { route: route.name, ratio: rate('PostgreSQL') / rate('in-memory chain (baseline)') };
      });
    const repeatedRatios = ratiosOf(measured, repeatedRoutes);
    const distinctRatios = ratiosOf(measured, distinctRoutes);
    const bareRatios = ratiosOf(measuredBare, distinctRoutes);

    // One reader process, then three, each loaded by a generator of its own.
    const readers = await Promise.all([0, 1, 2].map(() => readerProcess(cluster.url)));
    cleanups.push(() => readers.forEach((reader) => reader.child.kill()));
    const generators = [load, await startLoad('load/http-load.ts'), await startLoad('load/http-load.ts')];
    cleanups.push(() => generators.slice(1).forEach((generator) => generator.close()));
    const scalePaths = repeatedRoutes[0].paths;
    const loadOn = (count: number) =>
      Promise.all(readers.slice(0, count).map((reader, i) => generators[i].call<HttpLoadResult>('http', { url: reader.base, paths: scalePaths, connections: CONNECTIONS, duration: measureSeconds } satisfies HttpLoadArgs)));
    await loadOn(3);
    const oneInstance = (await loadOn(1)).reduce((sum, result) => sum + result.requestsPerSecond, 0);
    const threeInstances = (await loadOn(3)).reduce((sum, result) => sum + result.requestsPerSecond, 0);
    context.log(`GET /blocks/{height}: one reader process ${fmt(oneInstance, 0)} req/s, three ${fmt(threeInstances, 0)} req/s`);

    // Harvest to WebSocket frame on a reader instance (a process of its own, as an operator runs one).
    const ws = new WebSocket(`${readers[0].base.replace('http', 'ws')}/ws`);
    cleanups.push(() => ws.terminate());
    const failed = new Promise<never>((_, reject) => ws.on('error', reject));
    void failed.catch(() => undefined);
    const frames: { height: number; at: number }[] = [];
    let uid = '';
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as { uid?: string; topic?: string; data?: { block: { height: string } } };
      if (message.uid) uid = message.uid;
      else if (message.topic === 'block') frames.push({ height: Number(message.data!.block.height), at: performance.now() });
    });
    while (!uid) await Promise.race([failed, new Promise((resolve) => setTimeout(resolve, 10))]);
    ws.send(JSON.stringify({ uid, subscribe: 'block' }));
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const harvested = new Map<number, number>();
    const samples = context.quick ? 30 : 200;
    for (let i = 0; i < samples; i++) {
      now += 15_000;
      const started = performance.now();
      const block = chain.harvest();
      harvested.set(Number(block.block.height), started);
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    await writer.flushed();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const delays = frames.filter((frame) => harvested.has(frame.height)).map((frame) => frame.at - harvested.get(frame.height)!);
    if (delays.length !== samples) throw new Error(`${delays.length} of ${samples} block frames arrived`);
    const p50 = percentile(delays, 50);
    const p99 = percentile(delays, 99);
    context.log(`harvest to frame: p50 ${fmt(p50)} ms, p99 ${fmt(p99)} ms`);

    const depthRatio = deep / first;
    const writerRatio = writeBlocksPerSecondLong / writeBlocksPerSecond;
    const lowest = (ratios: { ratio: number }[]) => Math.min(...ratios.map((r) => r.ratio));
    const ratioList = (ratios: { route: string; ratio: number }[]) => ratios.map((r) => `${r.route} ${fmt(r.ratio)}`).join(', ');
    const met = {
      depth: depthRatio <= 1.5 && first <= short * 1.5 && stateDepth.every((list) => list.deep <= list.first * 1.5 && list.first <= list.short * 1.5),
      repeated: lowest(repeatedRatios) >= TARGETS.repeated,
      distinct: lowest(distinctRatios) >= TARGETS.distinct,
      frame: p99 <= TARGETS.frameP99Ms,
      writer: writerRatio >= TARGETS.writerAtMillion,
    };
    return {
      title: 'PostgreSQL store',
      what: `A local PostgreSQL (\`scripts/local-postgres.ts\`, durable settings), a writer following a chain of ${chainBlocks} blocks of real transfers to ${fmt(accounts, 0)} new accounts, and the confirmed group grown to ${fmt(entries, 0)} more entries of one address (rows made by SQL in the writer's layout). Sequential GETs for the page depths; autocannon (${CONNECTIONS} connections) for req/s.`,
      baseline: 'page 1 of the same list for the depth; the same page of a thousand-entry list for the total; the same gateway over the in-memory chain for req/s (answer memo on in both, and off in both); one reader process for the three; the writer\'s blocks/s on the short lists for the million; all in the same run.',
      target: `page 10 000 within 1.5 × of page 1; the total of a million at no extra cost (page 1 within 1.5 × of the thousand-entry list's); the same on the state lists; a reader ≥ ${TARGETS.repeated} × the in-memory gateway's req/s on repeated URLs and ≥ ${TARGETS.distinct} × on ${fmt(ACCOUNTS, 0)} accounts' distinct URLs; harvest to frame p99 ≤ ${TARGETS.frameP99Ms} ms; the writer at a million accounts ≥ ${TARGETS.writerAtMillion} × its blocks/s at a thousand`,
      met: Object.values(met).every(Boolean),
      verdict: `page ${fmt(deepPage, 0)} ${fmt(deep)} ms against page 1 ${fmt(first)} ms (${fmt(depthRatio)} ×) with the total of ${fmt(entries, 0)} in both; page 1 with a total of ${fmt(FEW, 0)} ${fmt(short)} ms (${fmt(first / short)} ×); state lists of ${fmt(entries, 0)} accounts: ${stateDepth.map((list) => `${list.name} page ${fmt(deepPage, 0)} ${fmt(list.deep / list.first)} × page 1, page 1 ${fmt(list.first / list.short)} × a ${fmt(FEW, 0)}-entry list's`).join('; ')}; PostgreSQL against in-memory, repeated URLs (target ${TARGETS.repeated}${met.repeated ? ', met' : ', not met'}): ${ratioList(repeatedRatios)}; distinct URLs (target ${TARGETS.distinct}${met.distinct ? ', met' : ', not met'}): ${ratioList(distinctRatios)}; distinct URLs, no memo on either: ${ratioList(bareRatios)}; three reader processes ${fmt(threeInstances / oneInstance)} × one; harvest to WebSocket frame p50 ${fmt(p50)} ms, p99 ${fmt(p99)} ms (target ${TARGETS.frameP99Ms}${met.frame ? ', met' : ', not met'}); the writer at a million accounts ${fmt(writerRatio)} × its rate at a thousand (target ${TARGETS.writerAtMillion}${met.writer ? ', met' : ', not met'})`,
      tables: [
        {
          caption: `Page depth on the ${fmt(entries, 0)}-entry address list (median of ${depthRuns} sequential GETs, ms):`,
          columns: ['query', 'ms'],
          rows: [
            [`page 1 (pageSize 100, total ${fmt(entries, 0)})`, fmt(first)],
            [`page ${fmt(deepPage, 0)}`, fmt(deep)],
            [`page 1 of a ${fmt(FEW, 0)}-entry list (the same 100 entries, total ${fmt(FEW, 0)})`, fmt(short)],
          ],
        },
        {
          caption: `Page depth on state lists of ${fmt(entries, 0)} accounts (median of ${depthRuns} sequential GETs, ms; the offset is the middle of the list, page 2 past it):`,
          columns: ['list', 'page 1', `page ${fmt(deepPage, 0)}`, 'ratio', 'offset', `page 1 of ${fmt(FEW, 0)}`, 'ratio'],
          rows: stateDepth.map((list) => [list.name, fmt(list.first), fmt(list.deep), fmt(list.deep / list.first), fmt(list.offset), fmt(list.short), fmt(list.first / list.short)]),
        },
        { caption: `Req/s, PostgreSQL against the in-memory chain (both gateways in the suite's process, answer memo on): repeated URLs, then ${fmt(accounts, 0)} accounts' URLs one after another (the connections share one walk through them):`, columns: THROUGHPUT_COLUMNS, rows: throughputRows(measured, 'in-memory chain (baseline)') },
        { caption: `Req/s on the ${fmt(accounts, 0)} accounts' URLs with no answer memo on either gateway (every request reads its backend):`, columns: THROUGHPUT_COLUMNS, rows: throughputRows(measuredBare, 'in-memory chain (baseline)') },
        {
          caption: 'Reader processes (`symbol-gateway --store … --reader`), `GET /blocks/{height}`, each loaded by its own autocannon process:',
          columns: ['instances', 'req/s (sum)', 'ratio'],
          rows: [
            ['1', fmt(oneInstance, 0), '1.00 (baseline)'],
            ['3', fmt(threeInstances, 0), fmt(threeInstances / oneInstance)],
          ],
        },
        {
          caption: `From \`chain.harvest()\` to the \`block\` frame on a reader instance's WebSocket (${samples} blocks, one every 40 ms):`,
          columns: ['p50 ms', 'p99 ms'],
          rows: [[fmt(p50), fmt(p99)]],
        },
      ],
      notes: [
        `The writer: ${fmt(writeBlocksPerSecond)} blocks/s of 4 transfers to new accounts each (${chainBlocks} blocks, the account lists growing to about ${fmt(accounts, 0)}), each announced, harvested and written (awaited) one at a time; ${fmt(writeBlocksPerSecondLong)} blocks/s (${fmt(writeBlocksPerSecondLong / writeBlocksPerSecond)} ×) once the account lists hold the million, each block's 4 new accounts joining them before the million (each adds to its bucket's count and to the nodes of the list's Fenwick tree above it, about log2 of the buckets). The million transactions: ${fmt(fillSeconds)} s by SQL, the million accounts ${fmt(accountFillSeconds)} s; the database then holds ${fmt(Number(size.bytes) / 2 ** 20, 0)} MiB.`,
        `A state list (accounts, mosaics, namespaces … which change, so they cannot be ranked once) is counted in buckets of about ${fmt(LIST_BUCKET_SIZE, 0)} entries: a list's total is its tree's top node; a page finds its bucket by walking the Fenwick tree of the buckets' counts (about 20 index seeks at a million entries, in the page's one statement), then skips fewer than ${fmt(2 * LIST_BUCKET_SIZE, 0)} index rows inside it.`,
        'A page of a list is an index seek on (list, rank) and its total the list\'s counter row, so depth and totals cost nothing more; filters no list answers (signer, type, mosaic …) are checked by the database over the rows of the list, like the in-memory store checks them.',
        'On this 2-core machine the reader processes, their load generators and PostgreSQL share two cores: three instances cannot triple the rate here; the ratio shows what one more core-bound process adds when nothing else is free.',
        `PostgreSQL settings: the durable ones of scripts/local-postgres.ts (${describeSettings({ durable: true })}); everything else the server's defaults.`,
        'A reader answers a repeated GET of a pure route from the bytes it answered before (the gateway\'s answer memo) until its event feed delivers the writer\'s next event; the rows without the memo show what a read of the database costs.',
        `Harvest to frame: to the first of the three reader processes, idle by then. It includes the writer's transaction (block, transactions, events, NOTIFY), the reader's wake-up and read of the events table, and the hub's send. The fill's pages are flushed by a \`checkpoint\` before the measurements (a checkpoint of a bulk load running during them holds the writer's commits for as long as it runs). ${CPU_NOTE}`,
      ],
      sizes: { entries, 'chain blocks': chainBlocks, accounts, 'blocks written at a million': blocks, connections: CONNECTIONS, 'seconds per measurement': measureSeconds, rounds },
    };
  } finally {
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
  }
};

export default suite;
