import type { RosettaRoutes } from './context.js';

/** `/block`, `/block/transaction`. */
export const blockRoutes: RosettaRoutes = {};
