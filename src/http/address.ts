import { Address } from 'symbol-sdk/symbol';
import { hasValidChecksum } from '../address.js';
import { InvalidArgumentError } from '../errors.js';
import { networkNamed } from '../network.js';

const BASE32 = /^[A-Z2-7]{39}$/;

/**
 * Parses a 39-character base32 address (T... testnet, N... mainnet, or any network
 * byte) and returns its 48-character uppercase hex form, or throws 409: one message for what is
 * no address, another for a checksum that does not match (a character mistyped). With `network`
 * (the chain's network byte), an address of another network is refused too, naming both.
 */
export function parseAddress(name: string, text: string, network?: number): string {
  const hex = parsed.get(text) ?? checked(name, text);
  const byte = Number.parseInt(hex.slice(0, 2), 16);
  if (network !== undefined && byte !== network) {
    throw new InvalidArgumentError(`${name} ${text} is an address of ${describeNetwork(byte)}, but this chain is ${describeNetwork(network)}`);
  }
  return hex;
}

function checked(name: string, text: string): string {
  if (!BASE32.test(text)) throw new InvalidArgumentError(`${name} has an invalid format: expected a 39-character base32 address`);
  const { bytes } = new Address(text);
  if (!hasValidChecksum(bytes)) throw new InvalidArgumentError(`${name} ${text} has a wrong checksum: a character is mistyped`);
  return remember(text, Buffer.from(bytes).toString('hex').toUpperCase());
}

function describeNetwork(byte: number): string {
  return networkNamed(byte) ?? `network ${byte}`;
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
