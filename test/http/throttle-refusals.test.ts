/**
 * What a throttled gateway tells of the requests it refuses: each 429 counted under its route
 * template in the metrics and the access log, at most one access log line per client address a
 * second with the count left out; and the paths an operator's tools need (the metrics, the
 * explorer page) not throttled unless `throttleAll`.
 */
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GatewayOptions } from '../../src/index.js';
import { RefusalLog } from '../../src/http/refusal-log.js';
import { parsePrometheus } from '../support/prometheus.js';
import { startGateway, type TestServer } from '../support/server.js';

/** A pino logger whose lines are kept, parsed. */
function collectingLogger(): { logger: ReturnType<typeof pino>; entries: Record<string, unknown>[] } {
  const entries: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line !== '') entries.push(JSON.parse(line));
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), entries };
}

/** What a logger is handed: each entry and its message. */
function recorder(): { info(entry: object, message?: string): void; lines: { entry: Record<string, unknown>; message?: string }[] } {
  const lines: { entry: Record<string, unknown>; message?: string }[] = [];
  return { info: (entry, message) => lines.push({ entry: entry as Record<string, unknown>, message }), lines };
}

const refused = (remoteAddress: string, url = '/blocks/1') => ({ reqId: 1, method: 'GET', route: '/blocks/:height', url, status: 429, duration: 0.1, remoteAddress });

describe('RefusalLog', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('passes every line on but 429s', () => {
    const logger = recorder();
    const log = new RefusalLog(logger, {}, () => 0);
    for (const status of [200, 404, 503, 200]) log.info({ status, remoteAddress: '192.0.2.1' }, 'request');
    expect(logger.lines.map(({ entry }) => entry.status)).toEqual([200, 404, 503, 200]);
  });

  it('writes 4 lines of 5,000 429s in 3 s from one address, the count left out on the next', () => {
    vi.useFakeTimers();
    let now = 0;
    const logger = recorder();
    const log = new RefusalLog(logger, {}, () => now);
    for (let i = 0; i < 5_000; i++) {
      now = (i * 3_000) / 5_000;
      log.info(refused('192.0.2.1'), 'request');
    }
    expect(logger.lines).toHaveLength(3);
    expect(logger.lines.map(({ entry }) => entry.suppressed)).toEqual([undefined, 1_666, 1_666]);
    expect(logger.lines[1]).toMatchObject({ message: 'request', entry: { route: '/blocks/:height', status: 429, remoteAddress: '192.0.2.1' } });
    // The address goes quiet: what was left out since is written by itself.
    now = 4_000;
    vi.advanceTimersByTime(2_000);
    expect(logger.lines).toHaveLength(4);
    expect(logger.lines[3]).toEqual({ message: 'throttled', entry: { remoteAddress: '192.0.2.1', status: 429, suppressed: 1_665 } });
    expect(logger.lines.reduce((sum, { entry }) => sum + 1 + ((entry.suppressed as number | undefined) ?? 0), 0) - 1).toBe(5_000);
    expect(log.size).toBe(0);
  });

  it('samples each client address apart', () => {
    const logger = recorder();
    const log = new RefusalLog(logger, {}, () => 0);
    for (let i = 0; i < 100; i++) for (const client of ['192.0.2.1', '192.0.2.2', '2001:db8::1']) log.info(refused(client), 'request');
    expect(logger.lines.map(({ entry }) => entry.remoteAddress)).toEqual(['192.0.2.1', '192.0.2.2', '2001:db8::1']);
    log.close();
    expect(logger.lines.slice(3).map(({ entry }) => [entry.remoteAddress, entry.suppressed])).toEqual([
      ['192.0.2.1', 99],
      ['192.0.2.2', 99],
      ['2001:db8::1', 99],
    ]);
  });

  it('remembers at most maxClients addresses, writing the count of one it forgets', () => {
    const logger = recorder();
    const log = new RefusalLog(logger, { maxClients: 10 }, () => 0);
    log.info(refused('client-0'), 'request');
    log.info(refused('client-0'), 'request');
    for (let client = 1; client < 1_000; client++) log.info(refused(`client-${client}`), 'request');
    expect(log.size).toBe(10);
    expect(logger.lines.filter(({ message }) => message === 'throttled')).toEqual([{ message: 'throttled', entry: { remoteAddress: 'client-0', status: 429, suppressed: 1 } }]);
    log.close();
  });
});

