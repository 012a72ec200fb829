/**
 * JSON bodies of responses, with the encoded JSON of frozen objects kept.
 *
 * A backend that returns a frozen object promises it never changes (a harvested block, a
 * confirmed transaction does not), so its JSON is rendered and encoded once and its bytes kept
 * for as long as the object lives (a WeakMap: the object's owner decides how long that is): a
 * response of one such object is those bytes, written as they are. A page envelope or an
 * array holding such objects is copied into one buffer from their kept bytes (a copy, no UTF-8
 * encoding): no JSON text of the whole page is built. Kept bytes are carved out of slabs of
 * 1 MiB (`keptBytes`): a few large long-lived allocations, not thousands of small ones that
 * would pin the allocator's free memory between the large transient ones. Everything else is
 * `JSON.stringify` as usual. The buffer of a page may come from a `BufferPool`, to be given
 * back once the response is written.
 *
 * Freezing is shallow in JavaScript; an object is only worth keeping when it is frozen all
 * the way down (see `deepFreeze`).
 *
 * An object parsed from JSON text that JSON.stringify rendered (a row a store kept, see
 * `storedJson`) is written as that text: parsing it back and rendering it again gives the same
 * characters, so the text is its JSON, with no rendering at all.
 */

import { deepFreeze } from '../deep-freeze.js';
import type { BufferPool } from './buffer-pool.js';

const kept = new WeakMap<object, Buffer>();

/** The JSON texts objects were parsed from (`storedJson`): used once each, so kept as text, never encoded ahead. */
const stored = new WeakMap<object, string>();

/**
 * `text` parsed, frozen all the way down, and known to `jsonBody` by its text: a response of
 * it (or a page holding it) writes `text` as it is, with no JSON.stringify. `text` must be what
 * JSON.stringify gives for the value it parses to (no whitespace, members in the order it
 * writes them, numbers as it writes them): then the answer is the same bytes as if the value
 * were rendered. Frozen, so that what the answer says cannot drift from the object a caller
 * holds: a caller that changes it must copy it (`{ ...value }`), and the copy is rendered.
 *
 * @example storedJson<BlockInfoDTO>(row.json)
 */
export function storedJson<T>(text: string): T {
  const value = JSON.parse(text) as unknown;
  if (typeof value === 'object' && value !== null) {
    deepFreeze(value);
    stored.set(value, text);
  }
  return value as T;
}

/** The slab kept bytes are carved from, and how much of it is used. */
const SLAB_SIZE = 1 << 20;
let slab = Buffer.alloc(0);
let slabUsed = 0;

/** How far into unfrozen containers frozen members are looked for: page envelope → data array → item. */
const NESTING = 2;

/**
 * `JSON.stringify(value)` as a response body: a string, the kept bytes of a frozen object, or,
 * for a container holding frozen objects within two levels, one Buffer made of the pieces and
 * their kept bytes; undefined where JSON.stringify gives undefined.
 *
 * @param pool lends the buffer of a composite body when its size is one the pool serves (see `BufferPool.lent`)
 */
export function jsonBody(value: unknown, pool?: BufferPool): string | Buffer | undefined {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  const bytes = kept.get(value);
  if (bytes !== undefined) return bytes;
  if (isKept(value)) return keptBytes(value);
  if (!holdsFrozen(value, NESTING)) return JSON.stringify(value);
  const pieces: Piece[] = [];
  composite(value, NESTING, pieces);
  return repeatedPage(pieces) ?? textOf(pieces) ?? encode(pieces, pool);
}

/**
 * The pieces as one string when none is kept bytes (a page of stored texts, see `storedJson`):
 * joining strings costs less than encoding each into a buffer, and node writes a string body
 * with its head. Undefined when a piece is bytes.
 */
function textOf(pieces: Piece[]): string | undefined {
  // Looked for before any joining: a page of kept bytes (the in-memory chain's) has one a few pieces in.
  for (const piece of pieces) if (typeof piece === 'object') return undefined;
  let text = '';
  for (const piece of pieces) text += typeof piece === 'number' ? String.fromCharCode(piece) : piece;
  return text;
}

/**
 * Large bodies made of the same pieces as a recent one (the same kept bytes in the same
 * envelope: a page polled again before it changes) are the same bytes: the second time a
 * body is seen its bytes are kept, and later ones are those bytes, with no copy. By their
 * first kept piece. A body seen once costs nothing (its pieces are remembered only while
 * that first piece lives); kept bodies are at most 256 and 16 MiB, the oldest forgotten first.
 */
const seenOnce = new WeakMap<Buffer, Piece[]>();
const repeated = new Map<Buffer, { pieces: Piece[]; bytes: Buffer }>();
let repeatedBytes = 0;
const REPEATED_MIN = 16 * 1024;
const REPEATED_MAX_BYTES = 16 * 1024 * 1024;
const REPEATED_MAX = 256;

function repeatedPage(pieces: Piece[]): Buffer | undefined {
  let first: Buffer | undefined;
  let length = 0;
  for (const piece of pieces) {
    if (typeof piece === 'object') {
      first ??= piece;
      length += piece.length;
    }
  }
  if (first === undefined || length < REPEATED_MIN) return undefined;
  const known = repeated.get(first);
  if (known !== undefined && samePieces(known.pieces, pieces)) return known.bytes;
  const seen = seenOnce.get(first);
  if (seen === undefined || !samePieces(seen, pieces)) {
    // Seen once: written from a pooled buffer as usual.
    seenOnce.set(first, pieces);
    return undefined;
  }
  const bytes = encode(pieces, undefined);
  if (known !== undefined) repeatedBytes -= known.bytes.length;
  repeated.delete(first);
  repeated.set(first, { pieces, bytes });
  repeatedBytes += bytes.length;
  for (const [key, entry] of repeated) {
    if (repeated.size <= REPEATED_MAX && repeatedBytes <= REPEATED_MAX_BYTES) break;
    repeated.delete(key);
    repeatedBytes -= entry.bytes.length;
  }
  return bytes;
}

