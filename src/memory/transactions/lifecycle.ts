import { PublicKey } from 'symbol-sdk';
import { Address, SymbolFacade, models } from 'symbol-sdk/symbol';
import type { ChannelName } from '../../backend/events.js';
import type { CosignatureDTO, TransactionGroup, TransactionInfoDTO, TransactionStatusDTO } from '../../backend/dto.js';
import { InvalidArgumentError } from '../../errors.js';
import type { AddressBook } from '../address-book.js';
import type { EventStream } from '../event-stream.js';
import { toHex } from '../keys.js';
import type { BalanceChange, Ledger } from '../ledger.js';
import {
  decodeTransaction,
  embeddedCosignatures,
  inspectUnknownType,
  relatedAddresses,
  requiredCosigners,
  verifyCosignature,
  verifySignature,
  verifyTransactionsHash,
  type CosignatureInput,
  type DecodedTransaction,
} from './codec.js';
import { TransactionCollection } from './collection.js';
import { TransactionRecord, wireJson } from './record.js';

/** The network currency: its mosaic id and the id of its `symbol.xym` alias, both 16 hex. */
export interface Currency {
  mosaicId: string;
  aliasId: string;
}

export interface LifecycleOptions {
  facade: SymbolFacade;
  /** Addresses of public keys, derived once each. */
  addresses: AddressBook;
  events: EventStream;
  ledger: Ledger;
  currency: Currency;
  /** The next entry id (ids sort in insertion order). */
  nextId: () => string;
  /** Network time now, in ms. */
  now: () => bigint;
  /** Longest deadline ahead of now for a transaction, in ms (6 h) and for an aggregate bonded one (48 h). */
  maxLifetime: bigint;
  maxBondedLifetime: bigint;
}

/** The fee multiplier a harvester asks at most (the network's default dynamic fee multiplier). */
const MAX_FEE_MULTIPLIER = 100n;
/** How many failed transactions `/transactionStatus` remembers. */
const FAILED_MEMORY = 10_000;

/** What a block takes from the unconfirmed pool. */
export interface BlockSelection {
  records: TransactionRecord[];
  feeMultiplier: number;
  totalFee: bigint;
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
  readonly #failed = new Map<string, { code: string; deadline: string }>();
  readonly #options: LifecycleOptions;

  constructor(options: LifecycleOptions) {
    this.#options = options;
  }

  /** `PUT /transactions`: a complete transaction enters the unconfirmed pool, or fails with a status. */
  announce(payload: unknown): void {
    const decoded = this.#decode(payload);
    if (decoded) this.#admit(decoded, 'unconfirmed');
  }

  /** `PUT /transactions/partial`: an aggregate bonded transaction waits for cosignatures. */
  announcePartial(payload: unknown): void {
    const decoded = this.#decode(payload);
    if (!decoded) return;
    if (decoded.aggregate !== 'bonded') throw new InvalidArgumentError('only aggregate bonded transactions can be announced as partial');
    this.#admit(decoded, 'partial');
  }

