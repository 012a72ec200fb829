import type { ChainState } from '../memory/state/chain-state.js';
import type { CacheDescriptor } from '../memory/state/cache.js';
import type { UpstreamClient } from '../upstream/client.js';

/** What one fetch of a cache's keys found: the entries by key, and every key it settles (those found absent too). */
export interface Fetched<V> {
  readonly entries: ReadonlyMap<string, V>;
  /** The keys asked and any others the answer covers whole (a namespace's family). */
  readonly settled: readonly string[];
}

/** How one cache's entries are read from an upstream gateway. */
export interface EntrySource<V> {
  readonly descriptor: CacheDescriptor<V>;
  fetch(client: UpstreamClient, keys: readonly string[]): Promise<Fetched<V>>;
}

/**
 * The upstream state under a forked chain: each cache of the chain follows it, so an entry the
 * chain never had is fetched on first use and kept as if it had been confirmed at the fork.
 *
 * A check of an announce runs first as a trial (`prepare`): the keys it reads and misses are
 * fetched, and the trial runs again until it misses nothing; the check itself then runs at once
 * on the same state. A read of entries by key (`ensure`) fetches what is missing first.
 */
export class UpstreamState {
  readonly #client: UpstreamClient;
  readonly #state: ChainState;
  readonly #sources = new Map<string, EntrySource<unknown>>();
  readonly #loaded: () => void;
  /** The keys missed while a trial runs, by cache; undefined between trials. */
  #missed: Map<string, Set<string>> | undefined;

  /** @param loaded called after fetched entries were added to the state (searches and state trees may answer otherwise since) */
  constructor(client: UpstreamClient, state: ChainState, sources: readonly EntrySource<unknown>[], loaded: () => void = () => {}) {
    this.#client = client;
    this.#state = state;
    this.#loaded = loaded;
    for (const source of sources) this.#sources.set(source.descriptor.name, source);
    state.followUpstream((cache, key) => {
      if (!this.#missed) return;
      const keys = this.#missed.get(cache);
      if (keys) keys.add(key);
      else this.#missed.set(cache, new Set([key]));
    });
  }

  /**
   * Runs `trial` (a check whose effects are dropped) and fetches what it missed: undefined when
   * it missed nothing, else the fetch, after which the trial should run again.
   */
  prepare(trial: () => void): Promise<void> | undefined {
    const missed = new Map<string, Set<string>>();
    this.#missed = missed;
    try {
      trial();
    } catch {
      // The check itself runs next and reports what went wrong; what the trial missed is fetched all the same.
    } finally {
      this.#missed = undefined;
    }
    return missed.size > 0 ? this.#fetch(missed) : undefined;
  }

  /** Fetches the entries of `keys` a cache does not have and never fetched (before a read by key). */
  async ensure(descriptor: CacheDescriptor<unknown>, keys: Iterable<string>): Promise<void> {
    const cache = this.#state.cache(descriptor);
    const wanted = new Set([...keys].filter((key) => cache.unsettled(key)));
    if (wanted.size > 0) await this.#fetch(new Map([[descriptor.name, wanted]]));
  }

  /** Runs `read` once the keys it names are fetched. */
  async read<T>(descriptor: CacheDescriptor<unknown>, keys: Iterable<string>, read: () => T | Promise<T>): Promise<T> {
    await this.ensure(descriptor, keys);
    return read();
  }

  async #fetch(missed: ReadonlyMap<string, ReadonlySet<string>>): Promise<void> {
    await Promise.all(
      [...missed].map(async ([name, keys]) => {
        const source = this.#sources.get(name);
        // A cache with no upstream source (none of the REST routes reads it) has only what the chain wrote.
        if (!source) {
          this.#state.cache({ name }).load(keys, new Map());
          return this.#loaded();
        }
        const cache = this.#state.cache(source.descriptor);
        const wanted = [...keys].filter((key) => cache.unsettled(key));
        if (wanted.length === 0) return;
        const fetched = await source.fetch(this.#client, wanted);
        cache.load([...wanted, ...fetched.settled], fetched.entries);
        this.#loaded();
      }),
    );
  }
}
