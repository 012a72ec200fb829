import type { GatewayBackend } from '../backend/index.js';
import { FAMILIES, STATES } from '../families/index.js';
import type { Router } from '../http/router.js';
import { blockRoutes } from './blocks.js';
import { chainRoutes } from './chain.js';
import { finalizationRoutes } from './finalization.js';
import { networkRoutes } from './network.js';
import { nodeRoutes } from './node.js';
import { receiptRoutes } from './receipts.js';
import { stateProofRoutes } from './state-proofs.js';
import { transactionStatusRoutes } from './transaction-status.js';
import { transactionRoutes } from './transactions.js';

/** Registers every Symbol route on `router`, reading from `backend`: the chain's own, then each family's and its state proofs'. */
export function symbolRoutes(router: Router, backend: GatewayBackend): void {
  blockRoutes(router, backend);
  chainRoutes(router, backend);
  nodeRoutes(router, backend);
  networkRoutes(router, backend);
  transactionRoutes(router, backend);
  transactionStatusRoutes(router, backend);
  finalizationRoutes(router, backend);
  receiptRoutes(router, backend);
  for (const family of FAMILIES) family.routes?.(router, backend);
  stateProofRoutes(router, backend, STATES.map((state) => state.proof));
}
