import type { PageResult } from '../../backend/repositories.js';
import type { PageRequest } from '../../pagination.js';
import { pageOfRange } from '../sorted.js';
import type { Cache } from './cache.js';
import { EntryIndex, filterCombinations, filterKey } from './entry-index.js';

/** Filters by name: a value, or undefined where an entry or a query has none. */
export type Filters = Readonly<Record<string, string | undefined>>;

/** An entry as a store that follows the chain copies it (the PostgreSQL writer). */
export interface ListedEntry<DTO> {
  /** Its entry id (24 hex): the order of every list it is in. */
  readonly id: string;
  /** The lists it is paged under: `''` (every entry) and each filter key (`listOf` names a query's). */
  readonly lists: readonly string[];
  /** Its wire form, as `search` and `find` answer it. */
  readonly dto: DTO;
}

/** The lists an entry with these filters is paged under: `''` (every entry) and each filter key. */
export function listsUnder(filters: Filters): string[] {
  return ['', ...filterCombinations(filters)];
}

/** The list a query pages: `''` for every entry, else the filter key of the filters it gives. */
export function listOf(filters: Filters): string {
  return filterKey(filters) ?? '';
}

/**
 * A confirmed cache as its routes list it (`/mosaics`, `/lock/hash`, `/metadata`, …): pages
 * under any combination of the route's filters, found by rank in an `EntryIndex` (the same cost
 * at any depth, the total its length), and entries by key, each in its wire form with its entry
 * id. A store says which filters an entry is listed under, which a query asks for (the same
 * names, in the same order), and how an entry renders.
 */
export abstract class EntryListing<V, DTO, Q extends PageRequest> {
  protected readonly cache: Cache<V>;
  protected readonly entries: EntryIndex<V>;

  constructor(cache: Cache<V>, nextId: () => string) {
    this.cache = cache;
    this.entries = new EntryIndex(cache, nextId, (entry) => filterCombinations(this.filtersOf(entry)));
  }

  /** The filters an entry is listed under. */
  protected abstract filtersOf(entry: V): Filters;
  /** The filters a query asks for, named and ordered as `filtersOf` names them. */
  protected abstract queryFilters(criteria: Q): Filters;
  /** The wire form of an entry, with its entry id (24 hex). */
  protected abstract render(entry: V, id: string): DTO;

  /** A confirmed entry by its cache key. */
  get(key: string): V | undefined {
    return this.cache.get(key);
  }

  /** The page a query asks for, in entry id order. */
  search(criteria: Q): PageResult<DTO> {
    const list = this.entries.list(filterKey(this.queryFilters(criteria)));
    const page = pageOfRange(list, 0, list.length, criteria, (ref) => ref.id);
    return { data: page.data.map((ref) => this.#dto(ref.key)!), totalEntries: page.totalEntries };
  }

  /** Entries by key, in the order asked; unknown keys are left out. */
  find(keys: readonly string[]): DTO[] {
    const found: DTO[] = [];
    for (const key of keys) {
      const dto = this.#dto(key);
      if (dto !== undefined) found.push(dto);
    }
    return found;
  }

  /** Every confirmed entry's key, in id order. */
  *keys(): IterableIterator<string> {
    const all = this.entries.list();
    for (let i = 0; i < all.length; i++) yield all.at(i)!.key;
  }

  /** An entry with its id and lists, for a store that copies the chain's; undefined for a key with no entry. */
  listed(key: string): ListedEntry<DTO> | undefined {
    const entry = this.cache.get(key);
    if (entry === undefined) return undefined;
    const id = this.entries.idOf(key)!;
    return { id, lists: listsUnder(this.filtersOf(entry)), dto: this.render(entry, id) };
  }

  #dto(key: string): DTO | undefined {
    const entry = this.cache.get(key);
    return entry === undefined ? undefined : this.render(entry, this.entries.idOf(key)!);
  }
}
