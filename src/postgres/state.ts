import type { AccountRestrictionsInfoDTO, AccountRestrictionsSearchCriteria } from '../backend/account-restrictions.js';
import type { AccountInfoDTO } from '../backend/accounts.js';
import type { HashLockInfoDTO, HashLockSearchCriteria, SecretLockInfoDTO, SecretLockSearchCriteria } from '../backend/locks.js';
import type { MetadataInfoDTO, MetadataSearchCriteria } from '../backend/metadata.js';
import type { MosaicRestrictionDTO, MosaicRestrictionSearchCriteria } from '../backend/mosaic-restrictions.js';
import type { MosaicInfoDTO, MosaicSearchCriteria } from '../backend/mosaics.js';
import { ACCOUNTS } from '../memory/account-state.js';
import type { AccountStore } from '../families/core/account-store.js';
import type { MultisigStore } from '../families/multisig/plugin.js';
import type { NamespaceStore } from '../families/namespace/store.js';
import type { ChainFollowing } from '../memory/chain/following.js';
import { HASH_LOCKS } from '../families/lock-hash/state.js';
import { hashLockQueryFilters } from '../families/lock-hash/store.js';
import { SECRET_LOCKS } from '../families/lock-secret/state.js';
import { secretLockQueryFilters } from '../families/lock-secret/store.js';
import { METADATA } from '../families/metadata/state.js';
import { metadataQueryFilters } from '../families/metadata/store.js';
import { MOSAICS } from '../families/mosaic/state.js';
import { mosaicQueryFilters } from '../families/mosaic/store.js';
import { MULTISIGS } from '../families/multisig/state.js';
import { NAMESPACES } from '../families/namespace/state.js';
import { ACCOUNT_RESTRICTIONS } from '../families/restriction-account/state.js';
import { accountRestrictionQueryFilters } from '../families/restriction-account/store.js';
import { MOSAIC_RESTRICTIONS } from '../families/restriction-mosaic/state.js';
import { mosaicRestrictionQueryFilters } from '../families/restriction-mosaic/store.js';
import type { CacheDescriptor } from '../memory/state/cache.js';
import { listOf, type EntryListing, type Filters } from '../memory/state/entry-listing.js';
import type { PageRequest } from '../pagination.js';
import type { PartOptions, StoreModule, StorePart } from './part.js';
import type { Reader } from './reader.js';
import { allNamespaceNames, namespaceRepository, namespaceRows, namespacesToRender } from './state-namespaces.js';
import { accountRepository, balanceList, balanceOrder, entryPage, findEntries, multisigRepository } from './state-read.js';
import { byId, clearState, writeStateRows, type EntryRow, type StateRows } from './state-write.js';

/**
 * The state entries part of the store: what `/accounts`, `/mosaics`, `/namespaces` (and the
 * names routes), `/lock/hash`, `/lock/secret`, `/metadata`, `/restrictions/account`,
 * `/restrictions/mosaic` and `/account/{address}/multisig` serve.
 *
 * The writer follows the state caches' commits and, as a batch is sealed, renders the
 * entries of the keys that changed (every key at catch-up) as the chain's stores render them.
 * Listed entries go in `state_entries` by kind and key, each with a row in `state_lists` for
 * every list it is paged under: `''` (all of its kind) and each filter key the chain's
 * `EntryIndex` lists it under (`ownerAddress=…`, `mosaicId=…&entryType=1` …), ordered by its
 * id. Accounts are listed too (`''` and the holders of each mosaic, `mosaicId=…`), and ordered
 * by balance in a list per mosaic (`mosaicId=…&orderBy=balance`). The lists are counted in
 * buckets moved in the same transaction, so a total, an offset's place and any page cost what
 * page 1 costs (see state-lists.ts).
 */

/** The listed kinds: each the name of its chain store and of the gateway repository that serves it. */
const LISTED_KINDS = ['mosaics', 'namespaces', 'hashLocks', 'secretLocks', 'metadata', 'accountRestrictions', 'mosaicRestrictions'] as const;

/** The state caches the part follows, by kind. */
const CACHES = {
  mosaics: MOSAICS,
  namespaces: NAMESPACES,
  hashLocks: HASH_LOCKS,
  secretLocks: SECRET_LOCKS,
  metadata: METADATA,
  accountRestrictions: ACCOUNT_RESTRICTIONS,
  mosaicRestrictions: MOSAIC_RESTRICTIONS,
  accounts: ACCOUNTS,
  multisig: MULTISIGS,
} as const satisfies Record<string, CacheDescriptor<unknown>>;

type Kind = keyof typeof CACHES;
const KINDS = Object.keys(CACHES) as Kind[];

