/**
 * A catapult storage file that is not what its name says: truncated, with bytes after its
 * end, foreign (wrong sizes, a count that runs past the end, an unknown type) or inconsistent
 * with the files beside it.
 *
 * @example
 * // 00001.dat at offset 6745: expected 32 bytes of entity hash, found 3 bytes
 * new StorageFormatError('00001.dat', 6745, '32 bytes of entity hash', '3 bytes');
 */
export class StorageFormatError extends Error {
  /** The file's path, as the caller gave it. */
  readonly file: string;
  /** Where in the file the reader stopped: the first byte of the value it could not take. */
  readonly offset: number;
  /** What the reader needed there (`32 bytes of entity hash`). */
  readonly expected: string;
  /** What it found instead (`3 bytes`, `type 0x1234`, `no such file`). */
  readonly found: string;

  constructor(file: string, offset: number, expected: string, found: string) {
    super(`${file} at offset ${offset}: expected ${expected}, found ${found}`);
    this.name = 'StorageFormatError';
    this.file = file;
    this.offset = offset;
    this.expected = expected;
    this.found = found;
  }
}
