import { SymbolFacade, models } from 'symbol-sdk/symbol';
import type { ChannelName } from '../../backend/events.js';
import type { CosignatureDTO, TransactionGroup, TransactionInfoDTO, TransactionStatusDTO } from '../../backend/dto.js';
import { InvalidArgumentError } from '../../errors.js';
import type { AddressBook } from '../address-book.js';
import type { EventStream } from '../event-stream.js';
import type { BlockExecution, ChainEngine } from '../execution/engine.js';
import type { FailureCode } from '../execution/notification.js';
import type { BlockEnvironment } from '../execution/plugin.js';
import {
  channelAddresses,
  decodeTransaction,
  embeddedCosignatures,
  inspectUnknownType,
  relatedAddresses,
  verifyCosignature,
  verifySignature,
  type CosignatureInput,
  type DecodedTransaction,
  type UnknownTransaction,
} from './codec.js';
import { TransactionCollection } from './collection.js';
import { InboundQueue } from './inbound-queue.js';
import type { TransactionJson } from './json.js';
import { TransactionRecord, wireJson } from './record.js';

export interface LifecycleOptions {
  facade: SymbolFacade;
  /** Addresses of public keys, derived once each. */
  addresses: AddressBook;
  /** Transactions in catapult-rest's JSON, each type's body as its family writes it. */
  json: TransactionJson;
  /** Where events go; `listening()` false spares building a block's `confirmedAdded` frames nobody receives (a nemesis block made as the chain is). */
  events: Pick<EventStream, 'emit'> & { listening?: () => boolean };
  /** The state, and the validators and observers that check and change it. */
  engine: ChainEngine;
  /** The next entry id (ids sort in insertion order). */
  nextId: () => string;
  /** ms between an announce and its checks. */
  announceDelay: number;
  /** Whether the signatures of this signer (64 hex) go unchecked (an impersonated account). */
  signatureWaived?: (publicKey: string) => boolean;
  /** Called when a transaction enters the unconfirmed pool. */
  transactionArrived?: () => void;
  /** Where a signature left unchecked is reported. Default `console.warn`. */
  warn?: (message: string) => void;
  /** Runs each check of an announce (`check`), told what was announced: where the chain keeps its inputs. */
  checking?: (input: AnnouncedInput, check: () => void) => void;
  /**
   * The state of a chain over an entry source (a fork): each announce's check is tried first
   * (`prepare` runs the trial and fetches what it missed, the queue waiting for it), so the
   * check reads every entry it needs. See `FetchedState`.
   */
  fetched?: { prepare(trial: () => void): Promise<void> | undefined };
}

/** An announce as the chain keeps it among its inputs: what `process` checks again. */
export type AnnouncedInput =
  | { op: 'transaction'; payload: string; partial?: true }
  | { op: 'cosignature'; cosignature: CosignatureDTO };

/** The fee multiplier a harvester asks at most (the network's default dynamic fee multiplier). */
const MAX_FEE_MULTIPLIER = 100n;
/** How many failed transactions `/transactionStatus` remembers. */
const FAILED_MEMORY = 10_000;

/** What a block takes from the unconfirmed pool, and its run (not yet committed). */
export interface BlockSelection {
  records: readonly TransactionRecord[];
  feeMultiplier: number;
  totalFee: bigint;
  execution: BlockExecution<TransactionRecord>;
}

/** The cosignatures an aggregate's payload carries (its SDK model's), or undefined for another transaction. */
function payloadCosignatures(record: TransactionRecord): readonly unknown[] | undefined {
  if (!record.decoded.aggregate) return undefined;
  return [...(record.decoded.model as unknown as { cosignatures: unknown[] }).cosignatures];
}

/** What waits in the inbound queue: a decoded transaction for a pool, a payload of an unknown type, or a cosignature. */
type Inbound =
  | { kind: 'transaction'; payload: string; decoded: DecodedTransaction; target: 'unconfirmed' | 'partial' }
  | { kind: 'unknown'; payload: string; transaction: UnknownTransaction }
  | { kind: 'cosignature'; cosignature: CosignatureDTO };

/**
 * What `PUT /transactions` (`target` unconfirmed) and `PUT /transactions/partial` check before they
 * accept a payload: it decodes to a whole transaction (or one of a type no plugin knows, which
 * fails later with a status like any invalid one), and a partial one is an aggregate bonded.
 *
 * @throws InvalidArgumentError (409) otherwise
 */
