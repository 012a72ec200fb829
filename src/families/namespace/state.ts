import { notificationType } from '../../memory/execution/notification.js';
import { cacheDescriptor } from '../../memory/state/cache.js';
import { idHex, idValue } from '../../memory/symbol-ids.js';

/** Alias types (catapult's AliasType). */
export const ALIAS_TYPE = { none: 0, mosaic: 1, address: 2 } as const;
/** Registration types. */
export const REGISTRATION_TYPE = { root: 0, child: 1 } as const;
/** Alias actions. */
export const ALIAS_ACTION = { unlink: 0, link: 1 } as const;

/** What a namespace stands for: nothing, a mosaic id (16 hex) or an address (48 hex). */
export type Alias = { readonly type: 0 } | { readonly type: 1; readonly mosaicId: string } | { readonly type: 2; readonly address: string };

export const NO_ALIAS: Alias = Object.freeze({ type: ALIAS_TYPE.none });

/** The namespace (16 hex) an unresolved address (48 hex) aliases: its bytes 1 to 8, little-endian, when its first byte's low bit marks an alias; undefined for a plain address. */
export function aliasedNamespace(unresolved: string): string | undefined {
  // Read without decoding a plain address.
  if ((parseInt(unresolved.slice(0, 2), 16) & 1) === 0) return undefined;
  return idHex(Buffer.from(unresolved, 'hex').readBigUInt64LE(1));
}

/** Whether an unresolved mosaic id (16 hex) is a namespace's: its high bit set. */
export function isMosaicAlias(unresolved: string): boolean {
  return (idValue(unresolved) & (1n << 63n)) !== 0n;
}

/** The id of no parent: a root's `parentId`. */
export const NO_PARENT = '0000000000000000';

/** The lifetime of a root namespace (its children share it). `end` includes the grace period. */
export interface Lifetime {
  readonly start: bigint;
  /** The first height at which the namespace is gone (after its grace period); `UINT64_MAX` for an eternal one. */
  readonly end: bigint;
}

/** One namespace, root or child (catapult keeps them in their root's history). Immutable. */
export interface NamespaceEntry {
  /** 16 hex. */
  readonly id: string;
  /** This level's name (`xym` of `symbol.xym`). */
  readonly name: string;
  /** 16 hex; `NO_PARENT` for a root. */
  readonly parentId: string;
  /** Ids from the root down to this one (its length is the depth). */
  readonly levels: readonly string[];
  /** 48 hex: the root's owner. */
  readonly ownerAddress: string;
  readonly alias: Alias;
  /** Roots only: their lifetime, and every namespace under them. */
  readonly lifetime?: Lifetime;
  readonly descendants?: readonly string[];
}

/** The namespace cache, by namespace id (16 hex). */
export const NAMESPACES = cacheDescriptor<NamespaceEntry>('namespaces');

/** The root a namespace belongs to. */
export function rootId(entry: NamespaceEntry): string {
  return entry.levels[0];
}

/** Whether a root is usable at `height` (its grace period counted as not). */
export function isActiveExcludingGrace(lifetime: Lifetime, height: bigint, grace: bigint, eternal: bigint): boolean {
  return lifetime.start <= height && (lifetime.end === eternal || height < lifetime.end - grace);
}

/** Whether a root is still held at `height`, its grace period included. */
export function isActive(lifetime: Lifetime, height: bigint): boolean {
  return lifetime.start <= height && height < lifetime.end;
}

/** The registration's type, as given. */
export const NAMESPACE_REGISTRATION = notificationType<{ registrationType: number }>('namespaceRegistration');
/** A root registered or renewed for `duration` blocks (0: eternal). */
export const ROOT_NAMESPACE = notificationType<{ ownerAddress: string; namespaceId: string; name: string; duration: bigint }>('rootNamespace');
/** A child registered under `parentId`. */
export const CHILD_NAMESPACE = notificationType<{ ownerAddress: string; namespaceId: string; name: string; parentId: string }>('childNamespace');
/** A registration's name and the id it claims. */
export const NAMESPACE_NAME = notificationType<{ namespaceId: string; parentId: string; name: Uint8Array }>('namespaceName');
/** A namespace the transaction needs: there, not expired, owned by `ownerAddress` (the signer, or a metadata target, possibly an alias). */
export const NAMESPACE_REQUIRED = notificationType<{ ownerAddress: string; namespaceId: string }>('namespaceRequired');
/** An alias linked or unlinked. */
export const ALIAS_LINK = notificationType<{ namespaceId: string; action: number }>('aliasLink');
/** An address alias linked or unlinked. */
export const ALIASED_ADDRESS = notificationType<{ namespaceId: string; action: number; address: string }>('aliasedAddress');
/** A mosaic alias linked or unlinked. */
export const ALIASED_MOSAIC = notificationType<{ namespaceId: string; action: number; mosaicId: string }>('aliasedMosaic');
