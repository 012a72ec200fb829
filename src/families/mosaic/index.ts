import type { MosaicRepository } from '../../backend/mosaics.js';
import { defineFamily, listingRepository } from '../family.js';
import { mosaicPlugin } from './plugin.js';
import { MOSAICS } from './state.js';

/** Mosaics: definitions, supply changes and revocations, expiry, the currency's inflation. */
export const mosaic = defineFamily({
  name: 'mosaic',
  plugin: mosaicPlugin,
  repositories: (access) => ({ mosaics: listingRepository(access, MOSAICS, (plugin) => plugin.mosaics) satisfies MosaicRepository }),
});
