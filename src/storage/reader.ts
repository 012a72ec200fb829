import { StorageFormatError } from './storage-format-error.js';

/** Where a reader starts and stops inside its bytes, and what that span is (`proof`, for messages). */
export interface ReaderBounds {
  /** Default 0. */
  offset?: number;
  /** Default the end of the bytes. */
  end?: number;
  /** Names the span in messages: `found 3 bytes before the end of the receipt`. Default none (the file). */
  scope?: string;
}

/**
 * Reads catapult's little-endian values from one file's bytes, never past the end of its span:
 * a short read throws a StorageFormatError naming the file, the offset and what was wanted.
 * Offsets are always the file's, also for a reader over a part of it.
 *
 * @example
 * const reader = new ByteReader(bytes, '00000/00001.dat');
 * const size = reader.u32('block size');
 * const hash = reader.hex(32, 'entity hash');
 * reader.expectEnd('sub-cache merkle roots');
 */
export class ByteReader {
  readonly bytes: Uint8Array;
  readonly file: string;
  /** One past the last byte this reader may read. */
  readonly end: number;
  private readonly scope: string | undefined;
  private readonly view: DataView;
  private position: number;

  constructor(bytes: Uint8Array, file: string, bounds: ReaderBounds = {}) {
    this.bytes = bytes;
    this.file = file;
    this.position = bounds.offset ?? 0;
    this.end = bounds.end ?? bytes.length;
    this.scope = bounds.scope;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  /** The file offset of the next byte to read. */
  get offset(): number {
    return this.position;
  }

  /** How many bytes are left before the end of the span. */
  get remaining(): number {
    return this.end - this.position;
  }

  u16(what: string): number {
    const at = this.take(2, what);
    return this.view.getUint16(at, true);
  }

  u32(what: string): number {
    const at = this.take(4, what);
    return this.view.getUint32(at, true);
  }

  u64(what: string): bigint {
    const at = this.take(8, what);
    return this.view.getBigUint64(at, true);
  }

  /** A u64 id (mosaic, namespace) as catapult prints it: 16 uppercase hex of its value. */
  id(what: string): string {
    return this.u64(what).toString(16).toUpperCase().padStart(16, '0');
  }

  /** `size` raw bytes, as a view into the file's bytes (no copy). */
  raw(size: number, what: string): Uint8Array {
    const at = this.take(size, what);
    return this.bytes.subarray(at, at + size);
  }

  /** `size` raw bytes (a hash, an address, a key) as uppercase hex, in file order. */
  hex(size: number, what: string): string {
    const at = this.take(size, what);
    return Buffer.from(this.bytes.buffer, this.bytes.byteOffset + at, size).toString('hex').toUpperCase();
  }

  skip(size: number, what: string): void {
    this.take(size, what);
  }

  /**
   * A u32 count of items that follow, checked against what is left: a count that runs past the
   * end is refused at the count's own offset. `itemSize` is each item's size, or its smallest one.
   */
  count(items: string, itemSize: number, sizes: 'exact' | 'at least' = 'exact'): number {
    const at = this.position;
    const count = this.u32(`${items} count`);
    if (count * itemSize > this.remaining) {
      const each = sizes === 'exact' ? `${itemSize}` : `at least ${itemSize}`;
      this.fail(`${count} ${items} of ${each} bytes each`, `${this.remaining} bytes after the count`, at);
    }
    return count;
  }

  /** A reader over the next `size` bytes, named `scope` in its messages; this reader moves past them. */
  span(size: number, scope: string): ByteReader {
    const at = this.take(size, scope);
    return new ByteReader(this.bytes, this.file, { offset: at, end: at + size, scope });
  }

  /** Refuses anything left in the span: `after` names what came last. */
  expectEnd(after: string): void {
    if (this.remaining > 0) this.fail(`the end of the ${this.scope ?? 'file'} after ${after}`, `${this.remaining} more bytes`);
  }

  /** Throws the StorageFormatError for this file, at `offset` (default: where the reader is). */
  fail(expected: string, found: string, offset = this.position): never {
    throw new StorageFormatError(this.file, offset, expected, found);
  }

  /** Moves past `size` bytes and returns where they start, or refuses a read past the end. */
  private take(size: number, what: string): number {
    if (size > this.remaining) {
      const before = this.scope === undefined ? '' : ` before the end of the ${this.scope}`;
      this.fail(`${size} bytes of ${what}`, `${Math.max(0, this.remaining)} bytes${before}`);
    }
    const at = this.position;
    this.position += size;
    return at;
  }
}

/** A u16 type (block, receipt) as messages print it: `0x8043`. */
export function typeHex(type: number): string {
  return `0x${type.toString(16).toUpperCase().padStart(4, '0')}`;
}
