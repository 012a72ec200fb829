import type { AccountRestrictionsInfoDTO, AccountRestrictionsSearchCriteria } from '../backend/account-restrictions.js';
import type { HashLockInfoDTO, HashLockSearchCriteria, SecretLockInfoDTO, SecretLockSearchCriteria } from '../backend/locks.js';
import type { MetadataInfoDTO, MetadataSearchCriteria } from '../backend/metadata.js';
import type { MosaicRestrictionDTO, MosaicRestrictionSearchCriteria } from '../backend/mosaic-restrictions.js';
import { hashLockEntryOf, hashLockFilters, hashLockQueryFilters } from '../families/lock-hash/store.js';
import { secretLockEntryOf, secretLockFilters, secretLockQueryFilters } from '../families/lock-secret/store.js';
import { metadataEntryOf, metadataFilters, metadataQueryFilters } from '../families/metadata/store.js';
import { accountRestrictionFilters, accountRestrictionQueryFilters, accountRestrictionsEntryOf } from '../families/restriction-account/store.js';
import { mosaicRestrictionEntryOf, mosaicRestrictionFilters, mosaicRestrictionQueryFilters } from '../families/restriction-mosaic/store.js';
import { listOf, listsUnder, type Filters } from '../memory/state/entry-listing.js';
import { byId, type EntryRow as StateRow } from '../postgres/state-write.js';
import type { UpstreamClient } from '../upstream/client.js';
import { addressParam } from '../upstream/params.js';
import { hex, object, text } from '../upstream/rules.js';
import { fields, type Check } from '../upstream/shape.js';
import type { Criteria } from './changes.js';

/**
 * The listed state kinds a mirror copies route by route: locks, metadata and restrictions.
 * Each entry is stored under its key with the lists the chain's store pages it under (its
 * filters, from the entry the upstream's JSON stands for), its JSON the upstream's own.
 */
interface Kind<DTO> {
  readonly route: string;
  readonly check: Check<DTO>;
  /** The entry's key in the store: the chain's cache key. */
  key(dto: DTO): string;
  /** The filters the chain's store lists the entry under. */
  filters(dto: DTO): Filters;
  /** The filters a query asks for: what names its list. */
  queryFilters(criteria: Criteria): Filters;
}

function kind<DTO, Q>(kind: { route: string; check: Check<DTO>; key(dto: DTO): string; filters(dto: DTO): Filters; queryFilters(criteria: Q): Filters }): Kind<DTO> {
  return kind as unknown as Kind<DTO>;
}

const KINDS = {
  hashLocks: kind<HashLockInfoDTO, HashLockSearchCriteria>({
    route: '/lock/hash',
    check: fields({ id: text, lock: object, 'lock.hash': hex(32) }),
    key: (dto) => dto.lock.hash.toUpperCase(),
    filters: (dto) => hashLockFilters(hashLockEntryOf(dto)),
    queryFilters: hashLockQueryFilters,
  }),
  secretLocks: kind<SecretLockInfoDTO, SecretLockSearchCriteria>({
    route: '/lock/secret',
    check: fields({ id: text, lock: object, 'lock.compositeHash': hex(32) }),
    key: (dto) => dto.lock.compositeHash.toUpperCase(),
    filters: (dto) => secretLockFilters(secretLockEntryOf(dto)),
    queryFilters: secretLockQueryFilters,
  }),
  metadata: kind<MetadataInfoDTO, MetadataSearchCriteria>({
    route: '/metadata',
    check: fields({ id: text, metadataEntry: object, 'metadataEntry.compositeHash': hex(32) }),
    key: (dto) => dto.metadataEntry.compositeHash.toUpperCase(),
    filters: (dto) => metadataFilters(metadataEntryOf(dto)),
    queryFilters: metadataQueryFilters,
  }),
  accountRestrictions: kind<AccountRestrictionsInfoDTO, AccountRestrictionsSearchCriteria>({
    route: '/restrictions/account',
    check: fields({ id: text, accountRestrictions: object, 'accountRestrictions.address': hex(24) }),
    key: (dto) => dto.accountRestrictions.address.toUpperCase(),
    filters: (dto) => accountRestrictionFilters(accountRestrictionsEntryOf(dto)),
    queryFilters: accountRestrictionQueryFilters,
  }),
  mosaicRestrictions: kind<MosaicRestrictionDTO, MosaicRestrictionSearchCriteria>({
    route: '/restrictions/mosaic',
    check: fields({ id: text, mosaicRestrictionEntry: object, 'mosaicRestrictionEntry.compositeHash': hex(32) }),
    key: (dto) => dto.mosaicRestrictionEntry.compositeHash.toUpperCase(),
    filters: (dto) => mosaicRestrictionFilters(mosaicRestrictionEntryOf(dto)),
    queryFilters: mosaicRestrictionQueryFilters,
  }),
};

/** A listed kind a mirror copies (the store's kind and the chain store's name). */
export type ListedKind = keyof typeof KINDS;
export const LISTED_KINDS = Object.keys(KINDS) as ListedKind[];

/** Query parameters that name an account: sent in the 39-character form every gateway takes. */
const ADDRESS_PARAMETERS = new Set(['address', 'sourceAddress', 'targetAddress', 'ownerAddress']);

/** The stored keys of a kind's list (`''`: every entry of the kind). */
export type StoredKeys = (kind: string, list: string) => Promise<readonly string[]>;

/**
 * The rows that make a list of a kind the upstream's (`{}`: every entry): each entry it pages
 * there now, and a removal for each key the store lists there that it no longer has. A list
 * is read under filters an entry never leaves (an owner, a secret, a mosaic), so a key gone
 * from it is an entry gone.
 */
export async function listRows(client: UpstreamClient, stored: StoredKeys, kind: ListedKind, criteria: Criteria): Promise<StateRow[]> {
  const spec = KINDS[kind] as Kind<unknown>;
  const query = new URLSearchParams(Object.entries(criteria).map(([name, value]): [string, string] => [name, ADDRESS_PARAMETERS.has(name) ? addressParam(value) : value]));
  query.set('order', 'asc');
  const rows: StateRow[] = [];
  for await (const page of client.pages(`${spec.route}?${query}`, spec.check)) {
    for (const dto of page) {
      const { id } = dto as { id: string };
      rows.push({ key: spec.key(dto), entry: { id, lists: byId(id, listsUnder(spec.filters(dto))), json: JSON.stringify(dto) } });
    }
  }
  return withRemoved(rows, await stored(kind, listOf(spec.queryFilters(criteria))));
}

/** `rows` (a list as the upstream has it), and a removal for each key the store lists there that they lack. */
export function withRemoved(rows: StateRow[], listed: readonly string[]): StateRow[] {
  const kept = new Set(rows.map((row) => row.key));
  for (const key of listed) if (!kept.has(key)) rows.push({ key });
  return rows;
}

/** Rows of one kind by key, one each: an entry read under one list wins over its removal read under another. */
export function mergedRows(rows: Iterable<StateRow>): StateRow[] {
  const byKey = new Map<string, StateRow>();
  for (const row of rows) if (row.entry !== undefined || !byKey.has(row.key)) byKey.set(row.key, row);
  return [...byKey.values()];
}
