import type { GatewayBackend } from '../../backend/index.js';
import type { MosaicSearchCriteria } from '../../backend/mosaic.js';
import { parseAddress } from '../../http/address.js';
import { chainNetworkByte } from '../../routes/chain-network.js';
import { singleParam } from '../../http/query.js';
import { PURE, type Router } from '../../http/router.js';
import { parsePagination } from '../../pagination.js';
import { oneOrNotFound, pageOf } from '../../routes/awaitable.js';
import { bodyList, parseId, unique } from '../../routes/params.js';

/** `GET /mosaics`, `GET /mosaics/{mosaicId}` and `POST /mosaics`. */
export function mosaicRoutes(router: Router, backend: GatewayBackend): void {
  const mosaics = backend.mosaics;
  if (!mosaics) return;

  router.get('/mosaics', (ctx) => {
    const criteria: MosaicSearchCriteria = { ...parsePagination(ctx.query), orderBy: 'id' };
    const owner = singleParam(ctx.query, 'ownerAddress');
    if (owner !== undefined) criteria.ownerAddress = parseAddress('ownerAddress', owner, chainNetworkByte(backend));
    return pageOf(mosaics.search(criteria), criteria);
  }, PURE);

  router.get('/mosaics/:mosaicId', (ctx) => {
    const id = parseId('mosaicId', ctx.params.mosaicId);
    return oneOrNotFound(mosaics.find([id]), ctx.params.mosaicId);
  }, PURE);

  router.post('/mosaics', (ctx) => mosaics.find(unique(bodyList(ctx.body, 'mosaicIds', (text) => parseId('mosaicIds', text)))));
}
