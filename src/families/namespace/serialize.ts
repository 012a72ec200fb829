import { StateWriter, hashedTreeKey, idBytes } from '../../memory/state/state-writer.js';
import { ALIAS_TYPE, type Alias, type NamespaceEntry } from './state.js';

/** catapult's `RootNamespaceHistoryNonHistoricalSerializer::State_Version`. */
export const ROOT_NAMESPACE_HISTORY_VERSION = 1;

/**
 * A root namespace as the namespace cache's Patricia tree hashes it (catapult's
 * `RootNamespaceHistoryNonHistoricalSerializer`: the newest root of the id's history; the
 * catbuffer `RootNamespaceHistory`): the root's id, owner, lifetime (start, and end with the
 * grace period), alias, then its children (a uint64 count, paths below the root ordered
 * lexicographically by id value, as `RootNamespace::sortedChildPaths`), each as its depth
 * below the root (uint8), its ids and its alias.
 *
 * The tree has one value per root: a child has no value of its own.
 *
 * @param root a root namespace (with its lifetime)
 * @param children the entries of `root.descendants`
 */
export function serializeRootNamespace(root: NamespaceEntry, children: readonly NamespaceEntry[]): Uint8Array {
  if (!root.lifetime || root.levels.length !== 1) throw new RangeError(`namespace ${root.id} is not a root`);
  const writer = new StateWriter(ROOT_NAMESPACE_HISTORY_VERSION).id(root.id).hex(root.ownerAddress, 24).u64(root.lifetime.start).u64(root.lifetime.end);
  writeAlias(writer, root.alias);

  const paths = children.map((child) => {
    if (child.levels.length < 2 || child.levels[0] !== root.id) throw new RangeError(`namespace ${child.id} is not under ${root.id}`);
    return { path: child.levels.slice(1).map((id) => BigInt(`0x${id}`)), child };
  });
  paths.sort((a, b) => comparePaths(a.path, b.path));
  writer.u64(BigInt(paths.length));
  for (const { child } of paths) {
    writer.u8(child.levels.length - 1);
    for (const id of child.levels.slice(1)) writer.id(id);
    writeAlias(writer, child.alias);
  }
  return writer.finish();
}

function writeAlias(writer: StateWriter, alias: Alias): void {
  writer.u8(alias.type);
  if (alias.type === ALIAS_TYPE.mosaic) writer.id(alias.mosaicId);
  else if (alias.type === ALIAS_TYPE.address) writer.hex(alias.address, 24);
}

/** std::lexicographical_compare of two paths of ids. */
function comparePaths(a: readonly bigint[], b: readonly bigint[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  }
  return a.length - b.length;
}

/** The namespace tree's key: SHA3-256 of the root's id (8 bytes, little endian). */
export function namespaceTreeKey(rootId: string): Uint8Array {
  return hashedTreeKey(idBytes(rootId));
}
