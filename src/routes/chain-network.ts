import type { GatewayBackend } from '../backend/index.js';
import { isThenable } from '../http/in-flight.js';
import { NETWORK_IDENTIFIERS, networkOfProperties } from '../network.js';

/** Each backend's network byte, once read (a chain's network never changes). */
const known = new WeakMap<GatewayBackend, number>();

/**
 * The network byte of the backend's chain (0x98 testnet, 0x68 mainnet): the routes refuse an
 * address of another network with it. Undefined until `learnNetwork` has read it (the gateway
 * reads it before a backend's first request).
 */
export function chainNetworkByte(backend: GatewayBackend): number | undefined {
  return known.get(backend);
}

/**
 * Reads the backend's network (`/network/properties`) when it is not known yet: at once for a
 * backend that answers synchronously, else a promise. A failed read is not an error here (the
 * request goes on, its addresses checked for their checksum only; the next request reads again).
 */
export function learnNetwork(backend: GatewayBackend): void | Promise<void> {
  if (known.has(backend)) return;
  try {
    const properties = backend.network.properties();
    if (!isThenable(properties)) return void known.set(backend, NETWORK_IDENTIFIERS[networkOfProperties(properties)]);
    return Promise.resolve(properties).then(
      (read) => void known.set(backend, NETWORK_IDENTIFIERS[networkOfProperties(read)]),
      () => undefined,
    );
  } catch {
    return;
  }
}
