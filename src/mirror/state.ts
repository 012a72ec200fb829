import type { BlockInfoDTO } from '../backend/dto.js';
import type { AddressBook } from '../memory/address-book.js';
import type { StatementRow } from '../postgres/receipts.js';
import { emptyStateRows, type EntryRow as StateRow, type StateRows } from '../postgres/state-write.js';
import type { EntryRow as TransactionRow } from '../postgres/transactions.js';
import type { UpstreamClient } from '../upstream/client.js';
import { allAccountRows, holdsImportanceBlock, importanceRows, rowsOfAccounts, touchedAccounts, type HarvestingRule, type ImportantAccounts } from './accounts.js';
import { STATES } from '../families/index.js';
import { stateChanges } from './changes.js';
import { keyRows, listRows, mergedRows, withRemoved, type StoredKeys } from './listed.js';
import { everyMultisigAddress, multisigRows } from './multisig.js';
import { allNamespaceRows, familyRows, rootsOf } from './namespaces.js';

/** What the mirror reads of the upstream and of its own store to copy the state. */
export interface StateSource {
  readonly client: UpstreamClient;
  /** The upstream network's addresses (a signer's, by its public key). */
  readonly addresses: AddressBook;
  /** The keys the store lists in a kind's list (`''`: all of the kind). */
  readonly stored: StoredKeys;
  /** The roots of the stored namespaces among these ids. */
  storedRoots(ids: readonly string[]): Promise<ReadonlyMap<string, string>>;
  /** The accounts with a stored multisig entry. */
  storedMultisig(): Promise<readonly string[]>;
  /** The stored entries (their JSON) of a kind whose end height (at `path` in the JSON) is above `from` and at most `to`. */
  storedEnding(kind: string, path: readonly string[], from: bigint, to: bigint): Promise<unknown[]>;
  /** The stored accounts (48 hex) that hold importance. */
  storedImportant(): Promise<readonly string[]>;
  /** The accounts holding importance, as the batches put together so far leave the store. */
  readonly important: ImportantAccounts;
  /** Which accounts are high-value (the upstream's `/network/properties`); without it an importance block reads every account. */
  readonly harvesting: HarvestingRule | undefined;
}

/** A batch of blocks as the mirror read them. */
export interface CopiedBlocks {
  readonly blocks: readonly BlockInfoDTO[];
  readonly rows: readonly TransactionRow[][];
  readonly statements: readonly StatementRow[];
}

/**
 * The state rows a batch writes: the entries its blocks changed, as the upstream has them when
 * they are read; or, `whole` (a fresh store, or one a fork switch left behind), every entry the
 * upstream has, and the removal of every stored one it lacks. After an importance block the
 * accounts that held importance and those high-value now are read too (`ImportantAccounts`).
 */
export async function stateRows(source: StateSource, batch: CopiedBlocks, whole: boolean): Promise<StateRows> {
  const { client, stored } = source;
  const changes = stateChanges(batch.rows, batch.statements, source.addresses);
  const rows = emptyStateRows();
  rows.names.push(...changes.names);
  for (const state of STATES) {
    switch (state.layout) {
      case 'listed': {
        const queries = whole ? [{}] : (changes.lists.get(state.kind) ?? []);
        const listed: StateRow[] = [];
        for (const criteria of queries) listed.push(...(await listRows(client, stored, state, criteria)));
        if (!whole) listed.push(...(await keyRows(client, state, changes.keys.get(state.kind) ?? [])));
        rows.entries.set(state.kind, mergedRows(listed));
        break;
      }
      case 'accounts': {
        const { important, harvesting } = source;
        const importance = holdsImportanceBlock(batch.blocks);
        if (whole || (importance && !harvesting)) {
          const all = await allAccountRows(client);
          important.replace(all.infos);
          rows.entries.set(state.kind, withRemoved(all.rows, await stored(state.kind, '')));
          break;
        }
        const touched = touchedAccounts(batch.blocks, batch.rows, batch.statements, source.addresses);
        const read = importance
          ? await importanceRows(client, touched, await important.addresses(() => source.storedImportant()), harvesting!)
          : await rowsOfAccounts(client, touched);
        important.written(read.infos);
        rows.entries.set(state.kind, read.rows);
        break;
      }
      case 'namespaces': {
        const namespaces = whole
          ? await allNamespaceRows(client, stored)
          : await familyRows(client, stored, await rootsOf(client, (ids) => source.storedRoots(ids), changes.keys.get(state.kind) ?? []));
        rows.entries.set(state.kind, mergedRows(namespaces.entries));
        rows.names.push(...namespaces.names);
        rows.aliases.push(...namespaces.aliases);
        break;
      }
      case 'multisig':
        rows.multisig.push(...(await multisigRows(client, whole ? await everyMultisigAddress(client, source.addresses, await source.storedMultisig()) : (changes.keys.get(state.kind) ?? []))));
        break;
    }
  }
  for (const [kind, entries] of rows.entries) if (entries.length === 0) rows.entries.delete(kind);
  return rows;
}

/**
 * The rows of what a node may have pruned once the blocks up to `to` became final (from
 * `from`, exclusive): the namespace families and the locks that ended there, read again (a
 * namespace's grace period, a lock's duration; no block says when they leave).
 */
export async function endedRows(source: StateSource, from: bigint, to: bigint): Promise<StateRows> {
  const { client, stored } = source;
  const ended = (kind: string, path: string[]) => source.storedEnding(kind, path, from, to);
  const roots = (await ended('namespaces', ['namespace', 'endHeight'])) as { namespace: { level0: string } }[];
  const namespaces = await familyRows(client, stored, new Set(roots.map((dto) => dto.namespace.level0.toUpperCase())));
  const entries = new Map<string, StateRow[]>([['namespaces', namespaces.entries]]);
  for (const state of STATES) {
    const ends = state.changes?.ends;
    if (!ends) continue;
    const lists = new Map((await ended(state.kind, [...ends.path])).map((dto) => ends.ownerList(dto)).map((query) => [JSON.stringify(query), query]));
    const rows: StateRow[] = [];
    for (const query of lists.values()) rows.push(...(await listRows(client, stored, state, query)));
    entries.set(state.kind, mergedRows(rows));
  }
  for (const [kind, rows] of entries) if (rows.length === 0) entries.delete(kind);
  return { entries, multisig: [], names: namespaces.names, aliases: namespaces.aliases };
}
