import type { GatewayBackend } from '../backend/index.js';
import type { TransactionGroup } from '../backend/dto.js';
import type { TransactionKey, TransactionSearchCriteria } from '../backend/repositories.js';
import { InvalidArgumentError, ResourceNotFoundError, clip } from '../errors.js';
import { requireJsonObject } from '../http/body.js';
import { parseAddress } from '../http/address.js';
import { chainNetworkByte } from '../routes/chain-network.js';
import { parseHex, parseUint64, singleParam, upperHex } from '../http/query.js';
import { PURE, type RouteHandler, type Router } from '../http/router.js';
import { parsePagination } from '../pagination.js';
import { oneOrNotFound, pageOf } from './awaitable.js';
import { parseList, parseUint16 } from './params.js';

const GROUPS: readonly TransactionGroup[] = ['confirmed', 'unconfirmed', 'partial'];
const HEIGHT_FILTERS = ['height', 'fromHeight', 'toHeight'] as const;
const AMOUNT_FILTERS = ['fromTransferAmount', 'toTransferAmount'] as const;

/**
 * The transaction routes: announce (PUT), search and fetch by group (GET/POST).
 * Registered when the backend has a repository and an announcer for them.
 */
export function transactionRoutes(router: Router, backend: GatewayBackend): void {
  const { announcer, transactions } = backend;
  if (announcer) {
    // The reference gateway answers 202 with the packet type it pushed to the node.
    const announce: RouteHandler = async (ctx) => {
      await announcer.announce(payloadOf(ctx.body));
      ctx.status = 202;
      return { message: 'packet 9 was pushed to the network via /transactions' };
    };
    router.put('/transactions', announce);
    router.put('/transaction', announce);
    router.put('/transactions/partial', async (ctx) => {
      await announcer.announcePartial(payloadOf(ctx.body));
      ctx.status = 202;
      return { message: 'packet 256 was pushed to the network via /transactions/partial' };
    });
    router.put('/transactions/cosignature', async (ctx) => {
      await announcer.announceCosignature(parseCosignature(ctx.body));
      ctx.status = 202;
      return { message: 'packet 257 was pushed to the network via /transactions/cosignature' };
    });
  }
  if (!transactions) return;

  router.get('/transactions/:group', (ctx) => {
    const group = parseGroup(ctx.params.group);
    const criteria = parseTransactionSearch(ctx.query, chainNetworkByte(backend));
    return pageOf(transactions.search(group, criteria), criteria);
  }, PURE);

  router.get('/transactions/:group/:id', (ctx) => {
    const group = parseGroup(ctx.params.group);
    return oneOrNotFound(transactions.find(group, [parseKey(ctx.params.id)]), ctx.params.id);
  }, PURE);

  router.post('/transactions/:group', async (ctx) => {
    const group = parseGroup(ctx.params.group);
    return transactions.find(group, parseKeyList(ctx.body));
  });
}

function parseGroup(text: string): TransactionGroup {
  if (!(GROUPS as readonly string[]).includes(text)) throw new ResourceNotFoundError(`no transaction group '${clip(text)}'`);
  return text as TransactionGroup;
}

function parseKey(text: string): TransactionKey {
  const key = keyOf(text);
  if (key === undefined) throw new InvalidArgumentError(`transactionId has an invalid format: '${clip(text)}' is neither an id nor a hash`);
  return key;
}

/** An entry id (24 hex) or a hash (64 hex), upper case; undefined for anything else. */
function keyOf(text: string): TransactionKey | undefined {
  const id = upperHex(text, 24);
  if (id !== undefined) return { id };
  const hash = upperHex(text, 64);
  return hash === undefined ? undefined : { hash };
}

/** `{transactionIds}` (entry ids, or hashes of 64 characters as the reference takes them too) or `{hashes}`. */
function parseKeyList(body: unknown): TransactionKey[] {
  const object = requireJsonObject(body);
  const ids = object.transactionIds;
  const hashes = object.hashes;
  if ((ids === undefined) === (hashes === undefined)) throw new InvalidArgumentError('give exactly one of transactionIds and hashes');
  if (ids !== undefined) {
    return parseList(ids, 'transactionIds', (item) => {
      const key = keyOf(item);
      if (key === undefined) throw new InvalidArgumentError(`transactionIds has an invalid format: '${clip(item)}'`);
      return key;
    });
  }
  return parseList(hashes, 'hashes', (item) => {
    const hash = upperHex(item, 64);
    if (hash === undefined) throw new InvalidArgumentError(`hashes has an invalid format: '${clip(item)}'`);
    return { hash };
  });
}

/** Transaction search filters, combined as the reference gateway combines them. */
export function parseTransactionSearch(query: URLSearchParams, network?: number): TransactionSearchCriteria {
  // Onto the page request, not spread into a new object: a spread that adds a property takes V8's slow path (~0.7 µs).
  const criteria: TransactionSearchCriteria = Object.assign(parsePagination(query), { orderBy: 'id' as const, embedded: false });
  const address = singleParam(query, 'address');
  if (address !== undefined) criteria.address = parseAddress('address', address, network);
  const signer = singleParam(query, 'signerPublicKey');
  if (signer !== undefined) criteria.signerPublicKey = parseHex('signerPublicKey', signer, 32);
  const recipient = singleParam(query, 'recipientAddress');
  if (recipient !== undefined) criteria.recipientAddress = parseAddress('recipientAddress', recipient, network);
  if (criteria.address !== undefined && (criteria.signerPublicKey !== undefined || criteria.recipientAddress !== undefined)) {
    throw new InvalidArgumentError('can not filter by address together with signerPublicKey or recipientAddress');
  }
  for (const name of HEIGHT_FILTERS) {
    const value = singleParam(query, name);
    if (value !== undefined) criteria[name] = parseUint64(name, value);
  }
  if (criteria.height !== undefined && (criteria.fromHeight !== undefined || criteria.toHeight !== undefined)) {
    throw new InvalidArgumentError('can not filter by height together with fromHeight or toHeight');
  }
  const types = query.getAll('type');
  if (types.length > 0) criteria.type = types.map((type) => parseUint16('type', type));
  const embedded = singleParam(query, 'embedded');
  if (embedded !== undefined) {
    if (embedded !== 'true' && embedded !== 'false') throw new InvalidArgumentError('embedded must be true or false');
    criteria.embedded = embedded === 'true';
  }
  const mosaic = singleParam(query, 'transferMosaicId');
  if (mosaic !== undefined) criteria.transferMosaicId = parseHex('transferMosaicId', mosaic, 8);
  for (const name of AMOUNT_FILTERS) {
    const value = singleParam(query, name);
    if (value === undefined) continue;
    if (criteria.transferMosaicId === undefined) throw new InvalidArgumentError(`${name} needs transferMosaicId`);
    criteria[name] = parseUint64(name, value);
  }
  return criteria;
}

function payloadOf(body: unknown): string {
  const { payload } = requireJsonObject(body);
  if (typeof payload !== 'string') throw new InvalidArgumentError('payload is required and must be a hex string');
  return payload;
}

function parseCosignature(body: unknown) {
  const object = requireJsonObject(body);
  const field = (name: string) => {
    const value = object[name];
    if (typeof value !== 'string') throw new InvalidArgumentError(`${name} is required and must be a string`);
    return value;
  };
  return {
    version: parseUint64('version', field('version')).toString(),
    signerPublicKey: parseHex('signerPublicKey', field('signerPublicKey'), 32),
    signature: parseHex('signature', field('signature'), 64),
    parentHash: parseHex('parentHash', field('parentHash'), 32),
  };
}
