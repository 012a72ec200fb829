import type { GatewayBackend } from '../backend/index.js';
import { InvalidArgumentError } from '../errors.js';
import { parseAddress } from '../http/address.js';
import { requireJsonObject } from '../http/body.js';
import { parseUint64 } from '../http/query.js';
import { generateNamespacePath } from 'symbol-sdk/symbol';
import { chainNetworkByte } from './chain-network.js';
import type { RouteOptions, Router } from '../http/router.js';
import { andThen } from './awaitable.js';
import { parseId } from './params.js';

/**
 * The development controls under `/dev/` (registered only for a gateway made with
 * `dev: true`, over a backend that has them). Bodies are JSON objects; addresses are given in
 * the 39-character base32 form and answered in the 48-character hex form, as elsewhere.
 *
 * - `POST /dev/mine` `{"count"?: 1}` → `{"blocks": [{height, hash, timestamp, transactions}]}`
 * - `GET /dev/mining`, `PUT /dev/mining` `{"automine"?: bool, "interval"?: ms}` → `{automine, interval}`
 * - `POST /dev/time` `{"advance": ms, "blocks"?: true}` → `{networkTime, blocks}`
 * - `PUT /dev/balance` `{"address", "mosaicId", "amount"}` → `{address, mosaicId, amount}`
 * - `GET /dev/impersonation`, `PUT /dev/impersonation` `{"address", "active": bool}` → `{addresses}`
 * - `POST /dev/snapshots` `{}` → `{id, height, hash}`; `GET /dev/snapshots` → `{ids}`;
 *   `POST /dev/snapshots/{id}/revert` → `{id, height, hash}`; `DELETE /dev/snapshots/{id}` → `{ids}`
 * - `GET /dev/transactions/{hash}/trace` → how the chain ran the transaction (`TransactionTraceDTO`)
 * - `GET /dev/state` → the chain's dump; `PUT /dev/state` (a dump) → `{height, hash}` (within the gateway's `bodyLimit`)
 */
export function devRoutes(router: Router, backend: GatewayBackend): void {
  const dev = backend.dev;
  if (!dev) return;

  // An address of another network than the chain's is refused by name (the gateway read the network before the request).
  const address = (value: unknown) => parseAddress('address', text('address', value), chainNetworkByte(backend));

  router.post('/dev/mine', (ctx) => {
    const { count = 1 } = fields(ctx.body, ['count']);
    return andThen(dev.mine(wholeNumber('count', count)), (blocks) => ({ blocks }));
  }, NO_BODY_NEEDED);

  router.get('/dev/mining', () => dev.mining());
  router.put('/dev/mining', (ctx) => {
    const { automine, interval } = fields(ctx.body, ['automine', 'interval']);
    if (automine !== undefined && typeof automine !== 'boolean') throw new InvalidArgumentError('automine must be true or false');
    return dev.setMining({ ...(automine !== undefined ? { automine } : {}), ...(interval !== undefined ? { interval: wholeNumber('interval', interval) } : {}) });
  }, NO_BODY_NEEDED);

  router.post('/dev/time', (ctx) => {
    const { advance, blocks = true } = fields(ctx.body, ['advance', 'blocks']);
    if (typeof blocks !== 'boolean') throw new InvalidArgumentError('blocks must be true or false');
    return dev.advanceTime(wholeNumber('advance', advance), { blocks });
  });

  router.put('/dev/next-block-timestamp', (ctx) => {
    const { timestamp } = fields(ctx.body, ['timestamp']);
    const given = typeof timestamp === 'number' && Number.isSafeInteger(timestamp) ? String(timestamp) : timestamp;
    return dev.setNextBlockTimestamp(parseUint64('timestamp', text('timestamp', given)));
  });

  router.on('DELETE', '/dev/transactions/:hash', (ctx) => dev.dropTransaction(ctx.params.hash));
  router.get('/dev/transactions/:hash/trace', (ctx) => dev.trace(ctx.params.hash));

  router.post('/dev/reset', (ctx) => {
    fields(ctx.body, []);
    return dev.reset();
  }, NO_BODY_NEEDED);

  router.put('/dev/balance', async (ctx) => {
    const body = fields(ctx.body, ['address', 'mosaicId', 'amount']);
    const amount = parseUint64('amount', text('amount', body.amount));
    const hex = address(body.address);
    const mosaicId = await mosaicIdOf(backend, text('mosaicId', body.mosaicId));
    // Read first: a forked chain fetches the account and the mosaic from its upstream on a read by key.
    await Promise.all([backend.accounts?.find([{ address: hex }]), backend.mosaics?.find([mosaicId])]);
    return andThen(dev.setBalance(hex, mosaicId, amount), (set) => ({ address: hex, mosaicId, amount: set }));
  });

  router.get('/dev/impersonation', () => andThen(dev.impersonated(), (addresses) => ({ addresses })));
  router.put('/dev/impersonation', (ctx) => {
    const { address: given, active } = fields(ctx.body, ['address', 'active']);
    if (typeof active !== 'boolean') throw new InvalidArgumentError('active must be true or false');
    const hex = address(given);
    return andThen(active ? dev.impersonate(hex) : dev.stopImpersonating(hex), (addresses) => ({ addresses }));
  });

  router.get('/dev/state', () => dev.dump());
  router.put('/dev/state', (ctx) => dev.load(requireJsonObject(ctx.body)));

  router.post('/dev/snapshots', (ctx) => {
    fields(ctx.body, []);
    return dev.snapshot();
  }, NO_BODY_NEEDED);
  router.get('/dev/snapshots', () => andThen(dev.snapshots(), (ids) => ({ ids })));
  router.post('/dev/snapshots/:id/revert', (ctx) => {
    fields(ctx.body, []);
    return dev.revert(snapshotId(ctx.params.id));
  }, NO_BODY_NEEDED);
  router.on('DELETE', '/dev/snapshots/:id', (ctx) => andThen(dev.dropSnapshot(snapshotId(ctx.params.id)), () => andThen(dev.snapshots(), (ids) => ({ ids }))));
}

