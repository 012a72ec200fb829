import { sha3 } from '../keys.js';

/**
 * Writes a state entry in catapult's state layout (the catbuffer schemas of
 * `schemas/symbol/state`): little-endian integers, raw byte arrays, after a `StateHeader`
 * (the serializer's `State_Version`, uint16), as `CacheSerializerAdapter::SerializeValue`
 * writes it. A cache's Patricia tree holds the SHA3-256 of these bytes.
 */
export class StateWriter {
  readonly #parts: Buffer[] = [];
  #size = 0;

  /** @param version the entry's state version (1 for every cache catapult has today) */
  constructor(version: number) {
    this.u16(version);
  }

  u8(value: number): this {
    const part = Buffer.alloc(1);
    part.writeUInt8(value);
    return this.#push(part);
  }

  u16(value: number): this {
    const part = Buffer.alloc(2);
    part.writeUInt16LE(value);
    return this.#push(part);
  }

  u32(value: number): this {
    const part = Buffer.alloc(4);
    part.writeUInt32LE(value);
    return this.#push(part);
  }

  u64(value: bigint): this {
    const part = Buffer.alloc(8);
    part.writeBigUInt64LE(value);
    return this.#push(part);
  }

  /** An 8-byte id given as 16 hex (big endian, as the routes show it), written as a little-endian uint64. */
  id(hex: string): this {
    return this.#push(idBytes(hex));
  }

  /** A fixed-size byte array given as hex (an address: 24 bytes, a hash or key: 32). */
  hex(hex: string, size: number): this {
    return this.#push(hexBytes(hex, size));
  }

  bytes(bytes: Uint8Array): this {
    return this.#push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  }

  /** The bytes written. */
  finish(): Uint8Array {
    return new Uint8Array(Buffer.concat(this.#parts, this.#size));
  }

  #push(part: Buffer): this {
    this.#parts.push(part);
    this.#size += part.length;
    return this;
  }
}

/** An 8-byte id (16 hex, big endian) as catapult stores it: a little-endian uint64. */
export function idBytes(hex: string): Buffer {
  if (!/^[0-9A-Fa-f]{16}$/.test(hex)) throw new RangeError(`not an 8-byte id: ${hex}`);
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64LE(BigInt(`0x${hex}`));
  return bytes;
}

/** A byte array of `size` bytes from hex. */
export function hexBytes(hex: string, size: number): Buffer {
  if (hex.length !== size * 2 || !/^[0-9A-Fa-f]*$/.test(hex)) throw new RangeError(`not ${size} bytes of hex: ${hex}`);
  return Buffer.from(hex, 'hex');
}

/**
 * A key as a cache's Patricia tree holds it (catapult's `SerializerHashedKeyEncoder`, the
 * encoder of every cache's tree): SHA3-256 of the key's bytes (`SerializeKey`: an id as its
 * 8 little-endian bytes, an address or hash as its bytes).
 */
export function hashedTreeKey(keyBytes: Uint8Array): Uint8Array {
  return sha3(keyBytes);
}

