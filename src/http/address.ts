import { Hash256 } from 'symbol-sdk';
import { Address, Network } from 'symbol-sdk/symbol';
import { InvalidArgumentError } from '../errors.js';

const BASE32 = /^[A-Z2-7]{39}$/;
const ZERO_SEED = new Hash256(new Uint8Array(32));
const checkers = new Map<number, Network>();

/**
 * Parses a 39-character base32 address (T... testnet, N... mainnet, or any network
 * byte) and returns its 48-character uppercase hex form, or throws 409.
 */
export function parseAddress(name: string, text: string): string {
  if (BASE32.test(text)) {
    const address = new Address(text);
    if (checkerFor(address.bytes[0]).isValidAddress(address)) return Buffer.from(address.bytes).toString('hex').toUpperCase();
  }
  throw new InvalidArgumentError(`${name} has an invalid format: expected a 39-character base32 address`);
}

// The checksum rule is the same on every network; only the identifier byte differs.
function checkerFor(identifier: number): Network {
  let network = checkers.get(identifier);
  if (!network) {
    network = new Network(`network-${identifier}`, identifier, new Date(0), ZERO_SEED);
    checkers.set(identifier, network);
  }
  return network;
}
