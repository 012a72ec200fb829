/** The command's operator settings: Prometheus metrics, the access log and its level, a reader's staleness. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readableLogLine } from '../src/http/access-log.js';
import { finished, listening } from './support/cli.js';
import { parsePrometheus } from './support/prometheus.js';

describe('symbol-gateway metrics and logs', () => {
  it('--metrics-port serves Prometheus metrics on a port of their own, counting the gateway’s requests', async () => {
    const { base, printed, output } = await listening(['--metrics-port', '0', '--block-time', '0', '--accounts', '1']);
    await printed('metrics: ');
    const metrics = /metrics: (http:\/\/\S+)/.exec(output())![1];
    expect(metrics).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    expect(new URL(metrics).port).not.toBe(new URL(base).port);
    expect((await fetch(`${base}/metrics`)).status).toBe(404);
    expect((await fetch(`${base}/blocks/1`)).status).toBe(200);
    const reply = await fetch(metrics);
    expect(reply.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const exposition = parsePrometheus(await reply.text());
    expect(exposition.value('symbol_gateway_http_requests_total', { route: '/blocks/:height', method: 'GET', status: '200' })).toBe(1);
    // prom-client's process metrics come along.
    expect(exposition.types.get('process_cpu_user_seconds_total')).toBe('counter');
    expect((await fetch(new URL('/other', metrics))).status).toBe(404);
  }, 60_000);

  it('takes metricsPath and logLevel from the config file, and writes a JSON access line per request when stdout is no terminal', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'symbol-gateway-config-'));
    try {
      const config = join(directory, 'gateway.json');
      await writeFile(config, JSON.stringify({ metricsPath: '/ops/metrics', logLevel: 'info', blockTime: 0, accounts: 1 }));
      const { base, printed, output } = await listening(['--config', config]);
      await printed(`metrics: ${base}/ops/metrics`);
      expect((await fetch(`${base}/blocks/1`, { headers: { 'x-request-id': 'cli-1' } })).status).toBe(200);
      expect(parsePrometheus(await (await fetch(`${base}/ops/metrics`)).text()).value('symbol_gateway_http_requests_total', { route: '/blocks/:height', method: 'GET', status: '200' })).toBe(1);
      await printed('"reqId":"cli-1"');
      const line = output().split('\n').find((text) => text.includes('"reqId":"cli-1"'))!;
      expect(JSON.parse(line)).toMatchObject({ level: 30, msg: 'request', reqId: 'cli-1', method: 'GET', route: '/blocks/:height', url: '/blocks/1', status: 200, duration: expect.any(Number), remoteAddress: '127.0.0.1' });
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }, 60_000);

  it('--log-level warn leaves the access log out', async () => {
    const { base, output } = await listening(['--log-level', 'warn', '--block-time', '0', '--accounts', '1']);
    expect((await fetch(`${base}/blocks/1`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(output()).not.toContain('"msg":"request"');
  }, 60_000);

  it('refuses a bad level, metrics path or port, and --stale-after or --primary without --reader', async () => {
    const cases: [string[], RegExp][] = [
      [['--log-level', 'loud'], /--log-level must be one of fatal, error, warn, info, debug, trace, silent, not 'loud'/],
      [['--metrics-path', 'metrics'], /--metrics-path must be a path \(\/metrics\), not 'metrics'/],
      [['--metrics-port', '70000'], /--metrics-port must be a whole number from 0 to 65535/],
      [['--stale-after', '3'], /--stale-after goes with --reader/],
      [['--store', 'postgres://x', '--reader', '--stale-after', '0'], /--stale-after must be a whole number from 1/],
      [['--store', 'postgres://x', '--primary', 'postgres://y'], /--primary goes with --reader/],
      [['--store', 'postgres://x', '--reader', '--primary', 'primary.example'], /--primary must be a PostgreSQL URL \(postgres:\/\/…\), not 'primary.example'/],
    ];
    const outcomes = await Promise.all(cases.map(([args]) => finished(args)));
    outcomes.forEach(({ code, stderr }, i) => {
      expect([cases[i][0], code]).toEqual([cases[i][0], 2]);
      expect(stderr).toMatch(cases[i][1]);
    });
  }, 60_000);

  it('--help documents the operator settings', async () => {
    const { stdout } = await finished(['--help']);
    for (const flag of ['--metrics-path', '--metrics-port', '--log-level', '--stale-after', '--primary']) expect(stdout).toContain(flag);
  });
});

describe('readableLogLine', () => {
  it('writes an access entry as one line a person reads', () => {
    const line = JSON.stringify({ level: 30, time: Date.UTC(2026, 0, 1, 12, 0, 1, 42), pid: 1, hostname: 'h', reqId: 3, method: 'GET', route: '/blocks/:height', url: '/blocks/1', status: 200, duration: 1.2, remoteAddress: '127.0.0.1', msg: 'request' });
    expect(readableLogLine(line)).toBe('12:00:01.042 INFO  GET /blocks/1 200 1.2 ms (/blocks/:height) 127.0.0.1 #3');
    expect(readableLogLine(JSON.stringify({ ...JSON.parse(line), route: '(unmatched)', url: '/nope', status: 404 }))).toBe('12:00:01.042 INFO  GET /nope 404 1.2 ms (unmatched) 127.0.0.1 #3');
  });

  it("says how many of a throttled address's 429s were left out", () => {
    const line = JSON.stringify({ level: 30, time: Date.UTC(2026, 0, 1, 12, 0, 1, 42), reqId: 9, method: 'GET', route: '/blocks/:height', url: '/blocks/1', status: 429, duration: 0.1, remoteAddress: '192.0.2.1', suppressed: 1666, msg: 'request' });
    expect(readableLogLine(line)).toBe('12:00:01.042 INFO  GET /blocks/1 429 0.1 ms (/blocks/:height) 192.0.2.1 #9 (1666 more 429s not logged)');
    expect(readableLogLine(JSON.stringify({ level: 30, time: Date.UTC(2026, 0, 1), remoteAddress: '192.0.2.1', status: 429, suppressed: 5, msg: 'throttled' }))).toBe('00:00:00.000 INFO  throttled {"remoteAddress":"192.0.2.1","status":429,"suppressed":5}');
  });

  it('writes another entry as its message and fields, and leaves a line that is not JSON as it is', () => {
    expect(readableLogLine(JSON.stringify({ level: 50, time: Date.UTC(2026, 0, 1), msg: 'GET /x failed', err: { message: 'boom' } }))).toBe('00:00:00.000 ERROR GET /x failed {"err":{"message":"boom"}}');
    expect(readableLogLine('plain text')).toBe('plain text');
  });
});
