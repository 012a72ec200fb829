import type { NamespaceInfoDTO, NamespaceRepository, NamespaceSearchCriteria } from '../../backend/namespace.js';
import { RECEIPT_TYPE } from '../../memory/execution/receipts.js';
import { namespaceInfo } from '../../upstream/dto-shapes.js';
import { defineFamily, defineState, proofRoute } from '../family.js';
import { namespacePlugin } from './plugin.js';
import { namespaceRoutes } from './routes.js';
import { NAMESPACES, type NamespaceEntry } from './state.js';
import { namespaceFilters, namespaceIdOf, namespaceQueryFilters } from './store.js';
import { fetchNamespaceFamilies } from './upstream.js';
import { NAMESPACE_TRANSACTIONS } from './transactions.js';

/** Namespaces: roots and children, their rental and expiry, address and mosaic aliases and their resolution. */
export const namespace = defineFamily({
  name: 'namespace',
  plugin: namespacePlugin,
  transactions: NAMESPACE_TRANSACTIONS,
  repositories: (access) => {
    const namespaces = () => access.plugin().namespaces;
    return {
      namespaces: {
        search: (criteria) => access.read(() => namespaces().search(criteria)),
        find: (ids) => access.byKey(NAMESPACES, ids, () => namespaces().find(ids)),
        names: (ids) => access.byKey(NAMESPACES, ids, () => namespaces().names(ids)),
        accountNames: (addresses) => access.read(() => namespaces().accountNames(addresses)),
        mosaicNames: (ids) => access.read(() => namespaces().mosaicNames(ids)),
      } satisfies NamespaceRepository,
    };
  },
  receipts: { [RECEIPT_TYPE.namespaceRentalFee]: 'namespace rental fee', [RECEIPT_TYPE.namespaceExpired]: 'namespace expired', [RECEIPT_TYPE.namespaceDeleted]: 'namespace deleted' },
  states: [
    defineState<ReturnType<typeof namespacePlugin>, NamespaceEntry, NamespaceInfoDTO, NamespaceSearchCriteria>({
      kind: 'namespaces',
      cache: NAMESPACES,
      layout: 'namespaces',
      route: '/namespaces',
      check: namespaceInfo,
      keyOf: namespaceIdOf,
      filters: namespaceFilters,
      queryFilters: namespaceQueryFilters,
      store: (plugin) => plugin.namespaces,
      read: (client, keys) => client.namespaces(keys),
      fetch: fetchNamespaceFamilies,
      proof: proofRoute('namespace', '/namespaces', 'namespaceId', 'id'),
    }),
  ],
  routes: namespaceRoutes,
});
