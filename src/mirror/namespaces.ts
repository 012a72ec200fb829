import type { NamespaceInfoDTO, NamespaceSearchCriteria } from '../backend/namespace.js';
import { ALIAS_TYPE } from '../families/namespace/state.js';
import { namespaceEntriesOf, namespaceFilters, namespaceIdOf, namespaceQueryFilters } from '../families/namespace/store.js';
import { listOf, listsUnder } from '../memory/state/entry-listing.js';
import { byId, type AliasRow, type EntryRow as StateRow, type StateRows } from '../postgres/state-write.js';
import type { UpstreamClient } from '../upstream/client.js';
import { namespaceInfo } from '../upstream/dto-shapes.js';
import type { StoredKeys } from './listed.js';

/**
 * Namespaces as a mirror copies them: by family (a root and every namespace under it; a
 * namespace shows its root's lifetime), each entry listed as the chain's `NamespaceStore`
 * lists it, with its alias and full name (what `/accounts/names` and `/mosaics/names` read)
 * and the names of its levels (what `/namespaces/names` reads).
 */
export interface NamespaceRows {
  readonly entries: StateRow[];
  readonly names: StateRows['names'][number][];
  readonly aliases: AliasRow[];
}

/** The rows of these families (roots, 16 hex) as the upstream has them now; a namespace of theirs the store holds and the upstream no longer has goes. */
export async function familyRows(client: UpstreamClient, stored: StoredKeys, roots: Iterable<string>): Promise<NamespaceRows> {
  const rows: NamespaceRows = { entries: [], names: [], aliases: [] };
  for (const root of roots) {
    const family: NamespaceInfoDTO[] = [];
    for await (const page of client.pages(`/namespaces?level0=${root}&order=asc`, namespaceInfo)) family.push(...page);
    await append(rows, client, family, await stored('namespaces', listOf(namespaceQueryFilters({ level0: root } as NamespaceSearchCriteria))));
  }
  return rows;
}

/** Every namespace the upstream has, as rows; a namespace the store holds and the upstream no longer has goes. */
export async function allNamespaceRows(client: UpstreamClient, stored: StoredKeys): Promise<NamespaceRows> {
  const all: NamespaceInfoDTO[] = [];
  for await (const page of client.pages('/namespaces?order=asc', namespaceInfo)) all.push(...page);
  const rows: NamespaceRows = { entries: [], names: [], aliases: [] };
  await append(rows, client, all, await stored('namespaces', ''));
  return rows;
}

/**
 * The roots of these namespaces (16 hex), each looked up in the store, else at the upstream
 * (a namespace it no longer has is left out: the block that removed it names its root).
 */
export async function rootsOf(client: UpstreamClient, stored: (ids: readonly string[]) => Promise<ReadonlyMap<string, string>>, ids: Iterable<string>): Promise<Set<string>> {
  const wanted = [...ids];
  // None asked: nothing to read, and no wait for the store (its reads wait for the batches before to be written).
  if (wanted.length === 0) return new Set();
  const known = await stored(wanted);
  const roots = new Set(wanted.flatMap((id) => (known.has(id) ? [known.get(id)!] : [])));
  const missing = wanted.filter((id) => !known.has(id));
  if (missing.length > 0) for (const info of await client.namespaces(missing)) roots.add(info.namespace.level0.toUpperCase());
  return roots;
}

// Adds the rows of these namespaces (whole families) and the removal of each key in `listed` they lack.
async function append(rows: NamespaceRows, client: UpstreamClient, namespaces: readonly NamespaceInfoDTO[], listed: readonly string[]): Promise<void> {
  const names = new Map((await client.namespaceNames(namespaces.map(namespaceIdOf))).map((name) => [name.id.toUpperCase(), name.name]));
  const families = new Map<string, NamespaceInfoDTO[]>();
  for (const info of namespaces) {
    const root = info.namespace.level0.toUpperCase();
    families.set(root, [...(families.get(root) ?? []), info]);
  }
  const kept = new Set<string>();
  for (const family of families.values()) {
    const dtos = new Map(family.map((info) => [namespaceIdOf(info), info]));
    for (const entry of namespaceEntriesOf(family, names)) {
      const dto = dtos.get(entry.id)!;
      kept.add(entry.id);
      rows.entries.push({ key: entry.id, entry: { id: dto.id, lists: byId(dto.id, listsUnder(namespaceFilters(entry))), json: JSON.stringify(dto) } });
      rows.names.push({ id: entry.id, name: entry.name, parentId: entry.parentId });
      const { alias } = entry;
      rows.aliases.push(alias.type === ALIAS_TYPE.none ? { namespaceId: entry.id } : {
        namespaceId: entry.id,
        alias: {
          type: alias.type,
          target: alias.type === ALIAS_TYPE.mosaic ? alias.mosaicId : alias.address,
          id: dto.id,
          endHeight: dto.namespace.endHeight,
          fullName: entry.levels.map((level) => names.get(level)).join('.'),
        },
      } satisfies AliasRow);
    }
  }
  for (const key of listed) {
    if (kept.has(key)) continue;
    rows.entries.push({ key });
    rows.aliases.push({ namespaceId: key });
  }
}
