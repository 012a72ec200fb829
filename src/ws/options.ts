import { LISTENER_DEFAULTS, MAX_TIMER_MS } from './constants.js';

/** Options of `ListenerHub`; defaults live in `LISTENER_DEFAULTS`. */
export interface ListenerHubOptions {
  /** The upgrade path (query string ignored). Default `'/ws'`. */
  path?: string;
  /** Subscriptions one connection may hold; one more closes it with 1008. Default 100. */
  maxSubscriptions?: number;
  /** Largest client frame in bytes; a bigger one closes the connection with 1009. Default 4096. */
  maxPayload?: number;
  /** Open connections; an upgrade past it is answered HTTP 503 before the handshake. Default 10 000. */
  maxConnections?: number;
  /**
   * Frames (messages, pings, pongs) a connection may send in any 1-second window; one more
   * closes it with 1008 'too many messages: at most N per second'. Default 20.
   */
  maxFramesPerSecond?: number;
  /**
   * Bytes queued for a connection and not yet taken by the kernel. A subscriber over it
   * when an event is due is terminated (its client sees 1006), not closed: it is not
   * reading, so a close frame would wait behind the backlog. Default 1 MiB.
   */
  maxBufferedBytes?: number;
  /**
   * Milliseconds between pings; a socket that did not answer the previous ping with a pong
   * is terminated, so a dead peer is dropped within two intervals. 0 disables. Default 30 000.
   */
  heartbeatInterval?: number;
}

/**
 * `options` with every default filled in (from `LISTENER_DEFAULTS`), or a TypeError
 * naming the first option out of range.
 *
 * @example
 * resolveListenerOptions({ maxConnections: 500 }).heartbeatInterval; // 30000
 * resolveListenerOptions({ maxConnections: 0 });                     // throws: maxConnections must be a positive integer
 */
export function resolveListenerOptions(options: ListenerHubOptions): Required<ListenerHubOptions> {
  const resolved: Required<ListenerHubOptions> = {
    path: options.path ?? LISTENER_DEFAULTS.path,
    maxSubscriptions: options.maxSubscriptions ?? LISTENER_DEFAULTS.maxSubscriptions,
    maxPayload: options.maxPayload ?? LISTENER_DEFAULTS.maxPayload,
    maxConnections: options.maxConnections ?? LISTENER_DEFAULTS.maxConnections,
    maxFramesPerSecond: options.maxFramesPerSecond ?? LISTENER_DEFAULTS.maxFramesPerSecond,
    maxBufferedBytes: options.maxBufferedBytes ?? LISTENER_DEFAULTS.maxBufferedBytes,
    heartbeatInterval: options.heartbeatInterval ?? LISTENER_DEFAULTS.heartbeatInterval,
  };
  if (!resolved.path.startsWith('/')) throw new TypeError(`path must start with '/'`);
  for (const name of ['maxSubscriptions', 'maxPayload', 'maxConnections', 'maxFramesPerSecond', 'maxBufferedBytes'] as const) {
    const value = resolved[name];
    if (!Number.isSafeInteger(value) || value <= 0) throw new TypeError(`${name} must be a positive integer`);
  }
  const { heartbeatInterval } = resolved;
  if (!Number.isSafeInteger(heartbeatInterval) || heartbeatInterval < 0 || heartbeatInterval > MAX_TIMER_MS) {
    throw new TypeError(`heartbeatInterval must be an integer from 0 to ${MAX_TIMER_MS} (ms)`);
  }
  return resolved;
}
