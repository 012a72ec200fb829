import type { GatewayBackend } from '../backend/index.js';
import type { Router } from '../http/router.js';
import { accountRestrictionRoutes } from './account-restrictions.js';
import { accountRoutes } from './accounts.js';
import { blockRoutes } from './blocks.js';
import { chainRoutes } from './chain.js';
import { finalizationRoutes } from './finalization.js';
import { hashLockRoutes } from './hash-locks.js';
import { metadataRoutes } from './metadata.js';
import { mosaicRoutes } from './mosaics.js';
import { mosaicRestrictionRoutes } from './mosaic-restrictions.js';
import { multisigRoutes } from './multisig.js';
import { namespaceRoutes } from './namespaces.js';
import { networkRoutes } from './network.js';
import { nodeRoutes } from './node.js';
import { receiptRoutes } from './receipts.js';
import { secretLockRoutes } from './secret-locks.js';
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
