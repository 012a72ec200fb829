import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { GatewayBackend } from './backend/index.js';
import { learnNetwork } from './routes/chain-network.js';
import {
  GatewayError,
  MethodNotAllowedError,
  ResourceNotFoundError,
  ServiceUnavailableError,
  UriTooLongError,
  clip,
  toGatewayError,
} from './errors.js';
import { readJsonBody } from './http/body.js';
import { devRoutes } from './routes/dev.js';
import { nodeListRoutes } from './routes/node-lists.js';
import { CorsPolicy, type CorsOptions } from './http/cors.js';
import { InFlightRequests, isThenable, type InFlightRequest } from './http/in-flight.js';
import { resolveLimits, type LimitOptions } from './http/limits.js';
import { checkQueryParameters } from './http/query.js';
import { RequestThrottle, type ThrottlingOptions } from './http/throttle.js';
import { RawAnswer } from './http/raw-answer.js';
import { keptBody, writeBody, writeEmpty, writeJson, writeJsonBytes, type KeptBody } from './http/response.js';
import { jsonBody } from './http/json.js';
import { AnswerMemo, type AnswerMemoOptions } from './http/answer-memo.js';
import { Router, type RequestContext, type RouteMatch } from './http/router.js';
import { answerClientErrors } from './http/client-errors.js';
import { applyServerTimeouts, type ServerTimeouts } from './http/server-timeouts.js';
import { GatewayQuery, resolvePagination, type PaginationSettings } from './pagination.js';
import { explorerPath, explorerRoute, type ExplorerOptions } from './explorer/route.js';
import { rosettaPath, rosettaRoutes, type RosettaOptions } from './rosetta/index.js';
import { asRosettaError } from './rosetta/routes.js';
import { InMemoryChain } from './in-memory-chain.js';
import { routeSettings, type MetalOptions } from './routes/settings.js';
import { symbolRoutes } from './symbol-routes.js';
import { ListenerHub, type ListenerHubOptions, type UpgradeEmitter } from './ws/index.js';
import { GatewayMetrics, UNMATCHED_ROUTE, type MetricsOptions } from './metrics.js';
import { AccessLog, type AccessLogger } from './http/access-log.js';
import { RefusalLog } from './http/refusal-log.js';

export { GATEWAY_DEFAULTS } from './http/limits.js';
export type { LimitOptions } from './http/limits.js';
export { ANSWER_MEMO_DEFAULTS, type AnswerMemoOptions } from './http/answer-memo.js';
export { METAL_DEFAULTS, type MetalOptions } from './routes/settings.js';
export { THROTTLING_DEFAULTS, type ThrottlingOptions } from './http/throttle.js';

/** Where the gateway reports failures it answered with 500. */
export interface GatewayLogger {
  error(message: string, error?: unknown): void;
}

/**
 * Options of `createGateway`; every one has a default. The limits and timeouts
 * (`bodyLimit`, `maxUrlLength`, `maxQueryParameters`, `backendTimeout`, `closeGracePeriod`,
 * `headersTimeout`, `requestTimeout`, `keepAliveTimeout`) are in `LimitOptions`, their
 * defaults in `GATEWAY_DEFAULTS`.
 */