/** Where each kind's store is on the chain: its family's plugin, and the plugin's member. */
const STORES: Record<Kind, readonly [family: string, member: string]> = {
  mosaics: ['mosaic', 'mosaics'],
  namespaces: ['namespace', 'namespaces'],
  hashLocks: ['lock-hash', 'hashLocks'],
  secretLocks: ['lock-secret', 'secretLocks'],
  metadata: ['metadata', 'metadata'],
  accountRestrictions: ['restriction-account', 'accountRestrictions'],
  mosaicRestrictions: ['restriction-mosaic', 'mosaicRestrictions'],
  accounts: ['core', 'accounts'],
  multisig: ['multisig', 'multisig'],
};

/** The chain's stores of the state kinds. */
interface Stores {
  readonly listed: (kind: (typeof LISTED_KINDS)[number]) => EntryListing<unknown, unknown, PageRequest>;
  readonly namespaces: NamespaceStore;
  readonly accounts: AccountStore;
  readonly multisig: MultisigStore;
}

function storesOf(chain: ChainFollowing): Stores {
  const store = (kind: Kind) => {
    const [family, member] = STORES[kind];
    return (chain.plugin(family) as unknown as Record<string, unknown>)[member];
  };
  return {
    listed: (kind) => store(kind) as EntryListing<unknown, unknown, PageRequest>,
    namespaces: store('namespaces') as NamespaceStore,
    accounts: store('accounts') as AccountStore,
    multisig: store('multisig') as MultisigStore,
  };
}

/** The writer's side: follows the caches' commits, and renders the entries of the keys they changed (every key at the catch-up). */
function statePart(options: PartOptions): StorePart {
  /** Keys committed since the last batch. */
  const changed = new Map<Kind, Set<string>>();
  return {
    name: 'state',

    follow(chain, touch) {
      const { state } = chain.following();
      for (const kind of KINDS) {
        state.cache(CACHES[kind] as CacheDescriptor<unknown>).onCommit((changes) => {
          let keys = changed.get(kind);
          if (!keys) changed.set(kind, (keys = new Set()));
          for (const { key } of changes) keys.add(key);
          touch();
        });
      }
    },

    collect(chain, batch) {
      const following = chain.following();
      const stores = storesOf(following);
      let keys: ReadonlyMap<Kind, Iterable<string>>;
      if (batch.catchUp) {
        keys = everyKey(following.state, stores);
      } else {
        if (changed.size === 0) return undefined;
        keys = new Map(changed);
        changed.clear();
      }
      // Rendered now: the chain goes on while the transaction is written (and retried).
      const rows = render(stores, keys, batch.catchUp !== undefined);
      return async (client) => {
        if (batch.catchUp) await clearState(client);
        await writeStateRows(client, rows, { bucketSize: options.listBucketSize, catchUp: batch.catchUp !== undefined });
      };
    },
  };
}

function everyKey(state: ChainFollowing['state'], stores: Stores): Map<Kind, Iterable<string>> {
  const keys = new Map<Kind, Iterable<string>>(LISTED_KINDS.map((kind) => [kind, [...(kind === 'namespaces' ? stores.namespaces : stores.listed(kind)).keys()]]));
  keys.set('accounts', [...state.cache(ACCOUNTS).values()].map((account) => account.address));
  keys.set('multisig', [...state.cache(MULTISIGS).values()].map((entry) => entry.accountAddress));
  return keys;
}

function render(stores: Stores, keys: ReadonlyMap<Kind, Iterable<string>>, catchUp: boolean): StateRows {
  const entries = new Map<string, EntryRow[]>();
  for (const kind of LISTED_KINDS) {
    if (kind === 'namespaces') continue;
    entries.set(kind, [...(keys.get(kind) ?? [])].map((key) => listedRow(stores.listed(kind), key)));
  }
  const namespaces = namespaceRows(stores.namespaces, namespacesToRender(stores.namespaces, keys.get('namespaces') ?? []));
  entries.set('namespaces', namespaces.entries);
  const accounts = [...(keys.get('accounts') ?? [])].map((address) => accountRow(address, stores.accounts.find([address])[0]));
  entries.set('accounts', accounts);
  const multisig = [...(keys.get('multisig') ?? [])].map((address) => {
    const entry = stores.multisig.find(address);
    return { address, json: entry && JSON.stringify(entry) };
  });
  return { entries, multisig, names: catchUp ? allNamespaceNames(stores.namespaces) : namespaces.names, aliases: namespaces.aliases };
}

/**
 * An account's row: listed in `''` and under each mosaic it holds (`mosaicId=…`) by its id, and
 * in each of those mosaics' balance lists by its amount; none for an account the chain lacks.
 */
export function accountRow(address: string, info: AccountInfoDTO | undefined): EntryRow {
  if (!info) return { key: address };
  const lists = [
    ...byId(info.id, ['', ...info.account.mosaics.map((mosaic) => `mosaicId=${mosaic.id}`)]),
    ...info.account.mosaics.map((mosaic) => ({ list: balanceList(mosaic.id), id: balanceOrder(mosaic.amount, info.id) })),
  ];
  return { key: address, entry: { id: info.id, lists, json: JSON.stringify(info) } };
}

