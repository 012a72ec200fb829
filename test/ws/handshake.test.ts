/**
 * Refused WebSocket handshakes answer like every other error of the gateway: the error
 * model's status and code, a `{code, message}` JSON body, the headers of a JSON answer and
 * `Connection: close`; then the server closes the connection. Raw TCP sockets send each
 * handshake, so the test reads exactly what went over the wire.
 */
import http, { type IncomingMessage } from 'node:http';
import { Duplex } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListenerHub } from '../../src/ws/listener-hub.js';
import { startGateway } from '../support/server.js';
import { jsonErrorOf, onStop, sendRaw, startHub, stopHubs } from '../support/ws-hub.js';

afterEach(stopHubs);

const KEY = 'dGhlIHNhbXBsZSBub25jZQ==';

interface Handshake {
  method?: string;
  path?: string;
  upgrade?: string;
  key?: string;
  version?: string;
  protocol?: string;
  extensions?: string;
}

/** A handshake as a browser sends it, with `fields` changed (undefined leaves a header out). */
function handshake(fields: Handshake = {}): string {
  const { method, path, ...headers } = { method: 'GET', path: '/ws', upgrade: 'websocket', key: KEY, version: '13', ...fields };
  const names = { upgrade: 'Upgrade', key: 'Sec-WebSocket-Key', version: 'Sec-WebSocket-Version', protocol: 'Sec-WebSocket-Protocol', extensions: 'Sec-WebSocket-Extensions' };
  const lines = [`${method} ${path} HTTP/1.1`, 'Host: x', 'Connection: Upgrade'];
  for (const [field, value] of Object.entries(headers)) if (value !== undefined) lines.push(`${names[field as keyof typeof names]}: ${value}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}

/** Sends `request` and checks the answer is a whole JSON error the server closed the connection after. */
async function refusal(origin: string, request: string) {
  const answer = await sendRaw(origin, request);
  expect(answer.headers.connection).toBe('close');
  expect(answer.closedByServer).toBe(true);
  return { status: answer.status, headers: answer.headers, body: jsonErrorOf(answer, request.startsWith('HEAD ')) };
}

describe('a handshake ws refuses', () => {
  const VERSIONS = { 'sec-websocket-version': '13, 8' };
  it.each([
    ['a method but GET', { method: 'POST' }, 405, 'MethodNotAllowed', 'Invalid HTTP method', { allow: 'GET' }],
    ['an Upgrade to another protocol', { upgrade: 'h2c' }, 400, 'InvalidContent', 'Invalid Upgrade header', {}],
    ['no Sec-WebSocket-Key', { key: undefined }, 400, 'InvalidContent', 'Missing or invalid Sec-WebSocket-Key header', {}],
    ['a Sec-WebSocket-Key that is not 16 bytes in base64', { key: 'short' }, 400, 'InvalidContent', 'Missing or invalid Sec-WebSocket-Key header', {}],
    ['no Sec-WebSocket-Version', { version: undefined }, 400, 'InvalidContent', 'Missing or invalid Sec-WebSocket-Version header', VERSIONS],
    ['a Sec-WebSocket-Version ws does not speak', { version: '14' }, 400, 'InvalidContent', 'Missing or invalid Sec-WebSocket-Version header', VERSIONS],
    ['a malformed Sec-WebSocket-Protocol', { protocol: 'a,,b' }, 400, 'InvalidContent', 'Invalid Sec-WebSocket-Protocol header', {}],
  ] as const)('with %s is answered %i %s with ws\'s message', async (_kind, fields, status, code, message, extra) => {
    const { origin, hub } = await startHub();
    const answer = await refusal(origin, handshake(fields));
    expect(answer).toMatchObject({ status, body: { code, message } });
    expect(answer.headers).toMatchObject(extra);
    if (!('sec-websocket-version' in extra)) expect(answer.headers).not.toHaveProperty('sec-websocket-version');
    expect(hub.connectionCount).toBe(0);
  });

  it('answers HEAD with the 405 headers, the length of the body it leaves out, and no body', async () => {
    const { origin } = await startHub();
    const answer = await refusal(origin, handshake({ method: 'HEAD' }));
    expect(answer).toMatchObject({ status: 405, headers: { allow: 'GET', 'content-length': '59' }, body: undefined });
  });

  it('ignores Sec-WebSocket-Extensions, even malformed: no extension is negotiated, so the upgrade succeeds', async () => {
    const { origin } = await startHub();
    const answer = await sendRaw(origin, handshake({ extensions: ';;;' }), 200);
    expect(answer.status).toBe(101);
    expect(answer.headers).not.toHaveProperty('sec-websocket-extensions');
  });
});

describe('an upgrade the hub refuses', () => {
  it('past maxConnections is answered 503 ServiceUnavailable', async () => {
    const { origin, connect } = await startHub({ maxConnections: 1 });
    await connect();
    expect(await refusal(origin, handshake())).toMatchObject({
      status: 503,
      body: { code: 'ServiceUnavailable', message: 'too many connections: the listener takes at most 1' },
    });
  });

  it('once the hub is closing is answered 503 ServiceUnavailable', async () => {
    const { origin, hub } = await startHub();
    await hub.close();
    expect(await refusal(origin, handshake())).toMatchObject({ status: 503, body: { code: 'ServiceUnavailable', message: 'the listener is shutting down' } });
  });

  it('for a path nobody serves, when the hub is the only upgrade listener, is answered 400 InvalidContent', async () => {
    const { origin } = await startHub();
    expect(await refusal(origin, handshake({ path: '/other?x=1' }))).toMatchObject({
      status: 400,
      body: { code: 'InvalidContent', message: "no WebSocket listener at '/other'; connect to '/ws'" },
    });
  });
});

describe('every way in answers JSON', () => {
  it('the gateway mounted with attach(server)', async () => {
    const server = await startGateway();
    onStop(() => server.close());
    expect(await refusal(server.origin, handshake({ method: 'POST' }))).toMatchObject({ status: 405, body: { code: 'MethodNotAllowed' } });
    expect(await refusal(server.origin, handshake({ version: '7' }))).toMatchObject({ status: 400, body: { code: 'InvalidContent' } });
  });

  it('an app that routes upgrades itself through handleUpgrade', async () => {
    const hub = new ListenerHub(undefined);
    const server = http.createServer();
    server.on('upgrade', (req, socket, head) => {
      if (!hub.handleUpgrade(req, socket, head)) socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    onStop(async () => {
      await hub.close();
      await new Promise((resolve) => server.close(resolve));
    });
    const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    expect(await refusal(origin, handshake({ key: undefined }))).toMatchObject({ status: 400, body: { code: 'InvalidContent' } });
    expect((await sendRaw(origin, handshake(), 200)).status).toBe(101);
  });
});

describe('a socket that cannot take the answer', () => {
  /** A socket whose every write fails, as one the peer reset. */
  const failing = () => new Duplex({ read() {}, write: (_chunk, _encoding, done) => done(new Error('write EPIPE')) });
  const request = (method: string) => ({ method, url: '/ws', headers: { upgrade: 'websocket' } }) as IncomingMessage;

  it.each([
    ['already destroyed', () => new Duplex({ read() {}, write: (_chunk, _encoding, done) => done() }).destroy()],
    ['failing on write', failing],
  ])('%s is destroyed, never a crash, for a refusal of ws or of the hub', async (_kind, makeSocket) => {
    const hub = new ListenerHub(undefined);
    const refusedByWs = makeSocket();
    expect(hub.handleUpgrade(request('POST'), refusedByWs, Buffer.alloc(0))).toBe(true);
    await hub.close();
    const refusedByHub = makeSocket();
    expect(hub.handleUpgrade(request('GET'), refusedByHub, Buffer.alloc(0))).toBe(true);
    await vi.waitFor(() => expect([refusedByWs.destroyed, refusedByHub.destroyed]).toEqual([true, true]));
  });
});
