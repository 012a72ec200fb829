import type { AccountKey, AccountSearchCriteria } from '../../backend/core.js';
import type { GatewayBackend } from '../../backend/index.js';
import { InvalidArgumentError } from '../../errors.js';
import { parseAddress } from '../../http/address.js';
import { chainNetworkByte } from '../../routes/chain-network.js';
import { requireJsonObject } from '../../http/body.js';
import { parseHex, parseUint64, singleParam } from '../../http/query.js';
import { PURE, type Router } from '../../http/router.js';
import { parsePagination } from '../../pagination.js';
import { oneOrNotFound, pageOf } from '../../routes/awaitable.js';
import { parseAccountKey, parseId, parseList, unique } from '../../routes/params.js';

/** `GET /accounts`, `GET /accounts/{accountId}` and `POST /accounts`. */
export function accountRoutes(router: Router, backend: GatewayBackend): void {
  const accounts = backend.accounts;
  if (!accounts) return;

  router.get('/accounts', (ctx) => {
    const criteria = parseAccountSearch(ctx.query, chainNetworkByte(backend));
    return pageOf(accounts.search(criteria), criteria);
  }, PURE);

  router.get('/accounts/:accountId', (ctx) => {
    const key = parseAccountKey('accountId', ctx.params.accountId, chainNetworkByte(backend));
    return oneOrNotFound(accounts.find([key]), ctx.params.accountId);
  }, PURE);

  router.post('/accounts', (ctx) => {
    const { publicKeys, addresses } = requireJsonObject(ctx.body);
    if ((publicKeys === undefined) === (addresses === undefined)) throw new InvalidArgumentError('give exactly one of publicKeys and addresses');
    const keys: AccountKey[] = publicKeys !== undefined
      ? parseList(publicKeys, 'publicKeys', (text) => ({ publicKey: parseHex('publicKeys', text, 32) }))
      : parseList(addresses, 'addresses', (text) => ({ address: parseAddress('addresses', text, chainNetworkByte(backend)) }));
    return accounts.find(unique(keys, (key) => ('address' in key ? key.address : key.publicKey)));
  });
}

function parseAccountSearch(query: URLSearchParams, network: number | undefined): AccountSearchCriteria {
  const page = parsePagination(query, { orderBy: ['balance'] });
  const criteria: AccountSearchCriteria = { ...page, orderBy: page.orderBy as 'id' | 'balance' };
  const address = singleParam(query, 'address');
  if (address !== undefined) criteria.address = parseAddress('address', address, network);
  const mosaicId = singleParam(query, 'mosaicId');
  if (mosaicId !== undefined) criteria.mosaicId = parseId('mosaicId', mosaicId);
  if (criteria.orderBy === 'balance') {
    if (criteria.mosaicId === undefined) throw new InvalidArgumentError('mosaicId must be provided when sorting by balance');
    // Sorted by balance, the offset is an amount: entries past it in the sort direction.
    if (criteria.offset !== undefined) criteria.offset = parseUint64('offset', criteria.offset).toString();
  }
  return criteria;
}
