import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway, GatewayError, InvalidArgumentError, type GatewayBackend } from '../../src/index.js';
import { assertMatchesSpec } from '../support/openapi.js';
import { POSTGRES_BACKEND } from '../support/postgres-mount.js';
import { startGateway, testChain, TestServer } from '../support/server.js';

const json = { 'content-type': 'application/json' };

describe('HTTP contract', () => {
  let server: Awaited<ReturnType<typeof startGateway>>;
  const received: unknown[] = [];

  beforeAll(async () => {
    server = await startGateway({ bodyLimit: 1024 });
    // An app's own routes beside the Symbol ones, through the exposed router.
    server.gateway.router.post('/app/echo', (ctx) => {
      received.push(ctx.body);
      return { echoed: ctx.body };
    });
    server.gateway.router.put('/app/accepted', (ctx) => {
      ctx.status = 202;
      return { message: 'accepted' };
    });
    server.gateway.router.get('/app/boom', () => {
      throw new Error('secret internals at /srv/app.js:12');
    });
    server.gateway.router.get('/app/conflict', () => {
      throw new InvalidArgumentError('thing has an invalid format');
    });
    server.gateway.router.get('/app/query', (ctx) => ({ tags: ctx.query.getAll('tag'), same: ctx.query === ctx.query, path: ctx.path }));
  });
  afterAll(() => server.close());

  it("gives an app's route the decoded query, one object however often it is read", async () => {
    const reply = await server.get('/app/query?tag=a%20b&tag=c&other=1', { spec: false });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ tags: ['a b', 'c'], same: true, path: '/app/query' });
    expect((await server.get('/app/query', { spec: false })).body).toEqual({ tags: [], same: true, path: '/app/query' });
  });

  it('answers an unknown path with 404 ResourceNotFound', async () => {
    const reply = await server.get('/no/such/route');
    expect(reply.status).toBe(404);
    expect(reply.body.code).toBe('ResourceNotFound');
    expect(reply.headers['content-type']).toMatch(/^application\/json/);
  });

  it('answers a known path with a wrong method with 405 and an Allow header', async () => {
    const reply = await server.request('POST', '/blocks', { body: '{}', headers: json });
    expect(reply.status).toBe(405);
    expect(reply.body).toEqual({ code: 'MethodNotAllowed', message: 'POST is not allowed' });
    expect(reply.headers.allow).toBe('GET');
  });

  it('treats a trailing slash as the same route', async () => {
    const reply = await server.get('/chain/info/', { spec: false });
    expect(reply.status).toBe(200);
    assertMatchesSpec('GET', '/chain/info', reply.status, reply.body);
    expect(reply.body.height).toBe('1');
  });

  it('answers HEAD like GET, without a body', async () => {
    const reply = await server.request('HEAD', '/chain/info', { spec: false });
    expect(reply.status).toBe(200);
    expect(reply.text).toBe('');
    expect(Number(reply.headers['content-length'])).toBeGreaterThan(0);
  });

  it('reads a path that starts with // as a path, not a host', async () => {
    const reply = await server.get('//blocks/1');
    expect(reply.status).toBe(404);
    expect(reply.body.code).toBe('ResourceNotFound');
  });

  it('tries a route whose first segment is a parameter for any path, in the order routes were registered', async () => {
    server.gateway.router.get('/:kind/app-tagged', (ctx) => ({ kind: ctx.params.kind }));
    server.gateway.router.get('/:kind/:id/app-first', () => ({ route: 'any first segment' }));
    server.gateway.router.get('/appseg/:id/app-first', () => ({ route: 'appseg' }));
    expect((await server.get('/anything/app-tagged', { spec: false })).body).toEqual({ kind: 'anything' });
    // '/blocks/:height' was registered before: it takes the path, and refuses the height.
    const taken = await server.get('/blocks/app-tagged', { spec: false });
    expect(taken.status).toBe(409);
    // The route of any first segment came before the one of 'appseg'.
    expect((await server.get('/appseg/1/app-first', { spec: false })).body).toEqual({ route: 'any first segment' });
    expect((await server.get('/other/1/app-first', { spec: false })).body).toEqual({ route: 'any first segment' });
  });

  it('matches parametrised routes whatever the case of their text, as path-to-regexp does', async () => {
    const reply = await server.get('/BLOCKS/1', { spec: false });
    expect(reply.status).toBe(200);
    expect(reply.body.block.height).toBe('1');
    expect((await server.get('/Accounts/TAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', { spec: false })).status).toBe(409);
  });

  it('runs an app route registered on the router, with its parsed JSON body', async () => {
    const reply = await server.request('POST', '/app/echo', { body: '{"a":[1,2]}', headers: json, spec: false });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ echoed: { a: [1, 2] } });
  });

  it('lets a handler choose its status', async () => {
    const reply = await server.request('PUT', '/app/accepted', { body: '{}', headers: json, spec: false });
    expect(reply.status).toBe(202);
    expect(reply.body).toEqual({ message: 'accepted' });
  });

  it('accepts a JSON media type with parameters', async () => {
    const reply = await server.request('POST', '/app/echo', {
      body: '{"x":1}',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      spec: false,
    });
    expect(reply.status).toBe(200);
  });

  it.each([
    ['malformed JSON', '{"payload": '],
    ['an empty body', ''],
    ['a body that is not UTF-8', Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d])],
  ])('answers %s with 400 InvalidContent', async (_name, body) => {
    const before = received.length;
    const reply = await server.request('POST', '/app/echo', { body, headers: json });
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('InvalidContent');
    expect(received.length).toBe(before);
  });

  it.each([['text/plain'], ['application/x-www-form-urlencoded'], [undefined]])(
    'answers a PUT with content type %s with 415',
    async (type) => {
      const reply = await server.request('PUT', '/app/accepted', {
        body: '{"payload":"00"}',
        headers: type ? { 'content-type': type } : {},
      });
      expect(reply.status).toBe(415);
      expect(reply.body.code).toBe('UnsupportedMediaType');
    },
  );

  it('answers a body over the limit with 413 and does not process it (declared length)', async () => {
    const before = received.length;
    const body = JSON.stringify({ big: 'x'.repeat(2000) });
    const reply = await server.request('POST', '/app/echo', { body, headers: json });
    expect(reply.status).toBe(413);
    expect(reply.body.code).toBe('PayloadTooLarge');
    expect(received.length).toBe(before);
  });

  it('answers a chunked body over the limit with 413 and does not process it', async () => {
    const before = received.length;
    const reply = await new Promise<{ status: number; body: any }>((resolve, reject) => {
      const req = http.request(`${server.base}/app/echo`, { method: 'POST', headers: { ...json, 'transfer-encoding': 'chunked' } }, (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      });
      req.on('error', reject);
      req.write('{"big":"');
      for (let i = 0; i < 10; i++) req.write('y'.repeat(300));
      req.end('"}');
    });
    expect(reply.status).toBe(413);
    expect(reply.body.code).toBe('PayloadTooLarge');
    expect(received.length).toBe(before);
  });

  it('accepts a body exactly at the limit', async () => {
    const padding = 'z'.repeat(1024 - '{"p":""}'.length);
    const reply = await server.request('POST', '/app/echo', { body: `{"p":"${padding}"}`, headers: json, spec: false });
    expect(reply.status).toBe(200);
  });

  it('answers an unexpected error with 500 and no internals in the body', async () => {
    const reply = await server.get('/app/boom');
    expect(reply.status).toBe(500);
    expect(reply.body).toEqual({ code: 'InternalServiceError', message: 'an internal error occurred' });
    expect(reply.text).not.toContain('secret');
    expect(reply.text).not.toContain('.js');
  });

  it('answers a thrown GatewayError with its own status and message', async () => {
    const reply = await server.get('/app/conflict');
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual({ code: 'InvalidArgument', message: 'thing has an invalid format' });
  });

  it('answers a CORS preflight with 204 and the allowed methods', async () => {
    const reply = await server.request('OPTIONS', '/blocks', {
      headers: { origin: 'https://wallet.example', 'access-control-request-method': 'GET' },
    });
    expect(reply.status).toBe(204);
    expect(reply.text).toBe('');
    expect(reply.headers['access-control-allow-origin']).toBe('*');
    expect(reply.headers['access-control-allow-methods']).toBe('GET, OPTIONS');
    expect(reply.headers['access-control-allow-headers']).toBe('Content-Type');
  });

  it('answers a preflight for an unknown path with 404', async () => {
    const reply = await server.request('OPTIONS', '/nowhere', { headers: { origin: 'https://a.example' } });
    expect(reply.status).toBe(404);
  });

  it('sends CORS and nosniff headers on ordinary responses', async () => {
    const reply = await server.get('/chain/info', { headers: { origin: 'https://wallet.example' } });
    expect(reply.headers['access-control-allow-origin']).toBe('*');
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['x-powered-by']).toBeUndefined();
  });

  it('echoes a malformed percent-encoding as 409, not a crash', async () => {
    const reply = await server.get('/blocks/%E0%A4%A');
    expect(reply.status).toBe(409);
    expect(reply.body.code).toBe('InvalidArgument');
  });
});

