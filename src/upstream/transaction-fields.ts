/**
 * Reading a transaction's REST JSON field by field, each by the catapult-rest formatting rule
 * it is written with (src/memory/transactions/json.ts renders each the same way): uint64 as a
 * decimal string, ids and keys as 16 hex, binary as hex, addresses as 48 hex, enums and small
 * integers as numbers. Every value is range-checked here, as symbol-sdk's serializer would
 * silently cut an oversized length or count to its byte.
 */
import { TransactionJsonError } from './transaction-json-error.js';

type Json = Record<string, unknown>;

/** How a field is written: what it must be (for the message) and its value, or undefined when it is not so written. */
export interface Format<T> {
  readonly expected: string;
  parse(value: unknown): T | undefined;
}

const format = <T>(expected: string, parse: (value: unknown) => T | undefined): Format<T> => ({ expected, parse });
const HEX = /^(?:[0-9a-fA-F]{2})*$/;
const MAX_UINT64 = 2n ** 64n - 1n;
const bytesOf = (hex: string) => new Uint8Array(Buffer.from(hex, 'hex'));

const integerIn = (min: number, max: number) => (value: unknown) => (Number.isInteger(value) && (value as number) >= min && (value as number) <= max ? (value as number) : undefined);

/** An unsigned integer of `bits` bits, as a JSON number. */
export const uint = (bits: 8 | 16 | 32): Format<number> => format(`a uint${bits}`, integerIn(0, 2 ** bits - 1));

/** A signed integer of `bits` bits (a delta), as a JSON number. */
export const int = (bits: 8 | 16): Format<number> => format(`an int${bits}`, integerIn(-(2 ** (bits - 1)), 2 ** (bits - 1) - 1));

/** A uint64 amount, duration, height or restriction value: a decimal string, without leading zeros (so 16 hex of an id are no uint64). */
export const uint64 = format('a uint64 as a decimal string', (value) => {
  if (typeof value !== 'string' || !/^(?:0|[1-9][0-9]{0,19})$/.test(value)) return undefined;
  const number = BigInt(value);
  return number <= MAX_UINT64 ? number : undefined;
});

/** A mosaic or namespace id, a metadata or restriction key: 16 hex (`uint64HexIdentifier`). */
export const id = format('16 hex', (value) => (typeof value === 'string' && value.length === 16 && HEX.test(value) ? BigInt(`0x${value}`) : undefined));

/** `size` bytes as hex: a key, a hash, a signature, an address (24 bytes). */
export const hex = (size: number): Format<Uint8Array<ArrayBuffer>> =>
  format(`${size * 2} hex`, (value) => (typeof value === 'string' && value.length === size * 2 && HEX.test(value) ? bytesOf(value) : undefined));

/** Bytes of a variable size (a message, a proof, a metadata value) as hex, at most `maxSize` of them (the width of its size field). */
export const binary = (maxSize: number): Format<Uint8Array<ArrayBuffer>> =>
  format(`hex of at most ${maxSize} bytes`, (value) => (typeof value === 'string' && value.length <= maxSize * 2 && HEX.test(value) ? bytesOf(value) : undefined));

/** A `string` field (a namespace name): the bytes a node stored, written as UTF-8 text; at most `maxSize` bytes. */
export const utf8 = (maxSize: number): Format<Uint8Array<ArrayBuffer>> =>
  format(`a string of at most ${maxSize} UTF-8 bytes`, (value) => {
    if (typeof value !== 'string') return undefined;
    const bytes = new Uint8Array(Buffer.from(value, 'utf8'));
    return bytes.length <= maxSize ? bytes : undefined;
  });

