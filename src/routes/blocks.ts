import type { GatewayBackend } from '../backend/index.js';
import type { BlockSearchCriteria } from '../backend/repositories.js';
import { InvalidArgumentError, ResourceNotFoundError } from '../errors.js';
import { parseAddress } from '../http/address.js';
import { parseHex, parseUint64, singleParam } from '../http/query.js';
import type { Router } from '../http/router.js';
import { parsePagination } from '../pagination.js';
import { andThen, pageOf } from './awaitable.js';

/** `GET /blocks` and `GET /blocks/{height}`. */
export function blockRoutes(router: Router, backend: GatewayBackend): void {
  router.get('/blocks', (ctx) => {
    const criteria = parseBlockSearch(ctx.query);
    return pageOf(backend.blocks.search(criteria), criteria);
  });

  router.get('/blocks/:height', (ctx) => {
    const height = parseUint64('height', ctx.params.height);
    return andThen(backend.blocks.getByHeight(height), (block) => {
      if (!block) throw ResourceNotFoundError.forId(ctx.params.height);
      return block;
    });
  });
}

function parseBlockSearch(query: URLSearchParams): BlockSearchCriteria {
  const page = parsePagination(query, { orderBy: ['height'] });
  const criteria: BlockSearchCriteria = { ...page, orderBy: page.orderBy as 'id' | 'height' };
  const signer = singleParam(query, 'signerPublicKey');
  if (signer !== undefined) criteria.signerPublicKey = parseHex('signerPublicKey', signer, 32);
  const beneficiary = singleParam(query, 'beneficiaryAddress');
  if (beneficiary !== undefined) criteria.beneficiaryAddress = parseAddress('beneficiaryAddress', beneficiary);
  const from = singleParam(query, 'fromTimestamp');
  if (from !== undefined) criteria.fromTimestamp = parseUint64('fromTimestamp', from);
  const to = singleParam(query, 'toTimestamp');
  if (to !== undefined) criteria.toTimestamp = parseUint64('toTimestamp', to);
  if (criteria.fromTimestamp !== undefined && criteria.toTimestamp !== undefined && criteria.fromTimestamp > criteria.toTimestamp) {
    throw new InvalidArgumentError('fromTimestamp must not be greater than toTimestamp');
  }
  return criteria;
}
