import type { RosettaRoutes } from './context.js';

/** `/network/list`, `/network/options`, `/network/status`. */
export const networkRoutes: RosettaRoutes = {
  '/network/list': async (_request, context) => ({ network_identifiers: [await context.networkIdentifier()] }),
};
