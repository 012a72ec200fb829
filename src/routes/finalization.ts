import type { GatewayBackend } from '../backend/index.js';
import { InvalidArgumentError, ResourceNotFoundError, clip } from '../errors.js';
import { parseUint64 } from '../http/query.js';
import { PURE, type Router } from '../http/router.js';
import { notServed } from './blocks.js';

/** `GET /finalization/proof/epoch/{epoch}` and `GET /finalization/proof/height/{height}`. */
export function finalizationRoutes(router: Router, backend: GatewayBackend): void {
  const finalization = backend.finalization;
  if (!finalization) return;

  router.get('/finalization/proof/epoch/:epoch', async (ctx) => {
    const text = ctx.params.epoch;
    if (!/^[0-9]{1,10}$/.test(text) || Number(text) > 0xffff_ffff) throw new InvalidArgumentError(`epoch has an invalid format: '${clip(text)}'`);
    const proof = await finalization.proofAtEpoch(Number(text));
    if (!proof) throw ResourceNotFoundError.forId(text);
    return proof;
  }, PURE);

  router.get('/finalization/proof/height/:height', async (ctx) => {
    const height = parseUint64('height', ctx.params.height);
    const proof = await finalization.proofAtHeight(height);
    if (!proof) throw notServed(backend, height) ?? ResourceNotFoundError.forId(ctx.params.height);
    return proof;
  }, PURE);
}
