/**
 * The listener's defaults, close codes and close reasons, in one place so the
 * protocol a client sees can be read (and changed) here alone.
 */

/** Defaults of `ListenerHubOptions`. */
export const LISTENER_DEFAULTS = {
  /** The upgrade path; the Symbol REST gateway serves its listener at `/ws`. */
  path: '/ws',
  /** Subscriptions one connection may hold; bounds the memory a single client can pin. */
  maxSubscriptions: 100,
  /** Bytes of one client frame; a subscribe message is well under 200 bytes. */
  maxPayload: 4096,
} as const;

/** How long `close()` waits for a client to answer the close frame before it drops the socket. */
export const SHUTDOWN_TIMEOUT_MS = 1_000;

/** WebSocket close codes (RFC 6455 section 7.4.1) the listener sends. */
export const CLOSE_CODE = {
  /** The server is going down. */
  GOING_AWAY: 1001,
  /** The client broke the subscription protocol. */
  POLICY_VIOLATION: 1008,
  /** A client frame was over `maxPayload` (sent by `ws` itself). */
  MESSAGE_TOO_BIG: 1009,
  /** A bug in the hub while handling a client frame; the process stays up. */
  INTERNAL_ERROR: 1011,
} as const;

/** A close frame's reason is at most 123 bytes (RFC 6455 section 5.5). */
export const MAX_CLOSE_REASON_BYTES = 123;

/** Longest piece of client input echoed in a reason, so the reason stays readable and short. */
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
  unknownChannel: (channel: string) => `unknown channel '${echo(channel)}'`,
  addressNotAllowed: (channel: string) => `channel '${channel}' takes no address`,
  invalidAddress: (address: string) => `invalid address '${echo(address)}': expected 39 base32 characters with a valid checksum`,
  tooManySubscriptions: (limit: number) => `too many subscriptions: at most ${limit} per connection`,
} as const;

function echo(text: string): string {
  return text.length > ECHO_LIMIT ? `${text.slice(0, ECHO_LIMIT)}...` : text;
}
