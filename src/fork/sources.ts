import { STATES } from '../families/index.js';
import type { FamilyState } from '../families/family.js';
import type { EntrySource, Fetched } from '../memory/state/fetched-state.js';
import type { UpstreamClient } from '../upstream/client.js';

/**
 * The entries a forked chain never had, read from its upstream through `client`, cache by cache:
 * each family's state kind reads its own (`FamilyState.fetch`, or its entries by key turned into
 * the chain's entries). A cache no state kind serves has only what the chain writes.
 */
export function upstreamEntrySource(client: UpstreamClient): EntrySource {
  const states = new Map(STATES.map((state) => [state.cache.name, state]));
  return {
    fetch(cache, keys) {
      const state = states.get(cache);
      return state && fetchEntries(state, client, keys);
    },
  };
}

async function fetchEntries(state: FamilyState, client: UpstreamClient, keys: readonly string[]): Promise<Fetched<unknown>> {
  if (state.fetch) return state.fetch(client, keys);
  if (!state.entryOf) throw new Error(`the state kind '${state.kind}' has no entries of its DTOs`);
  const entries = new Map<string, unknown>();
  for (const dto of await state.read(client, keys)) entries.set(state.keyOf(dto), state.entryOf(dto));
  return { entries, settled: [] };
}
