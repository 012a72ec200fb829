import { InvalidArgumentError, clip } from '../errors.js';

/** Query parameters as the gateway receives them. */
export type QueryInput = URLSearchParams;

/**
 * Throws 409 when a query string (the part after '?') holds more than `max` parameters,
 * counted as `URLSearchParams` would: empty `&`-separated pieces are not parameters. The
 * gateway checks this before any handler runs; a handler's `ctx.query` is parsed only when read.
 *
 * @example
 * checkQueryParameters('pageSize=20&order=asc', 64); // fine
 * checkQueryParameters('a=1&b=2&c=3', 2); // throws InvalidArgumentError
 */
export function checkQueryParameters(search: string, max: number): void {
  let count = 0;
  for (let start = 0; start <= search.length; ) {
    let end = search.indexOf('&', start);
    if (end === -1) end = search.length;
    if (end > start && ++count > max) throw new InvalidArgumentError(`too many query parameters: at most ${max} are allowed`);
    start = end + 1;
  }
}

/** The value of a parameter that may appear at most once. */
export function singleParam(query: QueryInput, name: string): string | undefined {
  const values = query.getAll(name);
  if (values.length > 1) throw new InvalidArgumentError(`${name} must be given at most once`);
  return values[0];
}

const UINT64_MAX = 0xffff_ffff_ffff_ffffn;
const DECIMAL = /^(0|[1-9][0-9]{0,19})$/;

/** Parses a decimal uint64 (`'123'`) or throws 409 naming the parameter. */
export function parseUint64(name: string, text: string): bigint {
  // Heights and amounts are short: read up to 15 digits (exact in a double) by hand, as a string-to-BigInt parse costs twice as much.
  const small = smallDecimal(text);
  if (small !== -1) return BigInt(small);
  if (DECIMAL.test(text)) {
    const value = BigInt(text);
    if (value <= UINT64_MAX) return value;
  }
  throw new InvalidArgumentError(`${name} has an invalid format: '${clip(text)}' is not an unsigned 64-bit integer`);
}

/** The value of 1 to 15 decimal digits with no leading zero (or `'0'`); -1 for anything else. */
function smallDecimal(text: string): number {
  const length = text.length;
  if (length === 0 || length > 15 || (length > 1 && text.charCodeAt(0) === 0x30)) return -1;
  let value = 0;
  for (let i = 0; i < length; i++) {
    const digit = text.charCodeAt(i) - 0x30;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/** Parses hex of an exact byte length into its uppercase form, or throws 409. */
export function parseHex(name: string, text: string, bytes: number): string {
  const upper = upperHex(text, bytes * 2);
  if (upper === undefined) throw new InvalidArgumentError(`${name} has an invalid format: expected ${bytes * 2} hex characters`);
  return upper;
}

/**
 * `text` in upper case when it is `length` hex characters (`text` itself when it has no lower
 * case letter), else undefined. The routes a wallet polls check a hash or a key on every
 * request: V8's compiled regular expression reads the usual upper-case hex about twice as fast
 * as a loop over the characters, and only other text is looked at again.
 */
export function upperHex(text: string, length: number): string | undefined {
  if (text.length !== length) return undefined;
  if (UPPER_HEX.test(text)) return text;
  return ANY_HEX.test(text) ? text.toUpperCase() : undefined;
}

const UPPER_HEX = /^[0-9A-F]*$/;
const ANY_HEX = /^[0-9A-Fa-f]*$/;
