import type { RosettaRoutes } from './context.js';

/** `/mempool`, `/mempool/transaction`. */
export const mempoolRoutes: RosettaRoutes = {};
