import { createHash } from 'node:crypto';

/**
 * Whether 24 address bytes end in their checksum: the first 3 bytes of the SHA3-256 of the
 * first 21 (network byte and key hash), as every Symbol network checks it. Node's SHA3, as
 * the checks run for every address a request or a transaction names.
 */
export function hasValidChecksum(bytes: Uint8Array): boolean {
  if (bytes.length !== 24) return false;
  const checksum = createHash('sha3-256').update(bytes.subarray(0, 21)).digest();
  return checksum[0] === bytes[21] && checksum[1] === bytes[22] && checksum[2] === bytes[23];
}

/** Whether 48 hex can name an account (not an alias, nor bytes that are no address): an address an upstream is asked for. */
export function isAccountAddress(hex: string): boolean {
  const bytes = Buffer.from(hex, 'hex');
  return bytes.length === 24 && (bytes[0] & 1) === 0 && hasValidChecksum(bytes);
}
