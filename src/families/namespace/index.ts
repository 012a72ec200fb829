import { models } from 'symbol-sdk/symbol';
import type { NamespaceInfoDTO, NamespaceRepository, NamespaceSearchCriteria } from '../../backend/namespace.js';
import { RECEIPT_TYPE } from '../../memory/execution/receipts.js';
import { namespaceInfo } from '../../upstream/dto-shapes.js';
import { defineFamily, defineState, proofRoute, type ReceiptChange, type TransactionChange } from '../family.js';
import { namespacePlugin } from './plugin.js';
import { namespaceRoutes } from './routes.js';
import { NAMESPACES, NO_PARENT, REGISTRATION_TYPE, type NamespaceEntry } from './state.js';
import { namespaceFilters, namespaceIdOf, namespaceQueryFilters } from './store.js';
import { fetchNamespaceFamilies } from './upstream.js';
import { NAMESPACE_TRANSACTIONS } from './transactions.js';

const T = models.TransactionType;
const upper = (value: unknown) => String(value).toUpperCase();

/** A registration: a root's family, or the family of a child's parent; and the name it registers. */
const registered: TransactionChange = (transaction) => {
  const id = upper(transaction.id);
  const parentId = Number(transaction.registrationType) === REGISTRATION_TYPE.root ? NO_PARENT : upper(transaction.parentId);
  return { keys: [parentId === NO_PARENT ? id : parentId], names: [{ id, name: String(transaction.name), parentId }] };
};
/** An alias linked or unlinked: the namespace's family. */
const aliased: TransactionChange = (transaction) => ({ keys: [upper(transaction.namespaceId)] });
/** A root's expiry or deletion: its family. */
const ended: ReceiptChange = (receipt) => ({ keys: [upper(receipt.artifactId)] });

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
      // Each names a namespace whose family to read again (a root, or a namespace whose root is looked up).
      changes: {
        transactions: new Map<number, TransactionChange>([
          [T.NAMESPACE_REGISTRATION.value, registered],
          [T.ADDRESS_ALIAS.value, aliased],
          [T.MOSAIC_ALIAS.value, aliased],
        ]),
        // A root's lifetime ended (its family goes inactive) or its grace period did (it goes).
        receipts: new Map<number, ReceiptChange>([
          [RECEIPT_TYPE.namespaceExpired, ended],
          [RECEIPT_TYPE.namespaceDeleted, ended],
        ]),
      },
    }),
  ],
  routes: namespaceRoutes,
});
