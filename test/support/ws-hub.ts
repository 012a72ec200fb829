import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
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
