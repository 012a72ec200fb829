import type { Bytes } from '../block-builder.js';
import type { ChainRules } from '../rules.js';
import type { ChainState, StateDelta } from '../state/chain-state.js';
import type { DecodedTransaction } from '../transactions/codec.js';
import type { SourcedNotification, TransactionExecutor } from './executor.js';
import type { FailureCode } from './notification.js';
import type { BlockEnvironment } from './plugin.js';
import type { BlockStatements } from './receipts.js';
import { StatementBuilder } from './statement-builder.js';
import { AGGREGATE_COSIGNATURES, AGGREGATE_EMBEDDED_TRANSACTION } from './core-notifications.js';
import type { Notification, NotificationType } from './notification.js';
import type { ConfirmedTrace, FailedTrace, FailureStage, StateChange, TraceLog } from './trace.js';

/** The notifications an aggregate's cosigners are checked on. */
const COSIGNER_KINDS = [AGGREGATE_COSIGNATURES, AGGREGATE_EMBEDDED_TRANSACTION] as readonly NotificationType<unknown>[];
const isCosignerKind = (notification: Notification): boolean => COSIGNER_KINDS.includes(notification.type);
const isBasic = (notification: SourcedNotification): boolean => notification.publication === 'basic';

/** One transaction a block tries, and what it pays. */
export interface BlockCandidate<T> {
  readonly item: T;
  readonly decoded: DecodedTransaction;
  readonly fee: bigint;
}

/** A block's run: what it took, what failed, its statements; committed by `ChainEngine.commit`. */
export interface BlockExecution<T> {
  readonly included: readonly T[];
  readonly failed: readonly { readonly item: T; readonly failure: FailureCode }[];
  readonly totalFee: bigint;
  readonly statements: BlockStatements;
  readonly receiptsHash: Bytes;
  readonly delta: StateDelta;
}

export interface EngineOptions {
  state: ChainState;
  executor: TransactionExecutor;
  rules: ChainRules;
  /** The height of the chain's latest block. */
  height: () => bigint;
  /** Network time now (ms since the nemesis block). */
  now: () => bigint;
  /** Where the runs of transactions are recorded for `chain.dev.trace` (none: nothing recorded). */
  traces?: TraceLog;
}

/**
 * The chain's state and the validators and observers that check and change it, as a node
 * keeps them: confirmed state, and the unconfirmed transactions' changes on a layer over it
 * (so the second of two spends of the same balance fails at once); a block runs on its own
 * layer and is committed whole.
 */
export class ChainEngine {
  readonly #options: EngineOptions;
  #unconfirmed: StateDelta;
  /** Fee multipliers of the latest blocks, oldest first (at most `maxDifficultyBlocks`). */
  readonly #recentMultipliers: number[] = [];

  constructor(options: EngineOptions) {
    this.#options = options;
    this.#unconfirmed = options.state.delta();
  }

  /**
   * The multiplier of rental fees (catapult's dynamic fee multiplier): the median of the
   * latest blocks' fee multipliers, blocks that asked no fee left out and the window filled
   * with `defaultDynamicFeeMultiplier`.
   */
  dynamicFeeMultiplier(): bigint {
    const { maxDifficultyBlocks, defaultDynamicFeeMultiplier } = this.#options.rules;
    const paid = this.#recentMultipliers.filter((multiplier) => multiplier > 0);
    while (paid.length < maxDifficultyBlocks) paid.push(defaultDynamicFeeMultiplier);
    paid.sort((a, b) => a - b);
    return BigInt(paid[Math.floor(paid.length / 2)]);
  }

