import type { AccountRestrictionsSearchCriteria } from '../../backend/restriction-account.js';
import type { GatewayBackend } from '../../backend/index.js';
import { parseAddress } from '../../http/address.js';
import { chainNetworkByte } from '../../routes/chain-network.js';
import { singleParam } from '../../http/query.js';
import { PURE, type Router } from '../../http/router.js';
import { parsePagination } from '../../pagination.js';
import { oneOrNotFound, pageOf } from '../../routes/awaitable.js';
import { bodyList, unique } from '../../routes/params.js';

/** `GET /restrictions/account`, `GET /restrictions/account/{address}` and `POST /restrictions/account`. */
export function restrictionAccountRoutes(router: Router, backend: GatewayBackend): void {
  const restrictions = backend.accountRestrictions;
  if (!restrictions) return;

  router.get('/restrictions/account', (ctx) => {
    const criteria: AccountRestrictionsSearchCriteria = { ...parsePagination(ctx.query), orderBy: 'id' };
    const address = singleParam(ctx.query, 'address');
    if (address !== undefined) criteria.address = parseAddress('address', address, chainNetworkByte(backend));
    return pageOf(restrictions.search(criteria), criteria);
  }, PURE);

  router.get('/restrictions/account/:address', (ctx) => {
    const address = parseAddress('address', ctx.params.address, chainNetworkByte(backend));
    return oneOrNotFound(restrictions.find([address]), ctx.params.address);
  }, PURE);

  router.post('/restrictions/account', (ctx) => restrictions.find(unique(bodyList(ctx.body, 'addresses', (text) => parseAddress('addresses', text, chainNetworkByte(backend))))));
}
