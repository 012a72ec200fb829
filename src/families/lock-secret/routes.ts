import type { GatewayBackend } from '../../backend/index.js';
import type { SecretLockRepository, SecretLockSearchCriteria } from '../../backend/lock-secret.js';
import { parseAddress } from '../../http/address.js';
import { chainNetworkByte } from '../../routes/chain-network.js';
import { parseHex, singleParam } from '../../http/query.js';
import { PURE, type RequestContext, type Router } from '../../http/router.js';
import { parsePagination } from '../../pagination.js';
import { oneOrNotFound, pageOf } from '../../routes/awaitable.js';
import { bodyList, unique } from '../../routes/params.js';

/**
 * `GET /lock/secret` (by owner `address` and `secret`), `GET /account/{address}/lock/secret` (the
 * same page for the owner the path names, filter `secret`, as catapult-rest has it),
 * `GET /lock/secret/{compositeHash}` and `POST /lock/secret`.
 */
export function lockSecretRoutes(router: Router, backend: GatewayBackend): void {
  const secretLocks = backend.secretLocks;
  if (!secretLocks) return;

  router.get('/lock/secret', (ctx) => {
    const address = singleParam(ctx.query, 'address');
    return searchSecretLocks(secretLocks, ctx, address === undefined ? undefined : parseAddress('address', address, chainNetworkByte(backend)));
  }, PURE);

  router.get('/account/:address/lock/secret', (ctx) => searchSecretLocks(secretLocks, ctx, parseAddress('address', ctx.params.address, chainNetworkByte(backend))), PURE);

  router.get('/lock/secret/:compositeHash', (ctx) => {
    const compositeHash = parseHex('compositeHash', ctx.params.compositeHash, 32);
    return oneOrNotFound(secretLocks.find([compositeHash]), ctx.params.compositeHash);
  }, PURE);

  router.post('/lock/secret', (ctx) => secretLocks.find(unique(bodyList(ctx.body, 'compositeHashes', (text) => parseHex('compositeHashes', text, 32)))));
}

/** A page of secret locks, of one owner (48 hex) when `address` is given, filtered by the query's `secret`. */
function searchSecretLocks(secretLocks: SecretLockRepository, ctx: RequestContext, address: string | undefined) {
  const criteria: SecretLockSearchCriteria = { ...parsePagination(ctx.query), orderBy: 'id' };
  if (address !== undefined) criteria.address = address;
  const secret = singleParam(ctx.query, 'secret');
  if (secret !== undefined) criteria.secret = parseHex('secret', secret, 32);
  return pageOf(secretLocks.search(criteria), criteria);
}
