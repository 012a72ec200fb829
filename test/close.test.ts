import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createGateway, type Gateway, type GatewayOptions } from '../src/gateway.js';
import { slowChainInfo, testChain } from './support/server.js';
import { Client } from './support/ws-client.js';

const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

/** The gateway on a node:http server, as `http.createServer(gateway.handle)` plus `attach`. */
async function serve(options: GatewayOptions, listener?: (gateway: Gateway) => http.RequestListener): Promise<{ gateway: Gateway; base: string }> {
  const gateway = createGateway({ logger: { error() {} }, ...options });
  const server = http.createServer(listener ? listener(gateway) : gateway.handle);
  gateway.attach(server);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { gateway, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** A GET that reports a reset connection as a value instead of a rejection. */
async function get(url: string): Promise<{ status: number; body: any } | { error: string }> {
  try {
    const response = await fetch(url);
    return { status: response.status, body: await response.json() };
  } catch (error) {
    return { error: String((error as Error & { cause?: unknown }).cause ?? error) };
  }
}

describe('gateway.close()', () => {
  it('lets a request in flight finish with 200, answers new ones 503, then resolves and closes the backend', async () => {
    const backend = slowChainInfo(300);
    const { gateway, base } = await serve({ backend });

    const inFlight = get(`${base}/chain/info`);
    await expect.poll(() => backend.asked).toBe(1); // the request is now waiting on the backend (a busy machine may take longer than a tick)
    const started = performance.now();
    const closed = gateway.close().then(() => performance.now() - started);

    const late = await get(`${base}/blocks/1`);
    expect(late).toEqual({ status: 503, body: { code: 'ServiceUnavailable', message: 'the gateway is shutting down' } });
    const preflight = await fetch(`${base}/blocks`, { method: 'OPTIONS', headers: { origin: 'https://a.example' } });
    expect(preflight.status).toBe(503);
    expect(backend.closed).toBe(0);

    const first = await inFlight;
    expect(first).toMatchObject({ status: 200, body: { height: '1' } });
    const closedAfter = await closed;
    expect(closedAfter).toBeGreaterThanOrEqual(200);
    expect(closedAfter).toBeLessThan(1_000);
    expect(backend.closed).toBe(1);
  });

  it('destroys a response still in flight after closeGracePeriod', async () => {
    const backend = slowChainInfo('never');
    const { gateway, base } = await serve({ backend, backendTimeout: false, closeGracePeriod: 200 });

    const hanging = get(`${base}/chain/info`);
    await expect.poll(() => backend.asked).toBe(1);
    const started = performance.now();
    await gateway.close();
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(190);
    expect(elapsed).toBeLessThan(800);
    expect(await hanging).toHaveProperty('error');
    expect(backend.closed).toBe(1);
  });

  it('resolves at once when nothing is in flight, and returns the same promise every time', async () => {
    const backend = slowChainInfo(0);
    const { gateway } = await serve({ backend });
    const first = gateway.close();
    expect(gateway.close()).toBe(first);
    const started = performance.now();
    await first;
    expect(performance.now() - started).toBeLessThan(200);
    expect(backend.closed).toBe(1);
  });

  it('closes WebSockets with 1001 and refuses new upgrades', async () => {
    const { gateway, base } = await serve({ backend: testChain() });
    const wsUrl = `${base.replace('http', 'ws')}/ws`;
    const client = await Client.connect(wsUrl);
    await gateway.close();
    expect(await client.closed).toMatchObject({ code: 1001 });
    await expect(Client.connect(wsUrl)).rejects.toThrow(/503/);
  });

  it('mounted in an app, answers 503 for gateway routes only: the app goes on serving its own', async () => {
    const { gateway, base } = await serve({ backend: testChain() }, (gateway) => (req, res) =>
      void gateway.handle(req, res, () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"app":true}')),
    );
    await gateway.close();
    expect(await get(`${base}/app/page`)).toEqual({ status: 200, body: { app: true } });
    expect(await get(`${base}/chain/info`)).toMatchObject({ status: 503 });
  });

  it('lets a process that closed the gateway and its server exit on its own', async () => {
    const fixture = fileURLToPath(new URL('./fixtures/close-exits.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', fixture], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let closingAt: number | undefined;
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      if (closingAt === undefined && stdout.includes('closing')) closingAt = performance.now();
    });
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    const code = await new Promise<number | null>((resolve) => child.on('exit', (exitCode) => resolve(exitCode)));
    clearTimeout(killer);
    const exitedAfter = performance.now() - (closingAt ?? Number.NaN);

    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain('websocket closed with 1001');
    expect(stdout).toContain('hanging request cut off');
    expect(exitedAfter).toBeLessThan(3_000);
  });
});
