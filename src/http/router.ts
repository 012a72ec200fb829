import type { IncomingMessage, ServerResponse } from 'node:http';
import { match, type MatchFunction } from 'path-to-regexp';
import { InvalidArgumentError } from '../errors.js';

/** What a route handler receives. Set `status` to answer with something other than 200. */
export interface RequestContext {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly method: string;
  /** The path the router matched (without query string). */
  readonly path: string;
  /** Path parameters, decoded. */
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  /** The parsed JSON body of a PUT or POST; `undefined` for other methods. */
  readonly body: unknown;
  /** The response status; 200 unless the handler changes it. */
  status: number;
}

/**
 * A route handler: returns the JSON body to send (or a promise of it). Throw a
 * `GatewayError` to answer with an error.
 */
export type RouteHandler = (ctx: RequestContext) => unknown;

/** Methods a route may answer; OPTIONS is answered by the gateway itself. */
export type Method = 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH';

/** What a route promises about its answers. */
export interface RouteOptions {
  /**
   * The answer depends on nothing but the request's URL and the backend's data: no clock, no
   * request header, no other source. Over a backend with `revision()`, the gateway answers a
   * GET of a URL it answered with 200 since the revision last changed with the same bytes,
   * without calling the handler (see `GatewayOptions.answerMemo`). Default false.
   */
  readonly pure?: boolean;
  /**
   * A PUT or POST of this route may come without a body (no Content-Length or 0, no
   * Transfer-Encoding, no Content-Type needed): its handler gets `body` undefined. Default false
   * (such a request is refused: 415 without a JSON Content-Type, 400 for an empty body).
   */
  readonly bodyOptional?: boolean;
}

/** The options of a pure route (`router.get(pattern, handler, PURE)`). */
export const PURE: RouteOptions = Object.freeze({ pure: true });

export type RouteMatch =
  | {
      kind: 'found';
      handler: RouteHandler;
      params: Record<string, string>;
      /** The route was registered `pure`. */
      pure: boolean;
      /** The route was registered `bodyOptional`. */
      bodyOptional: boolean;
      /** The pattern it was registered with (normalized): what metrics and logs name it by, never the raw path. */
      route: string;
    }
  | { kind: 'method-not-allowed'; allowed: Method[] }
  | { kind: 'not-found' };

interface Registered {
  handler: RouteHandler;
  pure: boolean;
  bodyOptional: boolean;
}

interface ParamRoute {
  pattern: string;
  matcher: MatchFunction<Record<string, string>>;
  handlers: Map<string, Registered>;
}

const NOT_FOUND: RouteMatch = { kind: 'not-found' };
const NO_PARAMS: Record<string, string> = Object.freeze({}) as Record<string, string>;
/** How long a path, and how many paths, `find` remembers. */
const REMEMBERED_PATH_LENGTH = 256;
const REMEMBERED_PATHS = 4096;

/**
 * Method + path router on path-to-regexp. Static paths are looked up in a map;
 * parametrised paths (`/blocks/:height`) are compiled once, at registration, and a request
 * tries only those whose first segment is its own (or is not plain text), in the order they
 * were registered.
 *
 * @example
 * const router = new Router();
 * router.get('/blocks/:height', (ctx) => ({ height: ctx.params.height }));
 * router.find('GET', '/blocks/12'); // → { kind: 'found', params: { height: '12' }, ... }
 */
export class Router {
  readonly #static = new Map<string, Map<string, Registered>>();
  /** The routes found lately, by method and path: frozen, shared by every request for the same path (see `find`). */
  readonly #found = new Map<string, Map<string, RouteMatch>>();
  #foundCount = 0;
  /** Parametrised routes by their first segment (lower case: routes match regardless of case), each list in registration order with the routes whose first segment is not plain text. */
  #bySegment = new Map<string, ParamRoute[]>();
  /** The routes whose first segment is not plain text: what a path of any other first segment tries. */
  #anySegment: ParamRoute[] = [];
  readonly #byPattern = new Map<string, Map<string, Registered>>();
  #registrations = 0;

  /** How many registrations were made: it moves whenever what a path finds may have changed. */
  get registrations(): number {
    return this.#registrations;
  }

  /** Registers `handler` for `method` on `pattern` (path-to-regexp syntax). A later registration of the same pair replaces the earlier. */
  on(method: Method, pattern: string, handler: RouteHandler, options: RouteOptions = {}): this {
    const normalized = normalize(pattern);
    let handlers = this.#byPattern.get(normalized);
    if (!handlers) {
      handlers = new Map();
      this.#byPattern.set(normalized, handlers);
      if (isStatic(normalized)) this.#static.set(normalized, handlers);
      else this.#addParamRoute({ pattern: normalized, matcher: match(normalized, { decode: decodeSegment }), handlers });
    }
    handlers.set(method, { handler, pure: options.pure === true, bodyOptional: options.bodyOptional === true });
    this.#registrations++;
    this.#found.clear();
    this.#foundCount = 0;
    return this;
  }

