import type { ChainInfoDTO } from '../backend/dto.js';
import type { NamespaceInfoDTO, NamespaceNameDTO, NamespaceRepository } from '../backend/namespace.js';
import { listOf } from '../memory/state/entry-listing.js';
import { namespaceQueryFilters, type NamespaceStore } from '../families/namespace/store.js';
import { ALIAS_TYPE, NO_PARENT } from '../families/namespace/state.js';
import type { Reader } from './reader.js';
import { entryPage, findEntries } from './state-read.js';
import { byId, type AliasRow, type EntryRow, type StateRows } from './state-write.js';

/**
 * Namespaces in the state tables: entries like any listed kind, plus every name ever
 * registered (`namespace_names`) and the aliases with their full names (`namespace_aliases`).
 * A namespace renders its root's lifetime, so a root's change renders its children again; its
 * `meta.active` depends on the chain's height, so it is set as it is read.
 */

/** The namespaces to render for these changed keys: each, and the children of each root among them (they show its lifetime). */
export function namespacesToRender(store: NamespaceStore, changed: Iterable<string>): Set<string> {
  const keys = new Set<string>();
  for (const key of changed) {
    keys.add(key);
    for (const child of store.get(key)?.descendants ?? []) keys.add(child);
  }
  return keys;
}

/** The rows of these namespaces: entries, names (new ones: a name is never removed), aliases. */
export function namespaceRows(store: NamespaceStore, keys: Iterable<string>): Pick<StateRows, 'names' | 'aliases'> & { entries: EntryRow[] } {
  const entries: EntryRow[] = [];
  const names: { id: string; name: string; parentId: string }[] = [];
  const aliases: AliasRow[] = [];
  const registered = store.registeredNames();
  for (const key of keys) {
    const listed = store.listed(key);
    entries.push({ key, entry: listed && { id: listed.id, lists: byId(listed.id, listed.lists), json: JSON.stringify(listed.dto) } });
    const known = registered.get(key);
    if (known) names.push({ id: key, name: known.name, parentId: known.parentId });
    const entry = store.get(key);
    if (!listed || !entry || entry.alias.type === ALIAS_TYPE.none) {
      aliases.push({ namespaceId: key });
      continue;
    }
    const { alias } = entry;
    aliases.push({
      namespaceId: key,
      alias: {
        type: alias.type,
        target: alias.type === ALIAS_TYPE.mosaic ? alias.mosaicId : alias.address,
        id: listed.id,
        endHeight: listed.dto.namespace.endHeight,
        fullName: store.fullName(entry),
      },
    });
  }
  return { entries, names, aliases };
}

/** Every name ever registered: what a catch-up writes. */
export function allNamespaceNames(store: NamespaceStore): StateRows['names'] {
  return [...store.registeredNames()].map(([id, { name, parentId }]) => ({ id, name, parentId }));
}

/** `/namespaces` and the names routes over the database, as the chain's `NamespaceStore` answers. */
export function namespaceRepository(db: Reader): NamespaceRepository {
  return {
    async search(criteria) {
      const [height, page] = await Promise.all([chainHeight(db), entryPage<NamespaceInfoDTO>(db, 'namespaces', listOf(namespaceQueryFilters(criteria)), criteria)]);
      return { data: page.data.map((dto) => withActive(dto, height)), totalEntries: page.totalEntries };
    },
    async find(namespaceIds) {
      const [height, found] = await Promise.all([chainHeight(db), findEntries<NamespaceInfoDTO>(db, 'namespaces', namespaceIds)]);
      return found.map((dto) => withActive(dto, height));
    },
    names: (namespaceIds) => names(db, namespaceIds),
    async accountNames(addresses) {
      const names = await aliasNames(db, ALIAS_TYPE.address, addresses);
      return addresses.map((address) => ({ address, names: names.get(address) ?? [] }));
    },
    async mosaicNames(mosaicIds) {
      const names = await aliasNames(db, ALIAS_TYPE.mosaic, mosaicIds);
      return mosaicIds.map((mosaicId) => ({ mosaicId, names: names.get(mosaicId) ?? [] }));
    },
  };
}

async function chainHeight(db: Reader): Promise<bigint> {
  return BigInt((await db.meta<ChainInfoDTO>('chainInfo')).height);
}

// Active while the chain is below its end height (grace period included), as the chain renders it now.
function withActive(dto: NamespaceInfoDTO, height: bigint): NamespaceInfoDTO {
  return { ...dto, meta: { ...dto.meta, active: BigInt(dto.namespace.endHeight) > height } };
}

/** The names asked for, then their parents level by level (one query per level), as `NamespaceStore.names` lists them. */
async function names(db: Reader, namespaceIds: readonly string[]): Promise<NamespaceNameDTO[]> {
  const known = new Map<string, { name: string; parentId: string } | undefined>();
  const load = async (ids: readonly string[]) => {
    const missing = [...new Set(ids)].filter((id) => !known.has(id));
    if (missing.length === 0) return;
    const rows = await db.rows<{ id: string; name: string; parent_id: string }>('select id, name, parent_id from namespace_names where id = any($1::text[])', [missing]);
    for (const id of missing) known.set(id, undefined);
    for (const row of rows) known.set(row.id, { name: row.name, parentId: row.parent_id });
  };
  const listed = new Set<string>();
  const result: NamespaceNameDTO[] = [];
  const add = (id: string) => {
    const name = known.get(id);
    if (!name || listed.has(id)) return;
    listed.add(id);
    result.push(name.parentId === NO_PARENT ? { id, name: name.name } : { id, name: name.name, parentId: name.parentId });
  };
  await load(namespaceIds);
  namespaceIds.forEach(add);
  for (let i = 0; i < result.length; ) {
    const level = result.length;
    await load(result.slice(i, level).flatMap((name) => (name.parentId === undefined ? [] : [name.parentId])));
    for (; i < level; i++) if (result[i].parentId !== undefined) add(result[i].parentId!);
  }
  return result;
}

/** Full names of the namespaces still held (their end above the chain's height) that alias each target, oldest first. */
async function aliasNames(db: Reader, type: number, targets: readonly string[]): Promise<Map<string, string[]>> {
  const byTarget = new Map<string, string[]>();
  if (targets.length === 0) return byTarget;
  const height = await chainHeight(db);
  const rows = await db.rows<{ target: string; full_name: string }>(
    'select target, full_name from namespace_aliases where alias_type = $1 and target = any($2::text[]) and end_height > $3::numeric order by id',
    [type, [...new Set(targets)], height.toString()],
  );
  for (const row of rows) {
    const names = byTarget.get(row.target) ?? [];
    names.push(row.full_name);
    byTarget.set(row.target, names);
  }
  return byTarget;
}