function listedRow(store: Pick<EntryListing<unknown, unknown, PageRequest>, 'listed'>, key: string): EntryRow {
  const listed = store.listed(key);
  return { key, entry: listed && { id: listed.id, lists: byId(listed.id, listed.lists), json: JSON.stringify(listed.dto) } };
}

/** A listed kind's repository: its pages by the lists the chain's store names for a query, its entries by key. */
function listing<DTO, Q extends PageRequest>(db: Reader, kind: Kind, queryFilters: (criteria: Q) => Filters) {
  return {
    search: (criteria: Q) => entryPage<DTO>(db, kind, listOf(queryFilters(criteria)), criteria),
    find: (keys: readonly string[]) => findEntries<DTO>(db, kind, keys),
  };
}

/** The state entries part: see the top of this file. */
export const stateModule: StoreModule = {
  createPart: statePart,
  migrations: [
    {
      version: 3,
      name: 'state entries: listed entries with their lists and counts, account balances, multisig, namespace names and aliases',
      // Ids and list keys compare as the chain compares them (code points), whatever the database's collation.
      sql: `
        create table state_entries (
          kind text not null,
          key text not null,
          id text collate "C" not null,
          json text not null,
          primary key (kind, key)
        );
        create table state_lists (
          kind text not null,
          list text collate "C" not null,
          id text collate "C" not null,
          key text not null,
          primary key (kind, list, id) include (key)
        );
        create index state_lists_by_key on state_lists (kind, key);
        create table state_list_counts (
          kind text not null,
          list text collate "C" not null,
          count bigint not null,
          primary key (kind, list)
        );
        create table account_balances (
          mosaic_id text not null,
          address text not null,
          amount numeric(20) not null,
          id text collate "C" not null,
          primary key (mosaic_id, address)
        );
        create index account_balances_by_amount on account_balances (mosaic_id, amount, id) include (address);
        create index account_balances_by_address on account_balances (address);
        create table multisig_entries (
          address text primary key,
          json text not null
        );
        create table namespace_names (
          id text primary key,
          name text not null,
          parent_id text not null
        );
        create table namespace_aliases (
          namespace_id text primary key,
          alias_type smallint not null,
          target text not null,
          id text collate "C" not null,
          end_height numeric(20) not null,
          full_name text not null
        );
        create index namespace_aliases_by_target on namespace_aliases (alias_type, target, id);
      `,
    },
    {
      version: 6,
      name: 'state lists counted in buckets (any page at the cost of page 1); holders by balance become lists',
      // The buckets of the lists written so far are cut as a catch-up cuts them (1 000 entries, the default size).
      sql: `
        create table state_list_buckets (
          kind text not null,
          list text collate "C" not null,
          first text collate "C" not null,
          count bigint not null,
          before bigint not null,
          primary key (kind, list, first) include (count, before)
        );
        create index state_list_buckets_by_before on state_list_buckets (kind, list, before, first);
        insert into state_lists (kind, list, id, key)
        select 'accounts', 'mosaicId=' || mosaic_id || '&orderBy=balance', lpad(amount::text, 20, '0') || ' ' || id, address from account_balances;
        drop table account_balances;
        drop table state_list_counts;
        insert into state_list_buckets (kind, list, first, count, before)
        select kind, list, case when piece = 0 then '' else min(id) end, count(*), piece * 1000
        from (select kind, list, id, (row_number() over (partition by kind, list order by id) - 1) / 1000 as piece from state_lists) m
        group by kind, list, piece;
      `,
    },
  ],
  repositories: (db) => ({
    mosaics: listing<MosaicInfoDTO, MosaicSearchCriteria>(db, 'mosaics', mosaicQueryFilters),
    hashLocks: listing<HashLockInfoDTO, HashLockSearchCriteria>(db, 'hashLocks', hashLockQueryFilters),
    secretLocks: listing<SecretLockInfoDTO, SecretLockSearchCriteria>(db, 'secretLocks', secretLockQueryFilters),
    metadata: listing<MetadataInfoDTO, MetadataSearchCriteria>(db, 'metadata', metadataQueryFilters),
    accountRestrictions: listing<AccountRestrictionsInfoDTO, AccountRestrictionsSearchCriteria>(db, 'accountRestrictions', accountRestrictionQueryFilters),
    mosaicRestrictions: listing<MosaicRestrictionDTO, MosaicRestrictionSearchCriteria>(db, 'mosaicRestrictions', mosaicRestrictionQueryFilters),
    namespaces: namespaceRepository(db),
    accounts: accountRepository(db),
    multisig: multisigRepository(db),
  }),
};
