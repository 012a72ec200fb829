import type { RosettaRoutes } from './context.js';

/** The Data API: `/network/…`, `/account/…`, `/block…`, `/mempool…`. */
export const dataRoutes: RosettaRoutes = {
  '/network/list': async (_request, context) => ({ network_identifiers: [await context.networkIdentifier()] }),
};
