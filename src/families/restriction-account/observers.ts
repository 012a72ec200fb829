/**
 * The account restriction plugin's observer (catapult's plugins/txes/restriction_account): one
 * value added to or deleted from the signer's restriction.
 */
import type { Payload } from '../../memory/execution/notification.js';
import type { ObservationContext } from '../../memory/execution/plugin.js';
import {
  ACCOUNT_RESTRICTIONS,
  MODIFICATION_ACTION,
  RESTRICTION_FLAGS,
  directionalFlags,
  emptyRestrictions,
  resolvedKey,
  type ACCOUNT_RESTRICTION_VALUE,
} from './state.js';

/**
 * Adds or deletes one value (resolved) of the signer's restriction: allowing keeps the
 * restriction an allow list while it holds values; blocking makes it a block list. An account
 * whose restrictions are all empty leaves the cache.
 */
export function observeValueModification({ kind, address, restrictionFlags, value, action }: Payload<typeof ACCOUNT_RESTRICTION_VALUE>, context: ObservationContext): void {
  const cache = context.state.cache(ACCOUNT_RESTRICTIONS);
  const entry = cache.get(address) ?? emptyRestrictions(address);
  const directional = directionalFlags(restrictionFlags);
  const key = resolvedKey(kind, value, context);
  const blocks = (restrictionFlags & RESTRICTION_FLAGS.block) !== 0;
  const restrictions = entry.restrictions.map((restriction) => {
    if (directionalFlags(restriction.flags) !== directional) return restriction;
    const values = action === MODIFICATION_ACTION.add ? [...restriction.values, key].sort() : restriction.values.filter((each) => each !== key);
    const flags = blocks || values.length === 0 ? directional | RESTRICTION_FLAGS.block : directional;
    return { flags, values };
  });
  if (restrictions.every((restriction) => restriction.values.length === 0)) cache.remove(address);
  else cache.set(address, { address, restrictions });
}
