import type { MetadataRepository } from '../../backend/metadata.js';
import { defineFamily, listingRepository } from '../family.js';
import { metadataPlugin } from './plugin.js';
import { METADATA } from './state.js';

/** Account, mosaic and namespace metadata. */
export const metadata = defineFamily({
  name: 'metadata',
  plugin: metadataPlugin,
  repositories: (access) => ({ metadata: listingRepository(access, METADATA, (plugin) => plugin.metadata) satisfies MetadataRepository }),
});
