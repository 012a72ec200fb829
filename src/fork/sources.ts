import { hasValidChecksum } from '../address.js';
import type { AccountRestrictionsInfoDTO } from '../backend/account-restrictions.js';
import type { HashLockInfoDTO, SecretLockInfoDTO } from '../backend/locks.js';
import type { MetadataInfoDTO } from '../backend/metadata.js';
import type { MosaicRestrictionDTO } from '../backend/mosaic-restrictions.js';
import type { MultisigAccountInfoDTO } from '../backend/multisig.js';
import type { NamespaceInfoDTO } from '../backend/namespaces.js';
import { accountStateOf } from '../families/core/account-store.js';
import { ACCOUNTS } from '../memory/account-state.js';
import { HASH_LOCKS } from '../families/lock-hash/state.js';
import { hashLockEntryOf } from '../families/lock-hash/store.js';
import { SECRET_LOCKS } from '../families/lock-secret/state.js';
import { secretLockEntryOf } from '../families/lock-secret/store.js';
import { METADATA } from '../families/metadata/state.js';
import { metadataEntryOf } from '../families/metadata/store.js';
import { MOSAICS } from '../families/mosaic/state.js';
import { mosaicEntryOf } from '../families/mosaic/store.js';
import { MULTISIGS } from '../families/multisig/state.js';
import { multisigEntryOf } from '../families/multisig/plugin.js';
import { NAMESPACES } from '../families/namespace/state.js';
import { namespaceEntriesOf, namespaceIdOf } from '../families/namespace/store.js';
import { ACCOUNT_RESTRICTIONS } from '../families/restriction-account/state.js';
import { accountRestrictionsEntryOf } from '../families/restriction-account/store.js';
import { MOSAIC_RESTRICTIONS } from '../families/restriction-mosaic/state.js';
import { mosaicRestrictionEntryOf } from '../families/restriction-mosaic/store.js';
import type { CacheDescriptor } from '../memory/state/cache.js';
import type { UpstreamClient } from '../upstream/client.js';
import { namespaceInfo } from '../upstream/dto-shapes.js';
import { addressParam } from '../upstream/params.js';
import { object } from '../upstream/rules.js';
import { fields, type Check } from '../upstream/shape.js';
import type { EntrySource, Fetched } from '../memory/state/fetched-state.js';

/** How one cache's entries are read from an upstream gateway. */
interface CacheSource<V> {
  readonly descriptor: CacheDescriptor<V>;
  fetch(client: UpstreamClient, keys: readonly string[]): Promise<Fetched<V>>;
}

/** A cache whose entries are read one key a request (`GET {route}/{key}`), each answer turned into its entry; keys `asked` refuses are settled as absent. */
function byKey<V, DTO>(descriptor: CacheDescriptor<V>, route: (key: string) => string, check: Check<DTO>, entryOf: (dto: DTO) => V, asked: (key: string) => boolean = () => true): CacheSource<V> {
  return {
    descriptor,
    async fetch(client, keys) {
      const answers = await Promise.all(keys.filter(asked).map(async (key) => [key, await client.find(route(key), check)] as const));
      const entries = new Map<string, V>();
      for (const [key, dto] of answers) if (dto !== undefined) entries.set(key, entryOf(dto));
      return { entries, settled: [] };
    },
  };
}

/** A cache read by many keys a request (`POST /accounts`, `POST /mosaics`). */
function byKeys<V, DTO>(descriptor: CacheDescriptor<V>, read: (client: UpstreamClient, keys: readonly string[]) => Promise<DTO[]>, keyOf: (dto: DTO) => string, entryOf: (dto: DTO) => V): CacheSource<V> {
  return {
    descriptor,
    async fetch(client, keys) {
      const entries = new Map<string, V>();
      for (const dto of await read(client, keys)) entries.set(keyOf(dto).toUpperCase(), entryOf(dto));
      return { entries, settled: [] };
    },
  };
}

/**
 * Namespaces come by family: a namespace's root and every namespace under it (the cache keeps
 * a root's lifetime and descendants), with their names (`POST /namespaces/names`).
 */
const namespaces: CacheSource<unknown> = {
  descriptor: NAMESPACES as CacheDescriptor<unknown>,
  async fetch(client, keys): Promise<Fetched<unknown>> {
    const wanted = await client.namespaces(keys);
    const roots = new Set(wanted.map((info) => info.namespace.level0.toUpperCase()));
    const entries = new Map<string, unknown>();
    const settled: string[] = [];
    for (const root of roots) {
      const family: NamespaceInfoDTO[] = [];
      for await (const members of client.pages(`/namespaces?level0=${root}&order=asc`, namespaceInfo)) family.push(...members);
      const ids = family.map(namespaceIdOf);
      const names = new Map((await client.namespaceNames(ids)).map((name) => [name.id.toUpperCase(), name.name]));
      for (const entry of namespaceEntriesOf(family, names)) entries.set(entry.id, entry);
      settled.push(...ids);
    }
    return { entries, settled };
  },
};

/** Whether a key of the account cache can name an account (not an alias, nor bytes that are no address): only those are asked for. */
function isAccountAddress(key: string): boolean {
  const bytes = Buffer.from(key, 'hex');
  return bytes.length === 24 && (bytes[0] & 1) === 0 && hasValidChecksum(bytes);
}

/** How a forked chain reads each state cache from its upstream. */
function upstreamSources(): CacheSource<unknown>[] {
  const sources = [
    byKeys(ACCOUNTS, (client, keys) => client.accounts(keys.filter(isAccountAddress)), (info) => info.account.address, accountStateOf),
    byKeys(MOSAICS, (client, keys) => client.mosaics(keys), (info) => info.mosaic.id, mosaicEntryOf),
    byKey(MULTISIGS, (address) => `/account/${addressParam(address)}/multisig`, fields<MultisigAccountInfoDTO>({ multisig: object }), multisigEntryOf, isAccountAddress),
    byKey(HASH_LOCKS, (hash) => `/lock/hash/${hash}`, fields<HashLockInfoDTO>({ lock: object }), hashLockEntryOf),
    byKey(SECRET_LOCKS, (compositeHash) => `/lock/secret/${compositeHash}`, fields<SecretLockInfoDTO>({ lock: object }), secretLockEntryOf),
    byKey(METADATA, (compositeHash) => `/metadata/${compositeHash}`, fields<MetadataInfoDTO>({ metadataEntry: object }), metadataEntryOf),
    byKey(ACCOUNT_RESTRICTIONS, (address) => `/restrictions/account/${addressParam(address)}`, fields<AccountRestrictionsInfoDTO>({ accountRestrictions: object }), accountRestrictionsEntryOf, isAccountAddress),
    byKey(MOSAIC_RESTRICTIONS, (compositeHash) => `/restrictions/mosaic/${compositeHash}`, fields<MosaicRestrictionDTO>({ mosaicRestrictionEntry: object }), mosaicRestrictionEntryOf),
  ] as CacheSource<unknown>[];
  return [...sources, namespaces];
}

/** The entries a forked chain never had, read from its upstream through `client`, cache by cache. */
export function upstreamEntrySource(client: UpstreamClient): EntrySource {
  const sources = new Map(upstreamSources().map((source) => [source.descriptor.name, source]));
  return { fetch: (cache, keys) => sources.get(cache)?.fetch(client, keys) };
}
