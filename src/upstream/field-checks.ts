/**
 * The checks a `fields` check holds each field to, one field each. Each says what it expects,
 * for the message: `has block.height 12.5, not a decimal string`.
 */
import type { FieldCheck } from './shape.js';

const fieldCheck = (expected: string, test: (value: unknown) => boolean): FieldCheck => ({ expected, test });

/** A uint64 as the wire writes it: a decimal string. */
export const decimal = fieldCheck('a decimal string', (value) => typeof value === 'string' && /^[0-9]{1,20}$/.test(value));
/** `bytes` bytes as hex, either case: `hex(32)` for a hash. */
export const hex = (bytes: number): FieldCheck => fieldCheck(`${bytes * 2} hex`, (value) => typeof value === 'string' && value.length === bytes * 2 && /^[0-9a-fA-F]*$/.test(value));
export const integer = fieldCheck('an integer', (value) => Number.isSafeInteger(value));
export const text = fieldCheck('a string', (value) => typeof value === 'string');
export const list = fieldCheck('an array', (value) => Array.isArray(value));
export const object = fieldCheck('an object', (value) => typeof value === 'object' && value !== null && !Array.isArray(value));
export const boolean = fieldCheck('a boolean', (value) => typeof value === 'boolean');
/** Exactly this string: the height a helper asked for. */
/** A uint64 (a decimal string) from `from` to `to`, both included. */
export const decimalIn = (from: bigint, to: bigint): FieldCheck =>
  fieldCheck(`a decimal string from ${from} to ${to}`, (value) => typeof value === 'string' && /^[0-9]{1,20}$/.test(value) && BigInt(value) >= from && BigInt(value) <= to);
export const exactly = (expected: string): FieldCheck => fieldCheck(JSON.stringify(expected), (value) => value === expected);
/** A catapult time span as config files write it: `1615853185s`, `300ms`, `2h`. */
export const timeSpan = (pattern: RegExp): FieldCheck => fieldCheck('a time span such as 1615853185s', (value) => typeof value === 'string' && pattern.test(value));
