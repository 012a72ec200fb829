import type { GatewayBackend } from '../../backend/index.js';
import type { MosaicRestrictionSearchCriteria } from '../../backend/restriction-mosaic.js';
import { parseAddress } from '../../http/address.js';
import { chainNetworkByte } from '../../routes/chain-network.js';
import { parseHex, singleParam } from '../../http/query.js';
import { PURE, type Router } from '../../http/router.js';
import { parsePagination } from '../../pagination.js';
import { oneOrNotFound, pageOf } from '../../routes/awaitable.js';
import { bodyList, parseEnum, parseId, unique } from '../../routes/params.js';

/** Mosaic restriction entry types: 0 address, 1 global. */
const ENTRY_TYPES = [0, 1] as const;

/** `GET /restrictions/mosaic`, `GET /restrictions/mosaic/{compositeHash}` and `POST /restrictions/mosaic`. */
export function restrictionMosaicRoutes(router: Router, backend: GatewayBackend): void {
  const restrictions = backend.mosaicRestrictions;
  if (!restrictions) return;

  router.get('/restrictions/mosaic', (ctx) => {
    const criteria: MosaicRestrictionSearchCriteria = { ...parsePagination(ctx.query), orderBy: 'id' };
    const mosaicId = singleParam(ctx.query, 'mosaicId');
    if (mosaicId !== undefined) criteria.mosaicId = parseId('mosaicId', mosaicId);
    const entryType = singleParam(ctx.query, 'entryType');
    if (entryType !== undefined) criteria.entryType = parseEnum('entryType', entryType, ENTRY_TYPES);
    const targetAddress = singleParam(ctx.query, 'targetAddress');
    if (targetAddress !== undefined) criteria.targetAddress = parseAddress('targetAddress', targetAddress, chainNetworkByte(backend));
    return pageOf(restrictions.search(criteria), criteria);
  }, PURE);

  router.get('/restrictions/mosaic/:compositeHash', (ctx) => {
    const hash = parseHex('compositeHash', ctx.params.compositeHash, 32);
    return oneOrNotFound(restrictions.find([hash]), ctx.params.compositeHash);
  }, PURE);

  router.post('/restrictions/mosaic', (ctx) => restrictions.find(unique(bodyList(ctx.body, 'compositeHashes', (text) => parseHex('compositeHashes', text, 32)))));
}
