import { models } from 'symbol-sdk/symbol';
import type { MosaicRestrictionDTO, MosaicRestrictionRepository, MosaicRestrictionSearchCriteria } from '../../backend/restriction-mosaic.js';
import { eachByKey } from '../../upstream/entries.js';
import { hex, object, text } from '../../upstream/field-checks.js';
import { fields } from '../../upstream/shape.js';
import { defineFamily, defineState, listingRepository, proofRoute, type TransactionChange } from '../family.js';
import { restrictionMosaicPlugin } from './plugin.js';
import { restrictionMosaicRoutes } from './routes.js';
import { MOSAIC_RESTRICTIONS, type MosaicRestrictionEntry } from './state.js';
import { mosaicRestrictionEntryOf, mosaicRestrictionFilters, mosaicRestrictionQueryFilters } from './store.js';
import { RESTRICTION_MOSAIC_TRANSACTIONS } from './transactions.js';

const T = models.TransactionType;
const upper = (value: unknown) => String(value).toUpperCase();

/** A global restriction changes its mosaic's global entry (entry type 1). */
const globalRule: TransactionChange = (transaction, _signer, resolve) => ({
  lists: resolve.mosaic(upper(transaction.mosaicId)).map((mosaicId) => ({ mosaicId, entryType: '1' })),
});
/** An address restriction changes its mosaic's entry of the target (entry type 0). */
const addressValue: TransactionChange = (transaction, _signer, resolve) => ({
  lists: resolve.mosaic(upper(transaction.mosaicId)).flatMap((mosaicId) => resolve.address(upper(transaction.targetAddress)).map((targetAddress) => ({ mosaicId, entryType: '0', targetAddress }))),
});

/** Mosaic restrictions: global rules of a restrictable mosaic and the values of its holders. */
export const restrictionMosaic = defineFamily({
  name: 'restriction-mosaic',
  plugin: restrictionMosaicPlugin,
  transactions: RESTRICTION_MOSAIC_TRANSACTIONS,
  repositories: (access) => ({ mosaicRestrictions: listingRepository(access, MOSAIC_RESTRICTIONS, (plugin) => plugin.mosaicRestrictions) satisfies MosaicRestrictionRepository }),
  states: [
    defineState<ReturnType<typeof restrictionMosaicPlugin>, MosaicRestrictionEntry, MosaicRestrictionDTO, MosaicRestrictionSearchCriteria>({
      kind: 'mosaicRestrictions',
      cache: MOSAIC_RESTRICTIONS,
      layout: 'listed',
      route: '/restrictions/mosaic',
      check: fields({ id: text, mosaicRestrictionEntry: object, 'mosaicRestrictionEntry.compositeHash': hex(32) }),
      keyOf: (dto) => dto.mosaicRestrictionEntry.compositeHash.toUpperCase(),
      entryOf: mosaicRestrictionEntryOf,
      filters: mosaicRestrictionFilters,
      queryFilters: mosaicRestrictionQueryFilters,
      store: (plugin) => plugin.mosaicRestrictions,
      read: eachByKey((compositeHash) => `/restrictions/mosaic/${compositeHash}`, fields<MosaicRestrictionDTO>({ mosaicRestrictionEntry: object })),
      proof: proofRoute('mosaicRestriction', '/restrictions/mosaic', 'compositeHash', 'hash'),
      changes: {
        transactions: new Map([
          [T.MOSAIC_GLOBAL_RESTRICTION.value, globalRule],
          [T.MOSAIC_ADDRESS_RESTRICTION.value, addressValue],
        ]),
      },
    }),
  ],
  routes: restrictionMosaicRoutes,
});
