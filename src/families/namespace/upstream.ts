import type { NamespaceInfoDTO } from '../../backend/namespace.js';
import type { Fetched } from '../../memory/state/fetched-state.js';
import type { UpstreamClient } from '../../upstream/client.js';
import { namespaceInfo } from '../../upstream/dto-shapes.js';
import type { NamespaceEntry } from './state.js';
import { namespaceEntriesOf, namespaceIdOf } from './store.js';

/**
 * The namespaces of `keys` as an upstream has them, each with its whole family: a namespace's
 * root and every namespace under it (the cache keeps a root's lifetime and descendants), with
 * their names (`POST /namespaces/names`). Every member of a family read is settled.
 */
export async function fetchNamespaceFamilies(client: UpstreamClient, keys: readonly string[]): Promise<Fetched<NamespaceEntry>> {
  const wanted = await client.namespaces(keys);
  const roots = new Set(wanted.map((info) => info.namespace.level0.toUpperCase()));
  const entries = new Map<string, NamespaceEntry>();
  const settled: string[] = [];
  for (const root of roots) {
    const family: NamespaceInfoDTO[] = [];
    for await (const members of client.pages(`/namespaces?level0=${root}&order=asc`, namespaceInfo)) family.push(...members);
    const ids = family.map(namespaceIdOf);
    const names = new Map((await client.namespaceNames(ids)).map((name) => [name.id.toUpperCase(), name.name]));
    for (const entry of namespaceEntriesOf(family, names)) entries.set(entry.id, entry);
    settled.push(...ids);
  }
  return { entries, settled };
}
