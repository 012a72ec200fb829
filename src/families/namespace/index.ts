import type { NamespaceRepository } from '../../backend/namespaces.js';
import { defineFamily } from '../family.js';
import { namespacePlugin } from './plugin.js';
import { NAMESPACES } from './state.js';

/** Namespaces: roots and children, their rental and expiry, address and mosaic aliases and their resolution. */
export const namespace = defineFamily({
  name: 'namespace',
  plugin: namespacePlugin,
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
});
