import { accountRoutes } from './account.js';
import { blockRoutes } from './block.js';
import type { RosettaRoutes } from './context.js';
import { mempoolRoutes } from './mempool.js';
import { networkRoutes } from './network.js';

/** The Data API: `/network/…`, `/account/…`, `/block…`, `/mempool…`. */
export const dataRoutes: RosettaRoutes = { ...networkRoutes, ...accountRoutes, ...blockRoutes, ...mempoolRoutes };
