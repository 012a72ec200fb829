import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express4 from 'express4';
import express5 from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { createGateway, type Gateway } from '../../src/index.js';
import { expressGateway } from '../../src/frameworks/express.js';
import { testChain } from '../support/server.js';
import { Client, openSockets } from '../support/ws-client.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const socket of openSockets.splice(0)) socket.terminate();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function listening(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function newGateway(): Gateway {
  const gateway = createGateway({ backend: testChain(), logger: { error() {} } });
  cleanups.push(() => gateway.close());
  return gateway;
}

/** A `ws` server of the app's own that greets with its name. */
function appWebSocketServer(options: ConstructorParameters<typeof WebSocketServer>[0], name: string): WebSocketServer {
  const wss = new WebSocketServer(options);
  wss.on('connection', (socket) => socket.send(JSON.stringify({ hello: name })));
  cleanups.push(() => new Promise<void>((resolve) => wss.close(() => resolve())));
  return wss;
}

async function greeting(url: string): Promise<unknown> {
  const socket = new WebSocket(url);
  openSockets.push(socket);
  const [data] = await once(socket, 'message');
  return JSON.parse(String(data));
}

async function upgradeStatus(url: string): Promise<number> {
  const socket = new WebSocket(url);
  socket.on('error', () => {}); // the refused handshake ends in an error by design
  openSockets.push(socket);
  const [, response] = await once(socket, 'unexpected-response');
  return (response as http.IncomingMessage).statusCode ?? 0;
}

describe('/ws beside an existing ws server on the same http server', () => {
  it('serves both when the app made its ws server with { server, path } before attaching', async () => {
    const gateway = newGateway();
    const server = http.createServer(gateway.handle);
    appWebSocketServer({ server, path: '/other' }, 'other');
    gateway.attach(server);
    const host = await listening(server);

    expect(await greeting(`ws://${host}/other`)).toEqual({ hello: 'other' });
    expect((await Client.connect(`ws://${host}/ws`)).uid).toMatch(/^[0-9A-F]{40}$/);
  });

  it('serves both when the app makes its ws server after attaching', async () => {
    const gateway = newGateway();
    const server = http.createServer(gateway.handle);
    gateway.attach(server);
    appWebSocketServer({ server, path: '/later' }, 'later');
    const host = await listening(server);

    expect(await greeting(`ws://${host}/later`)).toEqual({ hello: 'later' });
    const client = await Client.connect(`ws://${host}/ws`);
    await client.subscribe('block');
    (gateway.backend as ReturnType<typeof testChain>).harvest();
    expect((await client.next()).topic).toBe('block');
  });

  it('leaves unknown paths to the app’s ws server, which refuses them', async () => {
    const gateway = newGateway();
    const server = http.createServer(gateway.handle);
    appWebSocketServer({ server, path: '/other' }, 'other');
    gateway.attach(server);
    const host = await listening(server);
    expect(await upgradeStatus(`ws://${host}/nowhere`)).toBe(400);
  });

  it('refuses unknown paths itself when it is alone', async () => {
    const gateway = newGateway();
    const server = http.createServer(gateway.handle);
    gateway.attach(server);
    const host = await listening(server);
    expect(await upgradeStatus(`ws://${host}/nowhere`)).toBe(400);
  });

  it('gives the server its listeners back on detach', async () => {
    const gateway = newGateway();
    const server = http.createServer(gateway.handle);
    const wss = appWebSocketServer({ server, path: '/other' }, 'other');
    const before = server.listeners('upgrade');
    const detach = gateway.attach(server);
    expect(server.listeners('upgrade')).not.toEqual(before);
    detach();
    expect(server.listeners('upgrade')).toEqual(before);
    void wss;
  });

  it('works with the app routing upgrades itself through gateway.handleUpgrade', async () => {
    const gateway = newGateway();
    const wss = appWebSocketServer({ noServer: true }, 'mine');
    const server = http.createServer(gateway.handle);
    server.on('upgrade', (req, socket, head) => {
      if (gateway.handleUpgrade(req, socket, head)) return;
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
    });
    const host = await listening(server);
    expect(await greeting(`ws://${host}/mine`)).toEqual({ hello: 'mine' });
    expect((await Client.connect(`ws://${host}/ws`)).uid).toMatch(/^[0-9A-F]{40}$/);
  });
});

describe.each([
  ['Express 5', express5],
  ['Express 4', express4],
])('%s with express.json() before the gateway', (_name, express) => {
  it('uses the body express.json() already read, under a prefix, and falls through to the app', async () => {
    const gateway = newGateway();
    gateway.router.post('/echo', (ctx) => ({ echoed: ctx.body }));
    const app = express();
    app.use(express.json());
    app.use('/symbol', expressGateway(gateway));
    app.use((_req: http.IncomingMessage, res: http.ServerResponse) => void res.writeHead(404, { 'content-type': 'text/plain' }).end('app 404'));
    const host = await listening(http.createServer(app));

    const echoed = await fetch(`http://${host}/symbol/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' });
    expect(echoed.status).toBe(200);
    expect(await echoed.json()).toEqual({ echoed: { a: 1 } });

    const missing = await fetch(`http://${host}/symbol/no/such/route`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('app 404');
  });

  it('answers a gateway error with the gateway JSON, not the framework’s HTML page', async () => {
    const gateway = newGateway();
    gateway.router.get('/boom', () => {
      throw new Error('internal detail');
    });
    const app = express();
    app.use(expressGateway(gateway));
    const host = await listening(http.createServer(app));
    const reply = await fetch(`http://${host}/boom`);
    expect(reply.status).toBe(500);
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await reply.json()).toEqual({ code: 'InternalServiceError', message: 'an internal error occurred' });
  });
});
