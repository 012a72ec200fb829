/**
 * A PostgreSQL reader tells the truth about its writer: `/node/health` answers 503 with the reason
 * once the database's newest block is older than `staleAfter` block times, and 200 again once a
 * writer brings it forward; `/metrics` shows the lag going up and coming back.
 */
import { describe, expect, it } from 'vitest';
import { InMemoryChain } from '../../src/in-memory-chain.js';
import { createPostgresBackend } from '../../src/postgres/backend.js';
import { usePostgresStore } from '../support/postgres.js';
import { parsePrometheus } from '../support/prometheus.js';
import { startGateway, type TestServer } from '../support/server.js';

const { postgres, cleanups, writerOn } = usePostgresStore();

/** Polls `check` every 50 ms until it holds (or `ms` pass, then fails with what it saw last). */
async function until<T>(what: string, read: () => Promise<T>, check: (value: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > end) throw new Error(`${what}: still ${JSON.stringify(value)} after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function metrics(reader: TestServer) {
  const reply = await reader.get('/metrics', { spec: false });
  expect(reply.status).toBe(200);
  return parsePrometheus(reply.text);
}

describe('a PostgreSQL reader with staleAfter', () => {
  it('answers 503 with the reason once its writer stops, and 200 once a writer is back; its lag metric follows', async () => {
    // Blocks every 100 ms on the real clock; the reader counts 3 block times of 300 ms.
    const chain = new InMemoryChain({ blockInterval: 100 });
    cleanups.push(async () => chain.close());
    const writer = await writerOn(chain);
    const reader = await startGateway({ backend: createPostgresBackend({ url: postgres().url, staleAfter: 3, blockTime: 300 }), metrics: true });
    cleanups.push(() => reader.close());
    const health = () => reader.get('/node/health');

    await until('health while the writer runs', health, (reply) => reply.status === 200);
    expect((await health()).body).toEqual({ status: { apiNode: 'up', db: 'up' } });
    const running = await until('lag while the writer runs', () => metrics(reader), (m) => m.value('symbol_gateway_chain_events_total', { channel: 'block' }) !== undefined && m.value('symbol_gateway_event_lag_seconds')! < 0.5);
    expect(running.value('symbol_gateway_event_lag_blocks')).toBeLessThanOrEqual(5);
    expect(running.value('symbol_gateway_db_pool_connections', { state: 'max' })).toBe(10);
    expect(running.value('symbol_gateway_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    expect(running.value('symbol_gateway_db_query_errors_total')).toBe(0);
    const eventsBefore = running.value('symbol_gateway_chain_events_total', { channel: 'block' })!;
    expect(eventsBefore).toBeGreaterThan(0);

    await writer.close();
    const stopped = await until('health once the writer stopped', health, (reply) => reply.status === 503);
    expect(stopped.body).toEqual({ status: { apiNode: 'down', db: 'up' }, reason: expect.stringMatching(/^the newest block in the database is \d+ s old, more than 3 block times of 300 ms: is the writer running\?$/) });
    // The lag counts from the last event the reader delivered, which came a little after its block: it passes 0.9 s soon after.
    const lagging = await until('lag once the writer stopped', () => metrics(reader), (m) => m.value('symbol_gateway_event_lag_seconds')! > 0.9);
    expect(lagging.value('symbol_gateway_event_lag_seconds')).toBeGreaterThan(0.9);

    // A writer again: it catches up with the chain, which harvested on meanwhile.
    await writerOn(chain);
    await until('health once a writer is back', health, (reply) => reply.status === 200);
    // Its catch-up is one revision event; the blocks harvested after it bring block events again.
    const back = await until('lag and block events once a writer is back', () => metrics(reader), (m) => m.value('symbol_gateway_event_lag_seconds')! < 0.5 && m.value('symbol_gateway_chain_events_total', { channel: 'block' })! > eventsBefore);
    expect(back.value('symbol_gateway_chain_events_total', { channel: 'block' })).toBeGreaterThan(eventsBefore);
  }, 60_000);

  it('is healthy on a stopped database without staleAfter, as before', async () => {
    const chain = new InMemoryChain({ blockInterval: false });
    cleanups.push(async () => chain.close());
    const writer = await writerOn(chain);
    await writer.close();
    const reader = await startGateway({ backend: createPostgresBackend({ url: postgres().url }) });
    cleanups.push(() => reader.close());
    expect((await reader.get('/node/health')).status).toBe(200);
  });

  it('refuses a staleAfter that is not a positive whole number', () => {
    expect(() => createPostgresBackend({ url: postgres().url, staleAfter: 0 })).toThrow('staleAfter must be a positive whole number, not 0');
    expect(() => createPostgresBackend({ url: postgres().url, blockTime: 1.5 })).toThrow('blockTime must be a positive whole number, not 1.5');
  });
});
