import type { GatewayBackend } from '../../backend/index.js';
import type { MetadataSearchCriteria } from '../../backend/metadata.js';
import { InvalidArgumentError, clip } from '../../errors.js';
import { parseAddress } from '../../http/address.js';
import { chainNetworkByte } from '../../routes/chain-network.js';
import { parseHex, singleParam } from '../../http/query.js';
import { PURE, type Router } from '../../http/router.js';
import { parsePagination } from '../../pagination.js';
import { oneOrNotFound, pageOf } from '../../routes/awaitable.js';
import { bodyList, parseId, unique } from '../../routes/params.js';
import type { RouteSettings } from '../../routes/settings.js';
import { metalRoute } from './metal-route.js';

/** `GET /metadata` (filtered by any of its five filters), `GET /metadata/{compositeHash}`, `POST /metadata` and `GET /metadata/metal/{metalId}`. */
export function metadataRoutes(router: Router, backend: GatewayBackend, settings: RouteSettings): void {
  const metadata = backend.metadata;
  if (!metadata) return;

  router.get('/metadata', (ctx) => {
    const criteria: MetadataSearchCriteria = { ...parsePagination(ctx.query), orderBy: 'id' };
    const param = (name: string) => singleParam(ctx.query, name);
    const source = param('sourceAddress');
    if (source !== undefined) criteria.sourceAddress = parseAddress('sourceAddress', source, chainNetworkByte(backend));
    const target = param('targetAddress');
    if (target !== undefined) criteria.targetAddress = parseAddress('targetAddress', target, chainNetworkByte(backend));
    const key = param('scopedMetadataKey');
    if (key !== undefined) criteria.scopedMetadataKey = parseId('scopedMetadataKey', key);
    const targetId = param('targetId');
    if (targetId !== undefined) criteria.targetId = parseId('targetId', targetId);
    const type = param('metadataType');
    if (type !== undefined) criteria.metadataType = parseMetadataType(type);
    return pageOf(metadata.search(criteria), criteria);
  }, PURE);

  router.get('/metadata/:compositeHash', (ctx) => {
    const hash = parseHex('compositeHash', ctx.params.compositeHash, 32);
    return oneOrNotFound(metadata.find([hash]), ctx.params.compositeHash);
  }, PURE);

  router.post('/metadata', (ctx) => metadata.find(unique(bodyList(ctx.body, 'compositeHashes', (text) => parseHex('compositeHashes', text, 32)))));

  metalRoute(router, metadata, settings);
}

// The reference takes any unsigned number (a type it does not know matches nothing).
function parseMetadataType(text: string): number {
  if (!/^[0-9]{1,10}$/.test(text) || Number(text) > 0xffff_ffff) throw new InvalidArgumentError(`metadataType must be a non-negative number, not '${clip(text)}'`);
  return Number(text);
}