  // Undefined when the payload is a whole transaction of a type no plugin knows: rejected like any invalid one, on `status`.
  #decode(payload: unknown): DecodedTransaction | undefined {
    try {
      return decodeTransaction(payload, this.#options.facade);
    } catch (error) {
      const unknown = typeof payload === 'string' ? inspectUnknownType(payload, this.#options.facade) : undefined;
      if (!unknown) throw error;
      this.#fail(unknown.hash, unknown.deadline, [this.#addressOf(unknown.signerPublicKey)], 'Failure', true);
      return undefined;
    }
  }

  /** `PUT /transactions/cosignature`: adds a cosignature to a partial aggregate; the last one moves it to unconfirmed. */
  cosign(cosignature: CosignatureDTO): void {
    const record = this.partial.get(cosignature.parentHash);
    if (!record) return; // a node drops cosignatures for aggregates it does not know
    const cosignerAddress = this.#addressOf(cosignature.signerPublicKey);
    const told = [...new Set([cosignerAddress, ...record.channelAddresses])];
    if (!verifyCosignature(record.hash, cosignature)) return this.#fail(record.hash, record.decoded.deadline, told, 'Failure_Signature_Not_Verifiable', false);
    if (!requiredCosigners(record.decoded).includes(cosignature.signerPublicKey)) {
      return this.#fail(record.hash, record.decoded.deadline, told, 'Failure_Aggregate_Ineligible_Cosignatories', false);
    }
    if (record.cosignatures.some((existing) => existing.signerPublicKey === cosignature.signerPublicKey)) return;
    record.cosignatures.push({ version: cosignature.version, signerPublicKey: cosignature.signerPublicKey, signature: cosignature.signature });
    this.#emit('cosignature', record.channelAddresses, { ...cosignature });
    if (this.#missingCosigners(record).length === 0) {
      this.partial.remove(record.hash);
      this.#emit('partialRemoved', record.channelAddresses, { meta: { hash: record.hash } });
      this.#attachCosignatures(record);
      record.renumber(this.#options.nextId);
      this.unconfirmed.add(record);
      this.#emit('unconfirmedAdded', record.channelAddresses, this.#notification(record, 'unconfirmed'));
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
        this.#remember(record.hash, record.decoded.deadline, code);
      }
    }
  }

  /**
   * Takes the unconfirmed transactions the next block includes and applies their balance
   * changes. One that can no longer pay leaves the pool with a status.
   */
  selectForBlock(beneficiary: string): BlockSelection {
    const candidates = [...this.unconfirmed.records()];
    if (candidates.length === 0) return { records: [], feeMultiplier: 0, totalFee: 0n };
    let multiplier = MAX_FEE_MULTIPLIER;
    for (const record of candidates) {
      const affordable = record.decoded.maxFee / BigInt(record.decoded.model.size);
      if (affordable < multiplier) multiplier = affordable;
    }
    const records: TransactionRecord[] = [];
    let totalFee = 0n;
    for (const record of candidates) {
      const fee = multiplier * BigInt(record.decoded.model.size);
      const changes = this.#balanceChanges(record.decoded, fee);
      if (!changes || !this.#options.ledger.apply(changes)) {
        this.unconfirmed.remove(record.hash);
        this.#emit('unconfirmedRemoved', record.channelAddresses, { meta: { hash: record.hash } });
        this.#fail(record.hash, record.decoded.deadline, record.channelAddresses, 'Failure_Core_Insufficient_Balance', true);
        continue;
      }
      totalFee += fee;
      records.push(record);
    }
    if (totalFee > 0n) this.#options.ledger.apply([{ address: beneficiary, mosaicId: this.#options.currency.mosaicId, delta: totalFee }]);
    return { records, feeMultiplier: Number(multiplier), totalFee };
  }

  /** Moves the block's transactions to confirmed: `unconfirmedRemoved`, then `confirmedAdded`, for each. */
  confirm(selection: BlockSelection, height: bigint, timestamp: string): void {
    selection.records.forEach((record, index) => {
      const wasUnconfirmed = this.unconfirmed.remove(record.hash) !== undefined;
      record.placement = { height, index, timestamp, feeMultiplier: selection.feeMultiplier };
      record.settle();
      record.renumber(this.#options.nextId);
      this.confirmed.add(record);
      if (wasUnconfirmed) this.#emit('unconfirmedRemoved', record.channelAddresses, { meta: { hash: record.hash } });
      this.#emit('confirmedAdded', record.channelAddresses, this.#notification(record, 'confirmed'));
    });
  }

  /**
   * The nemesis block's own transactions as a block selection: applied without fee and
   * without the unconfirmed pool. Confirm it with `confirm` once the block is built.
   */
  genesisSelection(decoded: readonly DecodedTransaction[]): BlockSelection {
    const records = decoded.map((transaction) => {
      const changes = this.#balanceChanges(transaction, 0n);
      if (!changes || !this.#options.ledger.apply(changes)) throw new RangeError('the nemesis block overdraws an account');
      return this.#record(transaction);
    });
    return { records, feeMultiplier: 0, totalFee: 0n };
  }

  /** Statuses by hash; unknown hashes are left out. */
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
    const failure = this.#validate(decoded, target);
    if (failure) {
      const related = relatedAddresses(decoded, Object.values(wireJson(decoded)), this.#options.addresses);
      return this.#fail(decoded.hash, decoded.deadline, related.map((address) => address.base32), failure, true);
    }
    this.#failed.delete(decoded.hash); // announced again, and valid this time
    const record = this.#record(decoded);
    if (target === 'partial' && this.#missingCosigners(record).length > 0) {
      this.partial.add(record);
      this.#emit('partialAdded', record.channelAddresses, this.#notification(record, 'partial'));
      return;
    }
    this.unconfirmed.add(record);
    this.#emit('unconfirmedAdded', record.channelAddresses, this.#notification(record, 'unconfirmed'));
  }

  #record(decoded: DecodedTransaction): TransactionRecord {
    const { nextId, addresses } = this.#options;
    return new TransactionRecord(nextId(), decoded, addresses, nextId, embeddedCosignatures(decoded));
  }

  // The first failed check, in the order a node checks: network, signature, deadline, aggregate, balance.
  #validate(decoded: DecodedTransaction, target: 'unconfirmed' | 'partial'): string | undefined {
    const { facade, now, maxLifetime, maxBondedLifetime } = this.#options;
    if (decoded.networkIdentifier !== facade.network.identifier) return 'Failure_Core_Wrong_Network';
    if (!verifySignature(decoded, facade)) return 'Failure_Signature_Not_Verifiable';
    const time = now();
    if (decoded.deadline < time) return 'Failure_Core_Past_Deadline'; // a node fails only a deadline before now
    if (decoded.deadline > time + (decoded.aggregate === 'bonded' ? maxBondedLifetime : maxLifetime)) return 'Failure_Core_Future_Deadline';
    if (decoded.aggregate) {
      if (decoded.embedded.length === 0) return 'Failure_Aggregate_No_Transactions';
      if (!verifyTransactionsHash(decoded)) return 'Failure_Aggregate_Transactions_Hash_Mismatch';
      const cosignatures = embeddedCosignatures(decoded);
      const required = requiredCosigners(decoded);
      // The aggregate's signer has signed already: cosigning again is redundant.
      const seen = new Set<string>([decoded.signerPublicKey]);
      for (const cosignature of cosignatures) {
        if (seen.has(cosignature.signerPublicKey)) return 'Failure_Aggregate_Redundant_Cosignatures';
        seen.add(cosignature.signerPublicKey);
        if (!verifyCosignature(decoded.hash, cosignature)) return 'Failure_Signature_Not_Verifiable';
        if (!required.includes(cosignature.signerPublicKey)) return 'Failure_Aggregate_Ineligible_Cosignatories';
      }
      if (target === 'unconfirmed' && required.some((key) => !seen.has(key))) return 'Failure_Aggregate_Missing_Cosignatures';
    }
    const changes = this.#balanceChanges(decoded, decoded.maxFee);
    if (changes === undefined) return 'Failure_Namespace_Unknown';
    if (!this.#options.ledger.allows(changes)) return 'Failure_Core_Insufficient_Balance';
    return undefined;
  }

  #missingCosigners(record: TransactionRecord): string[] {
    const present = new Set(record.cosignatures.map((cosignature) => cosignature.signerPublicKey));
    return requiredCosigners(record.decoded).filter((key) => !present.has(key));
  }

  // A completed aggregate carries its cosignatures in its payload, as a node includes it in a block.
  #attachCosignatures(record: TransactionRecord): void {
    const model = record.decoded.model as unknown as { cosignatures: InstanceType<typeof models.Cosignature>[] };
    model.cosignatures = record.cosignatures.map((input) => {
      const cosignature = new models.Cosignature();
      cosignature.version = BigInt(input.version);
      cosignature.signerPublicKey = new models.PublicKey(Buffer.from(input.signerPublicKey, 'hex'));
      cosignature.signature = new models.Signature(Buffer.from(input.signature, 'hex'));
      return cosignature;
    });
  }

