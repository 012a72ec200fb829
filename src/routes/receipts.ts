import type { GatewayBackend } from '../backend/index.js';
import type { ResolutionStatementSearchCriteria, TransactionStatementSearchCriteria } from '../backend/receipts.js';
import { InvalidArgumentError, ResourceNotFoundError, clip } from '../errors.js';
import { parseAddress } from '../http/address.js';
import { chainNetworkByte } from './chain-network.js';
import { parseUint64, singleParam } from '../http/query.js';
import { PURE, type Router } from '../http/router.js';
import { parsePagination } from '../pagination.js';
import { pageOf } from './awaitable.js';
import { parseId, parseUint16 } from './params.js';

/** `GET /statements/transaction` and `GET /statements/resolutions/{address,mosaic}`. */
export function receiptRoutes(router: Router, backend: GatewayBackend): void {
  const receipts = backend.receipts;
  if (!receipts) return;

  router.get('/statements/transaction', (ctx) => {
    const criteria = parseTransactionStatementSearch(ctx.query, chainNetworkByte(backend));
    return pageOf(receipts.searchTransactionStatements(criteria), criteria);
  }, PURE);

  router.get('/statements/resolutions/:artifact', (ctx) => {
    const { artifact } = ctx.params;
    if (artifact !== 'address' && artifact !== 'mosaic') throw new ResourceNotFoundError(`no resolution statements of '${clip(artifact)}': address or mosaic`);
    const criteria: ResolutionStatementSearchCriteria = { ...parsePagination(ctx.query), orderBy: 'id' };
    const height = singleParam(ctx.query, 'height');
    if (height !== undefined) criteria.height = parseUint64('height', height);
    return pageOf(receipts.searchResolutionStatements(artifact, criteria), criteria);
  }, PURE);
}

function parseTransactionStatementSearch(query: URLSearchParams, network: number | undefined): TransactionStatementSearchCriteria {
  const criteria: TransactionStatementSearchCriteria = { ...parsePagination(query), orderBy: 'id' };
  for (const name of ['height', 'fromHeight', 'toHeight'] as const) {
    const value = singleParam(query, name);
    if (value !== undefined) criteria[name] = parseUint64(name, value);
  }
  if (criteria.height !== undefined && (criteria.fromHeight !== undefined || criteria.toHeight !== undefined)) {
    throw new InvalidArgumentError('can not filter by height together with fromHeight or toHeight');
  }
  const types = query.getAll('receiptType');
  if (types.length > 0) criteria.receiptType = types.map((type) => parseUint16('receiptType', type));
  for (const name of ['recipientAddress', 'senderAddress', 'targetAddress'] as const) {
    const value = singleParam(query, name);
    if (value !== undefined) criteria[name] = parseAddress(name, value, network);
  }
  const artifactId = singleParam(query, 'artifactId');
  if (artifactId !== undefined) criteria.artifactId = parseId('artifactId', artifactId);
  return criteria;
}