function snapshotId(value: string): string {
  if (!/^[1-9][0-9]{0,15}$/.test(value)) throw new InvalidArgumentError(`a snapshot id is a positive whole number, not ${JSON.stringify(value)}`);
  return value;
}

function wholeNumber(name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) throw new InvalidArgumentError(`${name} must be a whole number, not ${JSON.stringify(value) ?? 'nothing'}`);
  return value;
}

/** The controls whose fields are all optional: `curl -X POST …/dev/mine` with no body at all is `{}`. */
const NO_BODY_NEEDED: RouteOptions = { bodyOptional: true };

/** A JSON object body (none: `{}`) with only these fields (an unknown one, `{"cnt": 3}`, is refused by name rather than ignored). */
function fields(body: unknown, known: readonly string[]): Record<string, unknown> {
  const object = body === undefined ? {} : requireJsonObject(body);
  const unknown = Object.keys(object).filter((key) => !known.includes(key));
  if (unknown.length > 0) throw new InvalidArgumentError(`unknown field ${unknown.map((key) => JSON.stringify(key)).join(', ')}: this control takes ${known.join(', ')}`);
  return object;
}

/**
 * A mosaic id (16 hex) or a namespace alias of one (`symbol.xym`): an alias is resolved to the
 * mosaic it is linked to now, as the chain's own transactions resolve it.
 */
async function mosaicIdOf(backend: GatewayBackend, given: string): Promise<string> {
  if (!/[.a-z_-]/.test(given) || /^[0-9A-Fa-f]{16}$/.test(given)) return parseId('mosaicId', given);
  let path: bigint[];
  try {
    path = generateNamespacePath(given);
  } catch {
    throw new InvalidArgumentError(`mosaicId must be 16 hex or a namespace name such as symbol.xym, not '${given.slice(0, 64)}'`);
  }
  const id = path.at(-1)!.toString(16).toUpperCase().padStart(16, '0');
  const [namespace] = backend.namespaces ? await backend.namespaces.find([id]) : [];
  const mosaicId = namespace?.namespace.alias.mosaicId;
  if (!mosaicId) throw new InvalidArgumentError(`mosaicId ${given} is no namespace linked to a mosaic`);
  return mosaicId.toUpperCase();
}

function text(name: string, value: unknown): string {
  if (typeof value !== 'string') throw new InvalidArgumentError(`${name} must be a string`);
  return value;
}
