import type { GatewayBackend } from '../backend/index.js';
import type { Router } from '../http/router.js';

/** `GET /network` and `GET /network/properties`. */
export function networkRoutes(router: Router, backend: GatewayBackend): void {
  router.get('/network', () => backend.network.type());
  router.get('/network/properties', () => backend.network.properties());
}
