import { createHash } from 'node:crypto';
import { notificationType } from '../../memory/execution/notification.js';
import { cacheDescriptor } from '../../memory/state/cache.js';

/** How a global rule compares an account's value (catapult's MosaicRestrictionType). */
export const RESTRICTION_TYPE = { none: 0, eq: 1, ne: 2, lt: 3, le: 4, gt: 5, ge: 6 } as const;

/** An entry's kind, as the routes filter and render it (catapult's MosaicRestrictionEntry::EntryType). */
export const ENTRY_TYPE = { address: 0, global: 1 } as const;

/** An address restriction's "no value": setting it removes the key, and a missing key reads as it. */
export const UNSET_VALUE = 0xffff_ffff_ffff_ffffn;

/** The mosaic id of a global rule that reads its own mosaic's address restrictions. */
export const NO_MOSAIC = '0000000000000000';

/** One rule of a global restriction. */
export interface GlobalRule {
  /** 16 hex (resolved); `NO_MOSAIC` for the restricted mosaic itself. */
  readonly referenceMosaicId: string;
  readonly value: bigint;
  /** One of `RESTRICTION_TYPE`, never `none` (a rule of type none is removed). */
  readonly type: number;
}

/** A mosaic's global restriction: rules by restriction key. Immutable. */
export interface MosaicGlobalRestrictionEntry {
  readonly entryType: typeof ENTRY_TYPE.global;
  /** 64 hex: the cache key. */
  readonly compositeHash: string;
  /** 16 hex. */
  readonly mosaicId: string;
  readonly rules: ReadonlyMap<bigint, GlobalRule>;
}

/** A mosaic's values for one address: values by restriction key. Immutable. */
export interface MosaicAddressRestrictionEntry {
  readonly entryType: typeof ENTRY_TYPE.address;
  /** 64 hex: the cache key. */
  readonly compositeHash: string;
  /** 16 hex. */
  readonly mosaicId: string;
  /** 48 hex. */
  readonly targetAddress: string;
  readonly values: ReadonlyMap<bigint, bigint>;
}

export type MosaicRestrictionEntry = MosaicGlobalRestrictionEntry | MosaicAddressRestrictionEntry;

/** The mosaic restriction cache, by composite hash (64 hex). */
export const MOSAIC_RESTRICTIONS = cacheDescriptor<MosaicRestrictionEntry>('mosaicRestrictions');

const ZERO_ADDRESS = Buffer.alloc(24);
const globalKeys = new Map<string, string>();

/**
 * An entry's key as catapult makes it (CreateMosaicRestrictionEntryKey): SHA3-256 of the
 * mosaic id (8 bytes, little endian) and the address (24 bytes; zeros for a global restriction).
 *
 * @param mosaicId 16 hex
 * @param address 48 hex; none for a mosaic's global restriction
 */
export function compositeHash(mosaicId: string, address?: string): string {
  if (address === undefined) {
    // Every balance transfer looks up its mosaic's global restriction: its key is remembered.
    const known = globalKeys.get(mosaicId);
    if (known !== undefined) return known;
  }
  const id = Buffer.alloc(8);
  id.writeBigUInt64LE(BigInt(`0x${mosaicId}`));
  const hash = createHash('sha3-256').update(id).update(address === undefined ? ZERO_ADDRESS : Buffer.from(address, 'hex')).digest('hex').toUpperCase();
  if (address === undefined) {
    if (globalKeys.size >= 10_000) globalKeys.clear();
    globalKeys.set(mosaicId, hash);
  }
  return hash;
}

/**
 * Whether an account's value passes a rule (catapult's EvaluateMosaicRestriction): an account
 * without a value passes only a rule of type NE.
 */
export function passes(rule: { readonly value: bigint; readonly type: number }, value: bigint): boolean {
  if (value === UNSET_VALUE) return rule.type === RESTRICTION_TYPE.ne;
  switch (rule.type) {
    case RESTRICTION_TYPE.eq:
      return value === rule.value;
    case RESTRICTION_TYPE.ne:
      return value !== rule.value;
    case RESTRICTION_TYPE.lt:
      return value < rule.value;
    case RESTRICTION_TYPE.le:
      return value <= rule.value;
    case RESTRICTION_TYPE.gt:
      return value > rule.value;
    case RESTRICTION_TYPE.ge:
      return value >= rule.value;
    default:
      return false;
  }
}

/** A global restriction's new rule type, checked without state. */
export const MOSAIC_RESTRICTION_TYPE = notificationType<{ type: number }>('mosaicRestrictionType');

/** A rule the transaction relies on: the mosaic's global restriction must have the key. */
export const MOSAIC_RESTRICTION_REQUIRED = notificationType<{ unresolvedMosaicId: string; key: bigint }>('mosaicRestrictionRequired');

/** A global rule's value and type, before or after the change (the reference mosaic as the transaction names it). */
export interface GlobalModification {
  readonly unresolvedMosaicId: string;
  readonly unresolvedReferenceMosaicId: string;
  readonly key: bigint;
  readonly value: bigint;
  readonly type: number;
}

/** An address's value for a key, before or after the change. */
export interface AddressModification {
  readonly unresolvedMosaicId: string;
  readonly key: bigint;
  readonly unresolvedTargetAddress: string;
  readonly value: bigint;
}

/** What the transaction says a global rule is now. */
export const GLOBAL_RESTRICTION_PREVIOUS = notificationType<GlobalModification>('mosaicGlobalRestrictionPrevious');
/** What a global rule becomes (type none: it is removed). */
export const GLOBAL_RESTRICTION_NEW = notificationType<GlobalModification>('mosaicGlobalRestrictionNew');
/** What the transaction says an address's value is now. */
export const ADDRESS_RESTRICTION_PREVIOUS = notificationType<AddressModification>('mosaicAddressRestrictionPrevious');
/** What an address's value becomes (`UNSET_VALUE`: it is removed). */
export const ADDRESS_RESTRICTION_NEW = notificationType<AddressModification>('mosaicAddressRestrictionNew');
