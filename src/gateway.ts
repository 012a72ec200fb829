import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { GatewayBackend } from './backend/index.js';
import { GatewayError, MethodNotAllowedError, ResourceNotFoundError, clip, toGatewayError } from './errors.js';
import { DEFAULT_BODY_LIMIT, readJsonBody } from './http/body.js';
import { CorsPolicy, type CorsOptions } from './http/cors.js';
import { writeEmpty, writeJson } from './http/response.js';
import { Router, type RequestContext } from './http/router.js';
import { InMemoryChain } from './memory/chain.js';
import { symbolRoutes } from './routes/index.js';
import { ListenerHub, type ListenerHubOptions, type UpgradeEmitter } from './ws/index.js';

/** Where the gateway reports failures it answered with 500. */
export interface GatewayLogger {
  error(message: string, error?: unknown): void;
}

/** Options of `createGateway`; every one has a default. */
export interface GatewayOptions {
  /** Chain data. Default: a new `InMemoryChain()` that harvests every 5 seconds. */
  backend?: GatewayBackend;
  /** Largest PUT/POST body in bytes; larger ones get 413. Default 1 MiB. */
  bodyLimit?: number;
  /** Cross-origin settings, or `false` to send no CORS headers. Default: every origin. */
  cors?: CorsOptions | false;
  /** Receives unexpected errors (answered with 500). Default: `console`. */
  logger?: GatewayLogger;
  /** WebSocket settings: `path` (default `/ws`), `maxSubscriptions` per connection (100), `maxPayload` of a client frame (4096 bytes). */
  ws?: ListenerHubOptions;
}

/** Calls the next middleware (Express/Connect style); the gateway calls it for requests it does not own. */
export type NextFunction = (error?: unknown) => void;

/** A mounted Symbol gateway. */
export interface Gateway {
  /**
   * The request listener: `http.createServer(gateway.handle)` or `app.use(gateway.handle)`.
   * Never rejects; resolves once the response is written or `next` was called.
   */
  readonly handle: (req: IncomingMessage, res: ServerResponse, next?: NextFunction) => Promise<void>;
  /** The router with every Symbol route; add the app's own routes beside them. */
  readonly router: Router;
  /** The backend the routes read from. */
  readonly backend: GatewayBackend;
  /** The WebSocket subscription hub behind `/ws`. */
  readonly hub: ListenerHub;
  /** Serves `/ws` on a server: listens to its `upgrade` events. Returns a function that stops listening. */
  attach(server: UpgradeEmitter): () => void;
  /** Takes one `upgrade` request; returns false, leaving the socket alone, when it is not for `/ws`. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** Closes every WebSocket (1001) and releases the backend (stops an in-memory chain's block timer). */
  close(): Promise<void>;
}

/**
 * Creates a Symbol REST gateway over a backend.
 *
 * @example
 * import http from 'node:http';
 * import { createGateway, InMemoryChain } from 'symbol-gateway';
 *
 * const gateway = createGateway({ backend: new InMemoryChain() });
 * const server = http.createServer(gateway.handle).listen(3000);
 * gateway.attach(server); // WebSocket subscriptions on ws://localhost:3000/ws
 */
export function createGateway(options: GatewayOptions = {}): Gateway {
  const backend = options.backend ?? new InMemoryChain();
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  if (!Number.isSafeInteger(bodyLimit) || bodyLimit < 0) throw new TypeError('bodyLimit must be a non-negative integer');
  const cors = new CorsPolicy(options.cors);
  const logger = options.logger ?? console;
  const router = new Router();
  symbolRoutes(router, backend);
  const hub = new ListenerHub(backend.events, options.ws);

  const fail = (req: IncomingMessage, res: ServerResponse, error: unknown): void => {
    const gatewayError = toGatewayError(error);
    if (gatewayError.status >= 500 && !(error instanceof GatewayError)) logger.error(`${req.method} ${req.url} failed`, error);
    if (res.headersSent) {
      res.destroy();
      return;
    }
    writeJson(res, gatewayError.status, gatewayError.toJSON(), { ...cors.headers(req), ...gatewayError.headers });
  };

  const dispatch = async (req: IncomingMessage, res: ServerResponse, next?: NextFunction): Promise<void> => {
    const method = req.method ?? 'GET';
    const { path, query } = splitUrl(req.url ?? '/');

    if (method === 'OPTIONS') {
      const allowed = router.allowedMethods(path);
      if (allowed.length === 0) return notOwned(method, path, next);
      return writeEmpty(res, 204, { allow: [...allowed, 'OPTIONS'].join(', '), ...cors.preflightHeaders(req, allowed) });
    }

    // HEAD is GET without a body (node:http leaves the body out).
    const found = router.find(method === 'HEAD' ? 'GET' : method, path);
    if (found.kind === 'not-found') return notOwned(method, path, next);
    if (found.kind === 'method-not-allowed') throw new MethodNotAllowedError(method, found.allowed);

    const body = method === 'PUT' || method === 'POST' ? await readJsonBody(req, bodyLimit) : undefined;
    const ctx: RequestContext = { req, res, method, path, params: found.params, query, body, status: 200 };
    const result = await found.handler(ctx);
    if (res.writableEnded) return; // the handler answered by itself
    if (result === undefined) writeEmpty(res, ctx.status === 200 ? 204 : ctx.status, cors.headers(req));
    else writeJson(res, ctx.status, result, cors.headers(req));
  };

  const handle = (req: IncomingMessage, res: ServerResponse, next?: NextFunction): Promise<void> =>
    dispatch(req, res, next).catch((error: unknown) => fail(req, res, error));

  return {
    handle,
    router,
    backend,
    hub,
    attach: (server) => hub.attach(server),
    handleUpgrade: (req, socket, head) => hub.handleUpgrade(req, socket, head),
    async close() {
      await hub.close();
      await backend.close?.();
    },
  };
}

// The request target is origin-form ('/blocks?x=1'); parsed by hand so '//a/b' stays a path, not a host.
function splitUrl(url: string): { path: string; query: URLSearchParams } {
  const mark = url.indexOf('?');
  if (mark === -1) return { path: url, query: new URLSearchParams() };
  return { path: url.slice(0, mark), query: new URLSearchParams(url.slice(mark + 1)) };
}

// A request for no gateway route goes on to the app when there is one, else it is a 404.
function notOwned(method: string, path: string, next: NextFunction | undefined): void {
  if (!next) throw new ResourceNotFoundError(`no route matches ${clip(method)} ${clip(path)}`);
  next();
}
