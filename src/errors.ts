/**
 * The error model: every failure the gateway answers with is a `GatewayError`,
 * written on the wire as `{"code": "...", "message": "..."}`.
 */

/** The wire `code` of each error kind, with its HTTP status. */
export const ERROR_STATUS = {
  InvalidContent: 400,
  ResourceNotFound: 404,
  MethodNotAllowed: 405,
  InvalidArgument: 409,
  PayloadTooLarge: 413,
  UriTooLong: 414,
  UnsupportedMediaType: 415,
  TooManyRequests: 429,
  InternalServiceError: 500,
  ServiceUnavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** The JSON body of every error response. */
export interface ErrorBody {
  code: string;
  message: string;
}

/**
 * An error with an HTTP status and a wire code. Throw it from a route or a backend
 * and the gateway answers with its status and body.
 *
 * @example
 * throw new GatewayError('InvalidArgument', 'height has an invalid format');
 */
export class GatewayError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** Extra response headers (for example `Allow` on a 405). */
  readonly headers: Readonly<Record<string, string>>;

  constructor(code: ErrorCode, message: string, options: { cause?: unknown; headers?: Record<string, string> } = {}) {
    super(message, { cause: options.cause });
    this.name = 'GatewayError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.headers = options.headers ?? {};
  }

  toJSON(): ErrorBody {
    return { code: this.code, message: this.message };
  }
}

/** 400: the body is not valid JSON, or not the JSON type the route needs. */
export class InvalidContentError extends GatewayError {
  constructor(message = 'content is not valid JSON') {
    super('InvalidContent', message);
  }
}

/** 404: no route at that path, or no entity with that id. */
export class ResourceNotFoundError extends GatewayError {
  constructor(message: string) {
    super('ResourceNotFound', message);
  }

  /** The reference gateway's message for a missing entity. */
  static forId(id: string): ResourceNotFoundError {
    return new ResourceNotFoundError(`no resource exists with id '${clip(id)}'`);
  }
}

/** 405: the path exists, the method does not. */
export class MethodNotAllowedError extends GatewayError {
  constructor(method: string, allowed: readonly string[]) {
    super('MethodNotAllowed', `${clip(method)} is not allowed`, { headers: { allow: allowed.join(', ') } });
  }
}

/** 409: a parameter or body field is missing or malformed. */
export class InvalidArgumentError extends GatewayError {
  constructor(message: string) {
    super('InvalidArgument', message);
  }
}

/** 413: the body is over the configured limit. */
export class PayloadTooLargeError extends GatewayError {
  constructor(limit: number) {
    super('PayloadTooLarge', `request body is larger than ${limit} bytes`);
  }
}

/** 414: the request target (path and query) is over the configured `maxUrlLength`. */
export class UriTooLongError extends GatewayError {
  constructor(limit: number) {
    super('UriTooLong', `request target is longer than ${limit} bytes`);
  }
}

/** 415: a PUT or POST body that is not `application/json`. */
export class UnsupportedMediaTypeError extends GatewayError {
  constructor() {
    super('UnsupportedMediaType', 'content type must be application/json');
  }
}

/**
 * 429: the client's address spent its requests (the `throttling` option); `Retry-After` tells the
 * whole seconds until its next one is allowed. catapult-rest answers the same code (restify's throttle).
 */
export class TooManyRequestsError extends GatewayError {
  constructor(rate: number, retryAfterSeconds: number) {
    super('TooManyRequests', `you have exceeded your request rate of ${rate} r/s`, { headers: { 'retry-after': String(retryAfterSeconds) } });
  }
}

/** 500: a bug or an unexpected backend failure; the message never carries internals. */
export class InternalServiceError extends GatewayError {
  constructor(message = 'an internal error occurred', cause?: unknown) {
    super('InternalServiceError', message, { cause });
  }
}

/** 503: the node or the database behind the backend is unreachable. Backends throw this. */
export class ServiceUnavailableError extends GatewayError {
  constructor(message = 'the backend is unavailable', cause?: unknown) {
    super('ServiceUnavailable', message, { cause });
  }
}

/** Maps anything thrown to a `GatewayError`; unknown errors become a generic 500. */
export function toGatewayError(error: unknown): GatewayError {
  return error instanceof GatewayError ? error : new InternalServiceError(undefined, error);
}

const ECHO_LIMIT = 64;

/** Shortens user input before it is echoed in a message: at most `limit` characters, then `...`. */
export function clip(value: string, limit = ECHO_LIMIT): string {
  return value.length > limit ? `${value.slice(0, limit)}...` : value;
}