export function checkAnnounced(payload: unknown, facade: SymbolFacade, target: 'unconfirmed' | 'partial'): Inbound & { kind: 'transaction' | 'unknown' } {
  let item: Inbound & { kind: 'transaction' | 'unknown' };
  try {
    item = { kind: 'transaction', payload: payload as string, decoded: decodeTransaction(payload, facade), target };
  } catch (error) {
    const transaction = typeof payload === 'string' ? inspectUnknownType(payload, facade) : undefined;
    if (!transaction) throw error;
    item = { kind: 'unknown', payload: payload as string, transaction };
  }
  if (target === 'partial' && item.kind === 'transaction' && item.decoded.aggregate !== 'bonded') throw new InvalidArgumentError('only aggregate bonded transactions can be announced as partial');
  return item;
}

/**
 * The transaction lifecycle of the in-memory chain (the gateway interface's state table):
 * announce → unconfirmed; harvest → confirmed; aggregate bonded → partial; cosignatures;
 * all cosigners → unconfirmed; deadline → removed; any rejection → `status` with a
 * `Failure_...` code. Every transition emits its WebSocket events, in the order a node does.
 */
export class TransactionLifecycle {
  readonly confirmed = new TransactionCollection('confirmed');
  readonly unconfirmed = new TransactionCollection('unconfirmed');
  readonly partial = new TransactionCollection('partial');
  #failed = new Map<string, { code: string; deadline: string }>();
  readonly #options: LifecycleOptions;
  readonly #inbound: InboundQueue<Inbound>;

