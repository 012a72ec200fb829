/** The node:http server settings `gateway.attach(server)` applies, in milliseconds (0: no timeout). */
export interface ServerTimeouts {
  readonly headersTimeout?: number;
  readonly requestTimeout?: number;
  readonly keepAliveTimeout?: number;
}

type Settable = { -readonly [K in keyof ServerTimeouts]?: unknown };

/**
 * Sets the given timeouts on a node:http or node:https server and returns a function that
 * puts the server's previous values back. Settings the server does not have (a server
 * that is not node's) are left alone.
 *
 * Node checks `headersTimeout` and `requestTimeout` every `connectionsCheckingInterval`
 * (a `createServer` option, 30 s by default), so a slow client is cut off that much late at most.
 *
 * @example
 * const restore = applyServerTimeouts(server, { headersTimeout: 10_000 });
 */
export function applyServerTimeouts(server: object, timeouts: ServerTimeouts): () => void {
  const target = server as Settable;
  const previous: Settable = {};
  for (const key of Object.keys(timeouts) as (keyof ServerTimeouts)[]) {
    if (typeof target[key] !== 'number') continue;
    previous[key] = target[key];
    target[key] = timeouts[key];
  }
  return () => Object.assign(target, previous);
}
