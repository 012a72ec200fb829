/**
 * The plugins of the in-memory chain, in the order their rules run (the core's first, as in
 * catapult). A new transaction family is one plugin file and one line here.
 */
import type { ChainPlugin, PluginEnvironment } from '../execution/plugin.js';
import { aggregatePlugin } from './aggregate.js';
import { corePlugin } from './core/index.js';
import { metadataPlugin } from './metadata/index.js';
import { mosaicPlugin } from './mosaic/index.js';
import { namespacePlugin } from './namespace/index.js';
import { transferPlugin } from './transfer.js';

/** Every plugin made for one chain, and the stores its routes read. */
export function createPlugins(environment: PluginEnvironment & { height: () => bigint }) {
  const core = corePlugin(environment);
  const mosaic = mosaicPlugin(environment);
  const namespace = namespacePlugin(environment);
  const metadata = metadataPlugin(environment);
  const plugins: readonly ChainPlugin[] = [core, transferPlugin(), mosaic, namespace, aggregatePlugin(), metadata];
  return { plugins, accounts: core.accounts, mosaics: mosaic.mosaics, namespaces: namespace.namespaces, metadata: metadata.metadata };
}

export type ChainStores = Omit<ReturnType<typeof createPlugins>, 'plugins'>;
