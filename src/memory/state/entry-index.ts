import type { Sequence } from '../sorted.js';
import type { Cache, CacheChange } from './cache.js';
import type { Journal } from './journal.js';
import { SortedIndex } from './sorted-index.js';

/** An entry as an index lists it: its entry id (24 hex, in creation order) and its cache key. */
export interface EntryRef {
  readonly id: string;
  readonly key: string;
}

const byId = (a: EntryRef, b: EntryRef): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The entries of a confirmed cache as a route lists them: each with an entry id given
 * when it first appears, listed in id order, whole or under any filter key the entry
 * declares (`owner=…`, `owner=…&type=1`, …: one key per combination of filters a route
 * serves). It follows every commit, so a filtered page is found by rank, never by a scan,
 * and its total is the list's length.
 */
export class EntryIndex<V> {
  readonly #nextId: () => string;
  readonly #keysOf: (entry: V) => readonly string[];
  readonly #ids = new Map<string, string>();
  readonly #all = new SortedIndex<EntryRef>(byId);
  readonly #byFilter = new Map<string, SortedIndex<EntryRef>>();
  /** Ids of removed entries that a journal rewind is about to bring back. */
  readonly #restoring = new Map<string, string>();
  readonly #journal: Journal;

  /**
   * @param keysOf the filter keys an entry is listed under (besides the whole list)
   */
  constructor(cache: Cache<V>, nextId: () => string, keysOf: (entry: V) => readonly string[]) {
    this.#nextId = nextId;
    this.#keysOf = keysOf;
    this.#journal = cache.journal;
    cache.onCommit((changes) => changes.forEach((change) => this.#apply(change)));
  }

  /** The entry id of a cache key, while the entry exists. */
  idOf(key: string): string | undefined {
    return this.#ids.get(key);
  }

  /** Entries in id order: all of them, or those listed under a filter key. */
  list(filterKey?: string): Sequence<EntryRef> {
    if (filterKey === undefined) return this.#all;
    return this.#byFilter.get(filterKey) ?? EMPTY;
  }

  #apply({ key, before, after }: CacheChange<V>): void {
    let id = this.#ids.get(key);
    const oldKeys = before === undefined ? [] : this.#keysOf(before);
    const newKeys = after === undefined ? [] : this.#keysOf(after);
    if (id === undefined) {
      if (after === undefined) return;
      // An entry a rewind brings back keeps the id it had.
      id = this.#restoring.get(key) ?? this.#nextId();
      this.#restoring.delete(key);
      this.#ids.set(key, id);
      this.#all.insert({ id, key });
    }
    const ref = { id, key };
    for (const filter of oldKeys) if (!newKeys.includes(filter)) this.#byFilter.get(filter)?.delete(ref);
    for (const filter of newKeys) {
      if (oldKeys.includes(filter)) continue;
      let list = this.#byFilter.get(filter);
      if (!list) {
        list = new SortedIndex(byId);
        this.#byFilter.set(filter, list);
      }
      list.insert(ref);
    }
    if (after === undefined) {
      this.#all.delete(ref);
      this.#ids.delete(key);
      this.#journal.record(() => this.#restoring.set(key, ref.id));
    }
  }
}

const EMPTY: Sequence<EntryRef> = { length: 0, at: () => undefined };

/** Every combination of the given filters as keys: `a=1`, `b=2`, `a=1&b=2`, … (the empty combination left out). */
export function filterCombinations(filters: Readonly<Record<string, string | undefined>>): string[] {
  const present = Object.entries(filters).filter((entry): entry is [string, string] => entry[1] !== undefined);
  const keys: string[] = [];
  for (let mask = 1; mask < 1 << present.length; mask++) {
    keys.push(present.filter((_, i) => mask & (1 << i)).map(([name, value]) => `${name}=${value}`).join('&'));
  }
  return keys;
}

/** The filter key of a query: the given filters in the same order as `filterCombinations` names them; undefined for none. */
export function filterKey(filters: Readonly<Record<string, string | undefined>>): string | undefined {
  const present = Object.entries(filters).filter(([, value]) => value !== undefined);
  return present.length === 0 ? undefined : present.map(([name, value]) => `${name}=${value}`).join('&');
}

/**
 * Cache keys by a height (an expiry), following every commit: what a block observer reads to
 * find what expires at its height without a scan. Check each key against the current state:
 * the index is the confirmed state's.
 */
export class HeightIndex<V> {
  readonly #byHeight = new Map<bigint, Set<string>>();

  constructor(cache: Cache<V>, heightOf: (entry: V) => bigint | undefined) {
    cache.onCommit((changes) => {
      for (const { key, before, after } of changes) {
        const old = before === undefined ? undefined : heightOf(before);
        const next = after === undefined ? undefined : heightOf(after);
        if (old === next) continue;
        if (old !== undefined) {
          const keys = this.#byHeight.get(old);
          keys?.delete(key);
          if (keys?.size === 0) this.#byHeight.delete(old);
        }
        if (next !== undefined) {
          let keys = this.#byHeight.get(next);
          if (!keys) {
            keys = new Set();
            this.#byHeight.set(next, keys);
          }
          keys.add(key);
        }
      }
    });
  }

  /** Keys whose height is `height` in the confirmed state. */
  at(height: bigint): readonly string[] {
    const keys = this.#byHeight.get(height);
    return keys ? [...keys] : [];
  }
}
