import type { GatewayBackend } from '../backend/index.js';
import { PURE, type Router } from '../http/router.js';

/** `GET /chain/info`. */
export function chainRoutes(router: Router, backend: GatewayBackend): void {
  router.get('/chain/info', () => backend.chain.info(), PURE);
}
