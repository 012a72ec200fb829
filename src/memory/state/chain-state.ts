import { Cache, CacheDelta, type CacheDescriptor, type MissedKey } from './cache.js';
import type { StateTreeName } from '../../backend/state-proofs.js';
import { Journal } from './journal.js';
import { CacheTree, type TreeSource } from './state-tree.js';
import { hashedTreeKey } from './state-writer.js';

export type { StateTreeName };

/**
 * The caches whose Patricia tree roots make a block's `stateHash`, in catapult's `CacheId`
 * order (the block statistic and hash caches have no tree).
 */
export const STATE_TREES: readonly StateTreeName[] = ['accountState', 'namespace', 'mosaic', 'multisig', 'hashLockInfo', 'secretLockInfo', 'accountRestriction', 'mosaicRestriction', 'metadata'];

/**
 * The chain's confirmed state: one cache per descriptor the plugins register
 * (catapult's CatapultCache, in small). Change it only through a `StateDelta`.
 */
export class ChainState {
  readonly #caches = new Map<string, Cache<unknown>>();
  readonly #trees = new Map<StateTreeName, { descriptor: CacheDescriptor<unknown>; tree: CacheTree<unknown> }>();
  readonly #withTrees: boolean;
  /** Undo records of every cache while a snapshot is open. */
  readonly journal = new Journal();

  /**
   * @param options.trees false: no Patricia trees (every root zero, no proofs); what a block
   *   costs without verifiable state, for the state-trees benchmark to compare against.
   */
  constructor(options: { trees?: boolean } = {}) {
    this.#withTrees = options.trees ?? true;
  }

  /** Adds a cache, and with `merkle` its Patricia tree among the state trees; each name once. */
  register<V>(descriptor: CacheDescriptor<V>, merkle?: { tree: StateTreeName; source: TreeSource<V> }): Cache<V> {
    if (this.#caches.has(descriptor.name)) throw new Error(`cache '${descriptor.name}' is registered twice`);
    const cache = new Cache(descriptor, this.journal);
    this.#caches.set(descriptor.name, cache as Cache<unknown>);
    if (merkle && this.#withTrees) {
      if (this.#trees.has(merkle.tree)) throw new Error(`state tree '${merkle.tree}' is added twice`);
      this.#trees.set(merkle.tree, { descriptor: descriptor as CacheDescriptor<unknown>, tree: new CacheTree(cache, merkle.source) as CacheTree<unknown> });
    }
    return cache;
  }

  /** Every registered cache tells `missed` of the keys it misses that were never fetched (a forked chain's caches: see `Cache.followUpstream`). */
  followUpstream(missed: MissedKey): void {
    for (const cache of this.#caches.values()) cache.followUpstream(missed);
  }

  /** The confirmed entries of a registered cache. */
  cache<V>(descriptor: CacheDescriptor<V>): Cache<V> {
    const cache = this.#caches.get(descriptor.name);
    if (!cache) throw new Error(`no cache '${descriptor.name}' is registered`);
    return cache as Cache<V>;
  }

  /**
   * The state path of a cache key (its bytes, hashed here into the tree key) in the confirmed
   * tree: see `StateProofRepository.statePath`. Empty for a cache without a tree.
   */
  statePath(name: StateTreeName, key: Uint8Array): Uint8Array {
    return this.#trees.get(name)?.tree.tree.proof(hashedTreeKey(key)) ?? new Uint8Array(0);
  }

  /** The tree of a state cache, if its plugin added one. */
  tree(name: StateTreeName): CacheTree<unknown> | undefined {
    return this.#trees.get(name)?.tree;
  }

  /**
   * The roots of the state trees in `STATE_TREES` order, as they are once `delta` (a block's
   * changes over the confirmed state) is committed; the confirmed roots without one. A cache
   * without a tree counts as empty (32 zero bytes).
   */
  roots(delta?: StateDelta): Uint8Array[] {
    return STATE_TREES.map((name) => {
      const entry = this.#trees.get(name);
      if (!entry) return new Uint8Array(32);
      return delta ? entry.tree.rootWith(delta.cache(entry.descriptor)) : entry.tree.root();
    });
  }

  /** A layer of changes over the confirmed state. */
  delta(): StateDelta {
    return new StateDelta(this);
  }
}

/**
 * Changes to every cache, over the confirmed state or over another delta: a block's
 * changes, or one transaction's over its block's. `commit` hands them down, or drop
 * the delta to discard them.
 */
export class StateDelta {
  readonly #parent: ChainState | StateDelta;
  readonly #layers = new Map<string, CacheDelta<unknown>>();

  constructor(parent: ChainState | StateDelta) {
    this.#parent = parent;
  }

  /** This delta's layer of one cache (made on first use). */
  cache<V>(descriptor: CacheDescriptor<V>): CacheDelta<V> {
    let layer = this.#layers.get(descriptor.name) as CacheDelta<V> | undefined;
    if (!layer) {
      const below = this.#parent instanceof ChainState ? this.#parent.cache(descriptor) : this.#parent.cache(descriptor);
      layer = new CacheDelta(below);
      this.#layers.set(descriptor.name, layer as CacheDelta<unknown>);
    }
    return layer;
  }

  /** A nested delta, for changes that may yet be discarded (one transaction). */
  delta(): StateDelta {
    return new StateDelta(this);
  }

  /** Hands every change to the parent: into its layers, or into the confirmed caches. */
  commit(): void {
    for (const layer of this.#layers.values()) layer.commit();
  }
}