describe('CORS with an origin list', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startGateway({ cors: { origins: ['https://allowed.example'], maxAge: 60 } });
  });
  afterAll(() => server.close());

  it('allows a listed origin, echoing it', async () => {
    const reply = await server.request('OPTIONS', '/blocks', {
      headers: { origin: 'https://allowed.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-trace' },
    });
    expect(reply.status).toBe(204);
    expect(reply.headers['access-control-allow-origin']).toBe('https://allowed.example');
    expect(reply.headers['access-control-allow-headers']).toBe('x-trace');
    expect(reply.headers['access-control-max-age']).toBe('60');
    expect(reply.headers.vary).toBe('Origin');
  });

  it('sends no allow-origin header to an unlisted origin', async () => {
    const preflight = await server.request('OPTIONS', '/blocks', {
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const reply = await server.get('/chain/info', { headers: { origin: 'https://evil.example' } });
    expect(reply.status).toBe(200);
    expect(reply.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('backend faults', () => {
  // `setAvailability` is the in-memory chain's simulation; over PostgreSQL a real outage is tested (postgres-scale-out.test.ts).
  it.skipIf(POSTGRES_BACKEND)('answers 503 ServiceUnavailable while the backend reports the database down, and recovers', async () => {
    const server = await startGateway();
    try {
      server.chain.setAvailability({ db: 'down' });
      const down = await server.get('/blocks');
      expect(down.status).toBe(503);
      expect(down.body).toEqual({ code: 'ServiceUnavailable', message: 'the database is unreachable' });
      const health = await server.get('/node/health');
      expect(health.status).toBe(503);
      expect(health.body).toEqual({ status: { apiNode: 'up', db: 'down' } });

      server.chain.setAvailability({ db: 'up' });
      expect((await server.get('/blocks')).status).toBe(200);
      expect((await server.get('/node/health')).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('answers 500 without the error text when a backend method throws, and logs it', async () => {
    const chain = testChain();
    const logged: unknown[] = [];
    const failing: GatewayBackend = {
      ...chain,
      blocks: chain.blocks,
      chain: {
        info() {
          throw new TypeError('connection string postgres://user:pw@db');
        },
      },
      node: chain.node,
      network: chain.network,
    };
    const server = await TestServer.start(createGateway({ backend: failing, logger: { error: (_m, e) => logged.push(e) } }));
    try {
      const reply = await server.get('/chain/info');
      expect(reply.status).toBe(500);
      expect(reply.body.code).toBe('InternalServiceError');
      expect(reply.text).not.toContain('postgres');
      expect(logged).toHaveLength(1);
      expect((logged[0] as Error).message).toContain('postgres');
    } finally {
      await server.close();
    }
  });

  it('answers a backend promise that rejects with a GatewayError with that error', async () => {
    const chain = testChain();
    const server = await TestServer.start(
      createGateway({
        backend: { ...chain, blocks: chain.blocks, node: chain.node, network: chain.network, chain: { info: async () => Promise.reject(new GatewayError('ServiceUnavailable', 'node timed out')) } },
      }),
    );
    try {
      const reply = await server.get('/chain/info');
      expect(reply.status).toBe(503);
      expect(reply.body).toEqual({ code: 'ServiceUnavailable', message: 'node timed out' });
    } finally {
      await server.close();
    }
  });
});

describe('createGateway', () => {
  it('serves through http.createServer(gateway.handle) with its defaults', async () => {
    const gateway = createGateway();
    const server = http.createServer(gateway.handle);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/chain/info`);
      expect(response.status).toBe(200);
      expect(((await response.json()) as { height: string }).height).toBe('1');
    } finally {
      server.close();
      await gateway.close();
    }
  });

  it('rejects a bodyLimit that is not a non-negative integer', () => {
    expect(() => createGateway({ backend: testChain(), bodyLimit: -1 })).toThrow(/bodyLimit/);
  });
});

describe('gateway.handle with next', () => {
  it('passes requests for no gateway route to next() and answers its own', async () => {
    const gateway = createGateway({ backend: testChain() });
    const passed: string[] = [];
    const server = http.createServer((req, res) =>
      gateway.handle(req, res, () => {
        passed.push(req.url ?? '');
        res.writeHead(418, { 'content-type': 'text/plain' }).end('app');
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const mine = await fetch(`${base}/app/page`);
      expect(mine.status).toBe(418);
      expect(await mine.text()).toBe('app');
      const symbols = await fetch(`${base}/chain/info`);
      expect(symbols.status).toBe(200);
      expect(passed).toEqual(['/app/page']);
    } finally {
      server.close();
      await gateway.close();
    }
  });
});