function samePieces(a: Piece[], b: Piece[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** A piece of a composite body: text, kept bytes, or one ASCII character (a bracket, a comma) as its code. */
type Piece = string | Buffer | number;

const COMMA = 0x2c;

/** The JSON of a frozen container: its stored text (`storedJson`), or its kept bytes (rendered and kept at the first call). */
function keptBytes(value: object): string | Buffer | undefined {
  // First: a frozen object the gateway renders is looked up here once (then `kept` has it); a stored one every time.
  const text = stored.get(value);
  if (text !== undefined) return text;
  let bytes = kept.get(value);
  if (bytes !== undefined) return bytes;
  if (Array.isArray(value) && holdsFrozen(value, 1)) {
    // A frozen list of kept objects (a page a backend keeps): copied together from theirs, in a
    // buffer of its own (a slab would stay pinned by it when the list is dropped).
    const pieces: Piece[] = [];
    composite(value, 1, pieces);
    bytes = encode(pieces, undefined);
  } else {
    const text = JSON.stringify(value);
    // JSON.stringify of an object gives undefined only through a toJSON that returns nothing.
    if (text === undefined) return undefined;
    bytes = carve(text);
  }
  kept.set(value, bytes);
  return bytes;
}

/** `text` encoded into the current slab (a new one when it is full); a large text gets a buffer of its own. */
function carve(text: string): Buffer {
  const length = Buffer.byteLength(text);
  if (length > SLAB_SIZE / 8) return Buffer.from(text);
  if (slabUsed + length > slab.length) {
    slab = Buffer.allocUnsafeSlow(SLAB_SIZE);
    slabUsed = 0;
  }
  const bytes = slab.subarray(slabUsed, slabUsed + length);
  bytes.write(text);
  slabUsed += length;
  return bytes;
}

/** Arrays and plain objects with no toJSON: the containers whose JSON is their members'. */
function isContainer(value: object): boolean {
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value) as unknown;
  return (proto === Object.prototype || proto === null) && typeof (value as { toJSON?: unknown }).toJSON !== 'function';
}

/** A frozen array or plain object: its JSON is kept. */
function isKept(value: object): boolean {
  return Object.isFrozen(value) && isContainer(value);
}

function holdsFrozen(value: object, depth: number): boolean {
  if (depth === 0 || !isContainer(value)) return false;
  if (Array.isArray(value)) {
    // A page's items are alike: the first one tells.
    const first: unknown = value[0];
    return typeof first === 'object' && first !== null && (isKept(first) || holdsFrozen(first, depth - 1));
  }
  for (const key in value) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
    const member = (value as Record<string, unknown>)[key];
    if (typeof member === 'object' && member !== null && (isKept(member) || holdsFrozen(member, depth - 1))) return true;
  }
  return false;
}

// The pieces of the text JSON.stringify gives (members in the same order, undefined and
// functions left out of objects and null in arrays), with frozen members' kept texts.
function composite(value: object, depth: number, pieces: Piece[]): void {
  if (Array.isArray(value)) {
    pieces.push(0x5b); // [
    for (let i = 0; i < value.length; i++) {
      if (i > 0) pieces.push(COMMA);
      if (!member(value[i], depth - 1, pieces)) pieces.push('null');
    }
    pieces.push(0x5d); // ]
    return;
  }
  pieces.push(0x7b); // {
  let first = true;
  for (const key of Object.keys(value)) {
    const at = pieces.length;
    pieces.push(first ? `${JSON.stringify(key)}:` : `,${JSON.stringify(key)}:`);
    if (member((value as Record<string, unknown>)[key], depth - 1, pieces)) first = false;
    else pieces.length = at;
  }
  pieces.push(0x7d); // }
}

/** Pushes the pieces of one member; false when it has no JSON (undefined, a function, a symbol). */
function member(value: unknown, depth: number, pieces: Piece[]): boolean {
  if (typeof value === 'object' && value !== null) {
    // A page's items were kept before: one lookup, no checks.
    const known = kept.get(value);
    if (known !== undefined) {
      pieces.push(known);
      return true;
    }
    if (isKept(value)) {
      const bytes = keptBytes(value);
      if (bytes === undefined) return false;
      pieces.push(bytes);
      return true;
    }
    if (depth > 0 && isContainer(value)) {
      composite(value, depth, pieces);
      return true;
    }
  }
  const text = JSON.stringify(value);
  if (text === undefined) return false;
  pieces.push(text);
  return true;
}

// The pieces in one buffer (lent by `pool` when it serves the size): kept bytes copied with TypedArray#set, characters given by code as a byte.
function encode(pieces: Piece[], pool: BufferPool | undefined): Buffer {
  let length = 0;
  for (const piece of pieces) length += typeof piece === 'number' ? 1 : typeof piece === 'string' ? Buffer.byteLength(piece) : piece.length;
  const out = pool?.take(length) ?? Buffer.allocUnsafe(length);
  let offset = 0;
  for (const piece of pieces) {
    if (typeof piece === 'number') {
      out[offset++] = piece;
    } else if (typeof piece === 'string') {
      offset += out.write(piece, offset);
    } else {
      out.set(piece, offset);
      offset += piece.length;
    }
  }
  return out;
}
