import type { GatewayBackend } from '../../backend/index.js';
import { ResourceNotFoundError } from '../../errors.js';
import { parseAddress } from '../../http/address.js';
import { chainNetworkByte } from '../../routes/chain-network.js';
import { PURE, type Router } from '../../http/router.js';
import { andThen } from '../../routes/awaitable.js';

/** `GET /account/{address}/multisig` and `GET /account/{address}/multisig/graph`. */
export function multisigRoutes(router: Router, backend: GatewayBackend): void {
  const multisig = backend.multisig;
  if (!multisig) return;

  router.get('/account/:address/multisig', (ctx) => {
    const address = parseAddress('address', ctx.params.address, chainNetworkByte(backend));
    return andThen(multisig.find(address), (found) => found ?? notFound(ctx.params.address));
  }, PURE);

  router.get('/account/:address/multisig/graph', (ctx) => {
    const address = parseAddress('address', ctx.params.address, chainNetworkByte(backend));
    return andThen(multisig.graph(address), (levels) => levels ?? notFound(ctx.params.address));
  }, PURE);
}

// An account that is neither multisig nor cosignatory has no entry, as the reference answers.
function notFound(address: string): never {
  throw ResourceNotFoundError.forId(address);
}
