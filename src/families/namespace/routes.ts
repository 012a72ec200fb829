import type { GatewayBackend } from '../../backend/index.js';
import type { NamespaceSearchCriteria } from '../../backend/namespace.js';
import { parseAddress } from '../../http/address.js';
import { chainNetworkByte } from '../../routes/chain-network.js';
import { singleParam } from '../../http/query.js';
import { PURE, type Router } from '../../http/router.js';
import { parsePagination } from '../../pagination.js';
import { andThen, oneOrNotFound, pageOf } from '../../routes/awaitable.js';
import { bodyList, parseEnum, parseId, unique } from '../../routes/params.js';

/** Registration types (0 root, 1 child) and alias types (0 none, 1 mosaic, 2 address). */
const REGISTRATION_TYPES = [0, 1];
const ALIAS_TYPES = [0, 1, 2];

/**
 * `GET /namespaces`, `GET /namespaces/{namespaceId}`, and the names: `POST /namespaces/names`,
 * `/namespaces/account/names`, `/namespaces/mosaic/names`.
 */
export function namespaceRoutes(router: Router, backend: GatewayBackend): void {
  const namespaces = backend.namespaces;
  if (!namespaces) return;

  router.get('/namespaces', (ctx) => {
    const criteria = parseNamespaceSearch(ctx.query, chainNetworkByte(backend));
    return pageOf(namespaces.search(criteria), criteria);
  }, PURE);

  router.get('/namespaces/:namespaceId', (ctx) => {
    const id = parseId('namespaceId', ctx.params.namespaceId);
    return oneOrNotFound(namespaces.find([id]), ctx.params.namespaceId);
  }, PURE);

  router.post('/namespaces/names', (ctx) => namespaces.names(unique(bodyList(ctx.body, 'namespaceIds', (text) => parseId('namespaceIds', text)))));

  router.post('/namespaces/account/names', (ctx) => {
    const addresses = bodyList(ctx.body, 'addresses', (text) => parseAddress('addresses', text, chainNetworkByte(backend)));
    return andThen(namespaces.accountNames(addresses), (accountNames) => ({ accountNames }));
  });

  router.post('/namespaces/mosaic/names', (ctx) => {
    const mosaicIds = bodyList(ctx.body, 'mosaicIds', (text) => parseId('mosaicIds', text));
    return andThen(namespaces.mosaicNames(mosaicIds), (mosaicNames) => ({ mosaicNames }));
  });
}

function parseNamespaceSearch(query: URLSearchParams, network: number | undefined): NamespaceSearchCriteria {
  const criteria: NamespaceSearchCriteria = { ...parsePagination(query), orderBy: 'id' };
  const owner = singleParam(query, 'ownerAddress');
  if (owner !== undefined) criteria.ownerAddress = parseAddress('ownerAddress', owner, network);
  const registrationType = singleParam(query, 'registrationType');
  if (registrationType !== undefined) criteria.registrationType = parseEnum('registrationType', registrationType, REGISTRATION_TYPES);
  const level0 = singleParam(query, 'level0');
  if (level0 !== undefined) criteria.level0 = parseId('level0', level0);
  const aliasType = singleParam(query, 'aliasType');
  if (aliasType !== undefined) criteria.aliasType = parseEnum('aliasType', aliasType, ALIAS_TYPES);
  return criteria;
}
