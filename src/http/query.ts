import { InvalidArgumentError, clip } from '../errors.js';

/** Query parameters as the gateway receives them. */
export type QueryInput = URLSearchParams;

/**
 * Parses a query string (the part after '?') into parameters, or throws 409 when it holds
 * more than `max` of them. Counted before parsing, as `URLSearchParams` would: empty
 * `&`-separated pieces are not parameters.
 *
 * @example
 * parseQuery('pageSize=20&order=asc', 64).get('order'); // 'asc'
 */
export function parseQuery(search: string, max: number): QueryInput {
  let count = 0;
  for (let start = 0; start <= search.length; ) {
    let end = search.indexOf('&', start);
    if (end === -1) end = search.length;
    if (end > start && ++count > max) throw new InvalidArgumentError(`too many query parameters: at most ${max} are allowed`);
    start = end + 1;
  }
  return new URLSearchParams(search);
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
  if (DECIMAL.test(text)) {
    const value = BigInt(text);
    if (value <= UINT64_MAX) return value;
  }
  throw new InvalidArgumentError(`${name} has an invalid format: '${clip(text)}' is not an unsigned 64-bit integer`);
}

/** Parses hex of an exact byte length into its uppercase form, or throws 409. */
export function parseHex(name: string, text: string, bytes: number): string {
  const upper = upperHex(text, bytes * 2);
  if (upper === undefined) throw new InvalidArgumentError(`${name} has an invalid format: expected ${bytes * 2} hex characters`);
  return upper;
}

/**
 * `text` in upper case when it is `length` hex characters (`text` itself when it has no lower
 * case letter), else undefined. A loop over the characters: the routes a wallet polls check
 * a hash or a key on every request, and a regular expression and `toUpperCase` cost more.
 */
export function upperHex(text: string, length: number): string | undefined {
  if (text.length !== length) return undefined;
  let lower = false;
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i);
    if ((code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x46)) continue;
    if (code >= 0x61 && code <= 0x66) lower = true;
    else return undefined;
  }
  return lower ? text.toUpperCase() : text;
}