  constructor(options: LifecycleOptions) {
    this.#options = options;
    this.#inbound = new InboundQueue(options.announceDelay, (item) => {
      const { checking } = this.#options;
      if (!checking) return this.#process(item);
      const input: AnnouncedInput = item.kind === 'cosignature'
        ? { op: 'cosignature', cosignature: item.cosignature }
        : { op: 'transaction', payload: item.payload, ...(item.kind === 'transaction' && item.target === 'partial' ? { partial: true as const } : {}) };
      checking(input, () => this.#process(item));
    }, undefined, options.fetched && ((item) => options.fetched!.prepare(() => this.#trial(item))));
  }

  /**
   * `PUT /transactions`: checks the envelope now (throws 409 for a payload that is no
   * transaction); the transaction enters the unconfirmed pool, or fails with a status,
   * once the inbound queue runs.
   */
  announce(payload: unknown): void {
    this.#inbound.push(checkAnnounced(payload, this.#options.facade, 'unconfirmed'));
  }

  /** `PUT /transactions/partial`: an aggregate bonded transaction that waits for cosignatures. */
  announcePartial(payload: unknown): void {
    this.#inbound.push(checkAnnounced(payload, this.#options.facade, 'partial'));
  }

  /** `PUT /transactions/cosignature`: a cosignature for a partial aggregate, checked with the rest of the queue. */
  announceCosignature(cosignature: CosignatureDTO): void {
    this.#inbound.push({ kind: 'cosignature', cosignature: { ...cosignature } });
  }

  /** Checks an announce now, as the inbound queue would (the chain's inputs played again). */
  process(input: AnnouncedInput): void {
    if (input.op === 'cosignature') return this.#process({ kind: 'cosignature', cosignature: { ...input.cosignature } });
    this.#process(checkAnnounced(input.payload, this.#options.facade, input.partial ? 'partial' : 'unconfirmed'));
  }

  /** Checks every announce waiting in the inbound queue now (harvesting does this first). */
  drainInbound(): void {
    this.#inbound.drain();
  }

  /** Checks the announces waiting in the inbound queue that are due (`announceDelay` ms old); the others wait on. */
  drainDueInbound(): void {
    this.#inbound.drainDue();
  }

  /** Checks every announce waiting in the inbound queue, waiting for what a forked chain fetches for them. */
  drainedInbound(): Promise<void> {
    return this.#inbound.drained();
  }

  /**
   * What `restore` needs to bring the lifecycle back to now (a development snapshot): how many
   * transactions are confirmed, copies of the unconfirmed and partial pools (with the
   * cosignatures an aggregate's payload carried), and the failures remembered. Announces still
   * waiting are checked first; those that arrive later are dropped by a restore. Run
   * `readmitUnconfirmed` once the state is back too.
   */
  checkpoint(): () => void {
    this.drainInbound();
    const confirmed = this.confirmed.size;
    const pools = ([this.unconfirmed, this.partial] as const).map((pool) => ({
      pool,
      records: [...pool.records()].map((record) => ({ record: record.copy(), payloadCosignatures: payloadCosignatures(record) })),
    }));
    const failed = new Map(this.#failed);
    return () => {
      this.#inbound.clear();
      this.confirmed.truncate(confirmed);
      for (const { pool, records } of pools) {
        pool.clear();
        for (const { record, payloadCosignatures: cosignatures } of records) {
          // The model is shared with the record that moved on: its payload's cosignatures go back too.
          if (cosignatures) (record.decoded.model as unknown as { cosignatures: unknown[] }).cosignatures = [...cosignatures];
          pool.add(record.copy());
        }
      }
      this.#failed = new Map(failed);
    };
  }

  /** Stops the inbound queue's timer. */
  close(): void {
    this.#inbound.close();
  }

  #process(item: Inbound): void {
    if (item.kind === 'transaction') return this.#admit(item.decoded, item.target);
    if (item.kind === 'cosignature') return this.#cosign(item.cosignature);
    const { hash, deadline, signerPublicKey } = item.transaction;
    this.#options.engine.recordFailure(hash, 'Failure', 'envelope', { rule: 'a transaction type no plugin knows' });
    this.#fail(hash, deadline, [this.#addressOf(signerPublicKey)], 'Failure', true);
  }

  // The checks of `#process` on layers that are dropped (what a forked chain fetches for).
  #trial(item: Inbound): void {
    const { engine } = this.#options;
    if (item.kind === 'transaction') return engine.trial(item.decoded, item.target);
    if (item.kind !== 'cosignature') return;
    const record = this.partial.get(item.cosignature.parentHash);
    if (!record) return;
    engine.trial(record.decoded, 'partial');
    engine.trial(record.decoded, 'unconfirmed');
  }

  // Adds a cosignature to a partial aggregate; the one that completes its approvals (by the multisig graph at that time) moves it to unconfirmed.
  #cosign(cosignature: CosignatureDTO): void {
    const record = this.partial.get(cosignature.parentHash);
    if (!record) return; // a node drops cosignatures for aggregates it does not know
    const cosignerAddress = this.#addressOf(cosignature.signerPublicKey);
    const told = [...new Set([cosignerAddress, ...record.channelAddresses])];
    const { engine } = this.#options;
    if (!this.#cosignatureVerifies(record.hash, cosignature)) {
      engine.recordFailure(record.hash, 'Failure_Signature_Not_Verifiable', 'cosigners', { rule: 'verifyCosignature', values: { cosignerPublicKey: cosignature.signerPublicKey } }, record.decoded);
      return this.#fail(record.hash, record.decoded.deadline, told, 'Failure_Signature_Not_Verifiable', false);
    }
    if (cosignature.signerPublicKey === record.decoded.signerPublicKey) {
      engine.recordFailure(record.hash, 'Failure_Aggregate_Ineligible_Cosignatories', 'cosigners', { rule: 'the aggregate\'s own signer cosigned it', values: { cosignerPublicKey: cosignature.signerPublicKey } }, record.decoded);
      return this.#fail(record.hash, record.decoded.deadline, told, 'Failure_Aggregate_Ineligible_Cosignatories', false);
    }
    if (record.cosignatures.some((existing) => existing.signerPublicKey === cosignature.signerPublicKey)) return;
    this.#attachCosignatures(record, [...record.cosignatures, cosignature]);
    const check = engine.checkCosigners(record.decoded);
    if (check === 'Failure_Aggregate_Ineligible_Cosignatories') {
      engine.explainCosigners(record.decoded, check);
      this.#attachCosignatures(record, record.cosignatures);
      return this.#fail(record.hash, record.decoded.deadline, told, check, false);
    }
    record.cosignatures.push({ version: cosignature.version, signerPublicKey: cosignature.signerPublicKey, signature: cosignature.signature });
    this.#emit('cosignature', record.channelAddresses, { ...cosignature });
    if (check === 'Failure_Aggregate_Missing_Cosignatures') return;
    this.partial.remove(record.hash);
    this.#emit('partialRemoved', record.channelAddresses, { meta: { hash: record.hash } });
    this.#enterUnconfirmed(record);
  }

