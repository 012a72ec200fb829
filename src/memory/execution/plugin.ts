/**
 * What a plugin of the in-memory chain is (catapult's plugins/txes/<family>, in small):
 * the transaction types it turns into notifications, the validators and observers it
 * runs on notifications (its own kinds and shared ones, such as balance transfers), the
 * alias resolvers it offers, and the work it does at every block (expiries).
 *
 * A plugin is made per chain (`(environment) => ChainPlugin`): its caches and indexes
 * belong to that chain.
 */
import type { models } from 'symbol-sdk/symbol';
import type { ChainRules } from '../rules.js';
import type { CacheDescriptor, CacheView } from '../state/cache.js';
import type { ChainState, StateDelta } from '../state/chain-state.js';
import type { FailureCode, NotificationType } from './notification.js';
import type { Receipt, ReceiptSource } from './receipts.js';

export type TransactionModel = InstanceType<typeof models.Transaction> | InstanceType<typeof models.EmbeddedTransaction>;

/** A top-level or embedded transaction, as a plugin turns it into notifications. */
export interface TransactionInput<M extends TransactionModel = TransactionModel> {
  /** The symbol-sdk model (its type is the one the plugin registered for). */
  readonly model: M;
  /** 64 uppercase hex. */
  readonly signerPublicKey: string;
  /** 48 uppercase hex. */
  readonly signerAddress: string;
  /** Whether the signer is the nemesis account (exempt from rental fees). */
  readonly signedByNemesis: boolean;
  /** A top-level aggregate's transactionsHash as its inner transactions make it (64 hex), computed once when it was decoded. */
  readonly computedTransactionsHash?: string;
  /** A top-level aggregate's inner transactions' additional cosigners (`TransactionSupport.additionalCosigners`), unresolved addresses (48 hex). */
  readonly additionalCosigners?: readonly string[];
}

/** Facts of the network a plugin may need, besides its rules. */
export interface ChainNetwork {
  /** 152 (testnet) or 104 (mainnet). */
  readonly identifier: number;
  /** The currency's mosaic id (16 hex). */
  readonly currencyMosaicId: string;
  /** The mosaic whose balances make importance (16 hex): catapult's `harvestingMosaicId`, mostly the currency. */
  readonly harvestingMosaicId: string;
  /** 64 hex: the account that signs the nemesis block, and nothing after it. */
  readonly nemesisPublicKey: string;
  /** 48 hex each: where rental fees and the network's share of harvests go. */
  readonly sinks: NetworkSinks;
  /**
   * The sinks blocks below `until` pay instead (catapult's V1 sink addresses, in force until the
   * treasury reissuance fork height): mainnet's nemesis block pays its fees to these.
   */
  readonly formerSinks?: NetworkSinks & { readonly until: bigint };
}

/** 48 hex each: where rental fees and the network's share of harvests go. */
export interface NetworkSinks {
  readonly mosaicRental: string;
  readonly namespaceRental: string;
  readonly harvestNetworkFee: string;
}

/** The sinks in force at `height` (catapult's height-dependent sink addresses). */
export function sinksAt(network: ChainNetwork, height: bigint): NetworkSinks {
  return network.formerSinks && height < network.formerSinks.until ? network.formerSinks : network.sinks;
}

/** The block a transaction runs in (for an unconfirmed one: the next block). */
export interface BlockEnvironment {
  readonly height: bigint;
  /** Network time (ms since the nemesis block). */
  readonly timestamp: bigint;
  /** The median fee multiplier of recent blocks, that rental fees are multiplied by. */
  readonly dynamicFeeMultiplier: bigint;
}

/** What a publisher reads besides the transaction. */
export interface PublishContext extends BlockEnvironment {
  readonly rules: ChainRules;
  readonly network: ChainNetwork;
  /** The address (48 hex) of a public key (64 hex), from the chain's address book. */
  addressOf(publicKey: string): string;
}

/** Adds a notification to the transaction's list. */
export type Publish = <T>(type: NotificationType<T>, payload: T) => void;

/** How a plugin turns one transaction type into notifications (in the order catapult publishes them). */
export interface TransactionSupport {
  /** The `models.TransactionType` value. */
  readonly type: number;
  /**
   * Publishes the type's own notifications: catapult's custom ones (`Publication`). The basic
   * ones every transaction has (signer's key, header, transaction, deadline, fee, the fee's debit)
   * are the executor's; a plugin never publishes them.
   */
  publish(transaction: TransactionInput, publish: Publish, context: PublishContext): void;
  /** Only inside an aggregate (catapult's Only_Embeddable): a node drops such a transaction at the top level as malformed, with no status. */
  readonly embeddedOnly?: boolean;
  /** Unresolved addresses (48 hex) that must approve an embedded transaction of this type besides its signer (catapult's additionalRequiredCosignatories). */
  additionalCosigners?(model: TransactionModel): readonly string[];
}

/** What a validator may read: no writes. */
export interface StateReader {
  cache<V>(descriptor: CacheDescriptor<V>): CacheView<V>;
}

