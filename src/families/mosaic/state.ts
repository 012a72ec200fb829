import { cacheDescriptor } from '../../memory/state/cache.js';
import { notificationType } from '../../memory/execution/notification.js';

/** Mosaic flags (catapult's MosaicFlags). */
export const MOSAIC_FLAGS = { none: 0, supplyMutable: 1, transferable: 2, restrictable: 4, revokable: 8, all: 0x0f } as const;

/** One mosaic's definition and supply (catapult's MosaicEntry). Immutable. */
export interface MosaicEntry {
  /** 16 hex. */
  readonly id: string;
  readonly supply: bigint;
  readonly startHeight: bigint;
  /** 48 hex. */
  readonly ownerAddress: string;
  /** How many times it was defined. */
  readonly revision: number;
  readonly flags: number;
  readonly divisibility: number;
  /** Blocks from `startHeight`; 0 for a mosaic that never expires. */
  readonly duration: bigint;
}

/** The mosaic cache, by mosaic id (16 hex). */
export const MOSAICS = cacheDescriptor<MosaicEntry>('mosaics');

/** Whether the mosaic can be used at `height`: eternal, or within its duration. */
export function isActive(mosaic: MosaicEntry, height: bigint): boolean {
  return mosaic.duration === 0n || (mosaic.startHeight <= height && height < mosaic.startHeight + mosaic.duration);
}

/** The height at which a mosaic expires; undefined for an eternal one. */
export function expiryHeight(mosaic: MosaicEntry): bigint | undefined {
  return mosaic.duration === 0n ? undefined : mosaic.startHeight + mosaic.duration;
}

/** A definition's nonce and the id it claims. */
export const MOSAIC_NONCE = notificationType<{ ownerAddress: string; nonce: number; mosaicId: string }>('mosaicNonce');
/** A definition's properties, as given (deltas for a mosaic that exists). */
export const MOSAIC_PROPERTIES = notificationType<{ flags: number; divisibility: number; duration: bigint }>('mosaicProperties');
/** A mosaic defined, or redefined by its owner. */
export const MOSAIC_DEFINITION = notificationType<{ ownerAddress: string; mosaicId: string; flags: number; divisibility: number; duration: bigint }>('mosaicDefinition');
/** A mosaic the transaction needs: active, owned by `ownerAddress` (the signer, or a metadata target, possibly an alias), with these flags. */
export const MOSAIC_REQUIRED = notificationType<{ ownerAddress: string; unresolvedMosaicId: string; requiredFlags: number }>('mosaicRequired');
/** A change of supply by the owner. */
export const MOSAIC_SUPPLY_CHANGE = notificationType<{ ownerAddress: string; unresolvedMosaicId: string; action: number; delta: bigint }>('mosaicSupplyChange');

/** Supply change actions. */
export const SUPPLY_ACTION = { decrease: 0, increase: 1 } as const;