export interface GatewayOptions extends LimitOptions {
  /** Chain data. Default: a new `InMemoryChain()` that harvests every 5 seconds. */
  backend?: GatewayBackend;
  /** Cross-origin settings, or `false` to send no CORS headers. Default: every origin (`{ origins: '*' }`); restrict with `{ origins: ['https://wallet.example'] }`. */
  cors?: CorsOptions | false;
  /** Receives unexpected errors (answered with 500). Default: `console`. */
  logger?: GatewayLogger;
  /**
   * Serve the backend's development controls under `/dev/` (mine blocks, automine or interval
   * mining, move the network time, set balances, impersonate accounts). Anyone who can reach
   * the gateway can then change the chain: leave it off (the default) in a server others use.
   */
  dev?: boolean;
  /** WebSocket settings and limits (path, subscriptions, connections, frame rate, backpressure, heartbeat); defaults in `LISTENER_DEFAULTS`. */
  ws?: ListenerHubOptions;
  /**
   * A live explorer page: `true` serves it at `GET /explorer`, `{ path: '/tools/explorer' }` elsewhere
   * (relative to where the gateway is mounted, like every route). One HTML page with its script
   * inlined that reads only the public routes and `ws.path`: the chain's height and finalized
   * height, blocks as they arrive, a block's transactions and receipts, a transaction's status,
   * an account's mosaics, namespaces and multisig, and search by height, hash, address or
   * namespace name. Default: off.
   */
  explorer?: boolean | ExplorerOptions;
  /**
   * The Rosetta (Mesh) Data and Construction APIs over the same backend: `true` serves them
   * under `/rosetta` (`POST /rosetta/network/list`), `{ path: '' }` at the root, as
   * catapult-rest's own Rosetta process does. Every failure of a request under that prefix
   * (content type, JSON, body size, throttling, an unknown route) is answered as a Mesh error
   * (HTTP 500). Off by default.
   */
  rosetta?: boolean | RosettaOptions;
  /**
   * Node lists in the shapes Symbol's own apps ask another service for before they talk to a
   * node: NodeWatch's (`/api/symbol/nodes/api`, `/peer`, `/mainPublicKey/{key}`, `/count`,
   * `/api/symbol/height`: the official explorer's `endpoints.nodeWatch`) and statistics-service's
   * (`/nodes?filter=suggested&ssl=true`, `/nodes/{publicKey}`: the desktop wallet's), listing the
   * gateway itself as the request reached it and its peers. Default: on over a backend with
   * development controls (the in-memory chain, a fork), off otherwise.
   */
  nodeList?: boolean;
  /**
   * Over a backend with `revision()` (the in-memory chain has it), the bytes of the 200 answers
   * of pure routes (every Symbol GET route but `/node/time` and `/node/health`; see `RouteOptions.pure`) are kept by
   * request URL until the revision changes: a GET of the same URL is then answered with them, with
   * the CORS headers of its own request, without routing or calling the backend. Bounds (defaults
   * in `ANSWER_MEMO_DEFAULTS`: 1,024 answers, 32 MiB), or `false` to keep none.
   */
  answerMemo?: AnswerMemoOptions | false;
  /**
   * Public keys (64 hex) of accounts whose currency does not circulate (catapult-rest's
   * `uncirculatingAccountPublicKeys`): `GET /network/currency/supply/circulating` is the currency's
   * supply less what these and the nemesis signer hold. Default: none (the nemesis signer only).
   */
  uncirculatingAccounts?: readonly string[];
  /**
   * `GET /metadata/metal/{metalId}` (catapult-rest's `metal` settings): `sizeLimit`, the bytes of
   * the Metals kept together and of one Metal's file and text (413 above), and `cacheTtl`, the
   * seconds a Metal read is answered again without reading the backend. Defaults in
   * `METAL_DEFAULTS`: 10,000,000 bytes, 300 s.
   */
  metal?: MetalOptions;
  /**
   * Page size bounds and defaults of every collection (catapult-rest's `db.pageSizeMin`,
   * `pageSizeMax`, `pageSizeDefault`) and the order of a page whose request gives none.
   * Default `PAGINATION_DEFAULTS`: 10, 100, 10 and `desc` (the interface document's; catapult-rest's
   * code sorts `asc` when `order` is absent: `{ defaultOrder: 'asc' }` does as it does).
   */
  pagination?: Partial<PaginationSettings>;
  /**
   * Requests per client address (catapult-rest's `throttling`): a token bucket of `burst` requests
   * refilled at `rate` a second; a request to a gateway route, or a WebSocket upgrade, without a
   * token gets 429 `TooManyRequests` with `Retry-After` (seconds). `{}` takes catapult-rest's
   * `{ burst: 20, rate: 5 }` (`THROTTLING_DEFAULTS`); behind a reverse proxy, list it in
   * `trustedProxies` so the client it forwards for counts. Mounted with `next`, the app's own
   * paths are not counted; nor are the metrics path and the explorer page unless `throttleAll`
   * (a Prometheus scrape never gets 429). A 429 is counted in the metrics and written to the
   * access log under its route template; the access log writes at most one 429 line per client
   * address a second, with the count it left out. Default: off.
   */
  throttling?: ThrottlingOptions | false;
  /**
   * Prometheus metrics (prom-client): `true` serves them at `GET /metrics`; `{ path, registry }`
   * elsewhere, or into the app's own `Registry` (`path: false` serves none: read
   * `gateway.metrics.registry`). Requests by route template, method and status, their latency,
   * requests in flight, WebSocket connections, subscriptions and frames sent and dropped, chain
   * events and the seconds since the last, and over a backend with `observe()` (a PostgreSQL
   * reader) the blocks it is behind, its pool and its failed queries. Per request: two counter
   * increments, no allocation. Default: off.
   */
  metrics?: boolean | MetricsOptions;
  /**
   * An access log: one entry per answered request (`reqId`, `method`, `route`, `url`, `status`,
   * `duration` in ms, `remoteAddress`; see `AccessLogEntry`) at level info of a pino-compatible
   * logger (`pino()`). Requests handed on to the app's `next` are the app's to log. Default: `false`.
   */
  accessLog?: AccessLogger | false;
}