/** One of a symbol-sdk enum's values, as its number: the enum's own instance (a serializer compares instances). */
export function enumOf<C extends (new (value: number) => { value: number }) & { fromValue(value: number): unknown }>(enumClass: C): Format<InstanceType<C>> {
  const values = Object.values(enumClass)
    .filter((value): value is InstanceType<C> => value instanceof enumClass)
    .map((value) => value.value);
  const listed = values.length <= 8 ? ` (${values.join(', ')})` : '';
  return format(`a ${enumClass.name} value${listed}`, (value) =>
    typeof value === 'number' && values.includes(value) ? (enumClass.fromValue(value) as InstanceType<C>) : undefined,
  );
}

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A short rendering of a wrong value for a message. */
export function preview(value: unknown): string {
  const json = JSON.stringify(value) ?? String(value);
  return json.length > 40 ? `${json.slice(0, 40)}...` : json;
}

/**
 * The fields of one JSON object of a transaction (the transaction, a mosaic, a cosignature),
 * read by their formats; a failure names the transaction type (`label`) and the field's path.
 *
 * @example
 * const fields = new TransactionFields(json, 'transaction', 'TRANSFER (0x4154)');
 * fields.read('maxFee', uint64); // 1234567n, or throws: TRANSFER (0x4154): transaction.maxFee is missing
 */
export class TransactionFields {
  constructor(
    readonly json: Json,
    /** Where the object is in the JSON given: `transaction`, `transaction.mosaics[0]`; '' for the JSON itself. */
    readonly path: string,
    /** The transaction type, for messages: `TRANSFER (0x4154)`. */
    readonly label: string,
  ) {}

  /** The path of a field of this object. */
  pathOf(name: string): string {
    return this.path === '' || name.startsWith('[') ? `${this.path}${name}` : `${this.path}.${name}`;
  }

  /** Whether the field is there (a field catapult-rest leaves out when empty). */
  has(name: string): boolean {
    return this.json[name] !== undefined;
  }

  /** The field, read by `format`. @throws TransactionJsonError when it is missing or not so written */
  read<T>(name: string, format: Format<T>): T {
    return this.#parse(name, this.#required(name), format);
  }

  /** The field, or `absent` when the JSON leaves it out. */
  optional<T>(name: string, format: Format<T>, absent: T): T {
    return this.has(name) ? this.read(name, format) : absent;
  }

  /** An array of values, each read by `format`; at most `maxCount` of them (the width of its count field). */
  list<T>(name: string, format: Format<T>, maxCount: number): T[] {
    return this.#items(name, maxCount).map((value, index) => this.#parse(`${name}[${index}]`, value, format));
  }

  /** An array of objects (mosaics, cosignatures), each with its own fields. */
  objects(name: string, maxCount = Infinity): TransactionFields[] {
    return this.#items(name, maxCount).map((value, index) => this.object(`${name}[${index}]`, value));
  }

  /** `value`, found at `name` under this object, as an object of fields of the same transaction. */
  object(name: string, value: unknown): TransactionFields {
    if (!isObject(value)) this.fail(name, `is ${preview(value)}, not an object`);
    return new TransactionFields(value, this.pathOf(name), this.label);
  }

  /** Throws the error of a field: `TRANSFER (0x4154): transaction.message <problem>`. */
  fail(name: string, problem: string): never {
    const field = this.pathOf(name);
    throw new TransactionJsonError(`${this.label}: ${field} ${problem}`, field);
  }

  #required(name: string): unknown {
    const value = this.json[name];
    if (value === undefined) this.fail(name, 'is missing');
    return value;
  }

  #items(name: string, maxCount: number): unknown[] {
    const value = this.#required(name);
    if (!Array.isArray(value)) this.fail(name, `is ${preview(value)}, not an array`);
    if (value.length > maxCount) this.fail(name, `has ${value.length} items, more than the ${maxCount} a transaction can carry`);
    return value;
  }

  #parse<T>(name: string, value: unknown, format: Format<T>): T {
    const parsed = format.parse(value);
    if (parsed === undefined) this.fail(name, `is ${preview(value)}, not ${format.expected}`);
    return parsed;
  }
}
