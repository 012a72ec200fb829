/**
 * Metal: a file kept in metadata entries (the metal-on-symbol convention catapult-rest 2.5
 * serves at `GET /metadata/metal/{metalId}`). Each entry's value is a chunk: a 12-byte header
 * (flags, version, additive, the next chunk's scoped key big endian) and up to 1,012 bytes; each
 * chunk sits under the key its own value hashes to, beside the others (same source, target,
 * target id and type). The Metal ID is base58 of 0x0B 0x2A and the first chunk's composite hash.
 */
import type { MetadataEntryDTO } from '../../backend/metadata.js';
import { GatewayError, InvalidArgumentError, ResourceNotFoundError, clip } from '../../errors.js';
import { fromHex, sha3, toHex } from '../../memory/keys.js';
import { base58Decode, base58Encode } from './base58.js';
import { compositeHash } from './state.js';

const METAL_ID_HEADER = [0x0b, 0x2a] as const;
const METAL_ID_BYTES = 34;
const CHUNK_HEADER_BYTES = 12;
/** Flags of a chunk's first byte: the last chunk, and a chunk that starts with text. */
const END_FLAG = 0x80;
const TEXT_FLAG = 0x40;
const KEY_MASK = 0x7fff_ffff_ffff_ffffn;

/** A decoded Metal: the file's bytes and its text (a seal, when it was stored with one). */
export interface Metal {
  readonly payload: Buffer;
  readonly text: string | undefined;
}

/** The Metal ID of the Metal whose first chunk has `compositeHash` (64 hex). */
export function metalIdOf(compositeHash: string): string {
  return base58Encode(new Uint8Array([...METAL_ID_HEADER, ...fromHex(compositeHash)]));
}

/** The composite hash (64 hex) a Metal ID names; 409 for a text that is no Metal ID. */
export function compositeHashOfMetalId(metalId: string): string {
  // A Metal ID is 46 characters; anything much longer is refused before the bigint work.
  const bytes = metalId.length <= 64 ? base58Decode(metalId) : undefined;
  const valid = bytes !== undefined && bytes.length === METAL_ID_BYTES && bytes[0] === METAL_ID_HEADER[0] && bytes[1] === METAL_ID_HEADER[1];
  if (!valid) throw new InvalidArgumentError(`'${clip(metalId)}' is not a valid metal id`);
  return toHex(bytes.subarray(METAL_ID_HEADER.length));
}

/** The scoped key a chunk value must sit under: SHA3-256 of it, first 8 bytes little endian, top bit cleared. */
export function chunkKeyOf(value: Uint8Array): bigint {
  return Buffer.from(sha3(value)).readBigUInt64LE(0) & KEY_MASK;
}

/** Reads a metadata entry by composite hash (64 hex); undefined when there is none. */
export type EntryReader = (compositeHash: string) => Promise<MetadataEntryDTO | undefined>;

/**
 * Reads and decodes the Metal `metalId` by following its chunks one key at a time (what
 * catapult-rest finds among every entry beside the first, read by key here: the same chunks).
 * Errors: 409 for a malformed ID, 404 for an unknown first chunk or a missing or broken one,
 * 413 once the file and its text pass `sizeLimit` bytes.
 */
export async function readMetal(metalId: string, read: EntryReader, sizeLimit: number): Promise<Metal> {
  const first = await read(compositeHashOfMetalId(metalId));
  if (!first) throw ResourceNotFoundError.forId(metalId);
  const payloads: Buffer[] = [];
  const texts: Buffer[] = [];
  let size = 0;
  let key = BigInt(`0x${first.scopedMetadataKey}`);
  for (let entry: MetadataEntryDTO | undefined = first; ; ) {
    const keyText = key.toString(16).toUpperCase().padStart(16, '0');
    if (!entry) throw new ResourceNotFoundError(`metal ${clip(metalId)} is incomplete: the chunk ${keyText} is missing`);
    const value = Buffer.from(entry.value, 'hex');
    const calculated = value.length > 0 ? chunkKeyOf(value) : undefined;
    if (calculated !== key || value.length < CHUNK_HEADER_BYTES) {
      throw new ResourceNotFoundError(`metal ${clip(metalId)} is incomplete: the chunk ${keyText} is broken`);
    }
    const { payload, text } = splitChunk(value);
    payloads.push(payload);
    if (text) texts.push(text);
    size += payload.length + (text?.length ?? 0);
    if (size > sizeLimit) throw new GatewayError('PayloadTooLarge', `metal ${clip(metalId)} is larger than the limit of ${sizeLimit} bytes`);
    if (value[0] & END_FLAG) break;
    key = value.readBigUInt64BE(4);
    entry = await read(compositeHash({ ...first, scopedMetadataKey: key.toString(16).toUpperCase().padStart(16, '0') }));
  }
  return { payload: Buffer.concat(payloads), text: texts.length > 0 ? Buffer.concat(texts).toString('utf8') : undefined };
}

/**
 * A chunk's bytes after its header, split: a text chunk starts with text up to a NUL (the rest
 * is the file's), or is text to its end when it has none (a text that fills whole chunks).
 */
function splitChunk(value: Buffer): { payload: Buffer; text: Buffer | undefined } {
  const body = value.subarray(CHUNK_HEADER_BYTES);
  if (!(value[0] & TEXT_FLAG)) return { payload: body, text: undefined };
  const end = body.indexOf(0);
  return end === -1 ? { payload: body.subarray(body.length), text: body } : { payload: body.subarray(end + 1), text: body.subarray(0, end) };
}

/** What a Metal seal (`["seal1", length, mimeType?, name?, comment?]`) tells of the file. */
export interface MetalSeal {
  readonly mimeType: string | undefined;
  readonly name: string | undefined;
}

/** The seal in a Metal's text, or undefined when the text is none (any other text is the uploader's own). */
export function parseSeal(text: string | undefined): MetalSeal | undefined {
  if (text === undefined) return undefined;
  let head: unknown;
  try {
    head = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!Array.isArray(head) || head[0] !== 'seal1' || typeof head[1] !== 'number') return undefined;
  const optional = (value: unknown) => typeof value === 'string' || !value;
  if (!optional(head[2]) || !optional(head[3]) || !optional(head[4])) return undefined;
  return { mimeType: (head[2] as string | null) || undefined, name: (head[3] as string | null) || undefined };
}
