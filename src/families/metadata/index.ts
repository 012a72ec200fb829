import { models } from 'symbol-sdk/symbol';
import type { MetadataInfoDTO, MetadataRepository, MetadataSearchCriteria } from '../../backend/metadata.js';
import { eachByKey } from '../../upstream/entries.js';
import { hex, object, text } from '../../upstream/field-checks.js';
import { fields } from '../../upstream/shape.js';
import { defineFamily, defineState, listingRepository, proofRoute, type TransactionChange, type Changed } from '../family.js';
import { metadataPlugin } from './plugin.js';
import { metadataRoutes } from './routes.js';
import { METADATA, METADATA_TYPE, type MetadataEntry } from './state.js';
import { metadataEntryOf, metadataFilters, metadataQueryFilters } from './store.js';
import { METADATA_TRANSACTIONS } from './transactions.js';

const T = models.TransactionType;

/** The entries a metadata transaction of `metadataType` sets: its signer's values under its key, the target's whatever it is. */
const values = (metadataType: number) => (transaction: Readonly<Record<string, unknown>>, signer: string): Changed => ({
  lists: [{ sourceAddress: signer, scopedMetadataKey: String(transaction.scopedMetadataKey).toUpperCase(), metadataType: String(metadataType) }],
});

/** Account, mosaic and namespace metadata. */
export const metadata = defineFamily({
  name: 'metadata',
  plugin: metadataPlugin,
  transactions: METADATA_TRANSACTIONS,
  repositories: (access) => ({ metadata: listingRepository(access, METADATA, (plugin) => plugin.metadata) satisfies MetadataRepository }),
  states: [
    defineState<ReturnType<typeof metadataPlugin>, MetadataEntry, MetadataInfoDTO, MetadataSearchCriteria>({
      kind: 'metadata',
      cache: METADATA,
      layout: 'listed',
      route: '/metadata',
      check: fields({ id: text, metadataEntry: object, 'metadataEntry.compositeHash': hex(32) }),
      keyOf: (dto) => dto.metadataEntry.compositeHash.toUpperCase(),
      entryOf: metadataEntryOf,
      filters: metadataFilters,
      queryFilters: metadataQueryFilters,
      store: (plugin) => plugin.metadata,
      read: eachByKey((compositeHash) => `/metadata/${compositeHash}`, fields<MetadataInfoDTO>({ metadataEntry: object })),
      proof: proofRoute('metadata', '/metadata', 'compositeHash', 'hash'),
      changes: {
        transactions: new Map<number, TransactionChange>([
          [T.ACCOUNT_METADATA.value, values(METADATA_TYPE.account)],
          [T.MOSAIC_METADATA.value, values(METADATA_TYPE.mosaic)],
          [T.NAMESPACE_METADATA.value, values(METADATA_TYPE.namespace)],
        ]),
      },
    }),
  ],
  routes: metadataRoutes,
});
