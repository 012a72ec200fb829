/** A gateway with `/ws` over an in-memory chain, and a window into its server-side sockets. */
import http from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import { createGateway, InMemoryChain, type Gateway } from '../../src/index.js';
import { openFileLimits } from './process.js';
import { listen } from './suite.js';

/**
 * Records every server-side WebSocket that any `ws` server of this process accepts (the
 * gateway's hub included), so a baseline can write to the very sockets the hub serves.
 * Wraps `WebSocketServer.prototype.handleUpgrade`; the bench process only.
 */
export function captureServerSockets(): Set<WebSocket> {
  const sockets = new Set<WebSocket>();
  const original = WebSocketServer.prototype.handleUpgrade;
  WebSocketServer.prototype.handleUpgrade = function (this: WebSocketServer, req, socket, head, callback) {
    original.call(this, req, socket, head, (ws, request) => {
      sockets.add(ws);
      ws.once('close', () => sockets.delete(ws));
      callback(ws, request);
    });
  };
  return sockets;
}

export interface WsGateway {
  chain: InMemoryChain;
  gateway: Gateway;
  server: http.Server;
  /** `ws://127.0.0.1:port/ws` */
  wsUrl: string;
  close(): Promise<void>;
}

export async function startWsGateway(chain: InMemoryChain): Promise<WsGateway> {
  const gateway = createGateway({ backend: chain, ws: { maxSubscriptions: 10 } });
  const server = http.createServer(gateway.handle);
  gateway.attach(server);
  const url = await listen(server);
  return {
    chain,
    gateway,
    server,
    wsUrl: `${url.replace('http', 'ws')}/ws`,
    async close() {
      await gateway.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Sockets one process can hold: `wanted`, or fewer when the open-files limit is lower (with a note why). */
export function socketBudget(wanted: number): { sockets: number; note: string | undefined } {
  const { soft } = openFileLimits();
  const room = soft - 256;
  if (room >= wanted) return { sockets: wanted, note: undefined };
  return { sockets: Math.max(100, room), note: `the open-files limit is ${soft} (hard limit reached), so ${room} sockets were used instead of ${wanted}` };
}

/** Polls until `done()` (the subscriptions arrived at the hub); throws after `timeoutMs`. */
export async function until(done: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
