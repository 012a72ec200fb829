import type { AccountKey } from '../backend/core.js';
import { InvalidArgumentError, clip } from '../errors.js';
import { parseAddress } from '../http/address.js';
import { requireJsonObject } from '../http/body.js';
import { parseHex, upperHex } from '../http/query.js';

/** Most ids, hashes or addresses one POST may ask for. */
export const MAX_KEYS_PER_REQUEST = 100;

/**
 * A list a POST body carries: `body[name]` must be an array of at most 100 strings, each
 * parsed by `parse` (which throws 409 naming the parameter).
 *
 * @example
 * bodyList(ctx.body, 'mosaicIds', (text) => parseId('mosaicIds', text)); // ['72C0212E67A08BCE']
 */
export function bodyList<T>(body: unknown, name: string, parse: (text: string) => T): T[] {
  const list = requireJsonObject(body)[name];
  return parseList(list, name, parse);
}

/** An array of at most 100 strings, each parsed by `parse`. */
export function parseList<T>(list: unknown, name: string, parse: (text: string) => T): T[] {
  if (!Array.isArray(list) || list.some((item) => typeof item !== 'string')) throw new InvalidArgumentError(`${name} must be an array of strings`);
  if (list.length > MAX_KEYS_PER_REQUEST) throw new InvalidArgumentError(`at most ${MAX_KEYS_PER_REQUEST} ${name} per request`);
  return (list as string[]).map(parse);
}

/** A mosaic or namespace id: 16 hex, returned uppercase. */
export function parseId(name: string, text: string): string {
  return parseHex(name, text, 8);
}

/** A small number that must be one of `allowed` (an enum such as a registration or alias type). */
export function parseEnum(name: string, text: string, allowed: readonly number[]): number {
  const value = /^[0-9]{1,3}$/.test(text) ? Number(text) : NaN;
  if (!allowed.includes(value)) throw new InvalidArgumentError(`${name} must be one of ${allowed.join(', ')}, not '${clip(text)}'`);
  return value;
}

/** Removes repeats (items with the same key), keeping the first of each. */
export function unique<T>(list: readonly T[], keyOf: (item: T) => unknown = (item) => item): T[] {
  const seen = new Set<unknown>();
  return list.filter((item) => {
    const key = keyOf(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A decimal number from 0 to 65535 (a transaction or receipt type). */
export function parseUint16(name: string, text: string): number {
  const value = /^[0-9]{1,5}$/.test(text) ? Number(text) : NaN;
  if (!(value >= 0 && value <= 0xffff)) throw new InvalidArgumentError(`${name} has an invalid format: '${clip(text)}'`);
  return value;
}

/** An account named by its 64-hex public key or its 39-character address (of the chain's `network`, when given). */
export function parseAccountKey(name: string, text: string, network?: number): AccountKey {
  const publicKey = upperHex(text, 64);
  if (publicKey !== undefined) return { publicKey };
  if (text.length === 39) return { address: parseAddress(name, text, network) };
  throw new InvalidArgumentError(`${name} has an invalid format: '${clip(text)}' is neither a public key nor an address`);
}
