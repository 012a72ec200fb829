import { StateWriter, hashedTreeKey, hexBytes } from '../../memory/state/state-writer.js';
import { directionalFlags, kindOfFlags, type AccountRestrictionsEntry } from './state.js';

/** catapult's `AccountRestrictionsSerializer::State_Version`. */
export const ACCOUNT_RESTRICTIONS_VERSION = 1;

/** A stored value's size by what the restriction holds. */
const VALUE_SIZE = { address: 24, mosaicId: 8, transactionType: 2 } as const;

/**
 * An account's restrictions as the account restriction cache's Patricia tree hashes them
 * (catapult's `AccountRestrictionsSerializer`, the catbuffer `AccountRestrictions`): the
 * address, then the restrictions that hold values (a uint64 count; by directional flags, the
 * order of catapult's map), each as its flags (block flag included, uint16), a uint64 count
 * and the values' bytes as a node stores them, sorted by those bytes.
 */
export function serializeAccountRestrictions(entry: AccountRestrictionsEntry): Uint8Array {
  const restrictions = entry.restrictions.filter((restriction) => restriction.values.length > 0);
  restrictions.sort((a, b) => directionalFlags(a.flags) - directionalFlags(b.flags));
  const writer = new StateWriter(ACCOUNT_RESTRICTIONS_VERSION).hex(entry.address, 24).u64(BigInt(restrictions.length));
  for (const restriction of restrictions) {
    const kind = kindOfFlags(restriction.flags);
    if (kind === undefined) throw new RangeError(`no account restriction of flags ${restriction.flags}`);
    const values = [...new Set(restriction.values.map((value) => value.toUpperCase()))].sort();
    writer.u16(restriction.flags).u64(BigInt(values.length));
    for (const value of values) writer.hex(value, VALUE_SIZE[kind]);
  }
  return writer.finish();
}

/** The account restriction tree's key: SHA3-256 of the address (24 bytes). */
export function accountRestrictionsTreeKey(address: string): Uint8Array {
  return hashedTreeKey(hexBytes(address, 24));
}
