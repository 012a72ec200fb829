import type { RosettaRoutes } from './context.js';

/** The Construction API: `/construction/{derive,preprocess,metadata,payloads,combine,parse,hash,submit}`. */
export const constructionRoutes: RosettaRoutes = {};
