/**
 * The plugins of the in-memory chain, in the order their rules run (the core's first, as in
 * catapult). A new transaction family is one plugin file and one line here.
 */
import type { ChainPlugin, PluginEnvironment } from '../execution/plugin.js';
import { accountLinkPlugin } from './account-link/index.js';
import { aggregatePlugin } from './aggregate.js';
import { corePlugin } from './core/index.js';
import { hashLockPlugin } from './lock-hash/index.js';
import { secretLockPlugin } from './lock-secret/index.js';
import { metadataPlugin } from './metadata/index.js';
import { mosaicPlugin } from './mosaic/index.js';
import { multisigPlugin } from './multisig/index.js';
import { namespacePlugin } from './namespace/index.js';
import { restrictionAccountPlugin } from './restriction-account/index.js';
import { restrictionMosaicPlugin } from './restriction-mosaic/index.js';
import { transferPlugin } from './transfer.js';

/** Every plugin made for one chain, and the stores its routes read. */
export function createPlugins(environment: PluginEnvironment & { height: () => bigint }) {
  const core = corePlugin(environment);
  const mosaic = mosaicPlugin(environment);
  const namespace = namespacePlugin(environment);
  const multisig = multisigPlugin(environment);
  const hashLock = hashLockPlugin(environment);
  const metadata = metadataPlugin(environment);
  const secretLock = secretLockPlugin(environment);
  const restrictionAccount = restrictionAccountPlugin(environment);
  const restrictionMosaic = restrictionMosaicPlugin(environment);
  const plugins: readonly ChainPlugin[] = [core, transferPlugin(), mosaic, namespace, secretLock, restrictionAccount, restrictionMosaic, aggregatePlugin(), multisig, hashLock, metadata, accountLinkPlugin(environment)];
  return {
    plugins,
    accounts: core.accounts,
    mosaics: mosaic.mosaics,
    namespaces: namespace.namespaces,
    secretLocks: secretLock.secretLocks,
    accountRestrictions: restrictionAccount.accountRestrictions,
    mosaicRestrictions: restrictionMosaic.mosaicRestrictions,
    multisig: multisig.multisig,
    hashLocks: hashLock.hashLocks,
    metadata: metadata.metadata,
  };
}

export type ChainStores = Omit<ReturnType<typeof createPlugins>, 'plugins'>;
