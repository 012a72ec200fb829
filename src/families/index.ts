/**
 * The plugins of the in-memory chain, in the order their rules run (the core's first, as in
 * catapult). A new transaction family is one plugin file and one line here.
 */
import type { ChainPlugin, PluginEnvironment } from '../memory/execution/plugin.js';
import { accountLinkPlugin } from './account-link/plugin.js';
import { aggregatePlugin } from './aggregate/plugin.js';
import { corePlugin } from './core/plugin.js';
import { hashLockPlugin } from './lock-hash/plugin.js';
import { secretLockPlugin } from './lock-secret/plugin.js';
import { metadataPlugin } from './metadata/plugin.js';
import { mosaicPlugin } from './mosaic/plugin.js';
import { multisigPlugin } from './multisig/plugin.js';
import { namespacePlugin } from './namespace/plugin.js';
import { restrictionAccountPlugin } from './restriction-account/plugin.js';
import { restrictionMosaicPlugin } from './restriction-mosaic/plugin.js';
import { transferPlugin } from './transfer/plugin.js';

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
