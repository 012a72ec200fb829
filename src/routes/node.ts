import type { GatewayBackend } from '../backend/index.js';
import { PURE, type Router } from '../http/router.js';

/** `GET /node/health`, `/node/info`, `/node/time`, `/node/server`, and (when the backend has them) `/node/storage`, `/node/peers`, `/node/unlockedaccount`, `/node/metadata`. */
export function nodeRoutes(router: Router, backend: GatewayBackend): void {
  const { node } = backend;
  // Not pure: a backend's health can change with no change of its data (a PostgreSQL reader's database goes away, or stops moving).
  router.get('/node/health', async (ctx) => {
    const health = await node.health();
    const { apiNode, db } = health.status;
    ctx.status = apiNode === 'up' && db === 'up' ? 200 : 503;
    return health;
  });

  router.get('/node/info', () => node.info(), PURE);

  router.get('/node/server', () => node.server(), PURE);

  router.get('/node/time', async () => {
    // Received and sent within one handler: both stamps are the node's time now.
    const receiveTimestamp = String(await node.networkTime());
    const sendTimestamp = String(await node.networkTime());
    return { communicationTimestamps: { sendTimestamp, receiveTimestamp } };
  });

  if (node.storage) router.get('/node/storage', () => node.storage!(), PURE);
  if (node.peers) router.get('/node/peers', () => node.peers!(), PURE);
  if (node.unlockedAccounts) router.get('/node/unlockedaccount', () => node.unlockedAccounts!(), PURE);
  if (node.metadata) router.get('/node/metadata', () => node.metadata!(), PURE);
}
