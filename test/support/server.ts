import http from 'node:http';
import { createGateway, type Gateway, type GatewayBackend, type GatewayOptions } from '../../src/index.js';
import { InMemoryChain } from '../../src/in-memory-chain.js';
import type { InMemoryChainOptions } from '../../src/memory/options.js';
import { listen, mountPrefix } from './mounts.js';
import { POSTGRES_BACKEND, postgresBackendFor, settleBeforeConnect } from './postgres-mount.js';
import { assertMatchesSpec } from './openapi.js';

/** A fixed clock: every test chain stamps the same times, so hashes repeat run after run. */
export const FIXED_START = Date.UTC(2026, 0, 1);

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** The parsed JSON body, the text of a body of another content type, or undefined when the body is empty. */
  body: any;
}

export interface RequestInit {
  body?: string | Buffer;
  headers?: Record<string, string | number>;
  /** Check the body against the OpenAPI spec (default true; off for an app's own routes). */
  spec?: boolean;
  /** The loopback address the client's socket is bound to (`127.0.0.2`: another client address); the system's choice by default. */
  localAddress?: string;
}

/** A gateway on a real node:http server on an ephemeral loopback port. */
export class TestServer {
  private constructor(
    readonly server: http.Server,
    readonly gateway: Gateway,
    /** Where the gateway's routes are: the server's origin and the mount's prefix. */
    readonly base: string,
    readonly origin: string,
  ) {}

  /** Serves the gateway through the mount this test run is for (GATEWAY_MOUNT; node:http by default). */
  static async start(gateway: Gateway): Promise<TestServer> {
    const { server, origin, base } = await listen(gateway);
    return new TestServer(server, gateway, base, origin);
  }

  /** Awaited before each request (see `startGateway`); none by default. */
  settle: (() => Promise<void>) | undefined;

  /** Sends a request and, unless told otherwise, validates the JSON body against the spec. */
  async request(method: string, path: string, init: RequestInit = {}): Promise<Reply> {
    await this.settle?.();
    return new Promise((resolve, reject) => {
      const req = http.request(`${this.base}${path}`, { method, headers: init.headers, localAddress: init.localAddress }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const contentType = res.headers['content-type'];
          try {
            // A plain-text or binary answer (the currency supply, Metal data) is its text.
            const plain = contentType !== undefined && !/json/i.test(contentType);
            const body = text.length === 0 ? undefined : plain ? text : JSON.parse(text);
            const reply = { status: res.statusCode ?? 0, headers: res.headers, text, body };
            // A preflight has no body and no entry in the spec.
            if (init.spec !== false && method !== 'OPTIONS') assertMatchesSpec(method, path, reply.status, body, { contentType, text });
            resolve(reply);
          } catch (error) {
            reject(error);
          }
        });
      });
      req.on('error', reject);
      req.end(init.body);
    });
  }

  get(path: string, init?: RequestInit): Promise<Reply> {
    return this.request('GET', path, init);
  }

  /** The gateway's WebSocket endpoint on this server. */
  get wsUrl(): string {
    return `${this.origin.replace('http', 'ws')}${this.gateway.hub.path}`;
  }

  async close(): Promise<void> {
    await this.gateway.close();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** A chain that harvests only when told to, on a fixed clock that moves 5 s per block. */
export function testChain(options: InMemoryChainOptions = {}): InMemoryChain {
  let now = FIXED_START;
  return new InMemoryChain({
    blockInterval: false,
    clock: () => (now += 5_000),
    ...options,
  });
}

/** A test chain whose `chain.info()` answers after `ms` milliseconds (or never), and that counts its `close()` calls. */
export function slowChainInfo(ms: number | 'never', chain: InMemoryChain = testChain()): GatewayBackend & { closed: number; asked: number } {
  const backend = {
    ...chain,
    blocks: chain.blocks,
    node: chain.node,
    network: chain.network,
    chain: {
      info: () => {
        backend.asked++;
        return new Promise((resolve) => (ms === 'never' ? undefined : setTimeout(() => resolve(chain.chain.info()), ms)));
      },
    },
    /** How many times chain info was asked for: a request has reached the backend once this moves. */
    asked: 0,
    closed: 0,
    close: () => {
      backend.closed++;
      chain.close();
    },
  };
  return backend as GatewayBackend & { closed: number; asked: number };
}

/** Starts a gateway over a test chain (or the given options) on a real server. */
export async function startGateway(options: GatewayOptions = {}): Promise<TestServer & { chain: InMemoryChain }> {
  const backend = options.backend ?? testChain();
  // Under a prefix, the app serves the WebSocket endpoint under it too.
  const ws = { path: `${mountPrefix()}/ws`, ...options.ws };
  // The postgres project: a chain is served from the database its writer fills.
  const stored = POSTGRES_BACKEND && backend instanceof InMemoryChain ? await postgresBackendFor(backend) : undefined;
  const server = await TestServer.start(createGateway({ logger: { error() {} }, ...options, ws, backend: stored?.backend ?? backend }));
  if (stored) settleBeforeConnect.set(server.wsUrl, stored.settle);
  server.settle = readerSettle(backend);
  return Object.assign(server, { chain: backend as InMemoryChain });
}

/**
 * A PostgreSQL reader answers a repeated GET from its answer memo until its event feed delivers
 * the next event a writer committed (a few ms after the commit). A test acts on a writer and
 * reads at once: each request first waits until the reader's feed has delivered what is
 * committed, as a client of a real reader sees it a moment later. A feed that does not know
 * its place yet (an unreachable database) keeps nothing: no wait.
 */
function readerSettle(backend: GatewayBackend): (() => Promise<void>) | undefined {
  const feed = backend.events as { lastSeq?: bigint; caughtUp?: () => Promise<void> } | undefined;
  if (backend.revision === undefined || feed?.caughtUp === undefined || !('lastSeq' in feed)) return undefined;
  return async () => {
    if (feed.lastSeq !== undefined) await feed.caughtUp!();
  };
}
