import { sha3 } from '../keys.js';
import type { Cache, CacheDelta, CacheView } from './cache.js';
import { PatriciaTree } from './patricia-tree.js';

/**
 * How a cache's entries go into its Patricia tree (catapult's key and value policies): the
 * tree keys a changed entry touches, each tree key's hash, and the serialized state a tree key
 * stands for in a view of the cache. Most caches have one tree key per entry; the namespace
 * cache has one per root, its children serialized with it.
 */
export interface TreeSource<V> {
  /** The tree keys a change of cache key `key` touches. */
  touched(key: string, before: V | undefined, after: V | undefined): readonly string[];
  /** The tree's key for a tree key: 32 bytes (catapult hashes the cache key). */
  keyHash(treeKey: string): Uint8Array;
  /** The serialized state of a tree key in `view`; undefined when the tree holds nothing for it. */
  value(treeKey: string, view: CacheView<V>): Uint8Array | undefined;
}

/** One tree key an entry: itself. */
export function entryTree<V>(keyHash: (key: string) => Uint8Array, serialize: (entry: V) => Uint8Array): TreeSource<V> {
  return { touched: (key) => [key], keyHash, value: (key, view) => {
    const entry = view.get(key);
    return entry === undefined ? undefined : serialize(entry);
  } };
}

/**
 * A cache's Patricia tree, following its commits. A block's root is asked for before the block
 * is committed: `rootWith(layer)` applies the layer's changes to a copy (the tree is persistent:
 * the copy shares every untouched node, and costs only the changed keys' paths) and leaves
 * the confirmed tree as it is; when the commit brings exactly the entries that copy was built
 * from, the copy becomes the tree, else the commit's changes are applied.
 */
export class CacheTree<V> {
  readonly #cache: Cache<V>;
  readonly #source: TreeSource<V>;
  #tree = PatriciaTree.EMPTY;
  /** The tree `rootWith` built last, and the entry it read for each key its layer changed. */
  #pending: { tree: PatriciaTree; entries: Map<string, V | undefined> } | undefined;
  readonly #listeners: (() => void)[] = [];

  constructor(cache: Cache<V>, source: TreeSource<V>) {
    this.#cache = cache;
    this.#source = source;
    cache.onCommit((changes) => {
      const pending = this.#pending;
      this.#pending = undefined;
      // A block's layer is committed right after its root was asked for: that tree is already built.
      if (pending && changes.every(({ key }) => pending.entries.has(key)) && [...pending.entries].every(([key, entry]) => cache.get(key) === entry)) {
        this.#tree = pending.tree;
      } else {
        const touched = new Set<string>();
        for (const { key, before, after } of changes) for (const treeKey of source.touched(key, before, after)) touched.add(treeKey);
        this.#tree = this.#update(this.#tree, touched, cache);
      }
      for (const listener of this.#listeners) listener();
    });
  }

  /** Calls `listener` after each commit, once the tree follows it (a store that keeps the tree elsewhere). */
  onCommit(listener: () => void): void {
    this.#listeners.push(listener);
  }

  /** The confirmed root (32 zero bytes for an empty cache). */
  root(): Uint8Array {
    return this.#tree.root();
  }

  /** The confirmed tree (for proofs). */
  get tree(): PatriciaTree {
    return this.#tree;
  }

  /** The root the tree will have once `layer` (changes over the confirmed cache) is committed. */
  rootWith(layer: CacheDelta<V>): Uint8Array {
    const entries = new Map<string, V | undefined>();
    const touched = new Set<string>();
    for (const key of layer.changedKeys()) {
      const after = layer.get(key);
      entries.set(key, after);
      for (const treeKey of this.#source.touched(key, this.#cache.get(key), after)) touched.add(treeKey);
    }
    const tree = touched.size === 0 ? this.#tree : this.#update(this.#tree, touched, layer);
    this.#pending = { tree, entries };
    return tree.root();
  }

  #update(tree: PatriciaTree, treeKeys: Iterable<string>, view: CacheView<V>): PatriciaTree {
    for (const treeKey of treeKeys) {
      const value = this.#source.value(treeKey, view);
      const keyHash = this.#source.keyHash(treeKey);
      tree = value === undefined ? tree.remove(keyHash) : tree.set(keyHash, sha3(value));
    }
    return tree;
  }
}
