import { notificationType, type Payload } from '../../memory/execution/notification.js';
import type { ValidationContext } from '../../memory/execution/plugin.js';
import { fromHex, sha3, toHex } from '../../memory/keys.js';
import { cacheDescriptor } from '../../memory/state/cache.js';

/** What a metadata entry is attached to (catapult's MetadataType). */
export const METADATA_TYPE = { account: 0, mosaic: 1, namespace: 2 } as const;

/** The parts of a metadata entry's key (catapult's MetadataKey), all resolved. */
export interface MetadataKey {
  /** 48 hex: the account that sent the value. */
  readonly sourceAddress: string;
  /** 48 hex: the account the value is about (a mosaic's or namespace's owner). */
  readonly targetAddress: string;
  /** 16 hex. */
  readonly scopedMetadataKey: string;
  /** 16 hex: the mosaic or namespace id; zeros for an account's metadata. */
  readonly targetId: string;
  /** 0 account, 1 mosaic, 2 namespace. */
  readonly metadataType: number;
}

/** One metadata value under its key (catapult's MetadataEntry). Immutable. */
export interface MetadataEntry extends MetadataKey {
  /** 64 hex: the entry's key in the cache and on the wire. */
  readonly compositeHash: string;
  /** The value's bytes (never empty: an entry whose value becomes empty is removed). */
  readonly value: Uint8Array;
}

/** The metadata cache, by composite hash (64 hex). */
export const METADATA = cacheDescriptor<MetadataEntry>('metadata');

/**
 * The composite hash of a key, as catapult's MetadataKey makes its unique key: SHA3-256 of
 * the source address, the target address (24 bytes each), the scoped key and the target
 * id (8 bytes each, little endian) and the type (1 byte).
 */
export function compositeHash({ sourceAddress, targetAddress, scopedMetadataKey, targetId, metadataType }: MetadataKey): string {
  const numbers = Buffer.alloc(17);
  numbers.writeBigUInt64LE(BigInt(`0x${scopedMetadataKey}`), 0);
  numbers.writeBigUInt64LE(BigInt(`0x${targetId}`), 8);
  numbers.writeUInt8(metadataType, 16);
  return toHex(sha3(fromHex(sourceAddress), fromHex(targetAddress), numbers));
}

/**
 * XORs `sent` into `old` resized to `size` bytes (catapult's MetadataValue::update): the
 * value a metadata transaction leaves, where `sent` is the old value XOR the new one.
 */
export function updatedValue(old: Uint8Array | undefined, sent: Uint8Array, size: number): Uint8Array {
  const value = new Uint8Array(size);
  if (old) value.set(old.subarray(0, size));
  for (let i = 0; i < size; i++) value[i] ^= sent[i];
  return value;
}

/** A metadata value's sizes: the stateless check. */
export const METADATA_SIZES = notificationType<{ valueSizeDelta: number; valueSize: number }>('metadataSizes');

/** A metadata value sent: checked against the entry it changes, then XORed into it. */
export const METADATA_VALUE = notificationType<{
  /** 48 hex: the signer. */
  readonly sourceAddress: string;
  /** 48 hex, possibly an alias. */
  readonly unresolvedTargetAddress: string;
  /** 16 hex. */
  readonly scopedMetadataKey: string;
  /** 16 hex: a mosaic id (possibly an alias), a namespace id, or zeros. */
  readonly targetId: string;
  readonly metadataType: number;
  readonly valueSizeDelta: number;
  readonly valueSize: number;
  readonly value: Uint8Array;
}>('metadataValue');

/** What a value notification carries. */
export type ValuePayload = Payload<typeof METADATA_VALUE>;

/** The key a value notification names, its target address and mosaic id resolved. */
export function keyOf(payload: ValuePayload, context: ValidationContext): MetadataKey {
  const { sourceAddress, unresolvedTargetAddress, scopedMetadataKey, targetId, metadataType } = payload;
  return {
    sourceAddress,
    targetAddress: context.resolveAddress(unresolvedTargetAddress),
    scopedMetadataKey,
    targetId: metadataType === METADATA_TYPE.mosaic ? context.resolveMosaicId(targetId) : targetId,
    metadataType,
  };
}