  // A complete aggregate from the partial pool runs on the unconfirmed state.
  #enterUnconfirmed(record: TransactionRecord): void {
    const failure = this.#options.engine.admitUnconfirmed(record.decoded);
    if (failure) return this.#fail(record.hash, record.decoded.deadline, record.channelAddresses, failure, true);
    record.renumber(this.#options.nextId);
    this.unconfirmed.add(record);
    this.#emit('unconfirmedAdded', record.channelAddresses, this.#notification(record, 'unconfirmed'));
    this.#options.transactionArrived?.();
  }

  /**
   * Removes an unconfirmed or partial transaction as if it had never been announced (a
   * development control): `unconfirmedRemoved` or `partialRemoved`, no status kept, and what stays
   * unconfirmed runs again on a fresh layer (the dropped one's changes gone). The pool it left;
   * undefined for a hash neither pool holds.
   */
  drop(hash: string): 'unconfirmed' | 'partial' | undefined {
    for (const [pool, removed] of [[this.unconfirmed, 'unconfirmedRemoved'], [this.partial, 'partialRemoved']] as const) {
      const record = pool.remove(hash);
      if (!record) continue;
      this.#emit(removed, record.channelAddresses, { meta: { hash: record.hash } });
      if (pool === this.unconfirmed) {
        this.#options.engine.resetUnconfirmed();
        this.readmitUnconfirmed();
      }
      return pool.group as 'unconfirmed' | 'partial';
    }
    return undefined;
  }

  /** Removes the partial transactions whose hash lock expired at `height` (hashes a block's lock expiries name). */
  removeUnlocked(hashes: readonly string[]): void {
    for (const hash of hashes) {
      const record = this.partial.remove(hash);
      if (!record) continue;
      this.#emit('partialRemoved', record.channelAddresses, { meta: { hash: record.hash } });
      this.#options.engine.recordFailure(record.hash, 'Failure_Extension_Partial_Transaction_Cache_Prune', 'pool', { rule: 'its hash lock ended while it waited for cosignatures' }, record.decoded);
      this.#remember(record.hash, record.decoded.deadline, 'Failure_Extension_Partial_Transaction_Cache_Prune');
    }
  }

  /** Removes unconfirmed and partial transactions whose deadline is before `now`. */
  expire(now: bigint): void {
    for (const [pool, removed, code] of [
      [this.unconfirmed, 'unconfirmedRemoved', 'Failure_Core_Past_Deadline'],
      [this.partial, 'partialRemoved', 'Failure_Extension_Partial_Transaction_Cache_Prune'],
    ] as const) {
      for (const record of [...pool.records()]) {
        if (record.decoded.deadline >= now) continue;
        pool.remove(record.hash);
        this.#emit(removed, record.channelAddresses, { meta: { hash: record.hash } });
        this.#options.engine.recordFailure(record.hash, code, 'pool', { rule: `its deadline passed while it waited in the ${pool.group} pool`, values: { deadline: record.decoded.deadline, networkTime: now } }, record.decoded);
        this.#remember(record.hash, record.decoded.deadline, code);
      }
    }
  }