/** What validators see. */
export interface ValidationContext extends PublishContext {
  readonly state: StateReader;
  /** The address an unresolved address (48 hex; an alias or a plain address) stands for, as 48 hex. */
  resolveAddress(unresolved: string): string;
  /** The mosaic id an unresolved mosaic id (16 hex; an alias or a plain id) stands for. */
  resolveMosaicId(unresolved: string): string;
  /**
   * Set only while the chain explains a failure (`chain.dev.trace`): a validator that refuses
   * names the values it compared (`context.compared?.({ balance, amount })`) before it returns
   * its code. Never set on the normal path, which pays nothing for it.
   */
  readonly compared?: (values: Readonly<Record<string, unknown>>) => void;
}

/** What observers see: the state to change, and where receipts go. */
export interface ObservationContext extends ValidationContext {
  readonly state: StateDelta;
  /** The source the receipts of this notification carry. */
  readonly source: ReceiptSource;
  receipt(receipt: Receipt): void;
}

/** One rule: undefined when the notification passes it, else the failure a node reports. */
export type Validator<T> = (payload: T, context: ValidationContext) => FailureCode | undefined;
/** One state change a notification makes. */
export type Observer<T> = (payload: T, context: ObservationContext) => void;

export interface ValidatorEntry {
  readonly type: NotificationType<unknown>;
  readonly validate: Validator<unknown>;
  /** What a trace calls the rule: the function's name unless given. */
  readonly name: string;
}

export interface ObserverEntry {
  readonly type: NotificationType<unknown>;
  readonly observe: Observer<unknown>;
}

/** Registers a validator for a kind of notification; a trace names it `name` (default: the function's own name). */
export function validator<T>(type: NotificationType<T>, validate: Validator<T>, name: string = validate.name): ValidatorEntry {
  if (!name) throw new Error(`a validator of '${type.name}' has no name: name the function or pass one`);
  return { type, validate: validate as Validator<unknown>, name };
}

/** Registers an observer for a kind of notification. */
export function observer<T>(type: NotificationType<T>, observe: Observer<T>): ObserverEntry {
  return { type, observe: observe as Observer<unknown> };
}

/** What a block observer sees: the block's state, its facts, and receipts with the block as their source. */
export interface BlockContext extends ObservationContext {
  /** 48 hex. */
  readonly harvesterAddress: string;
  /** 48 hex. */
  readonly beneficiaryAddress: string;
  /** What the block's transactions paid. */
  readonly totalFee: bigint;
}

/** Resolves aliases: undefined when the value is no alias this plugin knows. */
export interface AliasResolvers {
  address?(unresolved: string, state: StateReader): string | undefined;
  mosaicId?(unresolved: string, state: StateReader): string | undefined;
}

/** One plugin of the chain. */
export interface ChainPlugin {
  readonly name: string;
  readonly transactions?: readonly TransactionSupport[];
  /** Rules that need no state (sizes, ranges, flags), in the order catapult registers them. */
  readonly statelessValidators?: readonly ValidatorEntry[];
  /**
   * Rules on the state, in order. An aggregate bonded entering the partial pool is checked by
   * those on its basic notifications only (`Publication`: a validator of `TRANSACTION`, of the
   * fee's `BALANCE_DEBIT`), as catapult's partial validation; its whole list runs once its
   * cosignatures complete it.
   */
  readonly validators?: readonly ValidatorEntry[];
  readonly observers?: readonly ObserverEntry[];
  readonly resolvers?: AliasResolvers;
  /** Runs once per block, after its transactions (expiries, fees, inflation). */
  readonly blockObservers?: readonly ((context: BlockContext) => void)[];
  /**
   * Once `height` is finalized, removes what ended after `previous` (the height finalized
   * before) and at or before `height`, as catapult prunes its caches (no receipts).
   */
  readonly prune?: (previous: bigint, height: bigint, state: StateDelta) => void;
  /**
   * The hashes of the aggregates bonded whose lock ends at `height` (a confirmed block): they
   * leave the partial pool there, as catapult's partial transaction cache prunes them.
   */
  readonly partialsEnding?: (height: bigint) => Iterable<string>;
  /**
   * A development control sets an account's balance of a mosaic (from `before` to `after`, in
   * `state`, before the account changes): what follows from balances follows it (the mosaic
   * plugin: the mosaic's supply). Throws an InvalidArgumentError to refuse the change.
   */
  readonly balanceSet?: (change: BalanceSet, state: StateDelta) => void;
}

/** A balance a development control sets (see `ChainPlugin.balanceSet`). */
export interface BalanceSet {
  /** 48 hex. */
  readonly address: string;
  /** 16 hex. */
  readonly mosaicId: string;
  readonly before: bigint;
  readonly after: bigint;
}

/** What a plugin is made with: the chain's state (to register its caches), rules and network facts. */
export interface PluginEnvironment {
  readonly state: ChainState;
  readonly rules: ChainRules;
  readonly network: ChainNetwork;
  /** The next entry id (24 hex; ids sort in creation order), for the entries a plugin's routes list. */
  readonly nextId: () => string;
  /** The height of the chain's latest block. */
  readonly height: () => bigint;
}