/** What `attach` takes: node's `http.Server` and `https.Server` fit. */
export type AttachableServer = UpgradeEmitter & { -readonly [K in keyof ServerTimeouts]?: number };

/** Calls the next middleware (Express/Connect style); the gateway calls it for requests it does not own. */
export type NextFunction = (error?: unknown) => void;

/** A mounted Symbol gateway. */
export interface Gateway {
  /**
   * The request listener: `http.createServer(gateway.handle)` or `app.use(gateway.handle)`.
   * Never rejects; resolves once the response is written or `next` was called. Once
   * `close()` began, requests for gateway routes are answered 503.
   */
  readonly handle: (req: IncomingMessage, res: ServerResponse, next?: NextFunction) => Promise<void>;
  /** The router with every Symbol route; add the app's own routes beside them. */
  readonly router: Router;
  /** The backend the routes read from. */
  readonly backend: GatewayBackend;
  /** The WebSocket subscription hub behind `/ws`. */
  readonly hub: ListenerHub;
  /** The Prometheus metrics (`registry` holds them) when `metrics` is on. */
  readonly metrics: GatewayMetrics | undefined;
  /**
   * Serves `/ws` on the app's server (listens to its `upgrade` events) and sets the server's
   * `headersTimeout`, `requestTimeout` and `keepAliveTimeout` to the gateway's options (each
   * `false` option leaves the server's own). Returns a function that stops listening and puts
   * the server's previous timeouts back.
   */
  attach(server: AttachableServer): () => void;
  /** Takes one `upgrade` request; returns false, leaving the socket alone, when it is not for `/ws`. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /**
   * Shuts the gateway down: from the call on, requests for gateway routes get 503 'the gateway
   * is shutting down' and WebSocket upgrades 503; every WebSocket is closed (1001); requests
   * in flight may finish within `closeGracePeriod`, after which their responses are destroyed;
   * then the backend is closed (an in-memory chain stops its block timer). Leaves no timer
   * behind. The app's server is the app's: close it yourself (`server.close()`). Idempotent.
   */
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
  const limits = resolveLimits(options);
  const settings = routeSettings(options);
  const explorer = explorerPath(options.explorer);
  const pagination = resolvePagination(options.pagination);
  const backend = options.backend ?? new InMemoryChain();
  const cors = new CorsPolicy(options.cors);
  const logger = options.logger ?? console;
  const router = new Router();
  symbolRoutes(router, backend, settings);
  if (options.dev) devRoutes(router, backend);
  const throttle = options.throttling ? new RequestThrottle(options.throttling) : undefined;
  const hub = new ListenerHub(backend.events, options.ws, throttle && ((req) => throttle.admit(req)));
  if (explorer) explorerRoute(router, explorer, hub.path);
  if (options.nodeList ?? backend.dev !== undefined) nodeListRoutes(router, backend, hub.path);
  // A visitor at the root of a standalone gateway is told what it serves, and where its explorer is.
  const rootHint = `: this is a Symbol REST gateway (try GET /chain/info)${explorer ? `; its explorer is at ${explorer}` : ''}`;
  const rosetta = rosettaPath(options.rosetta);
  // Which requests are the Rosetta API's: their failures, before their handler too, are Mesh errors.
  const isRosetta = rosetta === undefined ? undefined : rosettaRoutes(router, backend, rosetta);
  const metrics = options.metrics ? new GatewayMetrics(backend, hub, options.metrics === true ? undefined : options.metrics.registry) : undefined;
  const metricsPath = options.metrics === true ? '/metrics' : options.metrics ? (options.metrics.path ?? '/metrics') : false;
  if (metrics && metricsPath !== false) router.get(metricsPath, () => metrics.answer());
  // Under throttling a refused client's lines are sampled: a flood of 429s is not a flood of lines.
  const refusalLog = options.accessLog && throttle ? new RefusalLog(options.accessLog, { maxClients: throttle.maxClients }) : undefined;
  const accessLog = options.accessLog ? new AccessLog(refusalLog ?? options.accessLog) : undefined;
  // What a scrape and a page load reach even from a client that spent its requests.
  const unthrottled = new Set(options.throttling && options.throttling.throttleAll ? [] : [...(metrics && metricsPath !== false ? [metricsPath] : []), ...(explorer ? [explorer] : [])]);
  const timed = metrics !== undefined || accessLog !== undefined;
  const inFlight = new InFlightRequests();
  const durable = backend.durable?.bind(backend);
  // A route added or replaced later may answer a URL otherwise: the router's registrations count as data too.
  const memo = options.answerMemo !== false && backend.revision ? new AnswerMemo(() => backend.revision!() + router.registrations, options.answerMemo) : undefined;
  let closing: Promise<void> | undefined;

