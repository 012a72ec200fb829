/**
 * The listener's defaults, close codes and close reasons, in one place so the
 * protocol a client sees can be read (and changed) here alone.
 */
import { clip } from '../errors.js';

/** Defaults of `ListenerHubOptions`. */
export const LISTENER_DEFAULTS = {
  /** The upgrade path; the Symbol REST gateway serves its listener at `/ws`. */
  path: '/ws',
  /** Subscriptions one connection may hold; bounds the memory a single client can pin. */
  maxSubscriptions: 100,
  /** Bytes of one client frame; a subscribe message is well under 200 bytes. */
  maxPayload: 4096,
  /** Open connections of one hub; an upgrade past it is answered 503 before the handshake. */
  maxConnections: 10_000,
  /**
   * Frames (messages, pings, pongs) one connection may send in any 1-second window, so a
   * flood is cut early. A client only subscribes and unsubscribes; 200 lets a wallet
   * fill all of `maxSubscriptions` at connect (and unsubscribe them) within one second.
   */
  maxFramesPerSecond: 200,
  /**
   * Bytes queued for one connection and not yet taken by the kernel; past it the
   * connection is dropped before the next send, so one client that does not read cannot
   * make the server hold every event for it.
   */
  maxBufferedBytes: 1024 * 1024,
  /** Milliseconds between pings; a socket that did not answer the previous ping is dropped. 0 disables. */
  heartbeatInterval: 30_000,
} as const;

/**
 * How long the hub waits for a client to answer a close frame (any close: shutdown,
 * protocol error, rate limit, feed failure) before it drops the socket.
 */
export const SHUTDOWN_TIMEOUT_MS = 1_000;

/** Sends per turn of the event loop when one event goes to many sockets (about 10 ms of work). */
export const FANOUT_SLICE = 1_000;

/** Longest `heartbeatInterval`: node runs a longer interval every 1 ms. */
export const MAX_TIMER_MS = 2_147_483_647;

/**
 * WebSocket close codes (RFC 6455 section 7.4.1) the listener sends. Sockets it drops
 * without a close frame (a subscriber over `maxBufferedBytes`, a missed heartbeat pong)
 * are terminated: they are not reading, so a close frame would never reach them. Their
 * client sees 1006 (abnormal closure), a code never sent on the wire.
 */
export const CLOSE_CODE = {
  /** The server is going down. */
  GOING_AWAY: 1001,
  /** The client broke the subscription protocol, or sent more than `maxFramesPerSecond`. */
  POLICY_VIOLATION: 1008,
  /** A client frame was over `maxPayload` (sent by `ws` itself). */
  MESSAGE_TOO_BIG: 1009,
  /** A bug in the hub while handling a client frame, or the event feed failed; the process stays up. */
  INTERNAL_ERROR: 1011,
} as const;

/** A close frame's reason is at most 123 bytes (RFC 6455 section 5.5). */
export const MAX_CLOSE_REASON_BYTES = 123;

/** Longest piece of client input echoed in a reason: a close reason has 123 bytes in all. */
const ECHO_LIMIT = 40;

/**
 * The reason sent with each close. Reasons that echo client input clip it, so the
 * client sees what it sent wrong without the server reflecting kilobytes back.
 */
export const CLOSE_REASON = {
  shutdown: 'server shutting down',
  internalError: 'internal error',
  wrongUid: 'uid does not match this connection',
  malformedJson: 'message is not valid JSON',
  notAnObject: 'message must be a JSON object',
  notOneAction: 'message must have exactly one of subscribe or unsubscribe',
  channelNotAString: 'subscribe and unsubscribe take a channel string',
  binaryFrame: 'binary frames are not supported; send JSON text',
  unknownChannel: (channel: string) => `unknown channel '${clip(channel, ECHO_LIMIT)}'`,
  addressNotAllowed: (channel: string) => `channel '${channel}' takes no address`,
  invalidAddress: (address: string) => `invalid address '${clip(address, ECHO_LIMIT)}': expected 39 base32 characters with a valid checksum`,
  tooManySubscriptions: (limit: number) => `too many subscriptions: at most ${limit} per connection`,
  tooManyMessages: (limit: number) => `too many messages: at most ${limit} per second`,
  feedFailed: 'event feed failed',
} as const;

/**
 * The message of each upgrade the hub refuses by itself, sent in a `{code, message}` body
 * (a handshake `ws` refuses carries `ws`'s own message, e.g. 'Invalid Upgrade header').
 */
export const UPGRADE_ERROR = {
  tooManyConnections: (limit: number) => `too many connections: the listener takes at most ${limit}`,
  shutdown: 'the listener is shutting down',
  noListener: (path: string, listenerPath: string) => `no WebSocket listener at '${clip(path)}'; connect to '${listenerPath}'`,
} as const;
