import { models } from 'symbol-sdk/symbol';
import type { MosaicInfoDTO, MosaicRepository, MosaicSearchCriteria } from '../../backend/mosaic.js';
import { RECEIPT_TYPE } from '../../memory/execution/receipts.js';
import { mosaicInfo } from '../../upstream/dto-shapes.js';
import { defineFamily, defineState, listingRepository, proofRoute, type ReceiptChange, type TransactionChange, type Changed, type Resolve } from '../family.js';
import { mosaicPlugin } from './plugin.js';
import { mosaicRoutes } from './routes.js';
import { MOSAICS, type MosaicEntry } from './state.js';
import { mosaicEntryOf, mosaicFilters, mosaicQueryFilters } from './store.js';
import { MOSAIC_TRANSACTIONS } from './transactions.js';

const T = models.TransactionType;

/** The mosaic a transaction names in `field` (an alias resolved as the batch resolved it): the entry to read again. */
const named = (field: string) => (transaction: Readonly<Record<string, unknown>>, _signer: string, resolve: Resolve): Changed => ({
  keys: typeof transaction[field] === 'string' ? resolve.mosaic(transaction[field]) : [],
});

/** Mosaics: definitions, supply changes and revocations, expiry, the currency's inflation. */
export const mosaic = defineFamily({
  name: 'mosaic',
  plugin: mosaicPlugin,
  transactions: MOSAIC_TRANSACTIONS,
  repositories: (access) => ({ mosaics: listingRepository(access, MOSAICS, (plugin) => plugin.mosaics) satisfies MosaicRepository }),
  receipts: { [RECEIPT_TYPE.mosaicRentalFee]: 'mosaic rental fee', [RECEIPT_TYPE.mosaicExpired]: 'mosaic expired' },
  states: [
    defineState<ReturnType<typeof mosaicPlugin>, MosaicEntry, MosaicInfoDTO, MosaicSearchCriteria>({
      kind: 'mosaics',
      cache: MOSAICS,
      layout: 'listed',
      route: '/mosaics',
      check: mosaicInfo,
      keyOf: (dto) => dto.mosaic.id.toUpperCase(),
      entryOf: mosaicEntryOf,
      filters: mosaicFilters,
      queryFilters: mosaicQueryFilters,
      store: (plugin) => plugin.mosaics,
      read: (client, keys) => client.mosaics(keys),
      proof: proofRoute('mosaic', '/mosaics', 'mosaicId', 'id'),
      changes: {
        transactions: new Map<number, TransactionChange>([
          [T.MOSAIC_DEFINITION.value, named('id')],
          [T.MOSAIC_SUPPLY_CHANGE.value, named('mosaicId')],
          [T.MOSAIC_SUPPLY_REVOCATION.value, named('mosaicId')],
        ]),
        receipts: new Map<number, ReceiptChange>([[RECEIPT_TYPE.mosaicExpired, (receipt: Readonly<Record<string, unknown>>) => ({ keys: typeof receipt.artifactId === 'string' ? [receipt.artifactId] : [] })]]),
      },
    }),
  ],
  routes: mosaicRoutes,
});
