import type { GatewayBackend } from '../../backend/index.js';
import type { HashLockSearchCriteria } from '../../backend/lock-hash.js';
import { parseAddress } from '../../http/address.js';
import { parseHex, singleParam } from '../../http/query.js';
import { PURE, type Router } from '../../http/router.js';
import { parsePagination } from '../../pagination.js';
import { oneOrNotFound, pageOf } from '../../routes/awaitable.js';

/** `GET /lock/hash` and `GET /lock/hash/{hash}`. */
export function lockHashRoutes(router: Router, backend: GatewayBackend): void {
  const hashLocks = backend.hashLocks;
  if (!hashLocks) return;

  router.get('/lock/hash', (ctx) => {
    const criteria: HashLockSearchCriteria = { ...parsePagination(ctx.query), orderBy: 'id' };
    const address = singleParam(ctx.query, 'address');
    if (address !== undefined) criteria.address = parseAddress('address', address);
    return pageOf(hashLocks.search(criteria), criteria);
  }, PURE);

  router.get('/lock/hash/:hash', (ctx) => {
    const hash = parseHex('hash', ctx.params.hash, 32);
    return oneOrNotFound(hashLocks.find([hash]), ctx.params.hash);
  }, PURE);
}
