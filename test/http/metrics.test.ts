import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { Registry } from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';
import type { GatewayOptions } from '../../src/index.js';
import type { InMemoryChain } from '../../src/in-memory-chain.js';
import { mountPrefix } from '../support/mounts.js';
import { POSTGRES_BACKEND } from '../support/postgres-mount.js';
import { parsePrometheus, type Exposition } from '../support/prometheus.js';
import { slowChainInfo, startGateway, testChain, type TestServer } from '../support/server.js';
import { Client } from '../support/ws-client.js';

/** Prometheus's promtool: on PATH, or put there from Debian's prometheus package (scripts/ensure-promtool.sh, which CI runs first). */
function promtool(): string {
  const find = () => spawnSync('sh', ['-c', 'command -v promtool'], { encoding: 'utf8' });
  if (find().status !== 0) execFileSync('bash', [fileURLToPath(new URL('../../scripts/ensure-promtool.sh', import.meta.url))], { stdio: 'inherit' });
  return find().stdout.trim();
}

// The in-memory chain's own metrics; a PostgreSQL reader's lag and pool are test/postgres/health.test.ts's.
describe.skipIf(POSTGRES_BACKEND)('GET /metrics', () => {
  let server: TestServer & { chain: InMemoryChain };
  const clients: Client[] = [];
  afterEach(async () => {
    for (const client of clients.splice(0)) client.socket.terminate();
    await server?.close();
  });

  async function start(options: GatewayOptions = {}): Promise<void> {
    server = await startGateway({ metrics: true, ...options });
  }

  async function scrape(path = '/metrics'): Promise<Exposition> {
    const reply = await server.get(path, { spec: false });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return parsePrometheus(reply.text);
  }

  const requests = (route: string, status: number, method = 'GET') => ({ route, method, status: String(status) });

  it('is off unless asked for', async () => {
    server = await startGateway();
    expect((await server.get('/metrics', { spec: false })).status).toBe(404);
    expect(server.gateway.metrics).toBeUndefined();
  });

  it('counts requests by route template, method and status, never by raw URL, and observes their latency', async () => {
    await start();
    const before = await scrape();
    expect(before.value('symbol_gateway_http_requests_total', requests('/blocks/:height', 200))).toBeUndefined();
    await server.get('/blocks/1');
    await server.get('/blocks/1');
    await server.get('/blocks/999999');
    await server.get('/no/such/route');
    await server.request('DELETE', '/blocks/1', { spec: false });
    const after = await scrape();
    expect(after.value('symbol_gateway_http_requests_total', requests('/blocks/:height', 200))).toBe(2);
    expect(after.value('symbol_gateway_http_requests_total', requests('/blocks/:height', 404))).toBe(1);
    expect(after.value('symbol_gateway_http_requests_total', requests('(unmatched)', 404))).toBe(1);
    expect(after.value('symbol_gateway_http_requests_total', requests('(unmatched)', 405, 'DELETE'))).toBe(1);
    expect(after.value('symbol_gateway_http_request_duration_seconds_count', { route: '/blocks/:height', method: 'GET' })).toBe(3);
    expect(after.value('symbol_gateway_http_request_duration_seconds_sum', { route: '/blocks/:height', method: 'GET' })).toBeGreaterThan(0);
    // The first scrape counts in the second: /metrics is a route like any other.
    expect(after.value('symbol_gateway_http_requests_total', requests('/metrics', 200))).toBe(1);
    expect(after.samples.some((sample) => Object.values(sample.labels).some((value) => value.includes('999999') || value.includes('/no/such')))).toBe(false);
  });

  it('counts an answer kept by the answer memo under its route', async () => {
    await start();
    for (let i = 0; i < 3; i++) expect((await server.get('/chain/info')).status).toBe(200);
    expect((await scrape()).value('symbol_gateway_http_requests_total', requests('/chain/info', 200))).toBe(3);
  });

  it('shows a request in flight while the backend answers it', async () => {
    await start({ backend: slowChainInfo(300, testChain()) });
    const pending = server.get('/chain/info');
    await new Promise((resolve) => setTimeout(resolve, 100));
    // This scrape is in flight itself.
    expect((await scrape()).value('symbol_gateway_http_requests_in_flight')).toBe(2);
    expect((await pending).status).toBe(200);
    expect((await scrape()).value('symbol_gateway_http_requests_in_flight')).toBe(1);
  });

  it('follows WebSocket connections, subscriptions, frames sent and chain events as blocks are harvested', async () => {
    await start();
    const empty = await scrape();
    expect(empty.value('symbol_gateway_ws_connections')).toBe(0);
    expect(empty.value('symbol_gateway_ws_frames_sent_total')).toBe(0);
    const client = await Client.connect(server.wsUrl);
    clients.push(client);
    await client.subscribe('block', 'finalizedBlock');
    await server.chain.dev.mine(2);
    await client.next();
    await client.next();
    await server.gateway.hub.delivered();
    const after = await scrape();
    expect(after.value('symbol_gateway_ws_connections')).toBe(1);
    expect(after.value('symbol_gateway_ws_subscriptions')).toBe(2);
    expect(after.value('symbol_gateway_ws_frames_sent_total')).toBe(server.gateway.hub.framesSent);
    expect(after.value('symbol_gateway_ws_frames_sent_total')).toBeGreaterThanOrEqual(2);
    expect(after.value('symbol_gateway_chain_events_total', { channel: 'block' })).toBe(2);
    expect(after.value('symbol_gateway_event_lag_seconds')).toBeLessThan(5);
    client.socket.terminate();
    await client.closed;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await scrape()).value('symbol_gateway_ws_connections')).toBe(0);
  });

  // Prometheus's own check of the format (parse and lint).
  it('passes promtool check metrics with every family filled: requests, latency, sockets, frames, events', async () => {
    await start();
    const client = await Client.connect(server.wsUrl);
    clients.push(client);
    await client.subscribe('block');
    await server.chain.dev.mine(1);
    await client.next();
    for (const path of ['/blocks/1', '/blocks/99', '/nothing']) await server.get(path, { spec: false });
    const text = (await server.get('/metrics', { spec: false })).text;
    expect(text).toMatch(/^symbol_gateway_http_request_duration_seconds_bucket\{/m);
    const tool = promtool();
    const check = spawnSync(tool, ['check', 'metrics'], { input: text, encoding: 'utf8' });
    expect({ status: check.status, output: `${check.stdout}${check.stderr}` }).toEqual({ status: 0, output: '' });
    // And it fails on what is not the format: the check can fail.
    expect(spawnSync(tool, ['check', 'metrics'], { input: 'symbol_gateway_x{a="1" 1\n', encoding: 'utf8' }).status).not.toBe(0);
  });

  it('counts the frames a subscriber that stopped reading does not get', async () => {
    await start({ ws: { maxBufferedBytes: 64 * 1024 } });
    const slow = await Client.connect(server.wsUrl);
    clients.push(slow);
    await slow.subscribe('block');
    (slow.socket as unknown as { _socket: { pause(): void } })._socket.pause();
    const padding = 'x'.repeat(64 * 1024);
    for (let seq = 0; seq < 200 && server.gateway.hub.connectionCount > 0; seq++) {
      server.gateway.hub.publish({ channel: 'block', addresses: [], data: { seq, padding } });
      await server.gateway.hub.delivered();
      await new Promise((resolve) => setImmediate(resolve));
    }
    const after = await scrape();
    expect(after.value('symbol_gateway_ws_frames_dropped_total')).toBeGreaterThan(0);
    expect(after.value('symbol_gateway_ws_frames_dropped_total')).toBe(server.gateway.hub.framesDropped);
  });

  it("goes into the app's own registry, at the path given", async () => {
    const registry = new Registry();
    await start({ metrics: { path: '/ops/metrics', registry } });
    expect((await server.get('/metrics', { spec: false })).status).toBe(404);
    await server.get('/chain/info');
    expect((await scrape('/ops/metrics')).value('symbol_gateway_http_requests_total', requests('/chain/info', 200))).toBe(1);
    expect(registry.getSingleMetric('symbol_gateway_http_requests_total')).toBeDefined();
    expect(server.gateway.metrics?.registry).toBe(registry);
  });
});

