/**
 * The mosaic restriction plugin's observers (catapult's plugins/txes/restriction_mosaic): a
 * mosaic's global restriction and its addresses' values set and removed.
 */
import type { ObservationContext } from '../../memory/execution/plugin.js';
import {
  ENTRY_TYPE,
  MOSAIC_RESTRICTIONS,
  RESTRICTION_TYPE,
  UNSET_VALUE,
  compositeHash,
  type AddressModification,
  type GlobalModification,
  type MosaicAddressRestrictionEntry,
  type MosaicGlobalRestrictionEntry,
} from './state.js';

/** Sets a global rule (type none removes it); an entry left without rules is removed. */
export function observeGlobalRestriction({ unresolvedMosaicId, unresolvedReferenceMosaicId, key, value, type }: GlobalModification, context: ObservationContext): void {
  const mosaicId = context.resolveMosaicId(unresolvedMosaicId);
  const hash = compositeHash(mosaicId);
  const cache = context.state.cache(MOSAIC_RESTRICTIONS);
  const existing = cache.get(hash) as MosaicGlobalRestrictionEntry | undefined;
  const rules = new Map(existing?.rules);
  const referenceMosaicId = context.resolveMosaicId(unresolvedReferenceMosaicId);
  if (type === RESTRICTION_TYPE.none) rules.delete(key);
  else rules.set(key, { referenceMosaicId, value, type });
  if (existing && rules.size === 0) cache.remove(hash);
  else cache.set(hash, { entryType: ENTRY_TYPE.global, compositeHash: hash, mosaicId, rules });
}

/** Sets an address's value (the unset value removes it); an entry left without values is removed. */
export function observeAddressRestriction({ unresolvedMosaicId, key, unresolvedTargetAddress, value }: AddressModification, context: ObservationContext): void {
  const mosaicId = context.resolveMosaicId(unresolvedMosaicId);
  const targetAddress = context.resolveAddress(unresolvedTargetAddress);
  const hash = compositeHash(mosaicId, targetAddress);
  const cache = context.state.cache(MOSAIC_RESTRICTIONS);
  const existing = cache.get(hash) as MosaicAddressRestrictionEntry | undefined;
  const values = new Map(existing?.values);
  if (value === UNSET_VALUE) values.delete(key);
  else values.set(key, value);
  if (existing && values.size === 0) cache.remove(hash);
  else cache.set(hash, { entryType: ENTRY_TYPE.address, compositeHash: hash, mosaicId, targetAddress, values });
}
