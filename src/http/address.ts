import { Address } from 'symbol-sdk/symbol';
import { hasValidChecksum } from '../address.js';
import { InvalidArgumentError } from '../errors.js';

const BASE32 = /^[A-Z2-7]{39}$/;

/**
 * Parses a 39-character base32 address (T... testnet, N... mainnet, or any network
 * byte) and returns its 48-character uppercase hex form, or throws 409.
 */
export function parseAddress(name: string, text: string): string {
  const known = parsed.get(text);
  if (known !== undefined) return known;
  if (BASE32.test(text)) {
    const { bytes } = new Address(text);
    if (hasValidChecksum(bytes)) return remember(text, Buffer.from(bytes).toString('hex').toUpperCase());
  }
  throw new InvalidArgumentError(`${name} has an invalid format: expected a 39-character base32 address`);
}

/**
 * Addresses parsed lately (valid ones only), so the routes a wallet polls skip the base32
 * decoding and the checksum's SHA3 on every request. Emptied when full: many distinct
 * addresses cost what they cost without it.
 */
const parsed = new Map<string, string>();
const PARSED_MAX = 10_000;

function remember(text: string, hex: string): string {
  if (parsed.size >= PARSED_MAX) parsed.clear();
  parsed.set(text, hex);
  return hex;
}
