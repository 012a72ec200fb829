import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createGateway, TooManyRequestsError } from '../../src/index.js';
import { ClientAddresses } from '../../src/http/client-address.js';
import { RequestThrottle } from '../../src/http/throttle.js';
import { testChain } from '../support/server.js';

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

/** A request as node hands it over: only the peer's address and the headers are read. */
function requestFrom(remoteAddress: string, headers: Record<string, string> = {}): IncomingMessage {
  const socket = new Socket();
  Object.defineProperty(socket, 'remoteAddress', { value: remoteAddress });
  return Object.assign(new http.IncomingMessage(socket), { headers });
}

function refusal(take: () => void): TooManyRequestsError | undefined {
  try {
    take();
    return undefined;
  } catch (error) {
    if (error instanceof TooManyRequestsError) return error;
    throw error;
  }
}

describe('RequestThrottle', () => {
  it("takes catapult-rest's burst 20 and rate 5 by default", () => {
    const throttle = new RequestThrottle({}, () => 0);
    for (let index = 0; index < 20; index++) throttle.take('a');
    expect(refusal(() => throttle.take('a'))?.headers).toEqual({ 'retry-after': '1' });
  });

  it('refills at the rate, never above the burst', () => {
    let now = 0;
    const throttle = new RequestThrottle({ burst: 2, rate: 0.5 }, () => now);
    throttle.take('a');
    throttle.take('a');
    expect(refusal(() => throttle.take('a'))?.headers['retry-after']).toBe('2');
    now = 1_000; // half a token: one second more to wait
    expect(refusal(() => throttle.take('a'))?.headers['retry-after']).toBe('1');
    now = 2_000;
    throttle.take('a');
    now = 60_000;
    throttle.take('a');
    throttle.take('a');
    expect(refusal(() => throttle.take('a'))).toBeDefined();
  });

  it('forgets clients whose bucket is full again, so memory follows the busy ones', () => {
    let now = 0;
    const throttle = new RequestThrottle({ burst: 5, rate: 1 }, () => now);
    for (let client = 0; client < 1_000; client++) throttle.take(`10.0.${client >> 8}.${client & 255}`);
    expect(throttle.size).toBe(1_000);
    // One client keeps asking, once a second: every other bucket is full again, and goes.
    for (let round = 0; round < 600; round++) {
      now += 1_000;
      throttle.take('busy');
    }
    expect(throttle.size).toBe(1);
  });

  it('remembers at most maxClients, forgetting the least recently seen', () => {
    const throttle = new RequestThrottle({ burst: 1, rate: 1, maxClients: 100 }, () => 0);
    for (let client = 0; client < 10_000; client++) throttle.take(`client-${client}`);
    expect(throttle.size).toBe(100);
    expect(refusal(() => throttle.take('client-9999'))).toBeDefined();
    throttle.take('client-0'); // forgotten long ago: a fresh bucket
  });

  it.each([
    [{ burst: 0 }, 'throttling.burst must be a positive integer'],
    [{ burst: 1.5 }, 'throttling.burst must be a positive integer'],
    [{ rate: 0 }, 'throttling.rate must be a positive number of requests per second'],
    [{ rate: Number.POSITIVE_INFINITY }, 'throttling.rate must be a positive number of requests per second'],
    [{ maxClients: 0 }, 'throttling.maxClients must be a positive integer'],
    [{ trustedProxies: ['10.0.0.0/33'] }, "throttling.trustedProxies: '10.0.0.0/33' is not an IP address or CIDR range"],
    [{ trustedProxies: ['proxy.example'] }, "throttling.trustedProxies: 'proxy.example' is not an IP address or CIDR range"],
  ])('refuses %j at createGateway', (throttling, message) => {
    expect(() => createGateway({ backend: testChain(), throttling })).toThrow(new TypeError(message));
  });
});

describe('ClientAddresses', () => {
  it('is the peer when no proxy is trusted, whatever the header says', () => {
    expect(new ClientAddresses().of(requestFrom('192.0.2.1', { 'x-forwarded-for': '198.51.100.1' }))).toBe('192.0.2.1');
  });

  it('reads one IPv4 client as one address, dual-stack or not', () => {
    const clients = new ClientAddresses(['127.0.0.0/8']);
    expect(clients.of(requestFrom('::ffff:198.51.100.1'))).toBe('198.51.100.1');
    expect(clients.of(requestFrom('::ffff:127.0.0.1', { 'x-forwarded-for': '::ffff:198.51.100.1' }))).toBe('198.51.100.1');
  });

  it('walks the chain from the right past trusted hops, IPv6 ranges too', () => {
    const clients = new ClientAddresses(['::1', 'fd00::/8']);
    expect(clients.of(requestFrom('::1', { 'x-forwarded-for': '203.0.113.5, 2001:db8::1, fd12::7' }))).toBe('2001:db8::1');
    // All trusted: the left-most is the furthest we know of.
    expect(clients.of(requestFrom('::1', { 'x-forwarded-for': 'fd00::2, fd00::3' }))).toBe('fd00::2');
    // Not an address: the hop that forwarded it.
    expect(clients.of(requestFrom('::1', { 'x-forwarded-for': '198.51.100.1, unknown, fd00::3' }))).toBe('fd00::3');
    expect(clients.of(requestFrom('::1'))).toBe('::1');
  });
});

describe('a gateway mounted with next', () => {
  it("throttles its own routes only: the app's paths are the app's", async () => {
    const gateway = createGateway({ backend: testChain(), logger: { error() {} }, throttling: { burst: 2, rate: 0.5 } });
    const server = http.createServer((req, res) => void gateway.handle(req, res, () => res.end('app')));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    stops.push(async () => {
      await gateway.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const status = async (path: string) => (await fetch(base + path)).status;
    const seen = [];
    for (const path of ['/app', '/app', '/app', '/chain/info', '/chain/info', '/app', '/chain/info', '/app']) seen.push(await status(path));
    expect(seen).toEqual([200, 200, 200, 200, 200, 200, 429, 200]);
  });
});
