import type { GatewayBackend } from '../backend/index.js';
import type { Router } from '../http/router.js';
import { accountRestrictionRoutes } from '../families/restriction-account/routes.js';
import { accountRoutes } from '../families/core/routes.js';
import { blockRoutes } from './blocks.js';
import { chainRoutes } from './chain.js';
import { finalizationRoutes } from './finalization.js';
import { hashLockRoutes } from '../families/lock-hash/routes.js';
import { metadataRoutes } from '../families/metadata/routes.js';
import { mosaicRoutes } from '../families/mosaic/routes.js';
import { mosaicRestrictionRoutes } from '../families/restriction-mosaic/routes.js';
import { multisigRoutes } from '../families/multisig/routes.js';
import { namespaceRoutes } from '../families/namespace/routes.js';
import { networkRoutes } from './network.js';
import { nodeRoutes } from './node.js';
import { receiptRoutes } from './receipts.js';
import { secretLockRoutes } from '../families/lock-secret/routes.js';
import { stateProofRoutes } from './state-proofs.js';
import { transactionStatusRoutes } from './transaction-status.js';
import { transactionRoutes } from './transactions.js';

/** Registers every Symbol route on `router`, reading from `backend`. */
export function symbolRoutes(router: Router, backend: GatewayBackend): void {
  blockRoutes(router, backend);
  chainRoutes(router, backend);
  nodeRoutes(router, backend);
  networkRoutes(router, backend);
  transactionRoutes(router, backend);
  transactionStatusRoutes(router, backend);
  finalizationRoutes(router, backend);
  accountRoutes(router, backend);
  mosaicRoutes(router, backend);
  mosaicRestrictionRoutes(router, backend);
  namespaceRoutes(router, backend);
  receiptRoutes(router, backend);
  secretLockRoutes(router, backend);
  accountRestrictionRoutes(router, backend);
  multisigRoutes(router, backend);
  hashLockRoutes(router, backend);
  metadataRoutes(router, backend);
  stateProofRoutes(router, backend);
}
