import { once } from 'node:events';
import type { IncomingMessage } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import type { GatewayOptions } from '../../src/gateway.js';
import { startGateway, type Reply, type TestServer } from '../support/server.js';

// Each test's clients are loopback addresses of their own (Linux routes all of 127.0.0.0/8 to lo).
const ALICE = '127.0.0.2';
const BOB = '127.0.0.3';
const PROXY = '127.0.0.4';

const stops: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

async function start(options: GatewayOptions): Promise<TestServer> {
  const server = await startGateway(options);
  stops.push(() => server.close());
  return server;
}

/** `GET /chain/info` from `localAddress`, with extra headers; a 429 has no entry in the spec. */
function chainInfo(server: TestServer, localAddress: string, headers: Record<string, string> = {}): Promise<Reply> {
  return server.get('/chain/info', { localAddress, headers, spec: false });
}

async function statuses(server: TestServer, count: number, localAddress: string, headers: Record<string, string> = {}): Promise<number[]> {
  const seen: number[] = [];
  for (let index = 0; index < count; index++) seen.push((await chainInfo(server, localAddress, headers)).status);
  return seen;
}

/** A WebSocket upgrade from `localAddress`: the open socket, or the HTTP answer that refused it. */
async function upgrade(server: TestServer, localAddress: string): Promise<{ opened: true } | { opened: false; status: number; headers: IncomingMessage['headers']; body: any }> {
  const socket = new WebSocket(server.wsUrl, { localAddress });
  stops.push(() => socket.terminate());
  socket.on('error', () => {});
  const outcome = await Promise.race([once(socket, 'open').then(() => 'open' as const), once(socket, 'unexpected-response').then(([, res]) => res as IncomingMessage)]);
  if (outcome === 'open') return { opened: true };
  const chunks: Buffer[] = [];
  for await (const chunk of outcome) chunks.push(chunk as Buffer);
  return { opened: false, status: outcome.statusCode ?? 0, headers: outcome.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) };
}

describe('throttling', () => {
  it('is off by default: a burst past catapult-rest\'s 20 is served', async () => {
    const server = await start({});
    expect(new Set(await statuses(server, 25, ALICE))).toEqual(new Set([200]));
  });

  it('answers a burst beyond the limit with 429 TooManyRequests and Retry-After', async () => {
    const server = await start({ throttling: { burst: 3, rate: 1 } });
    expect(await statuses(server, 3, ALICE)).toEqual([200, 200, 200]);
    const refused = await chainInfo(server, ALICE);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ code: 'TooManyRequests', message: 'you have exceeded your request rate of 1 r/s' });
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(refused.headers['retry-after']).toBe('1');
    // A browser's script may read when to come back.
    expect(refused.headers['access-control-expose-headers']).toBe('retry-after');
  });

  it('tells in Retry-After the whole seconds until a token is back', async () => {
    const server = await start({ throttling: { burst: 1, rate: 0.25 } });
    expect((await chainInfo(server, ALICE)).status).toBe(200);
    const refused = await chainInfo(server, ALICE);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('4');
  });

  it('counts every request for the gateway, an unknown entity and a 404 path too', async () => {
    const server = await start({ throttling: { burst: 2, rate: 0.5 } });
    expect((await server.get('/blocks/999999', { localAddress: ALICE })).status).toBe(404);
    expect((await chainInfo(server, ALICE)).status).toBe(200);
    expect((await server.get('/blocks/1', { localAddress: ALICE, spec: false })).status).toBe(429);
  });

  it('does not limit another client address', async () => {
    const server = await start({ throttling: { burst: 2, rate: 0.5 } });
    expect(await statuses(server, 3, ALICE)).toEqual([200, 200, 429]);
    expect(await statuses(server, 2, BOB)).toEqual([200, 200]);
    expect((await chainInfo(server, ALICE)).status).toBe(429);
  });

  it('refills the bucket at the rate', async () => {
    const server = await start({ throttling: { burst: 2, rate: 2 } });
    expect(await statuses(server, 3, ALICE)).toEqual([200, 200, 429]);
    await sleep(600); // a token a 500 ms
    expect(await statuses(server, 2, ALICE)).toEqual([200, 429]);
    // Never more than the burst, however long the pause.
    await sleep(1_100);
    expect(await statuses(server, 3, ALICE)).toEqual([200, 200, 429]);
  });

  describe('behind a trusted proxy', () => {
    const forwarded = (chain: string) => ({ 'x-forwarded-for': chain });

    it('limits the address the proxy forwards for, not the proxy', async () => {
      const server = await start({ throttling: { burst: 2, rate: 0.5, trustedProxies: [PROXY] } });
      expect(await statuses(server, 3, PROXY, forwarded('198.51.100.1'))).toEqual([200, 200, 429]);
      // Another client behind the same proxy has its own bucket.
      expect(await statuses(server, 2, PROXY, forwarded('198.51.100.2'))).toEqual([200, 200]);
    });

    it('takes the right-most untrusted address: what a client writes in the header itself does not count', async () => {
      const server = await start({ throttling: { burst: 2, rate: 0.5, trustedProxies: [PROXY, '10.0.0.0/8'] } });
      // The client sent `X-Forwarded-For: <anything>`; the edge proxy (10.1.2.3) appended 198.51.100.1, the inner one appended 10.1.2.3.
      expect(await statuses(server, 2, PROXY, forwarded('203.0.113.1, 198.51.100.1, 10.1.2.3'))).toEqual([200, 200]);
      expect((await chainInfo(server, PROXY, forwarded('203.0.113.2, 198.51.100.1, 10.1.2.3'))).status).toBe(429);
      expect((await chainInfo(server, PROXY, forwarded('198.51.100.1'))).status).toBe(429);
      expect((await chainInfo(server, PROXY, forwarded('203.0.113.3, 198.51.100.9, 10.1.2.3'))).status).toBe(200);
    });

    it('ignores the header from a peer that is not a trusted proxy', async () => {
      const server = await start({ throttling: { burst: 2, rate: 0.5, trustedProxies: [PROXY] } });
      const replies = [];
      for (const client of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) replies.push((await chainInfo(server, ALICE, forwarded(client))).status);
      expect(replies).toEqual([200, 200, 429]);
      // ALICE's forged addresses were never buckets of their own: from the proxy, the first is fresh.
      expect((await chainInfo(server, PROXY, forwarded('198.51.100.1'))).status).toBe(200);
    });
  });

  describe('WebSocket upgrades', () => {
    it('counts an upgrade as a request and answers one over the limit with HTTP 429 before the handshake', async () => {
      const server = await start({ throttling: { burst: 3, rate: 0.5 } });
      expect(await upgrade(server, ALICE)).toEqual({ opened: true });
      expect(await upgrade(server, ALICE)).toEqual({ opened: true });
      expect((await chainInfo(server, ALICE)).status).toBe(200);
      const refused = await upgrade(server, ALICE);
      expect(refused).toMatchObject({ opened: false, status: 429, body: { code: 'TooManyRequests', message: 'you have exceeded your request rate of 0.5 r/s' } });
      expect(refused.opened === false && refused.headers['retry-after']).toBe('2');
      expect((await chainInfo(server, ALICE)).status).toBe(429);
      expect(await upgrade(server, BOB)).toEqual({ opened: true });
      expect(server.gateway.hub.connectionCount).toBe(3);
    });
  });
});