  get(pattern: string, handler: RouteHandler, options?: RouteOptions): this {
    return this.on('GET', pattern, handler, options);
  }

  put(pattern: string, handler: RouteHandler, options?: RouteOptions): this {
    return this.on('PUT', pattern, handler, options);
  }

  post(pattern: string, handler: RouteHandler, options?: RouteOptions): this {
    return this.on('POST', pattern, handler, options);
  }

  /**
   * Finds the handler for a request: found, 405 (with the allowed methods) or 404. A route
   * found is remembered for its method and path (paths up to 256 characters, 4,096 of them,
   * forgotten all at once when full or when a route is added): a client asking for the same
   * path again costs one lookup, not a match per route. Its `params` object is then shared,
   * and frozen.
   */
  find(method: string, path: string): RouteMatch {
    const known = this.#found.get(method)?.get(path);
    if (known) return known;
    const found = this.#match(method, path);
    if (found.kind === 'found' && path.length <= REMEMBERED_PATH_LENGTH) this.#remember(method, path, found);
    return found;
  }

  #match(method: string, path: string): RouteMatch {
    const normalized = normalize(path);
    let allowed: Set<Method> | undefined;
    const staticHandlers = this.#static.get(normalized);
    if (staticHandlers) {
      const registered = staticHandlers.get(method);
      if (registered) return { kind: 'found', handler: registered.handler, params: NO_PARAMS, pure: registered.pure, bodyOptional: registered.bodyOptional, route: normalized };
      allowed = new Set(staticHandlers.keys() as Iterable<Method>);
    }
    for (const route of this.#bySegment.get(firstSegment(normalized)) ?? this.#anySegment) {
      const result = route.matcher(normalized);
      if (!result) continue;
      const registered = route.handlers.get(method);
      if (registered) return { kind: 'found', handler: registered.handler, params: result.params, pure: registered.pure, bodyOptional: registered.bodyOptional, route: route.pattern };
      allowed ??= new Set();
      for (const key of route.handlers.keys()) allowed.add(key as Method);
    }
    return allowed ? { kind: 'method-not-allowed', allowed: [...allowed] } : NOT_FOUND;
  }

  #remember(method: string, path: string, found: RouteMatch & { kind: 'found' }): void {
    if (this.#foundCount >= REMEMBERED_PATHS) {
      this.#found.clear();
      this.#foundCount = 0;
    }
    let byPath = this.#found.get(method);
    if (!byPath) this.#found.set(method, (byPath = new Map()));
    Object.freeze(found.params);
    byPath.set(path, Object.freeze(found));
    this.#foundCount++;
  }

  /** Methods registered for a path (empty when the path is unknown). */
  allowedMethods(path: string): Method[] {
    const found = this.find('\0', path);
    return found.kind === 'method-not-allowed' ? found.allowed : [];
  }

  #addParamRoute(route: ParamRoute): void {
    const segment = patternSegment(route.pattern);
    if (segment === undefined) {
      // Tried by every path: appended to every list, in registration order.
      this.#anySegment = [...this.#anySegment, route];
      for (const [key, routes] of this.#bySegment) this.#bySegment.set(key, [...routes, route]);
    } else {
      // A new first segment starts with the routes every path tries that came before it.
      const routes = this.#bySegment.get(segment) ?? this.#anySegment;
      this.#bySegment.set(segment, [...routes, route]);
    }
  }
}

/** The first segment of a pattern, lower case, when it is plain text (no parameter, group, wildcard or escape in it). */
function patternSegment(pattern: string): string | undefined {
  const segment = firstSegment(pattern);
  return SYNTAX.test(segment) ? undefined : segment;
}

/** The first segment of a path ('/blocks/12' → 'blocks'), lower case. */
function firstSegment(path: string): string {
  const end = path.indexOf('/', 1);
  return (end === -1 ? path.slice(1) : path.slice(1, end)).toLowerCase();
}

function isStatic(pattern: string): boolean {
  return !SYNTAX.test(pattern);
}

/** The characters of path-to-regexp's syntax: a pattern (or a segment) without them is plain text. */
const SYNTAX = /[:*{}()[\]?+!\\]/;

// One form per path: '/blocks/' and '/blocks' are the same route.
function normalize(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

function decodeSegment(value: string): string {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    throw new InvalidArgumentError('the path is not valid percent-encoding');
  }
}
