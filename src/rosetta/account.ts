import type { RosettaRoutes } from './context.js';

/** `/account/balance`, `/account/coins`. */
export const accountRoutes: RosettaRoutes = {};
