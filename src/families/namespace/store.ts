import type { NamespaceInfoDTO, NamespaceNameDTO, NamespaceSearchCriteria } from '../../backend/namespace.js';
import { deepFreeze } from '../../deep-freeze.js';
import type { Cache } from '../../memory/state/cache.js';
import { HeightIndex } from '../../memory/state/entry-index.js';
import { EntryListing, type Filters } from '../../memory/state/entry-listing.js';
import { UINT64_MAX } from '../../memory/symbol-ids.js';
import { ALIAS_TYPE, NO_ALIAS, NO_PARENT, REGISTRATION_TYPE, rootId, type Alias, type Lifetime, type NamespaceEntry } from './state.js';

/**
 * The confirmed namespaces with the indexes their routes and expiry read: every
 * combination of the `/namespaces` filters, roots by the height they are gone at, aliases
 * by what they stand for, and the name of every namespace ever registered (as the
 * reference answers `/namespaces/names` from registrations).
 */
export class NamespaceStore extends EntryListing<NamespaceEntry, NamespaceInfoDTO, NamespaceSearchCriteria> {
  readonly #height: () => bigint;
  /** Roots by their end height (grace period included). */
  readonly ends: HeightIndex<NamespaceEntry>;
  readonly #names = new Map<string, { name: string; parentId: string }>();
  readonly #byAlias = new Map<string, Set<string>>();
  /** Each entry's wire form once read, with what it showed. */
  readonly #rendered = new WeakMap<NamespaceEntry, { id: string; active: boolean; start: bigint; end: bigint; dto: NamespaceInfoDTO }>();

