import type { AddressBook } from '../address-book.js';
import { toHex } from '../keys.js';
import type { ChainRules } from '../rules.js';
import type { StateDelta } from '../state/chain-state.js';
import type { FailureCode, Notification, NotificationType, Publication } from './notification.js';
import type {
  BlockContext,
  BlockEnvironment,
  ChainNetwork,
  ChainPlugin,
  Observer,
  PublishContext,
  StateReader,
  TransactionInput,
  TransactionSupport,
  ValidatorEntry,
} from './plugin.js';
import { sinksAt } from './plugin.js';
import { AliasResolution, ExplainingContext, RuleContext, TransactionContext } from './contexts.js';
import type { RuleRefusal, StateChange } from './trace.js';
import { BLOCK_SOURCE, type Receipt, type ReceiptSource } from './receipts.js';
import type { StatementBuilder } from './statement-builder.js';
import type { DecodedTransaction } from '../transactions/codec.js';
import { ACCOUNT_ADDRESS, ACCOUNT_PUBLIC_KEY, AGGREGATE_EMBEDDED_TRANSACTION, BALANCE_DEBIT, ENTITY, TRANSACTION, TRANSACTION_DEADLINE, TRANSACTION_FEE } from './core-notifications.js';

/** A notification and the receipt source it carries (the embedded transaction it came from). */
export interface SourcedNotification extends Notification {
  readonly source: ReceiptSource;
  /** Who published it (catapult's `PublicationMode`): see `Publication`. */
  readonly publication: Publication;
}

/** What the executor needs besides the plugins. */
export interface ExecutorOptions {
  rules: ChainRules;
  network: ChainNetwork;
  addresses: AddressBook;
  /** Longest deadline ahead of the block's time, in ms, for a transaction and for an aggregate bonded one. */
  maxLifetime: bigint;
  maxBondedLifetime: bigint;
}

/** One block's run: what the plugins need to know about it, and where its statements go. */
export interface ExecutionRun extends BlockEnvironment {
  /** Receipts and resolutions are recorded here (a block); none for the unconfirmed state. */
  readonly statements?: StatementBuilder;
}

/**
 * Runs transactions through the plugins as catapult does: every notification's stateful
 * validators, then its observers, one notification after another, on a layer of its own;
 * the first failure drops the layer (with its receipts), so a failing transaction (and
 * every inner transaction of a failing aggregate) leaves no trace.
 */
export class TransactionExecutor {
  readonly #rules: ChainRules;
  readonly #network: ChainNetwork;
  readonly #options: ExecutorOptions;
  readonly #plugins: readonly ChainPlugin[];
  readonly #supports = new Map<number, TransactionSupport>();
  readonly #stateless = new Map<NotificationType<unknown>, ValidatorEntry[]>();
  readonly #stateful = new Map<NotificationType<unknown>, ValidatorEntry[]>();
  readonly #observers = new Map<NotificationType<unknown>, Observer<unknown>[]>();
  readonly #resolution: AliasResolution;
  readonly #addressOf = (publicKey: string): string => this.#options.addresses.of(publicKey).hex;

