import type { GatewayBackend } from '../../backend/index.js';
import type { HashLockRepository, HashLockSearchCriteria } from '../../backend/lock-hash.js';
import { parseAddress } from '../../http/address.js';
import { chainNetworkByte } from '../../routes/chain-network.js';
import { parseHex, singleParam } from '../../http/query.js';
import { PURE, type RequestContext, type Router } from '../../http/router.js';
import { parsePagination } from '../../pagination.js';
import { oneOrNotFound, pageOf } from '../../routes/awaitable.js';
import { bodyList, unique } from '../../routes/params.js';

/**
 * `GET /lock/hash` (by owner `address`), `GET /account/{address}/lock/hash` (the same page for the
 * owner the path names, as catapult-rest has it), `GET /lock/hash/{hash}` and `POST /lock/hash`.
 */
export function lockHashRoutes(router: Router, backend: GatewayBackend): void {
  const hashLocks = backend.hashLocks;
  if (!hashLocks) return;

  router.get('/lock/hash', (ctx) => {
    const address = singleParam(ctx.query, 'address');
    return searchHashLocks(hashLocks, ctx, address === undefined ? undefined : parseAddress('address', address, chainNetworkByte(backend)));
  }, PURE);

  router.get('/account/:address/lock/hash', (ctx) => searchHashLocks(hashLocks, ctx, parseAddress('address', ctx.params.address, chainNetworkByte(backend))), PURE);

  router.get('/lock/hash/:hash', (ctx) => {
    const hash = parseHex('hash', ctx.params.hash, 32);
    return oneOrNotFound(hashLocks.find([hash]), ctx.params.hash);
  }, PURE);

  router.post('/lock/hash', (ctx) => hashLocks.find(unique(bodyList(ctx.body, 'hashes', (text) => parseHex('hashes', text, 32)))));
}

/** A page of hash locks, of one owner (48 hex) when `address` is given. */
function searchHashLocks(hashLocks: HashLockRepository, ctx: RequestContext, address: string | undefined) {
  const criteria: HashLockSearchCriteria = { ...parsePagination(ctx.query), orderBy: 'id' };
  if (address !== undefined) criteria.address = address;
  return pageOf(hashLocks.search(criteria), criteria);
}
