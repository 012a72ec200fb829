import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createGateway, GATEWAY_DEFAULTS, type Gateway, type GatewayOptions } from '../../src/gateway.js';
import type { GatewayBackend } from '../../src/index.js';
import { slowChainInfo, startGateway, testChain, TestServer } from '../support/server.js';

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

async function start(options: GatewayOptions = {}): Promise<TestServer> {
  const server = await startGateway(options);
  stops.push(() => server.close());
  return server;
}

/** A gateway on a node:http server of the test's making, as an app mounts it (`next` given or not). */
async function listen(gateway: Gateway, listener: http.RequestListener, serverOptions: http.ServerOptions = {}): Promise<{ server: http.Server; base: string }> {
  const server = http.createServer(serverOptions, listener);
  gateway.attach(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stops.push(async () => {
    await gateway.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** `/chain/info?pad=xxx` exactly `length` bytes long. */
function targetOf(length: number, path = '/chain/info'): string {
  const prefix = `${path}?pad=`;
  return prefix + 'x'.repeat(length - prefix.length);
}

describe('GATEWAY_DEFAULTS', () => {
  it('holds a documented default for every limit and timeout', () => {
    expect(GATEWAY_DEFAULTS).toMatchObject({
      bodyLimit: 1024 * 1024,
      maxUrlLength: 4096,
      maxQueryParameters: 64,
      backendTimeout: 10_000,
      closeGracePeriod: 10_000,
      headersTimeout: 10_000,
      requestTimeout: 30_000,
      keepAliveTimeout: 65_000,
      cors: { origins: '*', maxAge: 600 },
    });
    // Node refuses a server whose headersTimeout is over its requestTimeout.
    expect(GATEWAY_DEFAULTS.headersTimeout).toBeLessThanOrEqual(GATEWAY_DEFAULTS.requestTimeout);
  });
});

describe('maxUrlLength', () => {
  it('answers a 4097-byte request target with 414 UriTooLong, without echoing it', async () => {
    const server = await start();
    const reply = await server.get(targetOf(4097));
    expect(reply.status).toBe(414);
    expect(reply.body).toEqual({ code: 'UriTooLong', message: 'request target is longer than 4096 bytes' });
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.text).not.toContain('xxxx');
  });

  it('serves a request target of exactly 4096 bytes', async () => {
    const server = await start();
    const reply = await server.get(targetOf(4096), { spec: false });
    expect(reply.status).toBe(200);
  });

  it('refuses before routing: an over-long unknown path is 414, not 404', async () => {
    const server = await start();
    const reply = await server.get(`/${'a'.repeat(5000)}`);
    expect(reply.status).toBe(414);
    expect(reply.body.code).toBe('UriTooLong');
  });

  it('counts the path and the query together, as configured', async () => {
    const server = await start({ maxUrlLength: 40 });
    expect((await server.get(targetOf(40), { spec: false })).status).toBe(200);
    const reply = await server.get(targetOf(41));
    expect(reply.status).toBe(414);
    expect(reply.body.message).toBe('request target is longer than 40 bytes');
  });

  it('refuses an over-long preflight too', async () => {
    const server = await start({ maxUrlLength: 40 });
    const reply = await server.request('OPTIONS', targetOf(41, '/blocks'), { headers: { origin: 'https://a.example' } });
    expect(reply.status).toBe(414);
  });

  it('mounted with next, leaves an over-long target for the app to the app and refuses one for a gateway route', async () => {
    const gateway = createGateway({ backend: testChain(), maxUrlLength: 100 });
    const { base } = await listen(gateway, (req, res) => void gateway.handle(req, res, () => res.writeHead(200).end('app')));
    const app = await fetch(`${base}/app/search?q=${'a'.repeat(200)}`);
    expect(app.status).toBe(200);
    expect(await app.text()).toBe('app');
    const mine = await fetch(`${base}/blocks?q=${'a'.repeat(200)}`);
    expect(mine.status).toBe(414);
    expect(((await mine.json()) as { code: string }).code).toBe('UriTooLong');
    const param = await fetch(`${base}/blocks/${'1'.repeat(200)}`);
    expect(param.status).toBe(414);
  });

  it('rejects a maxUrlLength that is not a positive integer', () => {
    expect(() => createGateway({ backend: testChain(), maxUrlLength: 0 })).toThrow(/maxUrlLength must be a positive integer/);
    expect(() => createGateway({ backend: testChain(), maxUrlLength: 1.5 })).toThrow(/maxUrlLength/);
  });
});

describe('maxQueryParameters', () => {
  const types = (count: number) => Array.from({ length: count }, () => 'type=16724').join('&');

  it('serves 64 query parameters', async () => {
    const server = await start();
    const reply = await server.get(`/transactions/confirmed?${types(64)}`);
    expect(reply.status).toBe(200);
  });

  it('answers 65 query parameters with 409 InvalidArgument', async () => {
    const server = await start();
    const reply = await server.get(`/transactions/confirmed?${types(65)}`);
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual({ code: 'InvalidArgument', message: 'too many query parameters: at most 64 are allowed' });
  });

  it('counts them on a route that never reads its query too', async () => {
    const server = await start();
    expect((await server.get(`/blocks/1?${types(64)}`)).status).toBe(200);
    const reply = await server.get(`/blocks/1?${types(65)}`);
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual({ code: 'InvalidArgument', message: 'too many query parameters: at most 64 are allowed' });
  });

  it('does not count empty pieces between separators, as URLSearchParams does not', async () => {
    const server = await start({ maxQueryParameters: 2 });
    expect((await server.get('/blocks?&&pageSize=10&&&order=asc&')).status).toBe(200);
    expect((await server.get('/blocks?pageSize=10&order=asc&x')).status).toBe(409);
  });

  it('counts only for gateway routes: an unknown path stays 404', async () => {
    const server = await start({ maxQueryParameters: 1 });
    const reply = await server.get('/nowhere?a=1&b=2&c=3');
    expect(reply.status).toBe(404);
  });

  it('allows 0: no query at all', async () => {
    const server = await start({ maxQueryParameters: 0 });
    expect((await server.get('/chain/info')).status).toBe(200);
    expect((await server.get('/chain/info?', { spec: false })).status).toBe(200);
    expect((await server.get('/chain/info?a')).status).toBe(409);
  });
});

describe('server timeouts set by gateway.attach', () => {
  it('sets headersTimeout 10 s, requestTimeout 30 s and keepAliveTimeout 65 s by default, and detach restores the server', () => {
    const gateway = createGateway({ backend: testChain() });
    const server = http.createServer();
    const before = { headersTimeout: server.headersTimeout, requestTimeout: server.requestTimeout, keepAliveTimeout: server.keepAliveTimeout };
    const detach = gateway.attach(server);
    expect(server.headersTimeout).toBe(10_000);
    expect(server.requestTimeout).toBe(30_000);
    expect(server.keepAliveTimeout).toBe(65_000);
    detach();
    expect({ headersTimeout: server.headersTimeout, requestTimeout: server.requestTimeout, keepAliveTimeout: server.keepAliveTimeout }).toEqual(before);
    return gateway.close();
  });

  it('sets the configured values, and leaves the server its own where an option is false', () => {
    const gateway = createGateway({ backend: testChain(), headersTimeout: false, requestTimeout: 20_000, keepAliveTimeout: 5_000 });
    const server = http.createServer({ headersTimeout: 7_000 });
    gateway.attach(server);
    expect(server.headersTimeout).toBe(7_000);
    expect(server.requestTimeout).toBe(20_000);
    expect(server.keepAliveTimeout).toBe(5_000);
    return gateway.close();
  });

  it('lowers the default headersTimeout to a lower requestTimeout', () => {
    const gateway = createGateway({ backend: testChain(), requestTimeout: 4_000 });
    const server = http.createServer();
    gateway.attach(server);
    expect(server.headersTimeout).toBe(4_000);
    expect(server.requestTimeout).toBe(4_000);
    return gateway.close();
  });

  it('rejects a headersTimeout over the requestTimeout, as node does', () => {
    expect(() => createGateway({ backend: testChain(), headersTimeout: 5_000, requestTimeout: 4_000 })).toThrow(RangeError);
  });

  it.each([
    ['headersTimeout', -1],
    ['requestTimeout', 1.5],
    ['keepAliveTimeout', 2 ** 31],
    ['backendTimeout', 0],
    ['closeGracePeriod', false],
  ])('rejects %s %s', (name, value) => {
    expect(() => createGateway({ backend: testChain(), [name]: value })).toThrow(new RegExp(`^${name} must be`));
  });

  it('leaves a server that is not node:http alone (an upgrade emitter without timeouts)', async () => {
    const gateway = createGateway({ backend: testChain() });
    const { EventEmitter } = await import('node:events');
    const emitter = new EventEmitter();
    gateway.attach(emitter);
    expect('headersTimeout' in emitter).toBe(false);
    await gateway.close();
  });

  it('disconnects a slowloris client with 408 after headersTimeout while serving another client', async () => {
    const gateway = createGateway({ backend: testChain(), headersTimeout: 300, requestTimeout: 1_000 });
    // node checks the timeouts every connectionsCheckingInterval (30 s by default).
    const { server, base } = await listen(gateway, gateway.handle, { connectionsCheckingInterval: 50 });
    const { port } = server.address() as AddressInfo;

    const started = performance.now();
    const slow = net.connect(port, '127.0.0.1');
    slow.write('GET /chain/info HTTP/1.1\r\nHost: localhost\r\n');
    const drip = setInterval(() => slow.write('X'), 50); // a header name, one byte at a time, forever
    let received = '';
    slow.on('data', (chunk) => (received += chunk));
    const closed = new Promise<number>((resolve) => slow.on('close', () => resolve(performance.now() - started)));
    slow.on('error', () => {});

    await new Promise((resolve) => setTimeout(resolve, 100));
    const other = await fetch(`${base}/chain/info`);
    const servedAt = performance.now() - started;
    expect(other.status).toBe(200);

    const closedAfter = await closed;
    clearInterval(drip);
    expect(received).toMatch(/^HTTP\/1\.1 408 Request Timeout/);
    expect(closedAfter).toBeGreaterThanOrEqual(300);
    expect(closedAfter).toBeLessThan(1_500);
    expect(servedAt).toBeLessThan(closedAfter);
  });
});

describe('backendTimeout', () => {
  it('answers 503 when the backend takes longer, ignores its late answer, and serves again right after', async () => {
    const server = await start({ backend: slowChainInfo(500), backendTimeout: 100 });
    const started = performance.now();
    const reply = await server.get('/chain/info');
    const elapsed = performance.now() - started;
    expect(reply.status).toBe(503);
    expect(reply.body).toEqual({ code: 'ServiceUnavailable', message: 'the backend did not answer within 100 ms' });
    expect(elapsed).toBeGreaterThanOrEqual(95);
    expect(elapsed).toBeLessThan(400);

    expect((await server.get('/blocks/1')).status).toBe(200);
    // The late answer arrives while nothing waits for it: no write after end, no crash.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await server.get('/blocks/1')).status).toBe(200);
  });

  it('ignores a late rejection too', async () => {
    const chain = testChain();
    const backend: GatewayBackend = {
      ...slowChainInfo(0, chain),
      chain: { info: () => new Promise((_, reject) => setTimeout(() => reject(new Error('late failure')), 200)) },
    };
    const logged: unknown[] = [];
    const server = await start({ backend, backendTimeout: 50, logger: { error: (_message, error) => logged.push(error) } });
    expect((await server.get('/chain/info')).status).toBe(503);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(logged).toEqual([]);
    expect((await server.get('/node/health')).status).toBe(200);
  });

  it('serves a backend that answers within the limit', async () => {
    const server = await start({ backend: slowChainInfo(50), backendTimeout: 1_000 });
    const reply = await server.get('/chain/info');
    expect(reply.status).toBe(200);
    expect(reply.body.height).toBe('1');
  });

  it('covers an app route on the gateway router as well', async () => {
    const server = await start({ backendTimeout: 50 });
    server.gateway.router.get('/app/slow', () => new Promise((resolve) => setTimeout(() => resolve({ ok: true }), 300)));
    const reply = await server.get('/app/slow', { spec: false });
    expect(reply.status).toBe(503);
  });

  it('waits as long as it takes when false', async () => {
    const server = await start({ backend: slowChainInfo(150), backendTimeout: false });
    expect((await server.get('/chain/info')).status).toBe(200);
  });
});
