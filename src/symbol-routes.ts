import type { GatewayBackend } from './backend/index.js';
import { FAMILIES, STATES } from './families/index.js';
import type { Router } from './http/router.js';
import { blockRoutes } from './routes/blocks.js';
import { chainRoutes } from './routes/chain.js';
import { currencySupplyRoutes } from './routes/currency-supply.js';
import { finalizationRoutes } from './routes/finalization.js';
import { networkRoutes } from './routes/network.js';
import { nodeRoutes } from './routes/node.js';
import { receiptRoutes } from './routes/receipts.js';
import { routeSettings, type RouteSettings } from './routes/settings.js';
import { stateProofRoutes } from './routes/state-proofs.js';
import { transactionStatusRoutes } from './routes/transaction-status.js';
import { transactionRoutes } from './routes/transactions.js';

/** Registers every Symbol route on `router`, reading from `backend`: the chain's own, then each family's and its state proofs'. */
export function symbolRoutes(router: Router, backend: GatewayBackend, settings: RouteSettings = routeSettings()): void {
  blockRoutes(router, backend);
  chainRoutes(router, backend);
  nodeRoutes(router, backend);
  networkRoutes(router, backend);
  currencySupplyRoutes(router, backend, settings.uncirculatingAccounts);
  transactionRoutes(router, backend);
  transactionStatusRoutes(router, backend);
  finalizationRoutes(router, backend);
  receiptRoutes(router, backend);
  for (const family of FAMILIES) family.routes?.(router, backend, settings);
  stateProofRoutes(router, backend, STATES.map((state) => state.proof));
}
