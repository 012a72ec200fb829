/** The helpers' arguments, checked before a request is spent on them (a TypeError names the bad one). */
import { Address } from 'symbol-sdk/symbol';

/** A height, count or epoch as a decimal string; `min` is its least value. */
export function decimalParam(name: string, value: bigint | number | string, min = 1n): string {
  const valid = typeof value === 'bigint' || (typeof value === 'number' && Number.isSafeInteger(value)) || (typeof value === 'string' && /^[0-9]{1,20}$/.test(value));
  if (!valid || BigInt(value) < min || BigInt(value) >= 2n ** 64n) throw new TypeError(`${name} must be a whole number from ${min}, not ${String(value)}`);
  return BigInt(value).toString();
}

/** A mosaic or namespace id: 16 hex, returned uppercase. */
export function idParam(name: string, value: string): string {
  if (typeof value !== 'string' || !/^[0-9a-fA-F]{16}$/.test(value)) throw new TypeError(`${name} must hold ids of 16 hex, not ${JSON.stringify(value)}`);
  return value.toUpperCase();
}

/** An entry's id (what `offset` takes): 24 hex. */
export function entryIdParam(name: string, value: string): string {
  if (typeof value !== 'string' || !/^[0-9a-fA-F]{24}$/.test(value)) throw new TypeError(`${name} must be an entry id of 24 hex, not ${JSON.stringify(value)}`);
  return value;
}

/**
 * An address in the 39-character base32 form the routes take, from that form or from the
 * 48-hex form the answers carry.
 *
 * @example
 * addressParam('98E521BD0F024F58E670A023BF3A14F3BECAF0280396BED0'); // 'TDSSDPIPAJHVRZTQUAR36OQU6O7MV4BIAOLL5UA'
 */
export function addressParam(value: string): string {
  if (typeof value === 'string' && /^[A-Z2-7]{39}$/.test(value)) return value;
  if (typeof value === 'string' && /^[0-9a-fA-F]{48}$/.test(value)) return new Address(Buffer.from(value, 'hex')).toString();
  throw new TypeError(`addresses must be 39 base32 characters or 48 hex, not ${JSON.stringify(value)}`);
}

/** `items` in runs of at most `size`. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));
}
