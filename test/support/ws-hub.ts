import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import WebSocket from 'ws';
import type { ChainEvent, EventFeed } from '../../src/backend/events.js';
import { ListenerHub, type ListenerHubOptions } from '../../src/ws/listener-hub.js';
import { Client, openSockets } from './ws-client.js';

/** A feed the test drives: `emit` reaches every subscribed listener, `fail` every `onError`. */
export class TestFeed implements EventFeed {
  readonly listeners = new Set<(event: ChainEvent) => void>();
  readonly #onErrors = new Map<(event: ChainEvent) => void, ((error: Error) => void) | undefined>();

  subscribe(listener: (event: ChainEvent) => void, onError?: (error: Error) => void): () => void {
    this.listeners.add(listener);
    this.#onErrors.set(listener, onError);
    return () => {
      this.listeners.delete(listener);
      this.#onErrors.delete(listener);
    };
  }

  emit(event: ChainEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  fail(error: Error): void {
    for (const onError of this.#onErrors.values()) onError?.(error);
  }
}

export interface StartedHub<F extends EventFeed = TestFeed> {
  hub: ListenerHub;
  feed: F;
  server: http.Server;
  /** `ws://127.0.0.1:<port>` */
  origin: string;
  connect(path?: string): Promise<Client>;
}

const cleanups: (() => Promise<void>)[] = [];

/** Terminates every client socket, then closes every hub and server the test started; call in `afterEach`. */
export async function stopHubs(): Promise<void> {
  for (const socket of openSockets.splice(0)) socket.terminate();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
}

/** Runs `cleanup` in the next `stopHubs`. */
export function onStop(cleanup: () => Promise<void>): void {
  cleanups.push(cleanup);
}

/** A hub over a test feed (or `feed`), attached to a real node:http server on an ephemeral loopback port. */
export async function startHub(options?: ListenerHubOptions): Promise<StartedHub>;
export async function startHub<F extends EventFeed>(options: ListenerHubOptions | undefined, feed: F): Promise<StartedHub<F>>;
export async function startHub(options?: ListenerHubOptions, feed: EventFeed = new TestFeed()): Promise<StartedHub<EventFeed>> {
  const hub = new ListenerHub(feed, options);
  const server = http.createServer((_req, res) => res.end());
  hub.attach(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
  cleanups.push(async () => {
    await hub.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { hub, feed, server, origin, connect: (path = '/ws') => Client.connect(`${origin}${path}`) };
}

/** Completes a WebSocket handshake by hand and returns the raw socket: a client that can misbehave. */
export function rawUpgrade(url: string): Promise<Duplex> {
  return new Promise((resolve, reject) => {
    const req = http.request(url.replace(/^ws/, 'http'), {
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-key': randomBytes(16).toString('base64'),
        'sec-websocket-version': '13',
      },
    });
    req.on('upgrade', (_res, socket) => {
      socket.on('error', () => {});
      socket.resume();
      resolve(socket);
    });
    req.on('response', (res) => reject(new Error(`upgrade answered ${res.statusCode}`)));
    req.on('error', reject);
    req.end();
  });
}

/** Connects and expects the handshake to fail; returns ws's error message. */
export async function failedUpgrade(url: string): Promise<string> {
  const socket = new WebSocket(url);
  const [error] = await once(socket, 'error').catch((caught: unknown) => [caught]);
  return (error as Error).message;
}

/** An HTTP answer read off a raw socket: status, headers (names in lower case) and body bytes. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Parses the head of an HTTP answer (status line and header lines, without the blank line). */
export function parseAnswer(head: string, body: Buffer): RawAnswer {
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(/^HTTP\/1\.1 (\d{3}) /.exec(statusLine)?.[1]), headers, body };
}

/**
 * Writes `request` on a new TCP connection to `origin` (ws:// or http://) and reads until
 * the server closes the connection; `closedByServer` is false when it was still open after `waitMs`.
 */
export function sendRaw(origin: string, request: string, waitMs = 2_000): Promise<RawAnswer & { closedByServer: boolean }> {
  return new Promise((resolve) => {
    const { port } = new URL(origin);
    const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(request, 'latin1'));
    const chunks: Buffer[] = [];
    const finish = (closedByServer: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      const bytes = Buffer.concat(chunks);
      const end = bytes.indexOf('\r\n\r\n');
      const head = bytes.subarray(0, end === -1 ? bytes.length : end).toString('latin1');
      resolve({ ...parseAnswer(head, end === -1 ? Buffer.alloc(0) : bytes.subarray(end + 4)), closedByServer });
    };
    const timer = setTimeout(() => finish(false), waitMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => {});
    socket.on('close', () => finish(true));
  });
}

/**
 * The `{code, message}` of a JSON error answer, after checking it is one as the gateway writes
 * them: JSON content type, `nosniff`, a Content-Length that is the body's (an answer to HEAD
 * has no body); throws, telling what differs, otherwise.
 */
export function jsonErrorOf(answer: RawAnswer, isHead = false): { code: string; message: string } | undefined {
  const { status, headers, body } = answer;
  const fail = (what: string) => new Error(`${status} answer ${what}: ${JSON.stringify(headers)} ${JSON.stringify(body.toString('latin1'))}`);
  if (headers['content-type'] !== 'application/json; charset=utf-8') throw fail('is not JSON');
  if (headers['x-content-type-options'] !== 'nosniff') throw fail('lacks nosniff');
  if (isHead) {
    if (body.length !== 0 || !(Number(headers['content-length']) > 0)) throw fail('to HEAD has a body or no length');
    return undefined;
  }
  if (headers['content-length'] !== String(body.length)) throw fail('has a Content-Length other than its body');
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw fail('has a body that is not JSON');
  }
  const { code, message, ...rest } = (parsed ?? {}) as Record<string, unknown>;
  if (typeof code !== 'string' || typeof message !== 'string' || Object.keys(rest).length > 0) throw fail('is not {code, message}');
  return { code, message };
}

