/**
 * The contract between routes and chain data. A backend author reads this folder and
 * nothing else: implement `GatewayBackend`, throw `ServiceUnavailableError` when the
 * node or database is unreachable, and return wire-shaped DTOs.
 */
import type { BlockRepository, ChainRepository, NetworkRepository, NodeRepository } from './repositories.js';

export type * from './dto.js';
export type * from './repositories.js';

/** Everything the gateway's routes read from. */
export interface GatewayBackend {
  blocks: BlockRepository;
  chain: ChainRepository;
  node: NodeRepository;
  network: NetworkRepository;
  /** Called by `gateway.close()`; stop timers and release connections. */
  close?(): void | Promise<void>;
}
