import type { GatewayBackend } from '../backend/index.js';
import type { BlockSearchCriteria } from '../backend/repositories.js';
import { InvalidArgumentError, ResourceNotFoundError } from '../errors.js';
import { parseAddress } from '../http/address.js';
import { chainNetworkByte } from '../routes/chain-network.js';
import { parseHex, parseUint64, singleParam } from '../http/query.js';
import { PURE, type Router } from '../http/router.js';
import { parsePagination } from '../pagination.js';
import { andThen, pageOf } from './awaitable.js';

/** `GET /blocks`, `GET /blocks/{height}` and a block's merkle paths (`/blocks/{height}/transactions/{hash}/merkle`, `/statements/{hash}/merkle`). */
export function blockRoutes(router: Router, backend: GatewayBackend): void {
  router.get('/blocks', (ctx) => {
    const criteria = parseBlockSearch(ctx.query, chainNetworkByte(backend));
    return pageOf(backend.blocks.search(criteria), criteria);
  }, PURE);

  router.get('/blocks/:height', (ctx) => {
    const height = parseUint64('height', ctx.params.height);
    return andThen(backend.blocks.getByHeight(height), (block) => {
      if (!block) throw notServed(backend, height) ?? ResourceNotFoundError.forId(ctx.params.height);
      return block;
    });
  }, PURE);

  // A block's merkle paths: 404 for a block that does not exist or a hash that is none of its leaves.
  for (const [tree, find] of [
    ['transactions', backend.blocks.transactionMerklePath],
    ['statements', backend.blocks.statementMerklePath],
  ] as const) {
    if (!find) continue;
    router.get(`/blocks/:height/${tree}/:hash/merkle`, (ctx) => {
      const height = parseUint64('height', ctx.params.height);
      const hash = parseHex('hash', ctx.params.hash, 32);
      return andThen(find.call(backend.blocks, height, hash), (proof) => {
        if (!proof) throw notServed(backend, height) ?? new ResourceNotFoundError(`no ${tree === 'transactions' ? 'transaction' : 'statement'} with hash '${ctx.params.hash}' in a block at height '${ctx.params.height}'`);
        return proof;
      });
    }, PURE);
  }
}

/** The 404 for a height the backend does not serve though the network has a block there (below a fork); undefined for any other. */
export function notServed(backend: GatewayBackend, height: bigint): ResourceNotFoundError | undefined {
  const message = backend.blocks.notServed?.(height);
  return message === undefined ? undefined : new ResourceNotFoundError(message);
}

function parseBlockSearch(query: URLSearchParams, network: number | undefined): BlockSearchCriteria {
  const page = parsePagination(query, { orderBy: ['height'] });
  const criteria: BlockSearchCriteria = { ...page, orderBy: page.orderBy as 'id' | 'height' };
  // Sorted by height, the offset is a height (catapult-rest parses it by the sort field): blocks past it in the sort direction.
  if (criteria.orderBy === 'height' && criteria.offset !== undefined) criteria.offset = parseUint64('offset', criteria.offset).toString();
  const signer = singleParam(query, 'signerPublicKey');
  if (signer !== undefined) criteria.signerPublicKey = parseHex('signerPublicKey', signer, 32);
  const beneficiary = singleParam(query, 'beneficiaryAddress');
  if (beneficiary !== undefined) criteria.beneficiaryAddress = parseAddress('beneficiaryAddress', beneficiary, network);
  const from = singleParam(query, 'fromTimestamp');
  if (from !== undefined) criteria.fromTimestamp = parseUint64('fromTimestamp', from);
  const to = singleParam(query, 'toTimestamp');
  if (to !== undefined) criteria.toTimestamp = parseUint64('toTimestamp', to);
  if (criteria.fromTimestamp !== undefined && criteria.toTimestamp !== undefined && criteria.fromTimestamp > criteria.toTimestamp) {
    throw new InvalidArgumentError('fromTimestamp must not be greater than toTimestamp');
  }
  return criteria;
}
