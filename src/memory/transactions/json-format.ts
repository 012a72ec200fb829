/**
 * catapult-rest's formatting (db/dbFormattingRules.js), by the model type of each field:
 * what a transaction body's writer (`TransactionBody.write`) formats its fields with.
 */
type Json = Record<string, unknown>;

/** Bytes as uppercase hex. */
export const hex = (bytes: Uint8Array): string => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex').toUpperCase();
/** A uint64 (an amount, a duration, a height) as a decimal string. */
export const uint64 = (value: { value: number | bigint } | bigint): string => (typeof value === 'bigint' ? value : BigInt(value.value)).toString();
/** `uint64HexIdentifier`: mosaic and namespace ids, metadata and restriction keys, as 16 uppercase hex. */
export const id = (value: { value: number | bigint } | bigint): string => (typeof value === 'bigint' ? value : BigInt(value.value)).toString(16).toUpperCase().padStart(16, '0');
/** An address (resolved or not) as 48 hex. */
export const address = (value: { bytes: Uint8Array }): string => hex(value.bytes);
/** A `string` field holds the bytes a node stored, read as UTF-8 text (a namespace name). */
export const text = (bytes: Uint8Array): string => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
/** An enum's value, as its number. */
export const enumValue = (value: { value: number }): number => value.value;
/** A mosaic and its amount, `{id, amount}`. */
export const mosaic = (value: { mosaicId: { value: number | bigint }; amount: { value: number | bigint } }): Json => ({ id: id(value.mosaicId), amount: uint64(value.amount) });