  /** The environment of the next block, for transactions that are not in one yet (reads the clock once). */
  nextBlock(): BlockEnvironment {
    return { height: this.#options.height() + 1n, timestamp: this.#options.now(), dynamicFeeMultiplier: this.dynamicFeeMultiplier() };
  }

  /**
   * Checks an announced transaction as a node does, paying its `maxFee`: the validators that
   * need no state, then `verifySignatures`, then the stateful ones. For the unconfirmed pool
   * every stateful validator runs on the unconfirmed state, and the transaction is applied
   * there. For the partial pool (an aggregate bonded whose cosignatures may still be missing)
   * only those of its basic notifications run (catapult's PtValidator: the deadline, the hash
   * lock, the fee's debit; not its inner transactions nor its cosigners, which may change before
   * it completes), on the confirmed state, and nothing is applied. The first failure, or undefined.
   */
  admit(decoded: DecodedTransaction, pool: 'unconfirmed' | 'partial', verifySignatures: () => FailureCode | undefined): FailureCode | undefined {
    const { executor } = this.#options;
    const block = this.nextBlock();
    const notifications = executor.notifications(decoded, 1, decoded.maxFee, block);
    const stateless = executor.validateStateless(notifications, block, this.#unconfirmed);
    if (stateless) return this.#failed(decoded.hash, stateless, 'stateless', notifications, this.#unconfirmed, block, 'stateless');
    const signature = verifySignatures();
    if (signature) return this.#failed(decoded.hash, signature, 'signature', notifications, { rule: 'verifySignatures' });
    // On the confirmed state, as a node checks partial transactions (a hash lock must be confirmed).
    if (pool === 'partial') {
      const failure = executor.validateStateful(notifications, isBasic, this.#options.state, block);
      return failure && this.#failed(decoded.hash, failure, 'partial', notifications, this.#options.state.delta(), block, isBasic);
    }
    const failure = executor.execute(notifications, this.#unconfirmed, block);
    return failure && this.#failed(decoded.hash, failure, 'stateful', notifications, this.#unconfirmed, block, 'stateful');
  }

  /**
   * Records a failure among the traces (when they are kept): with a rule's refusal, found by
   * running `checks` again on `state` as it was when the transaction failed, or with what refused it
   * outside the rules. Returns the code.
   */
  #failed(hash: string, code: FailureCode, stage: FailureStage, notifications: readonly SourcedNotification[], refusal: { rule: string; values?: Record<string, unknown> }): FailureCode;
  #failed(hash: string, code: FailureCode, stage: FailureStage, notifications: readonly SourcedNotification[], state: StateDelta, block: BlockEnvironment, checks: Parameters<TransactionExecutor['explain']>[3]): FailureCode;
  #failed(
    hash: string,
    code: FailureCode,
    stage: FailureStage,
    notifications: readonly SourcedNotification[],
    given: StateDelta | { rule: string; values?: Record<string, unknown> },
    block?: BlockEnvironment,
    checks?: Parameters<TransactionExecutor['explain']>[3],
  ): FailureCode {
    const { traces, executor } = this.#options;
    if (!traces?.recording) return code;
    let refusal: FailedTrace['refusal'] | undefined = 'rule' in given ? given : undefined;
    if (!refusal) {
      const found = executor.explain(notifications, given as StateDelta, block!, checks!);
      // The explaining run met the same rule, or the rule could not be told apart: the code alone.
      refusal = found && found.code === code ? found : { rule: 'unknown' };
    }
    traces.add(hash, { kind: 'failed', code, stage, notifications, refusal });
    return code;
  }

  /**
   * Records why an aggregate's cosigners failed (`checkCosigners` answered
   * `Failure_Aggregate_Ineligible_Cosignatories`), on the state they were checked on.
   */
  explainCosigners(decoded: DecodedTransaction, code: FailureCode): void {
    const block = this.nextBlock();
    this.#failed(decoded.hash, code, 'cosigners', this.#options.executor.notifications(decoded, 1, decoded.maxFee, block), this.#options.state.delta(), block, isCosignerKind);
  }

  /** Records a failure no rule of a notification made (a pool's deadline, a lock's end, a type no plugin knows), and what it compared. */
  recordFailure(hash: string, code: string, stage: FailureStage, refusal: { rule: string; values?: Record<string, unknown> }, decoded?: DecodedTransaction): void {
    if (!this.#options.traces?.recording) return;
    this.#failed(hash, code as FailureCode, stage, decoded ? this.notifications(decoded) : [], refusal);
  }

  /** A transaction's notifications, as it raises them in the next block (paying its `maxFee`). */
  notifications(decoded: DecodedTransaction): SourcedNotification[] {
    return this.#options.executor.notifications(decoded, 1, decoded.maxFee, this.nextBlock());
  }

  /**
   * Runs `admit`'s stateful checks (and for the partial pool `checkCosigners`') on a layer that
   * is dropped: what a forked chain runs first, to learn which entries the check will read.
   */
  trial(decoded: DecodedTransaction, pool: 'unconfirmed' | 'partial'): void {
    const { executor, state } = this.#options;
    const block = this.nextBlock();
    const notifications = executor.notifications(decoded, 1, decoded.maxFee, block);
    if (executor.validateStateless(notifications, block, this.#unconfirmed)) return;
    if (pool === 'unconfirmed') {
      executor.execute(notifications, this.#unconfirmed.delta(), block);
      return;
    }
    executor.validateStateful(notifications, isBasic, state, block);
    executor.validateStateful(notifications, isCosignerKind, state, block);
  }

  /** Whether a transaction type may only be embedded in an aggregate (a node drops it at the top level). */
  isEmbeddedOnly(type: number): boolean {
    return this.#options.executor.isEmbeddedOnly(type);
  }

  /**
   * Checks only an aggregate's cosigners against the multisig graph of the confirmed state:
   * `Failure_Aggregate_Ineligible_Cosignatories` for a cosigner who may approve nothing,
   * `Failure_Aggregate_Missing_Cosignatures` while approvals are missing, undefined once complete.
   */
  checkCosigners(decoded: DecodedTransaction): FailureCode | undefined {
    const { executor, state } = this.#options;
    const block = this.nextBlock();
    return executor.validateStateful(executor.notifications(decoded, 1, decoded.maxFee, block), isCosignerKind, state, block);
  }

  /** Runs a transaction whose envelope and signatures were checked on the unconfirmed layer (paying its `maxFee`); the failure, or undefined once applied. */
  admitUnconfirmed(decoded: DecodedTransaction, block: BlockEnvironment = this.nextBlock()): FailureCode | undefined {
    const { executor } = this.#options;
    const notifications = executor.notifications(decoded, 1, decoded.maxFee, block);
    const failure = executor.execute(notifications, this.#unconfirmed, block);
    return failure && this.#failed(decoded.hash, failure, 'stateful', notifications, this.#unconfirmed, block, 'stateful');
  }

  /**
   * Runs a block on a layer over the confirmed state: each candidate in order (a failing one
   * is left out, with no trace), then the plugins' block observers (fees, inflation,
   * expiries). Nothing is confirmed until `commit`.
   */
  executeBlock<T>(block: BlockEnvironment & { harvesterAddress: string; beneficiaryAddress: string }, candidates: readonly BlockCandidate<T>[], { traced = true } = {}): BlockExecution<T> {
    const { executor, state } = this.#options;
    const traces = traced ? this.#options.traces : undefined;
    const delta = state.delta();
    const statements = new StatementBuilder();
    const run = { ...block, statements };
    const included: T[] = [];
    const failed: { item: T; failure: FailureCode }[] = [];
    let totalFee = 0n;
    for (const { item, decoded, fee } of candidates) {
      const notifications = executor.notifications(decoded, included.length + 1, fee, block);
      const record = traces?.recording
        ? (changes: StateChange[], receipts: ConfirmedTrace['receipts']) => traces.add(decoded.hash, { kind: 'confirmed', height: block.height, notifications, changes, receipts })
        : undefined;
      const failure = executor.execute(notifications, delta, run, record);
      if (failure) {
        failed.push({ item, failure: this.#failed(decoded.hash, failure, 'block', notifications, delta, run, 'stateful') });
        continue;
      }
      included.push(item);
      totalFee += fee;
    }
    executor.observeBlock(delta, { ...run, totalFee });
    const built = statements.build();
    return { included, failed, totalFee, statements: built, receiptsHash: built.receiptsHash, delta };
  }

  /** Confirms a block's changes and starts the unconfirmed layer afresh (the pool is empty after a block). */
  commit(execution: BlockExecution<unknown>, feeMultiplier: number): void {
    execution.delta.commit();
    this.#recentMultipliers.push(feeMultiplier);
    if (this.#recentMultipliers.length > this.#options.rules.maxDifficultyBlocks) this.#recentMultipliers.shift();
    this.#unconfirmed = this.#options.state.delta();
  }

  /** Prunes what expired after the `previous` finalized height and at or before the newly finalized `height`, as catapult does after finalization. */
  prune(previous: bigint, height: bigint): void {
    const delta = this.#options.state.delta();
    this.#options.executor.prune(previous, height, delta);
    delta.commit();
    this.#unconfirmed = this.#options.state.delta();
  }

  /**
   * Changes the confirmed state outside a block (a development control), all or nothing: a
   * change that throws leaves the state as it was. The unconfirmed layer starts afresh.
   */
  changeState(change: (delta: StateDelta) => void): void {
    const delta = this.#options.state.delta();
    change(delta);
    delta.commit();
    this.#unconfirmed = this.#options.state.delta();
  }

  /**
   * What `restore` needs to bring the engine back to now: the fee multipliers of the recent
   * blocks (the confirmed state itself is the journal's to rewind).
   */
  checkpoint(): () => void {
    const multipliers = [...this.#recentMultipliers];
    return () => {
      this.#recentMultipliers.splice(0, this.#recentMultipliers.length, ...multipliers);
      this.#unconfirmed = this.#options.state.delta();
    };
  }

  /** Starts the unconfirmed layer afresh, for transactions that stay unconfirmed to be run again on it. */
  resetUnconfirmed(): void {
    this.#unconfirmed = this.#options.state.delta();
  }
}
