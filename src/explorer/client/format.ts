import { sha3_256 } from '@noble/hashes/sha3.js';

/*
 * Symbol's encodings as the explorer shows them: addresses, namespace ids, amounts, shares, ages.
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

/** Bytes (hex) as text when they are printable UTF-8 (a metadata value, a message); undefined otherwise. */
export function printableText(hex: string): string | undefined {
  const bytes = Uint8Array.from(hexBytes(hex));
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return /[\u0000-\u0008\u000e-\u001f\u007f]/.test(text) ? undefined : text;
  } catch {
    return undefined;
  }
}

/** Mosaic flags (catapult's MosaicFlags), as the page names them. */
const MOSAIC_FLAGS: readonly [number, string][] = [[1, 'supply mutable'], [2, 'transferable'], [4, 'restrictable'], [8, 'revokable']];

/** The names of the flags set in a mosaic's `flags`: 3 is ['supply mutable', 'transferable']. */
export function mosaicFlagNames(flags: number): string[] {
  return MOSAIC_FLAGS.filter(([bit]) => (flags & bit) !== 0).map(([, name]) => name);
}

/**
 * `part` (a uint64 string) as a percentage of `total`, to 3 significant digits: an account's
 * importance of the chain's total, 1e12 of 7,842,928,625,000,000 is '0.0128 %'. Undefined when the total is not known (0).
 */
export function percentOf(part: string, total: bigint): string | undefined {
  if (total <= 0n) return undefined;
  // The ratio in units of 1e-18 %, exact in BigInt, then a Number for rounding to 3 digits.
  const percent = Number((BigInt(part) * 10n ** 20n) / total) / 1e18;
  return percent.toLocaleString('en-US', { maximumSignificantDigits: 3 }) + ' %';
}

/** How long ago, from milliseconds: '12 s ago', '5 min ago', '3 h ago', '2 d ago'; 'just now' under a second (or ahead of the clock). */
export function ago(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  if (seconds < 1) return 'just now';
  if (seconds < 60) return seconds + ' s ago';
  if (seconds < 3600) return Math.floor(seconds / 60) + ' min ago';
  if (seconds < 86_400) return Math.floor(seconds / 3600) + ' h ago';
  return Math.floor(seconds / 86_400) + ' d ago';
}
