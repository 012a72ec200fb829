/**
 * The multisig plugin's observers (catapult's plugins/txes/multisig): cosignatories added to
 * and removed from both sides of the multisig graph, and the minimums changed.
 */
import type { Payload } from '../../memory/execution/notification.js';
import type { ObservationContext } from '../../memory/execution/plugin.js';
import {
  MULTISIGS,
  emptyEntry,
  withAddress,
  withoutAddress,
  type MULTISIG_COSIGNATORIES,
  type MULTISIG_SETTINGS,
  type MultisigEntry,
} from './state.js';

/** Adds and removes cosignatories on both sides of the graph; an account left with neither side leaves the cache. */
export function observeCosignatories({ multisigAddress, additions, deletions }: Payload<typeof MULTISIG_COSIGNATORIES>, context: ObservationContext): void {
  const cache = context.state.cache(MULTISIGS);
  let multisig = cache.get(multisigAddress) ?? emptyEntry(multisigAddress);
  for (const unresolved of additions) {
    const address = context.resolveAddress(unresolved);
    const cosignatory = cache.get(address) ?? emptyEntry(address);
    cache.set(address, { ...cosignatory, multisigAddresses: withAddress(cosignatory.multisigAddresses, multisigAddress) });
    multisig = { ...multisig, cosignatoryAddresses: withAddress(multisig.cosignatoryAddresses, address) };
  }
  for (const unresolved of deletions) {
    const address = context.resolveAddress(unresolved);
    multisig = { ...multisig, cosignatoryAddresses: withoutAddress(multisig.cosignatoryAddresses, address) };
    const cosignatory = cache.get(address);
    if (cosignatory) setOrRemove(context, { ...cosignatory, multisigAddresses: withoutAddress(cosignatory.multisigAddresses, multisigAddress) });
  }
  setOrRemove(context, multisig);
}

/** Applies the changes to the minimums (nothing when the account left the graph). */
export function observeSettings({ multisigAddress, minRemovalDelta, minApprovalDelta }: Payload<typeof MULTISIG_SETTINGS>, context: ObservationContext): void {
  const cache = context.state.cache(MULTISIGS);
  const entry = cache.get(multisigAddress);
  if (!entry) return;
  cache.set(multisigAddress, { ...entry, minApproval: entry.minApproval + minApprovalDelta, minRemoval: entry.minRemoval + minRemovalDelta });
}

function setOrRemove(context: ObservationContext, entry: MultisigEntry): void {
  const cache = context.state.cache(MULTISIGS);
  if (entry.cosignatoryAddresses.length === 0 && entry.multisigAddresses.length === 0) cache.remove(entry.accountAddress);
  else cache.set(entry.accountAddress, entry);
}