  /** The fee and every transfer of the transaction as balance changes; undefined when a recipient is an alias. */
  #balanceChanges(decoded: DecodedTransaction, fee: bigint): BalanceChange[] | undefined {
    const { currency } = this.#options;
    const changes: BalanceChange[] = [];
    if (fee > 0n) changes.push({ address: this.#addressHexOf(decoded.signerPublicKey), mosaicId: currency.mosaicId, delta: -fee });
    const transfers = decoded.aggregate ? decoded.embedded : [decoded.model];
    for (const transfer of transfers) {
      if (transfer.type.value !== models.TransactionType.TRANSFER.value) continue;
      const { recipientAddress, mosaics } = transfer as unknown as {
        recipientAddress: InstanceType<typeof models.UnresolvedAddress>;
        mosaics: InstanceType<typeof models.UnresolvedMosaic>[];
      };
      const sender = this.#addressHexOf(toHex(transfer.signerPublicKey.bytes));
      const recipient = new Address(recipientAddress.bytes);
      // Aliases resolve through namespaces, which this chain does not register.
      if (recipient.isAlias() && mosaics.length > 0) return undefined;
      for (const mosaic of mosaics) {
        const id = mosaic.mosaicId.value.toString(16).toUpperCase().padStart(16, '0');
        const mosaicId = id === currency.aliasId ? currency.mosaicId : id;
        const amount = BigInt(mosaic.amount.value);
        changes.push({ address: sender, mosaicId, delta: -amount });
        changes.push({ address: toHex(recipient.bytes), mosaicId, delta: amount });
      }
    }
    return changes;
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

  #addressHexOf(publicKey: string): string {
    return this.#options.addresses.of(publicKey).hex;
  }
}
