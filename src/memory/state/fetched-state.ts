import type { ChainState } from './chain-state.js';
import type { CacheDescriptor } from './cache.js';

/** What one fetch of a cache's keys found: the entries by key, and every key it settles (those found absent too). */
export interface Fetched<V> {
  readonly entries: ReadonlyMap<string, V>;
  /** The keys asked and any others the answer covers whole (a namespace's family). */
  readonly settled: readonly string[];
}

/**
 * Where a chain's state entries that it never had are read from (a forked chain's upstream
 * gateway): the entries of a cache's keys, or undefined for a cache it does not serve (that
 * cache then has only what the chain writes).
 */
export interface EntrySource {
  fetch(cache: string, keys: readonly string[]): Promise<Fetched<unknown>> | undefined;
}

/**
 * The state of a chain over an entry source: each cache of the chain follows it, so an entry the
 * chain never had is fetched on first use and kept as if it had been confirmed at the chain's
 * first block.
 *
 * A check of an announce runs first as a trial (`prepare`): the keys it reads and misses are
 * fetched, and the trial runs again until it misses nothing; the check itself then runs at once
 * on the same state. A read of entries by key (`ensure`) fetches what is missing first.
 */
export class FetchedState {
  readonly #source: EntrySource;
  readonly #state: ChainState;
  readonly #loaded: () => void;
  /** The keys missed while a trial runs, by cache; undefined between trials. */
  #missed: Map<string, Set<string>> | undefined;

  /** @param loaded called after fetched entries were added to the state (searches and state trees may answer otherwise since) */
  constructor(source: EntrySource, state: ChainState, loaded: () => void = () => {}) {
    this.#source = source;
    this.#state = state;
    this.#loaded = loaded;
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
        const cache = this.#state.cache({ name });
        const wanted = [...keys].filter((key) => cache.unsettled(key));
        if (wanted.length === 0) return;
        // A cache the source does not serve (none of the REST routes reads it) has only what the chain wrote.
        const fetched = (await this.#source.fetch(name, wanted)) ?? { entries: new Map(), settled: [] };
        cache.load([...wanted, ...fetched.settled], fetched.entries);
        this.#loaded();
      }),
    );
  }
}