  /**
   * Runs the unconfirmed pool as the next block: the fee multiplier is the lowest its
   * transactions allow (at most the network's default), each pays that times its size, and
   * one that fails now leaves the pool with a status. Nothing is confirmed until the
   * engine commits the execution and `confirm` is called.
   */
  selectForBlock(block: BlockEnvironment & { harvesterAddress: string; beneficiaryAddress: string }): BlockSelection {
    const candidates = [...this.unconfirmed.records()];
    let multiplier = candidates.length === 0 ? 0n : MAX_FEE_MULTIPLIER;
    for (const record of candidates) {
      const affordable = record.decoded.maxFee / BigInt(record.decoded.model.size);
      if (affordable < multiplier) multiplier = affordable;
    }
    const execution = this.#options.engine.executeBlock(
      block,
      candidates.map((record) => ({ item: record, decoded: record.decoded, fee: multiplier * BigInt(record.decoded.model.size) })),
    );
    for (const { item: record, failure } of execution.failed) {
      this.unconfirmed.remove(record.hash);
      this.#emit('unconfirmedRemoved', record.channelAddresses, { meta: { hash: record.hash } });
      this.#fail(record.hash, record.decoded.deadline, record.channelAddresses, failure, true);
    }
    return { records: execution.included, feeMultiplier: Number(multiplier), totalFee: execution.totalFee, execution };
  }

  /** Moves the block's transactions to confirmed: `unconfirmedRemoved`, then `confirmedAdded`, for each. */
  confirm(selection: BlockSelection, height: bigint, timestamp: string): void {
    const listening = this.#options.events.listening?.() ?? true;
    selection.records.forEach((record, index) => {
      const wasUnconfirmed = this.unconfirmed.remove(record.hash) !== undefined;
      record.placement = { height, index, timestamp, feeMultiplier: selection.feeMultiplier };
      record.settle();
      record.renumber(this.#options.nextId);
      this.confirmed.add(record);
      if (!listening) return;
      if (wasUnconfirmed) this.#emit('unconfirmedRemoved', record.channelAddresses, { meta: { hash: record.hash } });
      this.#emit('confirmedAdded', record.channelAddresses, this.#notification(record, 'confirmed'));
    });
  }

  /**
   * The nemesis block's own transactions as a block selection: run without fees and without
   * the unconfirmed pool. Commit it and `confirm` it once the block is built.
   */
  genesisSelection(decoded: readonly DecodedTransaction[], block: BlockEnvironment & { harvesterAddress: string; beneficiaryAddress: string }): BlockSelection {
    // No traces: a nemesis block's transactions would fill them (mainnet's has 26,017) with what nobody asks about.
    const execution = this.#options.engine.executeBlock(block, decoded.map((transaction) => ({ item: this.#record(transaction), decoded: transaction, fee: 0n })), { traced: false });
    if (execution.failed.length > 0) throw new RangeError(`the nemesis block's transaction ${execution.failed[0].item.hash} fails with ${execution.failed[0].failure}`);
    return { records: execution.included, feeMultiplier: 0, totalFee: 0n, execution };
  }

  /** Runs what stays unconfirmed after a block again on the fresh unconfirmed state; what no longer passes leaves with a status. */
  readmitUnconfirmed(): void {
    const { engine } = this.#options;
    for (const record of [...this.unconfirmed.records()]) {
      const failure = engine.admitUnconfirmed(record.decoded);
      if (!failure) continue;
      this.unconfirmed.remove(record.hash);
      this.#emit('unconfirmedRemoved', record.channelAddresses, { meta: { hash: record.hash } });
      this.#fail(record.hash, record.decoded.deadline, record.channelAddresses, failure, true);
    }
  }

  /** Statuses by hash; unknown hashes are left out. */
  /** Hashes of the failures remembered (their statuses), oldest first. */
  failedHashes(): IterableIterator<string> {
    return this.#failed.keys();
  }

  statuses(hashes: readonly string[]): TransactionStatusDTO[] {
    const statuses: TransactionStatusDTO[] = [];
    for (const hash of hashes) {
      const failed = this.#failed.get(hash);
      if (failed) {
        statuses.push({ group: 'failed', code: failed.code, hash, deadline: failed.deadline });
        continue;
      }
      for (const collection of [this.confirmed, this.unconfirmed, this.partial]) {
        const record = collection.get(hash);
        if (!record) continue;
        const status: TransactionStatusDTO = { group: collection.group, code: 'Success', hash, deadline: record.decoded.deadline.toString() };
        status.height = record.height().toString();
        statuses.push(status);
        break;
      }
    }
    return statuses;
  }

  #admit(decoded: DecodedTransaction, target: 'unconfirmed' | 'partial'): void {
    if (this.#isKnown(decoded.hash)) return; // a node ignores a hash it already has
    if (this.#options.engine.isEmbeddedOnly(decoded.type)) return; // malformed at the top level: a node drops it with no status
    const failure = this.#validate(decoded, target);
    if (failure) {
      const json = Object.values(wireJson(decoded, this.#options.json));
      return this.#fail(decoded.hash, decoded.deadline, channelAddresses(relatedAddresses(decoded, json, this.#options.addresses), json), failure, true);
    }
    this.#failed.delete(decoded.hash); // announced again, and valid this time
    const record = this.#record(decoded);
    if (target === 'partial') {
      // An aggregate bonded that its cosignatures already approve goes on at once.
      if (this.#options.engine.checkCosigners(decoded) === undefined) return this.#enterUnconfirmed(record);
      this.partial.add(record);
      this.#emit('partialAdded', record.channelAddresses, this.#notification(record, 'partial'));
      return;
    }
    this.unconfirmed.add(record);
    this.#emit('unconfirmedAdded', record.channelAddresses, this.#notification(record, 'unconfirmed'));
    this.#options.transactionArrived?.();
  }

  #record(decoded: DecodedTransaction): TransactionRecord {
    const { nextId, addresses, json } = this.#options;
    return new TransactionRecord(nextId(), decoded, { addresses, json }, nextId, embeddedCosignatures(decoded));
  }

  /**
   * The first failed check, in a node's order: the validators that need no state (its
   * network, sizes, an aggregate's shape), the signatures, then every stateful validator on
   * the unconfirmed state (deadline, cosigners, balances, each plugin's own), where a
   * transaction for the unconfirmed pool is applied and one for the partial pool only tried.
   */
  #validate(decoded: DecodedTransaction, pool: 'unconfirmed' | 'partial'): FailureCode | undefined {
    const { engine, facade } = this.#options;
    return engine.admit(decoded, pool, () => {
      if (!this.#waived(decoded.signerPublicKey) && !verifySignature(decoded, facade)) return 'Failure_Signature_Not_Verifiable';
      return embeddedCosignatures(decoded).some((cosignature) => !this.#cosignatureVerifies(decoded.hash, cosignature)) ? 'Failure_Signature_Not_Verifiable' : undefined;
    });
  }

  #cosignatureVerifies(hash: string, cosignature: CosignatureInput): boolean {
    return this.#waived(cosignature.signerPublicKey) || verifyCosignature(hash, cosignature);
  }

  // An impersonated signer's signature is not checked; the log says so for each one.
  #waived(publicKey: string): boolean {
    if (!this.#options.signatureWaived?.(publicKey)) return false;
    (this.#options.warn ?? console.warn)(`symbol-gateway: the signature of impersonated ${this.#addressOf(publicKey)} is not checked`);
    return true;
  }

  // A completed aggregate carries its cosignatures in its payload, as a node includes it in a block.
  #attachCosignatures(record: TransactionRecord, cosignatures: readonly CosignatureInput[] = record.cosignatures): void {
    const model = record.decoded.model as unknown as { cosignatures: InstanceType<typeof models.Cosignature>[] };
    model.cosignatures = cosignatures.map((input) => {
      const cosignature = new models.Cosignature();
      cosignature.version = BigInt(input.version);
      cosignature.signerPublicKey = new models.PublicKey(Buffer.from(input.signerPublicKey, 'hex'));
      cosignature.signature = new models.Signature(Buffer.from(input.signature, 'hex'));
      return cosignature;
    });
  }

  #isKnown(hash: string): boolean {
    return this.unconfirmed.get(hash) !== undefined || this.partial.get(hash) !== undefined || this.confirmed.get(hash) !== undefined;
  }

  #fail(hash: string, deadline: bigint, addresses: readonly string[], code: string, remember: boolean): void {
    if (remember) this.#remember(hash, deadline, code);
    this.#emit('status', addresses, { hash, code, deadline: deadline.toString() });
  }

  #remember(hash: string, deadline: bigint, code: string): void {
    this.#failed.delete(hash);
    this.#failed.set(hash, { code, deadline: deadline.toString() });
    if (this.#failed.size > FAILED_MEMORY) this.#failed.delete(this.#failed.keys().next().value!);
  }

  // The WebSocket form: {transaction, meta:{hash, merkleComponentHash, height}}.
  #notification(record: TransactionRecord, group: TransactionGroup): { transaction: TransactionInfoDTO['transaction']; meta: { hash: string; merkleComponentHash: string; height: string } } {
    const { transaction } = record.toInfo(group, true);
    return { transaction, meta: { hash: record.hash, merkleComponentHash: record.merkleComponentHash(), height: record.height().toString() } };
  }

  #emit(channel: ChannelName, addresses: readonly string[], data: unknown): void {
    this.#options.events.emit({ channel, addresses, data });
  }

  #addressOf(publicKey: string): string {
    return this.#options.addresses.of(publicKey).base32;
  }
}
