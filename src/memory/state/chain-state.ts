import { Cache, CacheDelta, type CacheDescriptor } from './cache.js';

/**
 * The chain's confirmed state: one cache per descriptor the plugins register
 * (catapult's CatapultCache, in small). Change it only through a `StateDelta`.
 */
export class ChainState {
  readonly #caches = new Map<string, Cache<unknown>>();

  /** Adds a cache; each name once. */
  register<V>(descriptor: CacheDescriptor<V>): Cache<V> {
    if (this.#caches.has(descriptor.name)) throw new Error(`cache '${descriptor.name}' is registered twice`);
    const cache = new Cache(descriptor);
    this.#caches.set(descriptor.name, cache as Cache<unknown>);
    return cache;
  }

  /** The confirmed entries of a registered cache. */
  cache<V>(descriptor: CacheDescriptor<V>): Cache<V> {
    const cache = this.#caches.get(descriptor.name);
    if (!cache) throw new Error(`no cache '${descriptor.name}' is registered`);
    return cache as Cache<V>;
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
