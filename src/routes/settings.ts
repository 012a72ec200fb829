/** What `createGateway`'s options tell the routes beyond the backend (each family's routes read their part). */
export interface RouteSettings {
  readonly metal: Readonly<Required<MetalOptions>>;
  /** Public keys (64 hex, uppercase) of the accounts whose currency does not circulate, besides the nemesis signer's. */
  readonly uncirculatingAccounts: readonly string[];
}

/** `GET /metadata/metal/{metalId}`: catapult-rest's `metal` settings, with its names and defaults. */
export interface MetalOptions {
  /**
   * Bytes the kept Metals take at most together (a Metal is kept only while they stay within it),
   * and bytes a Metal's file and text may have at most (a larger one is answered 413). Default 10,000,000.
   */
  sizeLimit?: number;
  /** Seconds a Metal read is kept and answered again without reading the backend (it may be that old); 0 keeps none. Default 300. */
  cacheTtl?: number;
}

export const METAL_DEFAULTS: Readonly<Required<MetalOptions>> = Object.freeze({ sizeLimit: 10_000_000, cacheTtl: 300 });

/** The route settings of `createGateway`'s options, defaults filled in and checked. */
export function routeSettings(options: { metal?: MetalOptions; uncirculatingAccounts?: readonly string[] } = {}): RouteSettings {
  const metal = { ...METAL_DEFAULTS, ...options.metal };
  if (!Number.isSafeInteger(metal.sizeLimit) || metal.sizeLimit < 1) throw new TypeError('metal.sizeLimit must be a positive integer');
  if (!(Number.isFinite(metal.cacheTtl) && metal.cacheTtl >= 0)) throw new TypeError('metal.cacheTtl must be a number of seconds, 0 or more');
  return { metal: Object.freeze(metal), uncirculatingAccounts: Object.freeze(uncirculatingAccountsOption(options.uncirculatingAccounts)) };
}

/**
 * Validates the `uncirculatingAccounts` option: public keys, 64 hex each; returns them uppercase.
 *
 * @example
 * uncirculatingAccountsOption(['a1b2…']); // ['A1B2…']
 */
export function uncirculatingAccountsOption(keys: readonly string[] | undefined): string[] {
  if (keys === undefined) return [];
  if (!Array.isArray(keys)) throw new TypeError('uncirculatingAccounts must be an array of public keys (64 hex characters each)');
  return keys.map((key, index) => {
    if (typeof key !== 'string' || !/^[0-9A-Fa-f]{64}$/.test(key)) {
      throw new TypeError(`uncirculatingAccounts[${index}] must be a public key of 64 hex characters, not ${JSON.stringify(key)}`);
    }
    return key.toUpperCase();
  });
}
