/**
 * The namespace plugin's observers (catapult's plugins/txes/namespace): registrations,
 * renewals and aliases, each block's expiries, the pruning of finalized ones, and the alias
 * resolvers.
 */
import type { Payload } from '../../memory/execution/notification.js';
import type { BlockContext, ObservationContext, StateReader } from '../../memory/execution/plugin.js';
import type { StateDelta } from '../../memory/state/chain-state.js';
import { RECEIPT_TYPE } from '../../memory/execution/receipts.js';
import { UINT64_MAX } from '../../memory/symbol-ids.js';
import {
  ALIAS_ACTION,
  ALIAS_TYPE,
  NAMESPACES,
  NO_ALIAS,
  NO_PARENT,
  aliasedNamespace,
  isActive,
  isMosaicAlias,
  rootId,
  type ALIASED_ADDRESS,
  type ALIASED_MOSAIC,
  type Alias,
  type CHILD_NAMESPACE,
  type ROOT_NAMESPACE,
} from './state.js';
import type { NamespaceStore } from './store.js';

/**
 * A root: renewed by its owner while held (its end moves by the duration, children and
 * alias kept), else registered from now (end after duration and grace period). Registered
 * again by the same owner after it ended but before it was pruned, it keeps its children
 * and aliases (catapult's root history renews a root of the same owner); by another owner,
 * it starts without them.
 */
export function observeRoot({ ownerAddress, namespaceId, name, duration }: Payload<typeof ROOT_NAMESPACE>, context: ObservationContext): void {
  const namespaces = context.state.cache(NAMESPACES);
  const existing = namespaces.get(namespaceId);
  const held = existing?.lifetime !== undefined && existing.ownerAddress === ownerAddress ? existing.lifetime : undefined;
  if (held && isActive(held, context.height)) {
    namespaces.set(namespaceId, { ...existing!, lifetime: { start: held.start, end: held.end + duration } });
    return;
  }
  const end = duration === 0n ? UINT64_MAX : context.height + duration + context.rules.namespaceGracePeriod;
  if (held) {
    namespaces.set(namespaceId, { ...existing!, lifetime: { start: context.height, end } });
    return;
  }
  for (const id of existing?.descendants ?? []) namespaces.remove(id);
  namespaces.set(namespaceId, { id: namespaceId, name, parentId: NO_PARENT, levels: [namespaceId], ownerAddress, alias: NO_ALIAS, lifetime: { start: context.height, end }, descendants: [] });
}

/** A child, listed under its root. */
export function observeChild({ ownerAddress, namespaceId, name, parentId }: Payload<typeof CHILD_NAMESPACE>, context: ObservationContext): void {
  const namespaces = context.state.cache(NAMESPACES);
  const parent = namespaces.get(parentId)!;
  const root = namespaces.get(rootId(parent))!;
  namespaces.set(namespaceId, { id: namespaceId, name, parentId, levels: [...parent.levels, namespaceId], ownerAddress, alias: NO_ALIAS });
  namespaces.set(root.id, { ...root, descendants: [...(root.descendants ?? []), namespaceId] });
}

export function observeAddressAlias({ namespaceId, action, address }: Payload<typeof ALIASED_ADDRESS>, context: ObservationContext): void {
  setAlias(context, namespaceId, action === ALIAS_ACTION.link ? { type: ALIAS_TYPE.address, address } : NO_ALIAS);
}

export function observeMosaicAlias({ namespaceId, action, mosaicId }: Payload<typeof ALIASED_MOSAIC>, context: ObservationContext): void {
  setAlias(context, namespaceId, action === ALIAS_ACTION.link ? { type: ALIAS_TYPE.mosaic, mosaicId } : NO_ALIAS);
}

function setAlias(context: ObservationContext, namespaceId: string, alias: Alias): void {
  const namespaces = context.state.cache(NAMESPACES);
  namespaces.set(namespaceId, { ...namespaces.get(namespaceId)!, alias });
}

/**
 * Each block: roots whose duration ends get `Namespace_Expired` (only their owner may renew
 * them now); roots whose grace period ends get `Namespace_Deleted` (anyone may register
 * them again). They stay, inactive, until the height is finalized (`pruneNamespaces`).
 */
export function observeNamespaceBlock(store: NamespaceStore): (context: BlockContext) => void {
  return (context) => {
    const namespaces = context.state.cache(NAMESPACES);
    const grace = context.rules.namespaceGracePeriod;
    const endingAt = (end: bigint) => store.ends.at(end).filter((id) => namespaces.get(id)?.lifetime?.end === end).sort();
    for (const artifactId of endingAt(context.height + grace)) {
      context.receipt({ kind: 'artifactExpiry', type: RECEIPT_TYPE.namespaceExpired, artifactId });
    }
    for (const artifactId of endingAt(context.height)) {
      context.receipt({ kind: 'artifactExpiry', type: RECEIPT_TYPE.namespaceDeleted, artifactId });
    }
  };
}

/**
 * Once a height is finalized, roots whose grace period ended at or before it are gone, with
 * every namespace under them and their aliases (catapult prunes its namespace cache so; an
 * alias resolves until then).
 */
export function pruneNamespaces(store: NamespaceStore): (previous: bigint, height: bigint, state: StateDelta) => void {
  return (previous, height, state) => {
    const namespaces = state.cache(NAMESPACES);
    for (let end = previous + 1n; end <= height; end++) {
      for (const id of store.ends.at(end)) {
        const root = namespaces.get(id);
        if (!root?.lifetime || root.lifetime.end > height) continue;
        for (const child of root.descendants ?? []) namespaces.remove(child);
        namespaces.remove(id);
      }
    }
  };
}

/** The address a namespace alias (an unresolved address: 48 hex, its first byte odd) stands for. */
export function resolveAddressAlias(unresolved: string, state: StateReader): string | undefined {
  const namespaceId = aliasedNamespace(unresolved);
  if (namespaceId === undefined) return undefined;
  const alias = state.cache(NAMESPACES).get(namespaceId)?.alias;
  return alias?.type === ALIAS_TYPE.address ? alias.address : undefined;
}

/** The mosaic id a namespace alias (an unresolved mosaic id with its high bit set) stands for. */
export function resolveMosaicAlias(unresolved: string, state: StateReader): string | undefined {
  if (!isMosaicAlias(unresolved)) return undefined;
  const alias = state.cache(NAMESPACES).get(unresolved)?.alias;
  return alias?.type === ALIAS_TYPE.mosaic ? alias.mosaicId : undefined;
}
