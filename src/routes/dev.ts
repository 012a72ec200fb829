import type { GatewayBackend } from '../backend/index.js';
import { InvalidArgumentError } from '../errors.js';
import { parseAddress } from '../http/address.js';
import { requireJsonObject } from '../http/body.js';
import { parseUint64 } from '../http/query.js';
import type { Router } from '../http/router.js';
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
 * - `GET /dev/state` → the chain's dump; `PUT /dev/state` (a dump) → `{height, hash}` (within the gateway's `bodyLimit`)
 */
export function devRoutes(router: Router, backend: GatewayBackend): void {
  const dev = backend.dev;
  if (!dev) return;

  router.post('/dev/mine', (ctx) => {
    const { count = 1 } = requireJsonObject(ctx.body);
    return andThen(dev.mine(wholeNumber('count', count)), (blocks) => ({ blocks }));
  });

  router.get('/dev/mining', () => dev.mining());
  router.put('/dev/mining', (ctx) => {
    const { automine, interval } = requireJsonObject(ctx.body);
    if (automine !== undefined && typeof automine !== 'boolean') throw new InvalidArgumentError('automine must be true or false');
    return dev.setMining({ ...(automine !== undefined ? { automine } : {}), ...(interval !== undefined ? { interval: wholeNumber('interval', interval) } : {}) });
  });

  router.post('/dev/time', (ctx) => {
    const { advance, blocks = true } = requireJsonObject(ctx.body);
    if (typeof blocks !== 'boolean') throw new InvalidArgumentError('blocks must be true or false');
    return dev.advanceTime(wholeNumber('advance', advance), { blocks });
  });

  router.put('/dev/balance', (ctx) => {
    const body = requireJsonObject(ctx.body);
    const address = parseAddress('address', text('address', body.address));
    const mosaicId = parseId('mosaicId', text('mosaicId', body.mosaicId));
    const amount = parseUint64('amount', text('amount', body.amount));
    // Read first: a forked chain fetches the account and the mosaic from its upstream on a read by key.
    const read = Promise.all([backend.accounts?.find([{ address }]), backend.mosaics?.find([mosaicId])]);
    return read.then(() => andThen(dev.setBalance(address, mosaicId, amount), (set) => ({ address, mosaicId, amount: set })));
  });

  router.get('/dev/impersonation', () => andThen(dev.impersonated(), (addresses) => ({ addresses })));
  router.put('/dev/impersonation', (ctx) => {
    const { address, active } = requireJsonObject(ctx.body);
    const hex = parseAddress('address', text('address', address));
    if (typeof active !== 'boolean') throw new InvalidArgumentError('active must be true or false');
    return andThen(active ? dev.impersonate(hex) : dev.stopImpersonating(hex), (addresses) => ({ addresses }));
  });

  router.get('/dev/state', () => dev.dump());
  router.put('/dev/state', (ctx) => dev.load(requireJsonObject(ctx.body)));

  router.post('/dev/snapshots', () => dev.snapshot());
  router.get('/dev/snapshots', () => andThen(dev.snapshots(), (ids) => ({ ids })));
  router.post('/dev/snapshots/:id/revert', (ctx) => dev.revert(snapshotId(ctx.params.id)));
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

function text(name: string, value: unknown): string {
  if (typeof value !== 'string') throw new InvalidArgumentError(`${name} must be a string`);
  return value;
}