describe('a throttled gateway', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function start(options: GatewayOptions): Promise<TestServer> {
    server = await startGateway(options);
    return server;
  }

  it('counts a 429 under its route template, and logs it so, one line a second per client address with the count left out', async () => {
    const { logger, entries } = collectingLogger();
    const gateway = await start({ throttling: { burst: 2, rate: 0.001 }, metrics: true, accessLog: logger });
    const statuses: number[] = [];
    for (const path of ['/blocks/1', '/blocks/1', '/blocks/2', '/chain/info', '/nowhere']) statuses.push((await gateway.get(path, { spec: false })).status);
    expect(statuses).toEqual([200, 200, 429, 429, 429]);
    // 500 more refusals, side by side.
    const more = await Promise.all(Array.from({ length: 500 }, (_, i) => gateway.get(`/blocks/${i + 1}`, { spec: false })));
    expect(new Set(more.map((reply) => reply.status))).toEqual(new Set([429]));
    const exposition = parsePrometheus((await gateway.get('/metrics', { spec: false })).text);
    const count = (route: string, status: number) => exposition.value('symbol_gateway_http_requests_total', { route, method: 'GET', status: String(status) });
    expect([count('/blocks/:height', 200), count('/blocks/:height', 429), count('/chain/info', 429), count('(unmatched)', 429)]).toEqual([2, 501, 1, 1]);

    await new Promise((resolve) => setImmediate(resolve));
    const refusals = entries.filter((entry) => entry.status === 429);
    // Within a second from one address: the first 429 is written, the rest counted for the next line.
    expect(refusals.length).toBeLessThanOrEqual(2);
    expect(refusals[0]).toMatchObject({ msg: 'request', route: '/blocks/:height', url: '/blocks/2', status: 429, remoteAddress: '127.0.0.1' });
    await gateway.gateway.close();
    const left = entries.filter((entry) => entry.status === 429);
    expect(left.at(-1)).toMatchObject({ msg: 'throttled', remoteAddress: '127.0.0.1', status: 429 });
    expect(left.reduce((sum, entry) => sum + (entry.msg === 'request' ? 1 : 0) + ((entry.suppressed as number | undefined) ?? 0), 0)).toBe(503);
    server = undefined;
  });

  it('answers /metrics and the explorer page to a client that spent its requests', async () => {
    const gateway = await start({ throttling: { burst: 1, rate: 0.001 }, metrics: true, explorer: true });
    expect((await gateway.get('/chain/info')).status).toBe(200);
    expect((await gateway.get('/chain/info', { spec: false })).status).toBe(429);
    const answered = [];
    for (let i = 0; i < 5; i++) answered.push((await gateway.get('/metrics', { spec: false })).status, (await gateway.get('/explorer', { spec: false })).status);
    expect(answered).toEqual(Array(10).fill(200));
    // Neither took a token: the scrape did not count against the client's routes either.
    expect((await gateway.get('/chain/info', { spec: false })).status).toBe(429);
  });

  it('throttles them too with throttleAll', async () => {
    const gateway = await start({ throttling: { burst: 1, rate: 0.001, throttleAll: true }, metrics: { path: '/ops/metrics' }, explorer: true });
    expect((await gateway.get('/ops/metrics', { spec: false })).status).toBe(200);
    expect((await gateway.get('/ops/metrics', { spec: false })).status).toBe(429);
    expect((await gateway.get('/explorer', { spec: false })).status).toBe(429);
  });
});