  const fail = (req: IncomingMessage, res: ServerResponse, error: unknown): void => {
    const gatewayError = isRosetta?.(req.method ?? 'GET', pathOf(req.url ?? '/')) ? asRosettaError(error) : toGatewayError(error);
    if (gatewayError.status >= 500 && !(error instanceof GatewayError)) logger.error(`${req.method} ${clip(req.url ?? '')} failed`, error);
    if (res.headersSent || res.destroyed) {
      res.destroy();
      return;
    }
    // A browser's script may read the error's own headers (Retry-After, Allow) too.
    writeJson(res, gatewayError.status, gatewayError.toJSON(), cors.exposing(req, gatewayError.headers));
  };

  // Whether the router has a route at `path` (a path that fails to decode matched one).
  const serves = (path: string): boolean => {
    try {
      return router.allowedMethods(path).length > 0;
    } catch {
      return true;
    }
  };

  // An unknown path under the Rosetta prefix is the gateway's to refuse (a Mesh error), not the app's.
  const ownedNext = (method: string, path: string, next: NextFunction | undefined): NextFunction | undefined => (isRosetta?.(method, path) ? undefined : next);

  // Synchronous as far as the request allows: a backend that answers at once costs no promise and no timer.
  // No closure is made per request on that path (each would be an allocation, and a naming call under tsx).
  const dispatch = (req: IncomingMessage, res: ServerResponse, next: NextFunction | undefined, request: InFlightRequest): void | Promise<void> => {
    const method = req.method ?? 'GET';
    const url = req.url ?? '/';
    // The request target is origin-form ('/blocks?x=1'); split by hand so '//a/b' stays a path, not a host.
    const mark = url.indexOf('?');
    const path = mark === -1 ? url : url.slice(0, mark);
    // Refused before any routing or parsing; mounted in an app, the gateway leaves the app's own paths to it.
    if (url.length > limits.maxUrlLength && (!next || serves(path))) throw new UriTooLongError(limits.maxUrlLength);
    // Every request for the gateway counts, memo answers and errors too; the app's own paths are the app's.
    if (throttle !== undefined && !unthrottled.has(path) && (!next || serves(path))) admit(throttle, req, method, path, request);
    // A pure route's answer to this very URL while the backend's data has not changed: no routing, no handler.
    if (memo !== undefined && (method === 'GET' || method === 'HEAD') && !closing) {
      const kept = memo.get(url);
      if (kept !== undefined) {
        // The route of a kept answer is one remembered lookup away; looked up only when someone reads it.
        if (timed) request.route = routeOf(method, path);
        const waiting = durable?.();
        if (waiting !== undefined) return Promise.resolve(inFlight.deadline(request, waiting, limits.backendTimeout)).then(() => writeJsonBytes(res, 200, kept, cors.headers(req)));
        return writeJsonBytes(res, 200, kept, cors.headers(req));
      }
    }

    if (method === 'OPTIONS') {
      const allowed = router.allowedMethods(path);
      if (allowed.length === 0) return notOwned(method, path, ownedNext(method, path, next), request);
      if (closing) throw new ServiceUnavailableError(SHUTTING_DOWN);
      return writeEmpty(res, 204, { allow: [...allowed, 'OPTIONS'].join(', '), ...cors.preflightHeaders(req, allowed) });
    }

    // HEAD is GET without a body (node:http leaves the body out).
    const found = router.find(method === 'HEAD' ? 'GET' : method, path);
    if (found.kind === 'not-found') return notOwned(method, path, ownedNext(method, path, next), request, rootHint);
    if (closing) throw new ServiceUnavailableError(SHUTTING_DOWN);
    if (found.kind === 'method-not-allowed') throw new MethodNotAllowedError(method, found.allowed);
    request.route = found.route;

    const search = mark === -1 ? '' : url.slice(mark + 1);
    checkQueryParameters(search, limits.maxQueryParameters);
    if ((method === 'PUT' || method === 'POST') && !(found.bodyOptional && hasNoBody(req))) return readJsonBody(req, limits.bodyLimit).then((body) => run(req, res, method, path, found, search, body, request));
    return run(req, res, method, path, found, search, undefined, request);
  };

