/** A mosaic or namespace id (a bigint or the SDK's number-like value) as 16 uppercase hex, as the gateway writes ids. */
export function idHex(value: bigint | number): string {
  return BigInt(value).toString(16).toUpperCase().padStart(16, '0');
}

/** 16 hex back to the id's value. */
export function idValue(hex: string): bigint {
  return BigInt(`0x${hex}`);
}

/** The most a uint64 holds: catapult's "eternal" end height. */
export const UINT64_MAX = 0xffff_ffff_ffff_ffffn;
