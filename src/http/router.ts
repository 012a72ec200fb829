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

export type RouteMatch =
  | { kind: 'found'; handler: RouteHandler; params: Record<string, string> }
  | { kind: 'method-not-allowed'; allowed: Method[] }
  | { kind: 'not-found' };

interface ParamRoute {
  pattern: string;
  matcher: MatchFunction<Record<string, string>>;
  handlers: Map<string, RouteHandler>;
}

const NOT_FOUND: RouteMatch = { kind: 'not-found' };

/**
 * Method + path router on path-to-regexp. Static paths are looked up in a map;
 * parametrised paths (`/blocks/:height`) are compiled once, at registration.
 *
 * @example
 * const router = new Router();
 * router.get('/blocks/:height', (ctx) => ({ height: ctx.params.height }));
 * router.find('GET', '/blocks/12'); // → { kind: 'found', params: { height: '12' }, ... }
 */
export class Router {
  readonly #static = new Map<string, Map<string, RouteHandler>>();
  readonly #params: ParamRoute[] = [];
  readonly #byPattern = new Map<string, Map<string, RouteHandler>>();

  /** Registers `handler` for `method` on `pattern` (path-to-regexp syntax). A later registration of the same pair replaces the earlier. */
  on(method: Method, pattern: string, handler: RouteHandler): this {
    const normalized = normalize(pattern);
    let handlers = this.#byPattern.get(normalized);
    if (!handlers) {
      handlers = new Map();
      this.#byPattern.set(normalized, handlers);
      if (isStatic(normalized)) this.#static.set(normalized, handlers);
      else this.#params.push({ pattern: normalized, matcher: match(normalized, { decode: decodeSegment }), handlers });
    }
    handlers.set(method, handler);
    return this;
  }

  get(pattern: string, handler: RouteHandler): this {
    return this.on('GET', pattern, handler);
  }

  put(pattern: string, handler: RouteHandler): this {
    return this.on('PUT', pattern, handler);
  }

  post(pattern: string, handler: RouteHandler): this {
    return this.on('POST', pattern, handler);
  }

  /** Finds the handler for a request: found, 405 (with the allowed methods) or 404. */
  find(method: string, path: string): RouteMatch {
    const normalized = normalize(path);
    const allowed = new Set<Method>();
    const staticHandlers = this.#static.get(normalized);
    if (staticHandlers) {
      const handler = staticHandlers.get(method);
      if (handler) return { kind: 'found', handler, params: {} };
      for (const key of staticHandlers.keys()) allowed.add(key as Method);
    }
    for (const route of this.#params) {
      const result = route.matcher(normalized);
      if (!result) continue;
      const handler = route.handlers.get(method);
      if (handler) return { kind: 'found', handler, params: result.params };
      for (const key of route.handlers.keys()) allowed.add(key as Method);
    }
    return allowed.size > 0 ? { kind: 'method-not-allowed', allowed: [...allowed] } : NOT_FOUND;
  }

  /** Methods registered for a path (empty when the path is unknown). */
  allowedMethods(path: string): Method[] {
    const found = this.find('\0', path);
    return found.kind === 'method-not-allowed' ? found.allowed : [];
  }
}

function isStatic(pattern: string): boolean {
  return !/[:*{}()[\]?+!\\]/.test(pattern);
}

// One form per path: '/blocks/' and '/blocks' are the same route.
function normalize(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

function decodeSegment(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    throw new InvalidArgumentError('the path is not valid percent-encoding');
  }
}
