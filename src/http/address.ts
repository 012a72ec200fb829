import { Address } from 'symbol-sdk/symbol';
import { hasValidChecksum } from '../address.js';
import { InvalidArgumentError } from '../errors.js';

const BASE32 = /^[A-Z2-7]{39}$/;

/**
 * Parses a 39-character base32 address (T... testnet, N... mainnet, or any network
 * byte) and returns its 48-character uppercase hex form, or throws 409.
 */
export function parseAddress(name: string, text: string): string {
  if (BASE32.test(text)) {
    const { bytes } = new Address(text);
    if (hasValidChecksum(bytes)) return Buffer.from(bytes).toString('hex').toUpperCase();
  }
  throw new InvalidArgumentError(`${name} has an invalid format: expected a 39-character base32 address`);
}
