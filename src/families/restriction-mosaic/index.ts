import type { MosaicRestrictionRepository } from '../../backend/mosaic-restrictions.js';
import { defineFamily, listingRepository } from '../family.js';
import { restrictionMosaicPlugin } from './plugin.js';
import { MOSAIC_RESTRICTIONS } from './state.js';

/** Mosaic restrictions: global rules of a restrictable mosaic and the values of its holders. */
export const restrictionMosaic = defineFamily({
  name: 'restriction-mosaic',
  plugin: restrictionMosaicPlugin,
  repositories: (access) => ({ mosaicRestrictions: listingRepository(access, MOSAIC_RESTRICTIONS, (plugin) => plugin.mosaicRestrictions) satisfies MosaicRestrictionRepository }),
});
