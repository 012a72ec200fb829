/**
 * `symbol-gateway --store postgres://…`: the process that runs the chain writes it to the
 * database and a `--reader` process serves it from there; a writer started again continues the
 * chain the database holds.
 */
import { once } from 'node:events';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { listening } from '../support/cli.js';
import { usePostgres } from '../support/postgres.js';

const postgres = usePostgres();
const json = async (url: string, init?: RequestInit): Promise<any> => (await fetch(url, init)).json();
const mine = (base: string, count: number) => json(`${base}/dev/mine`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ count }) });

describe('symbol-gateway --store postgres://…', () => {
  it('a writer and a reader process share the chain; a restarted writer continues it', async () => {
    const url = postgres().url;
    const writer = await listening(['--store', url, '--block-time', '0', '--accounts', '2', '--seed', 'stored', '--dev']);
    expect(writer.output()).toMatch(/in-memory testnet, blocks on request; written to postgres:\/\/postgres@127\.0\.0\.1:\d+\/symbol_gateway, at height 1\)/);
    const reader = await listening(['--store', url, '--reader']);
    expect(reader.output()).toMatch(/\(a reader of postgres:\/\//);
    // A database that answers: no warning.
    expect(reader.errors()).not.toContain('warning');
    const mined = await mine(writer.base, 3);
    const last = mined.blocks[2];
    let stored: any;
    for (let i = 0; i < 100; i++) {
      stored = await json(`${reader.base}/chain/info`);
      if (stored.height === '4') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(stored.height).toBe('4');
    expect((await json(`${reader.base}/blocks/4`)).meta.hash).toBe(last.hash);
    // The reader has no chain to control.
    expect((await fetch(`${reader.base}/dev/mine`, { method: 'POST' })).status).toBe(404);

    writer.child.kill('SIGTERM');
    await once(writer.child, 'exit');
    // The seed and accounts come from the database.
    const again = await listening(['--store', url, '--block-time', '0', '--dev']);
    expect(again.output()).toContain('at height 4)');
    await again.printed('funded test accounts');
    const next = await mine(again.base, 1);
    expect(next.blocks[0].height).toBe('5');
    expect((await json(`${again.base}/blocks/4`)).meta.hash).toBe(last.hash);
    again.child.kill('SIGTERM');
    reader.child.kill('SIGTERM');
  }, 60_000);

  it('a writer keeps the development controls off unless --dev', async () => {
    const writer = await listening(['--store', postgres().url, '--block-time', '0']);
    await writer.printed('dev controls: off (--dev turns them on)');
    expect((await fetch(`${writer.base}/dev/mine`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"count":1}' })).status).toBe(404);
    expect((await fetch(`${writer.base}/dev/mining`)).status).toBe(404);
    expect((await json(`${writer.base}/chain/info`)).height).toMatch(/^\d+$/);
  }, 60_000);

  it('--reader --stale-after: /node/health answers 503 once the newest block is older than n block times, 200 after the next; --metrics-path serves the lag', async () => {
    const url = postgres().url;
    // The database's chain (the test before left one), or a new one.
    const writer = await listening(['--store', url, '--block-time', '0', '--dev']);
    await mine(writer.base, 1);
    const reader = await listening(['--store', url, '--reader', '--stale-after', '2', '--metrics-path', '/metrics']);
    const health = async () => {
      const reply = await fetch(`${reader.base}/node/health`);
      return { status: reply.status, body: await reply.json() };
    };
    const until = async (status: number) => {
      let last = await health();
      for (let i = 0; i < 100 && last.status !== status; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        last = await health();
      }
      return last;
    };
    expect(await until(200)).toEqual({ status: 200, body: { status: { apiNode: 'up', db: 'up' } } });
    // The writer stops, and the network's clock stands 90 s later (three of the testnet's 30 s block times) than at its
    // last block: as the writer stores it after `POST /dev/time` (it stores the offset with its next write).
    writer.child.kill('SIGTERM');
    await once(writer.child, 'exit');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ json: string }>(`select json from meta where key = 'timeOffset'`);
      await client.query(`update meta set json = $1 where key = 'timeOffset'`, [JSON.stringify(String(BigInt(JSON.parse(rows[0].json)) + 90_000n))]);
    } finally {
      await client.end();
    }
    expect(await until(503)).toEqual({ status: 503, body: { status: { apiNode: 'down', db: 'up' }, reason: expect.stringMatching(/^the newest block in the database is 9\d s old, more than 2 block times of 30000 ms: is the writer running\?$/) } });
    // A writer again: it continues the chain, at the stored time.
    const again = await listening(['--store', url, '--block-time', '0', '--dev']);
    await mine(again.base, 1);
    expect((await until(200)).status).toBe(200);
    const metrics = await (await fetch(`${reader.base}/metrics`)).text();
    expect(metrics).toMatch(/^symbol_gateway_db_pool_connections\{state="max"\} 10$/m);
    expect(metrics).toMatch(/^symbol_gateway_http_requests_total\{route="\/node\/health",method="GET",status="503"\} [1-9]\d*$/m);
    again.child.kill('SIGTERM');
    reader.child.kill('SIGTERM');
  }, 60_000);
});