  const run = (req: IncomingMessage, res: ServerResponse, method: string, path: string, found: RouteFound, search: string, body: unknown, request: InFlightRequest): void | Promise<void> => {
    // The chain's network first (read once): the routes refuse an address of another network with it.
    const learning = learnNetwork(backend);
    if (learning !== undefined) return learning.then(() => runKnown(req, res, method, path, found, search, body, request));
    return runKnown(req, res, method, path, found, search, body, request);
  };

  const runKnown = (req: IncomingMessage, res: ServerResponse, method: string, path: string, found: RouteFound, search: string, body: unknown, request: InFlightRequest): void | Promise<void> => {
    const ctx = new Context(req, res, method, path, found.params, search, body, pagination);
    // The URL as looked up, and the revision read before the handler reads the backend: an answer is kept only if the data did not change meanwhile.
    const keep = memo !== undefined && found.pure && (method === 'GET' || method === 'HEAD') ? { url: req.url ?? '/', revision: memo.revision() } : undefined;
    const result = found.handler(ctx);
    if (!isThenable(result)) return durably(req, res, ctx, result, keep, request);
    // The deadline runs from here: reading the body is the client's time (server.requestTimeout).
    return Promise.resolve(inFlight.deadline(request, result, limits.backendTimeout)).then((value) => durably(req, res, ctx, value, keep, request));
  };

  // Written once what it tells is durable (a backend with `durable`: a PostgreSQL writer's chain), at once otherwise.
  const durably = (req: IncomingMessage, res: ServerResponse, ctx: RequestContext, result: unknown, keep: KeepAs | undefined, request: InFlightRequest): void | Promise<void> => {
    const waiting = durable?.();
    if (waiting === undefined) return respond(req, res, ctx, result, keep);
    return Promise.resolve(inFlight.deadline(request, waiting, limits.backendTimeout)).then(() => respond(req, res, ctx, result, keep));
  };

  const respond = (req: IncomingMessage, res: ServerResponse, ctx: RequestContext, result: unknown, keep: KeepAs | undefined): void => {
    if (res.writableEnded || res.destroyed) return; // the handler answered by itself, or close() cut it off
    if (result === undefined) writeEmpty(res, ctx.status === 200 ? 204 : ctx.status, cors.headers(req));
    // Never kept by the memo: what it keeps is written back as JSON.
    else if (result instanceof RawAnswer) writeBody(res, ctx.status, result.contentType, result.bytes, cors.exposing(req, result.headers));
    else if (keep !== undefined && ctx.status === 200) writeJsonBytes(res, 200, keepAnswer(keep, result), cors.headers(req));
    else writeJson(res, ctx.status, result, cors.headers(req));
  };

  // The bytes of a pure route's answer, kept for its URL (a body of its own: never a pooled buffer).
  const keepAnswer = (keep: KeepAs, result: unknown): KeptBody => {
    const body = jsonBody(result) ?? 'null';
    const kept = keptBody(typeof body === 'string' ? Buffer.from(body) : body);
    memo!.keep(keep.url, keep.revision, kept);
    return kept;
  };