  /** @param height the chain's height now (what `meta.active` compares with) */
  constructor(cache: Cache<NamespaceEntry>, nextId: () => string, height: () => bigint) {
    super(cache, nextId);
    this.#height = height;
    this.ends = new HeightIndex(cache, (entry) => (entry.lifetime && entry.lifetime.end !== UINT64_MAX ? entry.lifetime.end : undefined));
    cache.onCommit((changes) => {
      for (const { key, before, after } of changes) {
        if (after && !this.#names.has(key)) {
          this.#names.set(key, { name: after.name, parentId: after.parentId });
          cache.journal.record(() => this.#names.delete(key));
        }
        if (before && before.alias.type !== ALIAS_TYPE.none) this.#byAlias.get(aliasKey(before))?.delete(key);
        if (after && after.alias.type !== ALIAS_TYPE.none) {
          let ids = this.#byAlias.get(aliasKey(after));
          if (!ids) this.#byAlias.set(aliasKey(after), (ids = new Set()));
          ids.add(key);
        }
      }
    });
  }

  protected filtersOf(entry: NamespaceEntry): Filters {
    return namespaceFilters(entry);
  }

  protected queryFilters(criteria: NamespaceSearchCriteria): Filters {
    return namespaceQueryFilters(criteria);
  }

  names(namespaceIds: readonly string[]): NamespaceNameDTO[] {
    const listed = new Set<string>();
    const names: NamespaceNameDTO[] = [];
    const add = (id: string) => {
      const known = this.#names.get(id);
      if (!known || listed.has(id)) return;
      listed.add(id);
      names.push(known.parentId === NO_PARENT ? { id, name: known.name } : { id, name: known.name, parentId: known.parentId });
    };
    namespaceIds.forEach(add);
    // Then the parents of what was asked, level by level.
    for (let i = 0; i < names.length; i++) if (names[i].parentId !== undefined) add(names[i].parentId!);
    return names;
  }

  /** Full names (`a.b.c`) of the namespaces still held (grace period included) that alias each address. */
  accountNames(addresses: readonly string[]): { address: string; names: string[] }[] {
    return addresses.map((address) => ({ address, names: this.#fullNames(aliasKey({ alias: { type: ALIAS_TYPE.address, address } })) }));
  }

  mosaicNames(mosaicIds: readonly string[]): { mosaicId: string; names: string[] }[] {
    return mosaicIds.map((mosaicId) => ({ mosaicId, names: this.#fullNames(aliasKey({ alias: { type: ALIAS_TYPE.mosaic, mosaicId } })) }));
  }

  /** The name and parent of every namespace ever registered, by id (what `names` answers from). */
  registeredNames(): ReadonlyMap<string, { readonly name: string; readonly parentId: string }> {
    return this.#names;
  }

  /** `a.b.c` of a namespace, from its levels' names. */
  fullName(entry: NamespaceEntry): string {
    return entry.levels.map((id) => this.#names.get(id)?.name ?? id).join('.');
  }

  // The names of the namespaces still held (their grace period not over) with this alias, oldest first.
  #fullNames(key: string): string[] {
    const height = this.#height();
    const ids = [...(this.#byAlias.get(key) ?? [])].filter((id) => this.#lifetimeOf(this.cache.get(id)!).end > height);
    ids.sort((a, b) => (this.entries.idOf(a)! < this.entries.idOf(b)! ? -1 : 1));
    return ids.map((id) => this.fullName(this.cache.get(id)!));
  }

  #lifetimeOf(entry: NamespaceEntry) {
    return this.cache.get(rootId(entry))!.lifetime!;
  }

  // An entry is never changed, only replaced; its wire form also shows its root's lifetime and whether the chain is past it: made again when either differs, else the frozen one (a response keeps its JSON).
  protected render(entry: NamespaceEntry, id: string): NamespaceInfoDTO {
    const lifetime = this.#lifetimeOf(entry);
    const active = lifetime.end > this.#height();
    const kept = this.#rendered.get(entry);
    if (kept && kept.id === id && kept.active === active && kept.start === lifetime.start && kept.end === lifetime.end) return kept.dto;
    const dto = deepFreeze(this.#render(entry, id, lifetime, active));
    this.#rendered.set(entry, { id, active, start: lifetime.start, end: lifetime.end, dto });
    return dto;
  }

  #render(entry: NamespaceEntry, id: string, lifetime: Lifetime, active: boolean): NamespaceInfoDTO {
    const [level0, level1, level2] = entry.levels;
    return {
      id,
      meta: { active, index: 0 },
      namespace: {
        version: 1,
        registrationType: entry.parentId === NO_PARENT ? REGISTRATION_TYPE.root : REGISTRATION_TYPE.child,
        depth: entry.levels.length,
        level0,
        ...(level1 ? { level1 } : {}),
        ...(level2 ? { level2 } : {}),
        alias: { ...entry.alias },
        parentId: entry.parentId,
        ownerAddress: entry.ownerAddress,
        startHeight: lifetime.start.toString(),
        endHeight: lifetime.end.toString(),
      },
    };
  }
}

/** The filters of `/namespaces`, for an entry or a query: the same names in the same order (a mirror lists an upstream's namespaces by them too). */
export function namespaceFilters(source: NamespaceEntry | NamespaceSearchCriteria): Filters {
  if ('levels' in source) {
    return {
      ownerAddress: source.ownerAddress,
      registrationType: String(source.parentId === NO_PARENT ? REGISTRATION_TYPE.root : REGISTRATION_TYPE.child),
      level0: source.levels[0],
      aliasType: String(source.alias.type),
    };
  }
  return {
    ownerAddress: source.ownerAddress,
    registrationType: source.registrationType === undefined ? undefined : String(source.registrationType),
    level0: source.level0,
    aliasType: source.aliasType === undefined ? undefined : String(source.aliasType),
  };
}

function aliasKey({ alias }: Pick<NamespaceEntry, 'alias'>): string {
  return alias.type === ALIAS_TYPE.mosaic ? `mosaic:${alias.mosaicId}` : alias.type === ALIAS_TYPE.address ? `address:${alias.address}` : 'none';
}

/** The filters a `/namespaces` query asks for (the PostgreSQL store pages by them too). */
export function namespaceQueryFilters(criteria: NamespaceSearchCriteria): Filters {
  return namespaceFilters(criteria);
}

/** The id (16 hex) a `NamespaceInfoDTO` is of: its deepest level. */
export function namespaceIdOf({ namespace }: NamespaceInfoDTO): string {
  return [namespace.level0, namespace.level1, namespace.level2][namespace.depth - 1]!.toUpperCase();
}

/**
 * Every namespace entry of one family (cache `NAMESPACES`, key each id), from the DTOs of its
 * root and of all its descendants (any order: their entry ids tell the order they were
 * registered in, which the root keeps) and their names (`POST /namespaces/names`: id →
 * this level's name): the inverse of `render`. The root keeps the family's lifetime (its
 * `endHeight` counts the grace period, as rendered) and its descendants.
 */
export function namespaceEntriesOf(family: readonly NamespaceInfoDTO[], names: ReadonlyMap<string, string>): NamespaceEntry[] {
  // Entry ids grow in the order namespaces were registered: the order a root keeps its descendants in.
  const members = [...family].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).map(({ namespace }) => {
    const levels = [namespace.level0, namespace.level1, namespace.level2].slice(0, namespace.depth).map((level) => level!.toUpperCase());
    return { namespace, levels, id: levels[levels.length - 1] };
  });
  const root = members.find((member) => member.levels.length === 1);
  if (!root) throw new TypeError(`no root among the namespaces ${members.map((member) => member.id).join(', ')}`);
  const descendants = members.filter((member) => member !== root).map((member) => member.id);
  return members.map(({ namespace, levels, id }) => {
    const name = names.get(id);
    if (name === undefined) throw new TypeError(`no name of namespace ${id}`);
    const entry: NamespaceEntry = { id, name, parentId: namespace.parentId.toUpperCase(), levels, ownerAddress: namespace.ownerAddress.toUpperCase(), alias: aliasOf(namespace.alias) };
    if (levels.length > 1) return entry;
    return { ...entry, lifetime: { start: BigInt(namespace.startHeight), end: BigInt(namespace.endHeight) }, descendants };
  });
}

function aliasOf(alias: NamespaceInfoDTO['namespace']['alias']): Alias {
  if (alias.type === ALIAS_TYPE.mosaic && alias.mosaicId) return { type: ALIAS_TYPE.mosaic, mosaicId: alias.mosaicId.toUpperCase() };
  if (alias.type === ALIAS_TYPE.address && alias.address) return { type: ALIAS_TYPE.address, address: alias.address.toUpperCase() };
  return NO_ALIAS;
}
