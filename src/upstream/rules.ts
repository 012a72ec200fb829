/**
 * The rules a `fields` check holds each field to. Each says what it expects, for the message:
 * `has block.height 12.5, not a decimal string`.
 */
import type { Rule } from './shape.js';

const rule = (expected: string, test: (value: unknown) => boolean): Rule => ({ expected, test });

/** A uint64 as the wire writes it: a decimal string. */
export const decimal = rule('a decimal string', (value) => typeof value === 'string' && /^[0-9]{1,20}$/.test(value));
/** `bytes` bytes as hex, either case: `hex(32)` for a hash. */
export const hex = (bytes: number): Rule => rule(`${bytes * 2} hex`, (value) => typeof value === 'string' && value.length === bytes * 2 && /^[0-9a-fA-F]*$/.test(value));
export const integer = rule('an integer', (value) => Number.isSafeInteger(value));
export const text = rule('a string', (value) => typeof value === 'string');
export const list = rule('an array', (value) => Array.isArray(value));
export const object = rule('an object', (value) => typeof value === 'object' && value !== null && !Array.isArray(value));
export const boolean = rule('a boolean', (value) => typeof value === 'boolean');
/** Exactly this string: the height a helper asked for. */
export const exactly = (expected: string): Rule => rule(JSON.stringify(expected), (value) => value === expected);
/** A catapult time span as config files write it: `1615853185s`, `300ms`, `2h`. */
export const timeSpan = (pattern: RegExp): Rule => rule('a time span such as 1615853185s', (value) => typeof value === 'string' && pattern.test(value));