describe.skipIf(POSTGRES_BACKEND)('accessLog', () => {
  let server: TestServer | undefined;
  afterEach(() => server?.close());

  /** A pino logger writing its lines into an array. */
  function collectingLogger(): { logger: ReturnType<typeof pino>; lines: string[] } {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter((line) => line !== ''));
        done();
      },
    });
    return { logger: pino({ level: 'info' }, stream), lines };
  }

  it('writes one JSON line per request with its id, route, status, duration and client address', async () => {
    const { logger, lines } = collectingLogger();
    server = await startGateway({ accessLog: logger });
    await server.get('/blocks/1');
    await server.get('/blocks/999999', { headers: { 'x-request-id': 'abc-123' } });
    await server.get('/nowhere');
    await new Promise((resolve) => setImmediate(resolve));
    const entries = lines.map((line) => JSON.parse(line));
    expect(entries).toHaveLength(3);
    // Under a prefix, Express's originalUrl is logged with it; koa-mount leaves the request its stripped path.
    const url = (path: string) => expect.stringMatching(new RegExp(`^(${mountPrefix()})?${path}$`));
    expect(entries[0]).toMatchObject({ level: 30, msg: 'request', reqId: expect.any(Number), method: 'GET', route: '/blocks/:height', url: url('/blocks/1'), status: 200, remoteAddress: '127.0.0.1' });
    expect(entries[0].duration).toBeGreaterThan(0);
    expect(entries[0].time).toEqual(expect.any(Number));
    expect(entries[1]).toMatchObject({ reqId: 'abc-123', route: '/blocks/:height', status: 404 });
    expect(entries[2]).toMatchObject({ route: '(unmatched)', url: url('/nowhere'), status: 404 });
    expect(entries[2].reqId).toBe(entries[0].reqId + 1);
  });

  it('writes nothing below its level', async () => {
    const { logger, lines } = collectingLogger();
    logger.level = 'warn';
    server = await startGateway({ accessLog: logger });
    await server.get('/blocks/1');
    expect(lines).toEqual([]);
  });
});
