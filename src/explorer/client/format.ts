import { sha3_256 } from '@noble/hashes/sha3.js';

/*
 * Symbol's encodings as the explorer shows them: addresses, namespace ids, amounts.
 * Plain functions of their arguments, no DOM: the tests run them in Node against symbol-sdk.
 */

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

// The bytes of a hex string (an odd last digit is dropped).
function hexBytes(hex: string): number[] {
  return (hex.match(/../g) ?? []).map((pair) => parseInt(pair, 16));
}

/** A 48-hex address as its 39-character base32 form. */
export function base32(hex: string): string {
  let out = '';
  let bits = 0;
  let value = 0;
  // A zero byte after the 24 makes the 39th character from the last bit.
  for (const byte of [...hexBytes(hex), 0]) {
    value = ((value << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) out += BASE32[(value >> (bits -= 5)) & 31];
  }
  return out.slice(0, 39);
}

/** Symbol's namespace id of 'a.b.c' (16 hex): each part hashed after its parent's id, the high bit set. */
export function namespaceId(name: string): string {
  let id = 0n;
  for (const part of name.split('.')) {
    const text = new TextEncoder().encode(part);
    const bytes = new Uint8Array(8 + text.length);
    new DataView(bytes.buffer).setBigUint64(0, id, true);
    bytes.set(text, 8);
    const hash = sha3_256(bytes);
    // The first 8 bytes of SHA3-256, little-endian.
    id = new DataView(hash.buffer, hash.byteOffset, 8).getBigUint64(0, true) | (1n << 63n);
  }
  return id.toString(16).toUpperCase().padStart(16, '0');
}

/** An amount of atomic units (a uint64 string) in whole units: 1234567 at divisibility 6 is '1.234567'. */
export function formatAmount(amount: string, divisibility: number): string {
  const value = BigInt(amount);
  if (!divisibility) return value.toLocaleString('en-US');
  const unit = 10n ** BigInt(divisibility);
  const fraction = (value % unit).toString().padStart(divisibility, '0').replace(/0+$/, '');
  return (value / unit).toLocaleString('en-US') + (fraction ? '.' + fraction : '');
}

/** A long hex value cut to its ends: 'ABCDEF0123…456789'. */
export function short(hex: string): string {
  return hex.slice(0, 10) + '…' + hex.slice(-6);
}

/** A transfer's message as text when it is a plain one (type byte 00); undefined otherwise. */
export function plainMessage(hex: string | undefined): string | undefined {
  return hex && hex.startsWith('00') ? new TextDecoder().decode(Uint8Array.from(hexBytes(hex.slice(2)))) : undefined;
}
