import { GatewayError, ResourceNotFoundError, ServiceUnavailableError, TooManyRequestsError } from '../errors.js';
import type { Router } from '../http/router.js';
import type { RosettaContext, RosettaRoutes } from './context.js';
import { RosettaError, rosettaError } from './errors.js';

/** Where the gateway serves the Rosetta routes, unless told otherwise. */
export const ROSETTA_PATH = '/rosetta';

/** The one route a request may make without naming the network (it asks which there are). */
const WITHOUT_NETWORK = new Set(['/network/list']);

/** Whether `given` (a request's `network_identifier`) names the network this gateway serves. */
async function checkNetwork(given: unknown, context: RosettaContext): Promise<void> {
  const ours = await context.networkIdentifier();
  const named = given as { blockchain?: unknown; network?: unknown; sub_network_identifier?: unknown } | undefined;
  if (typeof named !== 'object' || named === null) throw rosettaError('invalidRequestData', { reason: 'network_identifier is required' });
  if (named.blockchain !== ours.blockchain || named.network !== ours.network || named.sub_network_identifier !== undefined) {
    throw rosettaError('unsupportedNetwork', { reason: `this gateway serves ${ours.blockchain} ${ours.network}` });
  }
}

/**
 * A failure of a handler, or of a request to a Rosetta path before its handler (content type,
 * JSON, body size, throttling, no such route), as the Mesh error it is answered with; the
 * gateway error's headers (`Retry-After`, `Allow`) are kept.
 */
export function asRosettaError(error: unknown): RosettaError {
  if (error instanceof RosettaError) return error;
  if (!(error instanceof GatewayError)) return new RosettaError('internalServerError', undefined, { cause: error });
  const options = { cause: error, headers: { ...error.headers } };
  const details = { reason: error.message };
  if (error instanceof ServiceUnavailableError) return new RosettaError('connectionError', details, options);
  if (error instanceof TooManyRequestsError) return new RosettaError('tooManyRequests', details, options);
  if (error instanceof ResourceNotFoundError) return new RosettaError('notFound', details, options);
  if (error.status < 500) return new RosettaError('invalidRequestData', details, options);
  return new RosettaError('internalServerError', undefined, options);
}

/** The Mesh route families, for a prefix of '' (where they share the root with the REST routes). */
const ROSETTA_FAMILIES = /^\/(?:network|account|construction)\/|^\/(?:block|mempool)(?:\/|$)/;

/**
 * Whether a request (method, path) is the Rosetta API's under `prefix`: any path under a
 * prefix; at the root (''), a POST to a Mesh route family (all Mesh routes are POST, the REST
 * routes there are not Mesh's), so its failures are answered as Mesh errors.
 */
export function rosettaScope(prefix: string): (method: string, path: string) => boolean {
  if (prefix !== '') return (_method, path) => path === prefix || path.startsWith(`${prefix}/`);
  return (method, path) => method === 'POST' && ROSETTA_FAMILIES.test(path);
}

/**
 * Registers Rosetta routes (all POST) on `router` under `prefix` ('' for the root): each takes
 * a JSON object, checks its `network_identifier` (all but `/network/list`), and answers the
 * handler's result, or a Mesh error (HTTP 500) for anything that fails.
 */
export function registerRosettaRoutes(router: Router, prefix: string, context: RosettaContext, routes: readonly RosettaRoutes[]): void {
  for (const table of routes) {
    for (const [path, handler] of Object.entries(table)) {
      router.post(`${prefix}${path}`, async (ctx) => {
        try {
          const body = ctx.body;
          if (typeof body !== 'object' || body === null || Array.isArray(body)) throw rosettaError('invalidRequestData', { reason: 'the request body must be a JSON object' });
          const request = body as Record<string, unknown>;
          if (!WITHOUT_NETWORK.has(path)) await checkNetwork(request.network_identifier, context);
          return await handler(request, context);
        } catch (error) {
          throw asRosettaError(error);
        }
      });
    }
  }
}
