import { GatewayError, type ErrorBody } from '../errors.js';

/**
 * The Rosetta (Mesh) error model: every failure of a Rosetta route is answered with HTTP 500
 * and a Mesh `Error` body (`code`, `message`, `retriable`, optional `details`), never the REST
 * gateway's `{ code, message }`. The codes are this gateway's; `/network/options` lists them all.
 */
export const ROSETTA_ERRORS = {
  unsupportedNetwork: { code: 1, message: 'unsupported network', retriable: false },
  unsupportedCurve: { code: 2, message: 'unsupported curve', retriable: false },
  invalidPublicKey: { code: 3, message: 'invalid public key', retriable: false },
  invalidRequestData: { code: 4, message: 'invalid request data', retriable: false },
  connectionError: { code: 5, message: 'unable to connect to network', retriable: true },
  syncDuringOperation: { code: 6, message: 'sync was detected during operation', retriable: true },
  invalidSignature: { code: 7, message: 'invalid signature', retriable: false },
  notFound: { code: 8, message: 'not found', retriable: false },
  tooManyRequests: { code: 9, message: 'too many requests', retriable: true },
  notSupported: { code: 99, message: 'operation is not supported in rosetta', retriable: false },
  internalServerError: { code: 100, message: 'internal server error', retriable: false },
} as const;

export type RosettaErrorKind = keyof typeof ROSETTA_ERRORS;

/** A Mesh `Error` body. */
export interface RosettaErrorBody {
  code: number;
  message: string;
  retriable: boolean;
  details?: Record<string, unknown>;
}

/** A failure of a Rosetta route: HTTP 500 with the Mesh error body of its kind. */
export class RosettaError extends GatewayError {
  readonly kind: RosettaErrorKind;
  readonly details: Record<string, unknown> | undefined;

  constructor(kind: RosettaErrorKind, details?: Record<string, unknown>, options: { cause?: unknown; headers?: Record<string, string> } = {}) {
    super('InternalServiceError', ROSETTA_ERRORS[kind].message, options);
    this.name = 'RosettaError';
    this.kind = kind;
    this.details = details;
  }

  /** The Mesh body this error is answered with. */
  body(): RosettaErrorBody {
    const { code, message, retriable } = ROSETTA_ERRORS[this.kind];
    return { code, message, retriable, ...(this.details === undefined ? {} : { details: this.details }) };
  }

  /** What the gateway writes: the Mesh body (typed as the gateway's error body, which the gateway only serializes). */
  override toJSON(): ErrorBody {
    return this.body() as unknown as ErrorBody;
  }
}

/** A Mesh error of `kind`, with what went wrong in `details` (a `reason` at least, where there is one). */
export function rosettaError(kind: RosettaErrorKind, details?: Record<string, unknown>): RosettaError {
  return new RosettaError(kind, details);
}

/** Every error a Rosetta route can answer, for `/network/options`. */
export function allRosettaErrors(): RosettaErrorBody[] {
  return Object.values(ROSETTA_ERRORS).map(({ code, message, retriable }) => ({ code, message, retriable }));
}
