/**
 * What can go wrong when talking to an upstream gateway, as one error class with a `kind`,
 * so a caller decides on the kind (wait and go on, stop, alert) and logs the message.
 */

/**
 * - `unreachable`: no answer came: the connection was refused, reset or failed (retried)
 * - `timeout`: no whole answer within the client's `timeout` (retried)
 * - `status`: an HTTP error status; 429 and 5xx are retried, other 4xx are not
 * - `garbage`: an answer that is not JSON or not of the shape asked for (never retried)
 * - `network`: the upstream follows another network than the one expected
 * - `aborted`: the client's `signal` was aborted
 */
export type UpstreamErrorKind = 'unreachable' | 'timeout' | 'status' | 'garbage' | 'network' | 'aborted';

/**
 * A failure of an upstream request. The message names the request and what was wrong:
 * `GET http://node:3000/blocks/5: the answer has no block.height`.
 *
 * @example
 * try {
 *   await client.chainInfo();
 * } catch (error) {
 *   if (error instanceof UpstreamError && error.kind === 'unreachable') scheduleRetry();
 *   else throw error;
 * }
 */
export class UpstreamError extends Error {
  readonly kind: UpstreamErrorKind;
  /** The HTTP status of a `status` error. */
  readonly status?: number;
  /** How long a 429 or 503 answer asked the client to wait (`Retry-After`), in ms. */
  readonly retryAfter?: number;

  constructor(kind: UpstreamErrorKind, message: string, options: { status?: number; retryAfter?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'UpstreamError';
    this.kind = kind;
    if (options.status !== undefined) this.status = options.status;
    if (options.retryAfter !== undefined) this.retryAfter = options.retryAfter;
  }

  /** Whether the failure may pass by itself, so the request is worth sending again. */
  get transient(): boolean {
    if (this.kind === 'status') return this.status === 429 || this.status! >= 500;
    return this.kind === 'unreachable' || this.kind === 'timeout';
  }
}
