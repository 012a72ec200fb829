import { notificationType } from '../../memory/execution/notification.js';
import type { ValidationContext } from '../../memory/execution/plugin.js';
import { cacheDescriptor } from '../../memory/state/cache.js';

/** Account restriction flags (catapult's AccountRestrictionFlags). */
export const RESTRICTION_FLAGS = { address: 0x0001, mosaicId: 0x0002, transactionType: 0x0004, outgoing: 0x4000, block: 0x8000 } as const;

/** What a restriction holds. */
export type RestrictionKind = 'address' | 'mosaicId' | 'transactionType';

/** A value as a transaction gives it: an unresolved address (48 hex), an unresolved mosaic id (16 hex) or a transaction type. */
export type RestrictionValue = string | number;

/** One restriction of an account (catapult's AccountRestriction). Immutable. */
export interface AccountRestriction {
  /** Its directional flags, with `block` when its values are blocked (and while it holds none). */
  readonly flags: number;
  /** The values' bytes as a node stores them, as uppercase hex, sorted (so by their bytes). */
  readonly values: readonly string[];
}

/** An account's restrictions (catapult's AccountRestrictions): the four a node keeps, in its order. Immutable. */
export interface AccountRestrictionsEntry {
  /** 48 hex. */
  readonly address: string;
  readonly restrictions: readonly AccountRestriction[];
}

/** The directional flags of the four restrictions of an account, in the order a node keeps them. */
export const DIRECTIONAL_FLAGS = [
  RESTRICTION_FLAGS.address,
  RESTRICTION_FLAGS.mosaicId,
  RESTRICTION_FLAGS.address | RESTRICTION_FLAGS.outgoing,
  RESTRICTION_FLAGS.transactionType | RESTRICTION_FLAGS.outgoing,
] as const;

/** The account restriction cache, by address (48 hex); an account whose restrictions are all empty has no entry. */
export const ACCOUNT_RESTRICTIONS = cacheDescriptor<AccountRestrictionsEntry>('accountRestrictions');

/** An account without restrictions: every one empty, and so blocking. */
export function emptyRestrictions(address: string): AccountRestrictionsEntry {
  return { address, restrictions: DIRECTIONAL_FLAGS.map((flags) => ({ flags: flags | RESTRICTION_FLAGS.block, values: [] })) };
}

/** Flags without the block flag. */
export function directionalFlags(flags: number): number {
  return flags & ~RESTRICTION_FLAGS.block;
}

/** The restriction of `entry` with these directional flags. */
export function restrictionOf(entry: AccountRestrictionsEntry, flags: number): AccountRestriction | undefined {
  const directional = directionalFlags(flags);
  return entry.restrictions.find((restriction) => directionalFlags(restriction.flags) === directional);
}

/** Whether a restriction lets `key` through: it is empty, allows the value, or does not block it. */
export function isAllowed(restriction: AccountRestriction | undefined, key: string): boolean {
  if (!restriction || restriction.values.length === 0) return true;
  const blocks = (restriction.flags & RESTRICTION_FLAGS.block) !== 0;
  return blocks !== restriction.values.includes(key);
}

/** A resolved value's bytes as a node stores them (mosaic ids and transaction types little-endian), as uppercase hex. */
export function valueKey(kind: RestrictionKind, value: RestrictionValue): string {
  if (kind === 'transactionType') {
    const type = value as number;
    return hexByte(type & 0xff) + hexByte(type >> 8);
  }
  const hex = (value as string).toUpperCase();
  return kind === 'mosaicId' ? (hex.match(/../g) ?? []).reverse().join('') : hex;
}

/** A value resolved (aliases to what they stand for), as the node stores it. */
export function resolvedKey(kind: RestrictionKind, value: RestrictionValue, context: ValidationContext): string {
  if (kind === 'address') return valueKey(kind, context.resolveAddress(value as string));
  if (kind === 'mosaicId') return valueKey(kind, context.resolveMosaicId(value as string));
  return valueKey(kind, value);
}

/** A stored value as routes show it: an address (48 hex), a mosaic id (16 hex) or a transaction type. */
export function valueOfKey(kind: RestrictionKind, key: string): string | number {
  if (kind === 'address') return key;
  const bigEndian = (key.match(/../g) ?? []).reverse().join('');
  return kind === 'mosaicId' ? bigEndian : parseInt(bigEndian, 16);
}

/** What a restriction holds, from its flags. */
export function kindOfFlags(flags: number): RestrictionKind | undefined {
  switch (flags & ~(RESTRICTION_FLAGS.outgoing | RESTRICTION_FLAGS.block)) {
    case RESTRICTION_FLAGS.address:
      return 'address';
    case RESTRICTION_FLAGS.mosaicId:
      return 'mosaicId';
    case RESTRICTION_FLAGS.transactionType:
      return 'transactionType';
    default:
      return undefined;
  }
}

function hexByte(byte: number): string {
  return byte.toString(16).toUpperCase().padStart(2, '0');
}

/** Modification actions. */
export const MODIFICATION_ACTION = { delete: 0, add: 1 } as const;

/** A restriction transaction's flags and counts (for the stateless validators). */
export const ACCOUNT_RESTRICTION_MODIFICATION = notificationType<{ kind: RestrictionKind; restrictionFlags: number; additionsCount: number; deletionsCount: number }>(
  'accountRestrictionModification',
);
/** A restriction transaction's values as given, for the account that signs it. */
export const ACCOUNT_RESTRICTION_MODIFICATIONS = notificationType<{
  kind: RestrictionKind;
  /** The signer (48 hex). */
  address: string;
  restrictionFlags: number;
  additions: readonly RestrictionValue[];
  deletions: readonly RestrictionValue[];
}>('accountRestrictionModifications');
/** One value added to or deleted from the signer's restriction (additions first, then deletions). */
export const ACCOUNT_RESTRICTION_VALUE = notificationType<{
  kind: RestrictionKind;
  /** The signer (48 hex). */
  address: string;
  restrictionFlags: number;
  value: RestrictionValue;
  action: number;
}>('accountRestrictionValue');
