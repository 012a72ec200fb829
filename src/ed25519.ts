import { createHash, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { PublicKey, Signature } from 'symbol-sdk';
import { Verifier, type KeyPair } from 'symbol-sdk/symbol';

/*
 * Ed25519 signature checks as a Symbol node makes them, on node's own Ed25519 (OpenSSL),
 * several times faster than a JavaScript or WebAssembly one. A node accepts a signature only
 * when its S part is reduced and not zero, the public key is not zero and lies in the
 * curve's prime-order subgroup, and the (cofactorless) equation holds; OpenSSL checks the
 * equation and S < L, so the other conditions are checked here, the subgroup once per key.
 */

const P = 2n ** 255n - 19n;
/** The order of the prime-order subgroup. */
const L = 2n ** 252n + 27742317777372353535851937790883648493n;
const L_BYTES = toLittleEndian(L);
const D = mod(-121665n * inverse(121666n));
const SQRT_MINUS_ONE = power(2n, (P - 1n) / 4n);
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
/** Keys remembered at most; past it the cache starts again (each key costs one subgroup check). */
const MAX_KEYS = 10_000;

/** Per public key (hex): node's key object; `false` for a key a node refuses; `'sdk'` for one only symbol-sdk can take. */
const keys = new Map<string, KeyObject | false | 'sdk'>();

/** Whether `signature` is `publicKey`'s signature of `message`, as a Symbol node checks it. */
export function verifyEd25519(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean {
  if (publicKey.length !== 32 || signature.length !== 64 || !isCanonicalNonZeroS(signature.subarray(32))) return false;
  const key = keyOf(publicKey);
  if (key === false) return false;
  if (key === 'sdk') return new Verifier(new PublicKey(publicKey)).verify(message, new Signature(signature));
  return verify(null, message, key, signature);
}

/**
 * `keyPair`'s signature of `message` (64 bytes): what symbol-sdk's `KeyPair.sign` gives (Symbol
 * signs with plain Ed25519, which is deterministic), made by node's own Ed25519 in a fraction
 * of the WebAssembly one's time. Each key pair's key object is made once.
 */
export function signEd25519(keyPair: KeyPair, message: Uint8Array): Uint8Array<ArrayBuffer> {
  let key = privateKeys.get(keyPair);
  if (key === undefined) {
    key = createPrivateKey({ key: Buffer.concat([PKCS8_PREFIX, keyPair.privateKey.bytes]), format: 'der', type: 'pkcs8' });
    privateKeys.set(keyPair, key);
  }
  return sign(null, message, key) as Uint8Array<ArrayBuffer>;
}

const privateKeys = new WeakMap<KeyPair, KeyObject>();

function keyOf(publicKey: Uint8Array): KeyObject | false | 'sdk' {
  const hex = Buffer.from(publicKey.buffer, publicKey.byteOffset, publicKey.byteLength).toString('hex');
  let key = keys.get(hex);
  if (key === undefined) {
    const point = decodePoint(publicKey);
    if (point === undefined || publicKey.every((byte) => byte === 0) || !isInPrimeSubgroup(point)) key = false;
    // OpenSSL refuses a y coordinate written as y + p, which a node reads modulo p.
    else if (point.nonCanonical) key = 'sdk';
    else key = createPublicKey({ key: Buffer.concat([SPKI_PREFIX, publicKey]), format: 'der', type: 'spki' });
    if (keys.size >= MAX_KEYS) keys.clear();
    keys.set(hex, key);
  }
  return key;
}

/** S (little-endian) is neither zero nor at least L. */
function isCanonicalNonZeroS(s: Uint8Array): boolean {
  if (s.every((byte) => byte === 0)) return false;
  for (let i = 31; i >= 0; i--) {
    if (s[i] !== L_BYTES[i]) return s[i] < L_BYTES[i];
  }
  return false; // S = L
}

// Points in extended coordinates (X : Y : Z : T), x = X/Z, y = Y/Z, xy = T/Z, on -x² + y² = 1 + d·x²·y².
type Point = readonly [bigint, bigint, bigint, bigint];

function decodePoint(bytes: Uint8Array): { point: Point; nonCanonical: boolean } | undefined {
  let y = 0n;
  for (let i = 31; i >= 0; i--) y = (y << 8n) | BigInt(i === 31 ? bytes[i] & 0x7f : bytes[i]);
  const sign = bytes[31] >> 7;
  const nonCanonical = y >= P;
  y = mod(y);
  const y2 = mod(y * y);
  const u = mod(y2 - 1n);
  const v = mod(D * y2 + 1n);
  // x = sqrt(u / v) = u·v³·(u·v⁷)^((p − 5) / 8), times sqrt(−1) when that squares to −u/v.
  const v3 = mod(v * v * v);
  let x = mod(u * v3 * power(mod(u * v3 * v3 * v), (P - 5n) / 8n));
  const vx2 = mod(v * x * x);
  if (vx2 === mod(-u)) x = mod(x * SQRT_MINUS_ONE);
  else if (vx2 !== u) return undefined;
  if (Number(x & 1n) !== sign) x = mod(-x);
  return { point: [x, y, 1n, mod(x * y)], nonCanonical };
}

/** [L]A is the neutral element. */
function isInPrimeSubgroup({ point }: { point: Point }): boolean {
  let result: Point = [0n, 1n, 1n, 0n];
  for (let bit = BigInt(L.toString(2).length - 1); bit >= 0n; bit--) {
    result = add(result, result);
    if ((L >> bit) & 1n) result = add(result, point);
  }
  const [x, y, z] = result;
  return x === 0n && y === z;
}

// Unified addition in extended coordinates for a = −1 (also doubles).
function add([x1, y1, z1, t1]: Point, [x2, y2, z2, t2]: Point): Point {
  const a = mod((y1 - x1) * (y2 - x2));
  const b = mod((y1 + x1) * (y2 + x2));
  const c = mod(2n * D * t1 * t2);
  const d = mod(2n * z1 * z2);
  const e = b - a;
  const f = d - c;
  const g = d + c;
  const h = b + a;
  return [mod(e * f), mod(g * h), mod(f * g), mod(e * h)];
}

function mod(value: bigint): bigint {
  const result = value % P;
  return result < 0n ? result + P : result;
}

function power(base: bigint, exponent: bigint): bigint {
  let result = 1n;
  let b = mod(base);
  for (let e = exponent; e > 0n; e >>= 1n) {
    if (e & 1n) result = mod(result * b);
    b = mod(b * b);
  }
  return result;
}

function inverse(value: bigint): bigint {
  return power(value, P - 2n);
}

function toLittleEndian(value: bigint): Uint8Array {
  const bytes = new Uint8Array(32);
  for (let i = 0, v = value; i < 32; i++, v >>= 8n) bytes[i] = Number(v & 0xffn);
  return bytes;
}

/**
 * The hash a VRF proof's gamma makes (catapult's `GenerateVrfProofHash`): SHA-512 of the suite
 * byte 3, the action byte 3 and 8·gamma; a block's generation hash is its first 32 bytes.
 * A gamma that is no point hashes the zero key, as catapult's does.
 */
export function vrfProofHash(gamma: Uint8Array): Uint8Array {
  const decoded = decodePoint(gamma);
  let eight = new Uint8Array(32);
  if (decoded) {
    let point = decoded.point;
    for (let i = 0; i < 3; i++) point = add(point, point);
    eight = encodePoint(point);
  }
  return createHash('sha512').update(Uint8Array.of(3, 3)).update(eight).digest();
}

function encodePoint([x, y, z]: Point): Uint8Array<ArrayBuffer> {
  const zInverse = inverse(z);
  const affineX = mod(x * zInverse);
  const bytes = toLittleEndian(mod(y * zInverse)) as Uint8Array<ArrayBuffer>;
  bytes[31] |= Number(affineX & 1n) << 7;
  return bytes;
}
