import type { GatewayBackend } from '../backend/index.js';
import { InvalidArgumentError, ResourceNotFoundError } from '../errors.js';
import { requireJsonObject } from '../http/body.js';
import { parseHex } from '../http/query.js';
import type { Router } from '../http/router.js';
import { MAX_KEYS_PER_REQUEST } from './transactions.js';

/** `GET /transactionStatus/{hash}` and `POST /transactionStatus`. */
export function transactionStatusRoutes(router: Router, backend: GatewayBackend): void {
  const statuses = backend.transactionStatus;
  if (!statuses) return;

  router.get('/transactionStatus/:hash', async (ctx) => {
    const hash = parseHex('hash', ctx.params.hash, 32);
    const [status] = await statuses.find([hash]);
    if (!status) throw ResourceNotFoundError.forId(ctx.params.hash);
    return status;
  });

  router.post('/transactionStatus', async (ctx) => {
    const { hashes } = requireJsonObject(ctx.body);
    if (!Array.isArray(hashes) || hashes.some((hash) => typeof hash !== 'string')) throw new InvalidArgumentError('hashes must be an array of strings');
    if (hashes.length > MAX_KEYS_PER_REQUEST) throw new InvalidArgumentError(`at most ${MAX_KEYS_PER_REQUEST} hashes per request`);
    return statuses.find(hashes.map((hash: string) => parseHex('hashes', hash, 32)));
  });
}
