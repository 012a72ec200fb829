import type { AccountInfoDTO } from '../backend/core.js';
import type { GatewayBackend } from '../backend/index.js';
import type { AccountStore } from '../families/core/account-store.js';
import type { StoreLayout } from '../families/family.js';
import { STATES, type RegisteredState } from '../families/index.js';
import type { MultisigStore } from '../families/multisig/plugin.js';
import type { NamespaceStore } from '../families/namespace/store.js';
import type { ChainFollowing } from '../memory/chain/following.js';
import { listOf, type EntryListing } from '../memory/state/entry-listing.js';
import type { PageRequest } from '../pagination.js';
import type { PartOptions, StoreModule, StorePart } from './part.js';
import type { Reader } from './reader.js';
import { allNamespaceNames, namespaceRepository, namespaceRows, namespacesToRender } from './state-namespaces.js';
import { accountRepository, balanceList, balanceOrder, entryPage, findEntries, multisigRepository } from './state-read.js';
import { byId, clearState, emptyStateRows, writeStateRows, type EntryRow, type StateRowsBuilder } from './state-write.js';

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

/**
 * How each layout (`FamilyState.layout`) keeps a state kind: the keys a catch-up writes, the rows
 * of changed keys, and the repository gateway instances read it through.
 */
interface Layout {
  /** Every key of the kind on the chain. */
  keys(store: object, state: RegisteredState, chain: ChainFollowing): Iterable<string>;
  /** Adds the rows of these keys (as the chain has them now) to `rows`. */
  render(store: object, state: RegisteredState, keys: Iterable<string>, rows: StateRowsBuilder, catchUp: boolean): void;
  repository(db: Reader, state: RegisteredState): Partial<GatewayBackend>;
}

const LAYOUTS: Record<StoreLayout, Layout> = {
  listed: {
    keys: (store) => (store as EntryListing<unknown, unknown, PageRequest>).keys(),
    render(store, state, keys, rows) {
      rows.entries.set(state.kind, [...keys].map((key) => listedRow(store as EntryListing<unknown, unknown, PageRequest>, key)));
    },
    repository: (db, state) => ({ [state.kind]: listing(db, state) }),
  },
  namespaces: {
    keys: (store) => (store as NamespaceStore).keys(),
    render(store, state, keys, rows, catchUp) {
      const namespaces = store as NamespaceStore;
      const rendered = namespaceRows(namespaces, namespacesToRender(namespaces, keys));
      rows.entries.set(state.kind, rendered.entries);
      rows.names.push(...(catchUp ? allNamespaceNames(namespaces) : rendered.names));
      rows.aliases.push(...rendered.aliases);
    },
    repository: (db, state) => ({ [state.kind]: namespaceRepository(db) }),
  },
  accounts: {
    keys: (_store, state, chain) => [...chain.state.cache(state.cache).keys()],
    render(store, state, keys, rows) {
      rows.entries.set(state.kind, [...keys].map((address) => accountRow(address, (store as AccountStore).find([address])[0])));
    },
    repository: (db, state) => ({ [state.kind]: accountRepository(db) }),
  },
  multisig: {
    keys: (_store, state, chain) => [...chain.state.cache(state.cache).keys()],
    render(store, _state, keys, rows) {
      for (const address of keys) {
        const entry = (store as MultisigStore).find(address);
        rows.multisig.push({ address, json: entry && JSON.stringify(entry) });
      }
    },
    repository: (db, state) => ({ [state.kind]: multisigRepository(db) }),
  },
};

/** The writer's side: follows the caches' commits, and renders the entries of the keys they changed (every key at the catch-up). */
function statePart(options: PartOptions): StorePart {
  /** Keys committed since the last batch, by kind. */
  const changed = new Map<string, Set<string>>();
  return {
    name: 'state',

    follow(chain, touch) {
      const { state } = chain.following();
      for (const { kind, cache } of STATES) {
        state.cache(cache).onCommit((changes) => {
          let keys = changed.get(kind);
          if (!keys) changed.set(kind, (keys = new Set()));
          for (const { key } of changes) keys.add(key);
          touch();
        });
      }
    },

    collect(chain, batch) {
      const following = chain.following();
      const catchUp = batch.catchUp !== undefined;
      if (!catchUp && changed.size === 0) return undefined;
      // Rendered now: the chain goes on while the transaction is written (and retried).
      const rows = emptyStateRows();
      for (const state of STATES) {
        const layout = LAYOUTS[state.layout];
        const store = state.store(following.plugin(state.family)!);
        layout.render(store, state, catchUp ? layout.keys(store, state, following) : (changed.get(state.kind) ?? []), rows, catchUp);
      }
      changed.clear();
      return async (client) => {
        if (batch.catchUp) await clearState(client);
        await writeStateRows(client, rows, { bucketSize: options.listBucketSize, catchUp });
      };
    },
  };
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
function listing(db: Reader, { kind, queryFilters }: RegisteredState) {
  if (!queryFilters) throw new Error(`the listed state kind '${kind}' names no query filters`);
  return {
    search: (criteria: PageRequest) => entryPage(db, kind, listOf(queryFilters(criteria)), criteria),
    find: (keys: readonly string[]) => findEntries(db, kind, keys),
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
    {
      version: 7,
      name: 'state lists: buckets at slots, their counts summed in a Fenwick tree per list (a change costs the same at any length)',
      // Each list's buckets numbered 1 024, 2 048 … in key order (the writer's default gap), and each tree built from the buckets' counts.
      // Counts and sums are in no index, and pages keep room (fillfactor 80), so the writer's updates of them stay on their page (HOT).
      sql: `
        create temporary table previous_buckets on commit drop as select kind, list, first, count from state_list_buckets;
        drop table state_list_buckets;
        create table state_list_buckets (
          kind text not null,
          list text collate "C" not null,
          first text collate "C" not null,
          slot bigint not null,
          count bigint not null,
          primary key (kind, list, first) include (slot)
        ) with (fillfactor = 80);
        create index state_list_buckets_by_slot on state_list_buckets (kind, list, slot) include (first);
        create table state_list_tree (
          kind text not null,
          list text collate "C" not null,
          node bigint not null,
          sum bigint not null,
          primary key (kind, list, node)
        ) with (fillfactor = 80);
        insert into state_list_buckets (kind, list, first, slot, count)
        select kind, list, first, 1024 * row_number() over (partition by kind, list order by first collate "C"), count from previous_buckets;
        insert into state_list_tree (kind, list, node, sum)
        select kind, list, (((slot - 1) >> bit) + 1) << bit as node, sum(count)
        from (
          select kind, list, slot, count, length(ltrim((max(slot) over (partition by kind, list))::bit(64)::text, '0')) as height
          from state_list_buckets
        ) b
        cross join lateral generate_series(0, height) as bit
        where ((slot - 1) >> bit) % 2 = 0
        group by kind, list, node;
      `,
    },
  ],
  repositories: (db) => Object.assign({}, ...STATES.map((state) => LAYOUTS[state.layout].repository(db, state))) as Partial<GatewayBackend>,
};
