import { Cache, CacheDelta, type CacheChange, type CacheDescriptor, type MissedKey } from './cache.js';
import type { StateTreeName } from '../../backend/state-proofs.js';
import { Journal } from './journal.js';
import { CacheTree, type TreeSource } from './state-tree.js';
import { hashedTreeKey } from './state-writer.js';

export type { StateTreeName };

/** A cache's Patricia tree among the state trees: its name, its place, and what it holds of each entry. */
export interface StateTreeSpec<V> {
  readonly tree: StateTreeName;
  /**
   * catapult's `CacheId` of the cache: the trees' roots make a block's `stateHash` in this order
   * (AccountState 0, Namespace 3, Mosaic 4, Multisig 5, HashLockInfo 6, SecretLockInfo 7,
   * AccountRestriction 8, MosaicRestriction 9, Metadata 10; the block statistic and hash caches
   * have no tree).
   */
  readonly cacheId: number;
  readonly source: TreeSource<V>;
}

/**
 * The chain's confirmed state: one cache per descriptor the plugins register
 * (catapult's CatapultCache, in small). Change it only through a `StateDelta`.
 */
export class ChainState {
  readonly #caches = new Map<string, Cache<unknown>>();
  /** The state trees in `cacheId` order; `tree` undefined when the state keeps none (`trees: false`). */
  #trees: { name: StateTreeName; cacheId: number; descriptor: CacheDescriptor<unknown>; tree: CacheTree<unknown> | undefined }[] = [];
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

  /** Adds a cache, and with `merkle` its Patricia tree among the state trees; each name and cache id once. */
  register<V>(descriptor: CacheDescriptor<V>, merkle?: StateTreeSpec<V>): Cache<V> {
    if (this.#caches.has(descriptor.name)) throw new Error(`cache '${descriptor.name}' is registered twice`);
    const cache = new Cache(descriptor, this.journal);
    this.#caches.set(descriptor.name, cache as Cache<unknown>);
    if (merkle) {
      if (this.#trees.some((entry) => entry.name === merkle.tree || entry.cacheId === merkle.cacheId)) throw new Error(`state tree '${merkle.tree}' (cache id ${merkle.cacheId}) is added twice`);
      const tree = this.#withTrees ? (new CacheTree(cache, merkle.source) as CacheTree<unknown>) : undefined;
      this.#trees = [...this.#trees, { name: merkle.tree, cacheId: merkle.cacheId, descriptor: descriptor as CacheDescriptor<unknown>, tree }].sort((a, b) => a.cacheId - b.cacheId);
    }
    return cache;
  }

  /** The names of the state trees, in the order their roots make a block's `stateHash`. */
  trees(): StateTreeName[] {
    return this.#trees.map((entry) => entry.name);
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
    return this.#tree(name)?.tree.proof(hashedTreeKey(key)) ?? new Uint8Array(0);
  }

  /** The tree of a state cache, if its plugin added one. */
  tree(name: StateTreeName): CacheTree<unknown> | undefined {
    return this.#tree(name);
  }

  #tree(name: StateTreeName): CacheTree<unknown> | undefined {
    return this.#trees.find((entry) => entry.name === name)?.tree;
  }

  /**
   * The roots of the state trees in `trees()` order, as they are once `delta` (a block's
   * changes over the confirmed state) is committed; the confirmed roots without one. A state
   * that keeps no trees gives 32 zero bytes for each.
   */
  roots(delta?: StateDelta): Uint8Array[] {
    return this.#trees.map(({ tree, descriptor }) => {
      if (!tree) return new Uint8Array(32);
      return delta ? tree.rootWith(delta.cache(descriptor)) : tree.root();
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

  /** Every change this delta holds over its parent, cache by cache in the order each was first used. */
  changes(): (CacheChange<unknown> & { cache: string })[] {
    return [...this.#layers].flatMap(([cache, layer]) => layer.changes().map((change) => ({ cache, ...change })));
  }

  /** Hands every change to the parent: into its layers, or into the confirmed caches. */
  commit(): void {
    for (const layer of this.#layers.values()) layer.commit();
  }
}