  // A refused request is counted and logged under the route it asked for: looked up only when refused.
  const admit = (throttle: RequestThrottle, req: IncomingMessage, method: string, path: string, request: InFlightRequest): void => {
    try {
      throttle.admit(req);
    } catch (error) {
      if (timed) request.route = routeOf(method, path);
      throw error;
    }
  };

  const routeOf = (method: string, path: string): string => {
    const found = router.find(method === 'HEAD' ? 'GET' : method, path);
    return found.kind === 'found' ? found.route : UNMATCHED_ROUTE;
  };

  // Counted and logged once its response is written (or cut off); a request handed to the app's `next` is the app's.
  const answered = (req: IncomingMessage, res: ServerResponse, request: InFlightRequest): void => {
    metrics?.finished();
    if (request.route === undefined) return;
    metrics?.answered(request.route, req.method ?? 'GET', res.statusCode, request.startedAt);
    accessLog?.write(req, res, request.route, request.startedAt);
  };

  // A request answered at once is done when this returns; one that waits (a body, a backend's promise) is tracked for close().
  const handle = (req: IncomingMessage, res: ServerResponse, next?: NextFunction): Promise<void> => {
    const request: InFlightRequest = { res, timer: undefined, route: UNMATCHED_ROUTE, startedAt: timed ? performance.now() : 0 };
    metrics?.started();
    let pending: void | Promise<void>;
    try {
      pending = dispatch(req, res, next, request);
    } catch (error) {
      fail(req, res, error);
      if (timed) answered(req, res, request);
      return DONE;
    }
    if (!pending) {
      if (timed) answered(req, res, request);
      return DONE;
    }
    const done = pending.catch((error: unknown) => fail(req, res, error));
    return inFlight.track(request, timed ? done.then(() => answered(req, res, request)) : done);
  };

  const shutdown = async (): Promise<void> => {
    await Promise.all([hub.close(), inFlight.drain(limits.closeGracePeriod)]);
    metrics?.close();
    refusalLog?.close();
    await backend.close?.();
  };

  return {
    handle,
    router,
    backend,
    hub,
    metrics,
    attach(server) {
      const detach = hub.attach(server);
      const restore = applyServerTimeouts(server, limits.serverTimeouts);
      const quiet = answerClientErrors(server);
      return () => {
        detach();
        restore();
        quiet();
      };
    },
    handleUpgrade: (req, socket, head) => hub.handleUpgrade(req, socket, head),
    close() {
      closing ??= shutdown();
      return closing;
    },
  };
}

const SHUTTING_DOWN = 'the gateway is shutting down';
const DONE: Promise<void> = Promise.resolve();

type RouteFound = Extract<RouteMatch, { kind: 'found' }>;

/** Where a pure route's answer is kept: its URL, and the backend's revision it was read at. */
interface KeepAs {
  readonly url: string;
  readonly revision: number;
}

/** What a handler receives; the query is parsed when a handler first reads it (a read by key has none to parse). */
class Context implements RequestContext {
  status = 200;
  readonly #search: string;
  readonly #pagination: PaginationSettings;
  #query: URLSearchParams | undefined;

  constructor(
    readonly req: IncomingMessage,
    readonly res: ServerResponse,
    readonly method: string,
    readonly path: string,
    readonly params: Readonly<Record<string, string>>,
    search: string,
    readonly body: unknown,
    pagination: PaginationSettings,
  ) {
    this.#search = search;
    this.#pagination = pagination;
  }

  // The gateway's pagination settings go with the query to every route's parsePagination.
  get query(): URLSearchParams {
    return (this.#query ??= new GatewayQuery(this.#search, this.#pagination));
  }
}

/** A request that says it carries no body: no Transfer-Encoding, and no Content-Length or 0. */
function hasNoBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] === undefined && (length === undefined || length === '0');
}

/** The path of a request target (`/blocks?x=1` → `/blocks`). */
function pathOf(url: string): string {
  const mark = url.indexOf('?');
  return mark === -1 ? url : url.slice(0, mark);
}

// A request for no gateway route goes on to the app when there is one (and is no longer the gateway's to count), else it is a 404.
function notOwned(method: string, path: string, next: NextFunction | undefined, request: InFlightRequest, rootHint = ''): void {
  if (!next) throw new ResourceNotFoundError(`no route matches ${clip(method)} ${clip(path)}${path === '/' ? rootHint : ''}`);
  request.route = undefined;
  next();
}
