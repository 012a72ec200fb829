import type { GatewayBackend } from '../backend/index.js';
import type { Router } from '../http/router.js';

/** `GET /node/health`, `/node/info`, `/node/time`, `/node/server`. */
export function nodeRoutes(router: Router, backend: GatewayBackend): void {
  router.get('/node/health', async (ctx) => {
    const health = await backend.node.health();
    const { apiNode, db } = health.status;
    ctx.status = apiNode === 'up' && db === 'up' ? 200 : 503;
    return health;
  });

  router.get('/node/info', () => backend.node.info());

  router.get('/node/server', () => backend.node.server());

  router.get('/node/time', async () => {
    // Received and sent within one handler: both stamps are the node's time now.
    const receiveTimestamp = String(await backend.node.networkTime());
    const sendTimestamp = String(await backend.node.networkTime());
    return { communicationTimestamps: { sendTimestamp, receiveTimestamp } };
  });
}