  constructor(plugins: readonly ChainPlugin[], options: ExecutorOptions) {
    this.#plugins = plugins;
    this.#options = options;
    this.#rules = options.rules;
    this.#network = options.network;
    for (const plugin of plugins) {
      for (const support of plugin.transactions ?? []) {
        if (this.#supports.has(support.type)) throw new Error(`transaction type 0x${support.type.toString(16)} is supported twice`);
        this.#supports.set(support.type, support);
      }
      for (const entry of plugin.statelessValidators ?? []) listUnder(this.#stateless, entry.type).push(entry);
      for (const entry of plugin.validators ?? []) listUnder(this.#stateful, entry.type).push(entry);
      for (const { type, observe } of plugin.observers ?? []) listUnder(this.#observers, type).push(observe);
    }
    this.#resolution = new AliasResolution(plugins.map((plugin) => plugin.resolvers));
  }

  /**
   * Every notification of a transaction in catapult's order: the signer's key, the header,
   * the transaction (its sender), the deadline and the fee, what its plugin publishes (an aggregate's inner transactions
   * each with their own source), then the fee's debit. The plugin's (and the inner transactions') are `custom`, the
   * others `basic` (catapult's `PublicationMode`).
   *
   * @param primaryId the transaction's 1-based place in its block (the source of its receipts)
   * @param fee what it pays: `maxFee` while unconfirmed, the block's multiplier × its size in a block
   */
  notifications(decoded: DecodedTransaction, primaryId: number, fee: bigint, block: BlockEnvironment): SourcedNotification[] {
    const { addresses, maxLifetime, maxBondedLifetime } = this.#options;
    const { nemesisPublicKey } = this.#network;
    const context = this.publishContext(block);
    const list: SourcedNotification[] = [];
    let source: ReceiptSource = { primaryId, secondaryId: 0 };
    // Basic until the transaction's own type publishes: what follows is custom, the fee's debit basic again.
    let publication: Publication = 'basic';
    const publish = <T>(type: NotificationType<T>, payload: T) => void list.push({ type: type as NotificationType<unknown>, payload, source, publication });
    // catapult's nemesis notification publisher: every transaction of block 1 names the harvest network fee sink first.
    if (block.height === 1n && context.rules.harvestNetworkPercentage > 0) publish(ACCOUNT_ADDRESS, { unresolvedAddress: sinksAt(this.#network, 1n).harvestNetworkFee });
    const publishBody = (model: TransactionInput['model'], signerPublicKey: string) => {
      const signerAddress = addresses.of(signerPublicKey).hex;
      publish(ACCOUNT_PUBLIC_KEY, { publicKey: signerPublicKey, address: signerAddress });
      publish(ENTITY, { network: model.network.value, type: model.type.value, version: model.version });
      return { model, signerPublicKey, signerAddress, signedByNemesis: signerPublicKey === nemesisPublicKey } satisfies TransactionInput;
    };

    // Each inner transaction's additional cosigners, asked of its plugin once: the aggregate and the inner transaction both carry them.
    const additionalCosigners = decoded.embedded.map((embedded) => this.#supports.get(embedded.type.value)?.additionalCosigners?.(embedded) ?? NONE);
    const top = {
      ...publishBody(decoded.model, decoded.signerPublicKey),
      computedTransactionsHash: decoded.computedTransactionsHash,
      additionalCosigners: additionalCosigners.length === 0 ? NONE : additionalCosigners.flat(),
    };
    const signerAddress = top.signerAddress;
    publish(TRANSACTION, { signerAddress, hash: decoded.hash, type: decoded.type });
    publish(TRANSACTION_DEADLINE, { deadline: decoded.deadline, maxLifetime: decoded.aggregate === 'bonded' ? maxBondedLifetime : maxLifetime });
    publish(TRANSACTION_FEE, { address: signerAddress, fee });
    publication = 'custom';
    this.#supports.get(decoded.type)?.publish(top, publish, context);
    let cosignerPublicKeys: readonly string[] | undefined;
    decoded.embedded.forEach((embedded, index) => {
      source = { primaryId, secondaryId: index + 1 };
      const input = publishBody(embedded, toHex(embedded.signerPublicKey.bytes));
      const support = this.#supports.get(input.model.type.value);
      cosignerPublicKeys ??= embeddedCosigners(decoded);
      publish(AGGREGATE_EMBEDDED_TRANSACTION, {
        aggregateSignerPublicKey: decoded.signerPublicKey,
        cosignerPublicKeys,
        signerPublicKey: input.signerPublicKey,
        transaction: embedded,
        additionalCosigners: additionalCosigners[index],
      });
      support?.publish(input, publish, context);
    });
    // The fee's debit is the transaction's own again (it resolves no alias: no receipt source depends on it).
    source = { primaryId, secondaryId: 0 };
    publication = 'basic';
    publish(BALANCE_DEBIT, { address: signerAddress, unresolvedMosaicId: this.#network.currencyMosaicId, amount: fee });
    return list;
  }

  /** Whether a transaction type may only be embedded in an aggregate. */
  isEmbeddedOnly(type: number): boolean {
    return this.#supports.get(type)?.embeddedOnly === true;
  }

  /** The context publishers see for a block. */
  publishContext(block: BlockEnvironment): PublishContext {
    return {
      height: block.height,
      timestamp: block.timestamp,
      dynamicFeeMultiplier: block.dynamicFeeMultiplier,
      rules: this.#rules,
      network: this.#network,
      addressOf: this.#addressOf,
    };
  }

  /** The first stateless rule the notifications break (sizes, ranges, flags: no state read). */
  validateStateless(notifications: readonly Notification[], block: BlockEnvironment, state: StateReader): FailureCode | undefined {
    const context = new RuleContext(this.publishContext(block), state, this.#resolution);
    for (const { type, payload } of notifications) {
      for (const { validate } of this.#stateless.get(type) ?? NONE) {
        const failure = validate(payload, context);
        if (failure) return failure;
      }
    }
    return undefined;
  }

  /**
   * Runs the notifications on a layer over `state`: validators then observers, notification
   * by notification. Commits the layer (and the receipts) into `state` and `run.statements`
   * when every rule passes; else drops both and returns the failure. `record` is told what a
   * transaction that passes changes (each entry before and after) and its receipts, before they are committed.
   */
  execute(notifications: readonly SourcedNotification[], state: StateDelta, run: ExecutionRun, record?: (changes: StateChange[], receipts: TransactionContext['receipts']) => void): FailureCode | undefined {
    const layer = state.delta();
    const environment = this.publishContext(run);
    const validation = new RuleContext(environment, layer, this.#resolution);
    const observation = new TransactionContext(environment, layer, this.#resolution);
    for (const notification of notifications) {
      observation.source = notification.source;
      for (const { validate } of this.#stateful.get(notification.type) ?? NONE) {
        const failure = validate(notification.payload, validation);
        if (failure) return failure;
      }
      for (const observe of this.#observers.get(notification.type) ?? NONE) observe(notification.payload, observation);
    }
    record?.(layer.changes(), observation.receipts);
    layer.commit();
    if (run.statements) {
      for (const { source, receipt } of observation.receipts) run.statements.addReceipt(source, receipt);
      for (const { kind, unresolved, resolved, source } of observation.resolutions) run.statements.addResolution(kind, unresolved, resolved, source);
    }
    return undefined;
  }

  /**
   * Runs only the stateful validators of the notifications `include` picks on `state`, with no
   * observer (each notification seeing the same state, as catapult's partial transaction
   * validation does): an aggregate bonded's basic notifications when it enters the partial pool,
   * its cosigners against the multisig graph while it waits for cosignatures.
   */
  validateStateful<N extends Notification>(notifications: readonly N[], include: (notification: N) => boolean, state: StateReader, block: BlockEnvironment): FailureCode | undefined {
    const context = new RuleContext(this.publishContext(block), state, this.#resolution);
    for (const notification of notifications) {
      if (!include(notification)) continue;
      const { type, payload } = notification;
      for (const { validate } of this.#stateful.get(type) ?? NONE) {
        const failure = validate(payload, context);
        if (failure) return failure;
      }
    }
    return undefined;
  }

  /**
   * Runs again the checks that refused a transaction, explaining: on a layer over `state` that is
   * dropped, each validator told to name what it compares (`ValidationContext.compared`) and its
   * reads of the state recorded. `checks` says which run refused it: `stateless` (the rules that
   * need no state), `stateful` (`execute`: validators and observers, notification by notification)
   * or a filter of the notifications whose stateful validators alone ran (`validateStateful`).
   * The refusal it finds (its code, which the caller holds to the original one), or undefined.
   */
  explain(
    notifications: readonly SourcedNotification[],
    state: StateDelta,
    block: BlockEnvironment,
    checks: 'stateless' | 'stateful' | ((notification: SourcedNotification) => boolean),
  ): (RuleRefusal & { code: FailureCode }) | undefined {
    const layer = state.delta();
    const environment = this.publishContext(block);
    const context = new ExplainingContext(environment, layer, this.#resolution);
    const observation = checks === 'stateful' ? new TransactionContext(environment, layer, this.#resolution) : undefined;
    const validators = checks === 'stateless' ? this.#stateless : this.#stateful;
    for (const [index, notification] of notifications.entries()) {
      if (typeof checks === 'function' && !checks(notification)) continue;
      for (const { validate, name } of validators.get(notification.type) ?? NONE) {
        context.begin();
        const code = validate(notification.payload, context);
        if (code) return { code, rule: name, notification: index, values: context.values, reads: context.reads };
      }
      if (!observation) continue;
      observation.source = notification.source;
      for (const observe of this.#observers.get(notification.type) ?? NONE) observe(notification.payload, observation);
    }
    return undefined;
  }

  /** Runs every plugin's block observers on `state`, with the block as the receipts' source. */
  observeBlock(state: StateDelta, run: ExecutionRun & { harvesterAddress: string; beneficiaryAddress: string; totalFee: bigint }): void {
    const context: BlockContext = Object.assign(new RuleContext(this.publishContext(run), state, this.#resolution), {
      state,
      source: BLOCK_SOURCE,
      harvesterAddress: run.harvesterAddress,
      beneficiaryAddress: run.beneficiaryAddress,
      totalFee: run.totalFee,
      receipt: (receipt: Receipt) => run.statements?.addReceipt(BLOCK_SOURCE, receipt),
    });
    for (const plugin of this.#plugins) for (const observe of plugin.blockObservers ?? []) observe(context);
  }

  /** Runs every plugin's pruning for the heights after `previous` through a newly finalized `height`, on `state`. */
  prune(previous: bigint, height: bigint, state: StateDelta): void {
    for (const plugin of this.#plugins) plugin.prune?.(previous, height, state);
  }
}

const NONE: readonly never[] = [];

// An aggregate's cosigners as its payload carries them (64 hex each).
function embeddedCosigners(decoded: DecodedTransaction): string[] {
  const { cosignatures } = decoded.model as unknown as { cosignatures: readonly { signerPublicKey: { bytes: Uint8Array } }[] };
  return cosignatures.map((cosignature) => toHex(cosignature.signerPublicKey.bytes));
}

function listUnder<K, V>(map: Map<K, V[]>, key: K): V[] {
  let list = map.get(key);
  if (!list) {
    list = [];
    map.set(key, list);
  }
  return list;
}
