/**
 * One state cache (accounts, mosaics, namespaces, ...) as catapult keeps it: confirmed
 * entries, and layers of uncommitted changes on top of them. A block runs on a layer
 * over the confirmed state, each transaction on a layer over the block's, so a failing
 * transaction is dropped with its layer and leaves no trace.
 *
 * Entries are immutable: a change sets a new entry, never edits one in place, so a layer
 * that is discarded cannot have touched what lies below it.
 */

import { Journal } from './journal.js';

/** Names one cache and the type of its entries. */
export interface CacheDescriptor<V> {
  readonly name: string;
  /** Never set: carries the entry type. */
  readonly entry?: V;
}

/** A cache's name, typed with its entries. */
export function cacheDescriptor<V>(name: string): CacheDescriptor<V> {
  return { name };
}

/** What every layer answers. */
export interface CacheView<V> {
  get(key: string): V | undefined;
}

/** One committed change: `before` undefined for a new entry, `after` undefined for a removed one. */
export interface CacheChange<V> {
  readonly key: string;
  readonly before: V | undefined;
  readonly after: V | undefined;
}

/**
 * Where a cache's missing entries may still be (a forked chain's upstream): told of each key
 * read and not found that was never fetched nor written, so it can fetch it before the read is
 * made again.
 */
export type MissedKey = (cache: string, key: string) => void;

/** Marks a key removed in a layer (a layer's map can not hold `undefined` for that). */
const REMOVED = Symbol('removed');
type Slot<V> = V | typeof REMOVED;

/**
 * The confirmed entries of one cache. Indexes follow it through `onCommit`, which is
 * told every change a block commits, in order.
 */
export class Cache<V> implements CacheView<V> {
  readonly name: string;
  /** Where commits record how to undo them while a snapshot is open; indexes that forget more than entries record there too. */
  readonly journal: Journal;
  readonly #entries = new Map<string, V>();
  readonly #listeners: ((changes: readonly CacheChange<V>[]) => void)[] = [];
  /** With an upstream: told of misses, and the keys it need not be told of (fetched, or written here). */
  #upstream: { readonly missed: MissedKey; readonly settled: Set<string> } | undefined;

  constructor(descriptor: CacheDescriptor<V>, journal: Journal = new Journal()) {
    this.name = descriptor.name;
    this.journal = journal;
  }

  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined && this.#upstream !== undefined && !this.#upstream.settled.has(key)) this.#upstream.missed(this.name, key);
    return entry;
  }

  /** From now on, tells `missed` of every key read and not found that no `load` or commit settled. */
  followUpstream(missed: MissedKey): void {
    this.#upstream = { missed, settled: new Set() };
  }

  /** Whether a key still has to be fetched before a read of it can be trusted (always false without an upstream). */
  unsettled(key: string): boolean {
    return this.#upstream !== undefined && !this.#upstream.settled.has(key) && !this.#entries.has(key);
  }

  /**
   * Adds entries fetched from the upstream as confirmed (indexes and trees follow), and settles
   * `keys` (those fetched and found absent too). A key already settled keeps what it has: what
   * the chain wrote since wins over the upstream. No rewind undoes a load.
   */
  load(keys: Iterable<string>, entries: ReadonlyMap<string, V>): void {
    const upstream = this.#upstream;
    if (!upstream) throw new Error(`cache '${this.name}' follows no upstream`);
    const slots = new Map<string, Slot<V>>();
    for (const key of keys) {
      if (upstream.settled.has(key)) continue;
      upstream.settled.add(key);
      const entry = entries.get(key);
      if (entry !== undefined && !this.#entries.has(key)) slots.set(key, entry);
    }
    this.journal.unrecorded(() => this.apply(slots));
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Confirmed entries in the order they were first added. */
  values(): IterableIterator<V> {
    return this.#entries.values();
  }

  /** The keys of the confirmed entries, in the order they were first added. */
  keys(): IterableIterator<string> {
    return this.#entries.keys();
  }

  /** Calls `listener` with the changes of every commit (an index keeps itself up to date this way). */
  onCommit(listener: (changes: readonly CacheChange<V>[]) => void): void {
    this.#listeners.push(listener);
  }

  /** Applies a layer's changes; called by `CacheDelta.commit`. */
  apply(slots: ReadonlyMap<string, Slot<V>>): void {
    if (slots.size === 0) return;
    if (this.#upstream) for (const key of slots.keys()) this.#upstream.settled.add(key);
    const changes: CacheChange<V>[] = [];
    for (const [key, slot] of slots) {
      const before = this.#entries.get(key);
      const after = slot === REMOVED ? undefined : slot;
      if (before === after) continue;
      if (after === undefined) this.#entries.delete(key);
      else this.#entries.set(key, after);
      changes.push({ key, before, after });
    }
    if (changes.length === 0) return;
    // Recorded before the listeners run, so what they record is undone first.
    if (this.journal.recording) {
      const undo = new Map<string, Slot<V>>();
      for (let i = changes.length - 1; i >= 0; i--) undo.set(changes[i].key, changes[i].before ?? REMOVED);
      this.journal.record(() => this.apply(undo));
    }
    for (const listener of this.#listeners) listener(changes);
  }
}

/** Uncommitted changes to one cache, over the confirmed cache or over another layer. */
export class CacheDelta<V> implements CacheView<V> {
  readonly #parent: Cache<V> | CacheDelta<V>;
  readonly #slots = new Map<string, Slot<V>>();

  constructor(parent: Cache<V> | CacheDelta<V>) {
    this.#parent = parent;
  }

  get(key: string): V | undefined {
    const slot = this.#slots.get(key);
    if (slot === undefined) return this.#parent.get(key);
    return slot === REMOVED ? undefined : slot;
  }

  set(key: string, value: V): void {
    this.#slots.set(key, value);
  }

  remove(key: string): void {
    this.#slots.set(key, REMOVED);
  }

  /** Keys this layer changed, in the order it first changed them. */
  changedKeys(): IterableIterator<string> {
    return this.#slots.keys();
  }

  /** This layer's changes over its parent, in the order it first changed each key (those that set an entry back as it was left out). */
  changes(): CacheChange<V>[] {
    const changes: CacheChange<V>[] = [];
    for (const [key, slot] of this.#slots) {
      const before = this.#parent.get(key);
      const after = slot === REMOVED ? undefined : slot;
      if (before !== after) changes.push({ key, before, after });
    }
    return changes;
  }

  /** Hands this layer's changes to its parent; the layer is empty afterwards. */
  commit(): void {
    if (this.#parent instanceof Cache) this.#parent.apply(this.#slots);
    else for (const [key, slot] of this.#slots) this.#parent.#slots.set(key, slot);
    this.#slots.clear();
  }
}
