import { GatewayError, ServiceUnavailableError } from '../errors.js';
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

/** A failure of a handler as the Mesh error it is answered with. */
export function asRosettaError(error: unknown): RosettaError {
  if (error instanceof RosettaError) return error;
  if (error instanceof ServiceUnavailableError) return new RosettaError('connectionError', { reason: error.message }, { cause: error });
  if (error instanceof GatewayError && error.status < 500) return new RosettaError('invalidRequestData', { reason: error.message }, { cause: error });
  return new RosettaError('internalServerError', undefined, { cause: error });
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
