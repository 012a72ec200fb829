import type { GatewayBackend } from '../backend/index.js';
import type { Router } from '../http/router.js';
import { constructionRoutes } from './construction.js';
import { createRosettaContext } from './context.js';
import { dataRoutes } from './data.js';
import { registerRosettaRoutes, ROSETTA_PATH, rosettaScope } from './routes.js';

/** Where and how the gateway serves the Rosetta (Mesh) API. */
export interface RosettaOptions {
  /** The path prefix of its routes (default `/rosetta`: `POST /rosetta/network/list`); `''` serves them at the root. */
  path?: string;
}

/** The prefix the options give (`true`: the default). */
export function rosettaPath(options: boolean | RosettaOptions | undefined): string | undefined {
  if (!options) return undefined;
  const path = options === true ? ROSETTA_PATH : (options.path ?? ROSETTA_PATH);
  if (path !== '' && (!path.startsWith('/') || path.endsWith('/'))) throw new TypeError(`rosetta.path must be '' or start with '/' and not end with one: ${JSON.stringify(path)}`);
  return path;
}

/**
 * Registers the Rosetta Data and Construction APIs over `backend` on `router` under `prefix`;
 * answers which requests are theirs (their failures are answered as Mesh errors).
 */
export function rosettaRoutes(router: Router, backend: GatewayBackend, prefix: string): (method: string, path: string) => boolean {
  registerRosettaRoutes(router, prefix, createRosettaContext(backend), [dataRoutes, constructionRoutes]);
  return rosettaScope(prefix);
}

export { ROSETTA_ERRORS, RosettaError } from './errors.js';
export type { RosettaErrorBody, RosettaErrorKind } from './errors.js';
export type { RosettaNetworkIdentifier, RosettaContext } from './context.js';
export type { RosettaCurrency } from './currency.js';
export { ROSETTA_PATH } from './routes.js';
