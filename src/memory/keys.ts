import { createHash } from 'node:crypto';
import { PrivateKey } from 'symbol-sdk';
import { KeyPair } from 'symbol-sdk/symbol';

/** SHA3-256 of the given parts (strings as UTF-8). */
export function sha3(...parts: (string | Uint8Array)[]): Uint8Array<ArrayBuffer> {
  const hash = createHash('sha3-256');
  for (const part of parts) hash.update(part);
  return new Uint8Array(hash.digest());
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
