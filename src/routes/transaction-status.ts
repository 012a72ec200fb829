import type { GatewayBackend } from '../backend/index.js';
import { ResourceNotFoundError } from '../errors.js';
import { parseHex } from '../http/query.js';
import { PURE, type Router } from '../http/router.js';
import { bodyList } from './params.js';

/** `GET /transactionStatus/{hash}` and `POST /transactionStatus`. */
export function transactionStatusRoutes(router: Router, backend: GatewayBackend): void {
  const statuses = backend.transactionStatus;
  if (!statuses) return;

  router.get('/transactionStatus/:hash', async (ctx) => {
    const hash = parseHex('hash', ctx.params.hash, 32);
    const [status] = await statuses.find([hash]);
    if (!status) throw ResourceNotFoundError.forId(ctx.params.hash);
    return status;
  }, PURE);

  router.post('/transactionStatus', async (ctx) => statuses.find(bodyList(ctx.body, 'hashes', (hash) => parseHex('hashes', hash, 32))));
}
