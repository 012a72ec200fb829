import { hash } from 'node:crypto';
import { PrivateKey } from 'symbol-sdk';
import { KeyPair } from 'symbol-sdk/symbol';

/**
 * SHA3-256 of the given parts (strings as UTF-8), in an array of its own (not a slice of a
 * shared pool, so keeping a hash keeps 32 bytes). The parts are joined and hashed in one call:
 * node's one-shot hash costs about half of a Hash object's, which counts in the state trees.
 */
export function sha3(...parts: (string | Uint8Array)[]): Uint8Array<ArrayBuffer> {
  const data = parts.length === 1 && typeof parts[0] !== 'string' ? parts[0] : Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : part)));
  return new Uint8Array(hash('sha3-256', data, 'buffer'));
}

/** A key pair that depends only on the chain seed and a label: same seed, same keys. */
export function deriveKeyPair(seed: string, label: string): KeyPair {
  return new KeyPair(new PrivateKey(sha3('symbol-gateway key', seed, label)));
}

export function toHex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex').toUpperCase();
}

export function fromHex(hex: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(hex, 'hex'));
}
