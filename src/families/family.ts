/**
 * A transaction family's descriptor: everything the rest of the system needs of one family,
 * declared once in the family's folder (catapult's `plugins/txes/<family>` and catapult-rest's
 * `plugins/<family>` in one). The registry (`index.ts`) lists the descriptors; every part of
 * the system that needs something of the families reads it there.
 */
import type { GatewayBackend } from '../backend/index.js';
import type { PageRequest } from '../pagination.js';
import type { ChainFamily, RepositoryAccess } from '../memory/chain/family.js';
import type { ChainPlugin } from '../memory/execution/plugin.js';
import type { CacheDescriptor } from '../memory/state/cache.js';
import type { PageResult, Awaitable } from '../backend/repositories.js';

/** A family: its chain part (plugin and repositories); see the other members for what the rest of the system reads. */
export interface FamilyDescriptor<P extends ChainPlugin = ChainPlugin, R extends Partial<GatewayBackend> = Partial<GatewayBackend>> extends ChainFamily<P, R> {}

/** A listed store (an `EntryListing`): pages by a query, entries by key. */
export interface Listing<DTO, Q> {
  search(criteria: Q): PageResult<DTO>;
  find(keys: readonly string[]): DTO[];
}

/** The repository of a listed cache: its pages read from the store, its entries by key (fetched first on a chain over an entry source). */
export function listingRepository<DTO, Q extends PageRequest, P extends ChainPlugin>(
  access: RepositoryAccess<P>,
  cache: CacheDescriptor<unknown>,
  listing: (plugin: P) => Listing<DTO, Q>,
): { search(criteria: Q): Awaitable<PageResult<DTO>>; find(keys: readonly string[]): Awaitable<DTO[]> } {
  return {
    search: (criteria) => access.read(() => listing(access.plugin()).search(criteria)),
    find: (keys) => access.byKey(cache, keys, () => listing(access.plugin()).find(keys)),
  };
}

/** A family's descriptor, with its plugin's and repositories' types kept (what `RepositoriesOf` reads). */
export function defineFamily<P extends ChainPlugin, R extends Partial<GatewayBackend> = Record<never, never>>(descriptor: FamilyDescriptor<P, R>): FamilyDescriptor<P, R> {
  return descriptor;
}
