import type { ChainRules } from '../rules.js';
import type { StateDelta } from '../state/chain-state.js';
import type { CacheDescriptor, CacheView } from '../state/cache.js';
import type { AliasResolvers, ChainNetwork, ObservationContext, PublishContext, StateReader, ValidationContext } from './plugin.js';
import type { StateRead } from './trace.js';
import { BLOCK_SOURCE, type Receipt, type ReceiptSource } from './receipts.js';

/** One resolution an observer made: what a block's resolution statements record. */
export interface Resolution {
  readonly kind: 'address' | 'mosaicId';
  readonly unresolved: string;
  readonly resolved: string;
  readonly source: ReceiptSource;
}

/**
 * Aliases to what they stand for, through the plugins' resolvers (the first that knows the
 * alias answers). A value that is no alias (an address whose first byte is even, a mosaic id
 * without its high bit) stands for itself: no resolver is asked.
 */
export class AliasResolution {
  readonly #address: NonNullable<AliasResolvers['address']>[];
  readonly #mosaicId: NonNullable<AliasResolvers['mosaicId']>[];

  constructor(resolvers: readonly (AliasResolvers | undefined)[]) {
    this.#address = resolvers.flatMap((each) => (each?.address ? [each.address] : []));
    this.#mosaicId = resolvers.flatMap((each) => (each?.mosaicId ? [each.mosaicId] : []));
  }

  /** An unresolved address (48 hex) as the address it stands for. */
  address(unresolved: string, state: StateReader): string {
    if ((hexDigit(unresolved.charCodeAt(1)) & 1) === 0) return unresolved;
    for (const resolve of this.#address) {
      const resolved = resolve(unresolved, state);
      if (resolved !== undefined) return resolved;
    }
    return unresolved;
  }

  /** An unresolved mosaic id (16 hex) as the mosaic id it stands for. */
  mosaicId(unresolved: string, state: StateReader): string {
    if (hexDigit(unresolved.charCodeAt(0)) < 8) return unresolved;
    for (const resolve of this.#mosaicId) {
      const resolved = resolve(unresolved, state);
      if (resolved !== undefined) return resolved;
    }
    return unresolved;
  }
}

// The value of one hex digit's character code (0-9, A-F, a-f).
function hexDigit(code: number): number {
  return code <= 57 ? code - 48 : (code | 32) - 87;
}

/** What validators see: the block, the rules, the state to read, and aliases resolved. */
export class RuleContext implements ValidationContext {
  readonly height: bigint;
  readonly timestamp: bigint;
  readonly dynamicFeeMultiplier: bigint;
  readonly rules: ChainRules;
  readonly network: ChainNetwork;
  readonly addressOf: (publicKey: string) => string;
  readonly state: StateReader;
  protected readonly resolution: AliasResolution;

  constructor(environment: PublishContext, state: StateReader, resolution: AliasResolution) {
    this.height = environment.height;
    this.timestamp = environment.timestamp;
    this.dynamicFeeMultiplier = environment.dynamicFeeMultiplier;
    this.rules = environment.rules;
    this.network = environment.network;
    this.addressOf = environment.addressOf;
    this.state = state;
    this.resolution = resolution;
  }

  resolveAddress(unresolved: string): string {
    return this.resolution.address(unresolved, this.state);
  }

  resolveMosaicId(unresolved: string): string {
    return this.resolution.mosaicId(unresolved, this.state);
  }
}

/**
 * What observers of one transaction see: its layer of the state, the source of the
 * notification at hand, and where its receipts and resolutions wait until the transaction
 * has passed every rule.
 */
export class TransactionContext extends RuleContext implements ObservationContext {
  declare readonly state: StateDelta;
  source: ReceiptSource = BLOCK_SOURCE;
  readonly receipts: { source: ReceiptSource; receipt: Receipt }[] = [];
  readonly resolutions: Resolution[] = [];

  constructor(environment: PublishContext, state: StateDelta, resolution: AliasResolution) {
    super(environment, state, resolution);
  }

  receipt(receipt: Receipt): void {
    this.receipts.push({ source: this.source, receipt });
  }

  override resolveAddress(unresolved: string): string {
    return this.#recorded('address', unresolved, super.resolveAddress(unresolved));
  }

  override resolveMosaicId(unresolved: string): string {
    return this.#recorded('mosaicId', unresolved, super.resolveMosaicId(unresolved));
  }

  #recorded(kind: Resolution['kind'], unresolved: string, resolved: string): string {
    if (resolved !== unresolved) this.resolutions.push({ kind, unresolved, resolved, source: this.source });
    return resolved;
  }
}

/**
 * What validators see while the chain explains a failure: the same rules and state, every read of
 * the state recorded, and `compared` set for a validator to name the values it compared. The
 * network's rules and facts a validator reads (`network.` before the latter's names), and the block's
 * height and time, count as compared too.
 * `begin` starts afresh before each validator, so what is left belongs to the one that refused.
 */
export class ExplainingContext extends RuleContext {
  readonly reads: StateRead[];
  /** What the validator named, and the rules and block facts it read. */
  #named: Record<string, unknown> = {};
  #read: Record<string, unknown> = {};
  readonly compared = (values: Readonly<Record<string, unknown>>): void => {
    Object.assign(this.#named, values);
  };

  constructor(environment: PublishContext, state: StateReader, resolution: AliasResolution) {
    const reads: StateRead[] = [];
    super(environment, {
      cache<V>(descriptor: CacheDescriptor<V>): CacheView<V> {
        const view = state.cache(descriptor);
        return {
          get(key: string): V | undefined {
            const entry = view.get(key);
            reads.push({ cache: descriptor.name, key, entry });
            return entry;
          },
        };
      },
    }, resolution);
    this.reads = reads;
    const read = (name: string, value: unknown) => {
      this.#read[name] = value;
      return value;
    };
    // A proxy that records the fields read (under `prefix`).
    const recorded = <T extends object>(target: T, prefix: string): T =>
      new Proxy(target, { get: (object, name) => (typeof name === 'string' ? read(prefix + name, Reflect.get(object, name)) : Reflect.get(object, name)) });
    Object.defineProperties(this, {
      rules: { value: recorded(environment.rules, '') },
      network: { value: recorded(environment.network, 'network.') },
      height: { get: () => read('blockHeight', environment.height) },
      timestamp: { get: () => read('blockTimestamp', environment.timestamp) },
    });
  }

  /** What the validator that refused compared: the rules and block facts it read, and the values it named. */
  get values(): Readonly<Record<string, unknown>> {
    return { ...this.#read, ...this.#named };
  }

  begin(): void {
    this.reads.length = 0;
    this.#named = {};
    this.#read = {};
  }
}
