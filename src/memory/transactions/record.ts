import type { TransactionGroup, TransactionInfoDTO } from '../../backend/dto.js';
import { deepFreeze } from '../../deep-freeze.js';
import type { AddressBook } from '../address-book.js';
import { sha3, toHex } from '../keys.js';
import { channelAddresses, relatedAddresses, type CosignatureInput, type DecodedTransaction } from './codec.js';
import type { TransactionJson } from './json.js';

/** A confirmed record's frozen wire entries, made as they are first read. */
interface KeptEntries {
  top?: TransactionInfoDTO;
  whole?: TransactionInfoDTO;
  embedded: (TransactionInfoDTO | undefined)[];
}

/** Where a confirmed transaction sits in the chain. */
export interface Placement {
  height: bigint;
  index: number;
  timestamp: string;
  feeMultiplier: number;
}

/** What a filter reads of one transaction, top-level or embedded. */
export interface Searchable {
  readonly type: number;
  readonly signerPublicKey: string;
  /** 48 hex: every address the entry touches, each once. Arrays, not sets: most entries name one or two (a block of 26,017 transfers keeps 10 MB less). */
  readonly addresses: readonly string[];
  /** 48 hex of transfer recipients (an embedded entry: its own). */
  readonly recipients: readonly string[];
  /** Each mosaic id (16 hex) a transfer moves, once, with its amount. */
  readonly transfers: readonly (readonly [mosaicId: string, amount: bigint])[];
  height(): bigint;
}

/** An embedded transaction listed as an entry of its own (`embedded=true`). */
export interface EmbeddedEntry extends Searchable {
  id: string;
  readonly parent: TransactionRecord;
  readonly position: number;
}

/**
 * Counts the changes to any record's wire entry (settled in a block, renumbered, placed):
 * what was read of a group before a change may be stale, what was read since is not.
 */
let wireEpoch = 0;

/** The number of changes to records' wire entries so far (see `TransactionCollection.search`). */
export function wireEntriesEpoch(): number {
  return wireEpoch;
}

/**
 * One announced transaction with everything the chain keeps about it: the decoded
 * payload, its related addresses (base32 for channels, hex for filters), the
 * cosignatures it has, and where it was confirmed.
 */
export class TransactionRecord implements Searchable {
  /** The entry id in its current group; a record that moves to another group gets new ids. */
  id: string;
  /** The decoded payload; once confirmed, without its SDK model (see `settle`). */
  decoded: DecodedTransaction;
  /** Base32, for WebSocket topics; then the namespace ids (16 hex) of the alias addresses it names. */
  readonly channelAddresses: readonly string[];
  readonly addresses: readonly string[];
  readonly recipients: readonly string[];
  readonly transfers: readonly (readonly [string, bigint])[];
  readonly embeddedEntries: EmbeddedEntry[];
  readonly cosignatures: CosignatureInput[];
  #placement: Placement | undefined;
  /**
   * A confirmed record's wire entries, frozen (so a response keeps their JSON, see http/json.ts):
   * without and with its embedded transactions, and each embedded one's. Made on first read
   * once the record is settled in a block; dropped when its ids or placement change.
   */
  #confirmedInfo: KeptEntries | undefined;

  /** The wire JSON of the transaction and of each embedded one, rendered once. */
  readonly #body: Record<string, unknown>;
  readonly #embeddedBodies: Record<string, unknown>[];
  #settledSize: number | undefined;

  /**
   * @param from the address book to derive the related addresses with and the JSON to render the
   *   transaction in, or a record to copy them (and its wire JSON, embedded entries and placement) from
   */
  constructor(id: string, decoded: DecodedTransaction, from: { addresses: AddressBook; json: TransactionJson } | { copyOf: TransactionRecord }, embeddedIds: () => string, cosignatures: CosignatureInput[]) {
    this.id = id;
    this.decoded = decoded;
    this.cosignatures = cosignatures;
    if ('copyOf' in from) {
      const source = from.copyOf;
      this.#body = source.#body;
      this.#embeddedBodies = source.#embeddedBodies;
      this.#settledSize = source.#settledSize;
      this.channelAddresses = source.channelAddresses;
      this.addresses = source.addresses;
      this.recipients = source.recipients;
      this.transfers = source.transfers;
      this.embeddedEntries = source.embeddedEntries.map((entry) => ({ ...entry, parent: this, height: () => this.height() }));
      this.placement = source.placement && { ...source.placement };
      return;
    }
    const addressBook = from.addresses;
    const { body, embedded } = wireJson(decoded, from.json);
    this.#body = body;
    this.#embeddedBodies = embedded;
    const related = relatedAddresses(decoded, [body, embedded], addressBook);
    this.channelAddresses = channelAddresses(related, [body, embedded]);
    this.addresses = distinct(related.map((address) => address.hex));
    this.recipients = recipientsOf(body);
    this.transfers = transfersOf(body);
    this.embeddedEntries = embedded.map((json, position) => {
      const signerPublicKey = String(json.signerPublicKey);
      const recipients = recipientsOf(json);
      return {
        id: embeddedIds(),
        parent: this,
        position,
        type: Number(json.type),
        signerPublicKey,
        addresses: distinct([addressBook.of(signerPublicKey).hex, ...recipients]),
        recipients,
        transfers: transfersOf(json),
        height: () => this.height(),
      };
    });
  }

  /**
   * Called once the transaction is in a block: it keeps its wire JSON and lets the SDK
   * model go (about 2 kB a transaction), as nothing changes a confirmed transaction.
   */
  settle(): void {
    wireEpoch++;
    this.#settledSize = this.decoded.model.size;
    this.decoded = { ...this.decoded, model: SETTLED, embedded: [], signedData: NO_BYTES };
  }

  /** A copy that shares nothing that changes (ids, cosignatures, placement): what a development snapshot keeps of a pool. */
  copy(): TransactionRecord {
    return new TransactionRecord(this.id, this.decoded, { copyOf: this }, () => '', this.cosignatures.map((cosignature) => ({ ...cosignature })));
  }

  /** Gives the record and its embedded entries fresh ids, for the group it moves into. */
  renumber(nextId: () => string): void {
    this.id = nextId();
    for (const entry of this.embeddedEntries) entry.id = nextId();
    this.#confirmedInfo = undefined;
    wireEpoch++;
  }

  /** Where it was confirmed (height, index, timestamp, fee multiplier); undefined in a pool. */
  get placement(): Placement | undefined {
    return this.#placement;
  }

  set placement(placement: Placement | undefined) {
    this.#placement = placement;
    this.#confirmedInfo = undefined;
    wireEpoch++;
  }

  get hash(): string {
    return this.decoded.hash;
  }

  get type(): number {
    return this.decoded.type;
  }

  get signerPublicKey(): string {
    return this.decoded.signerPublicKey;
  }

  height(): bigint {
    return this.placement?.height ?? 0n;
  }

  /**
   * The Merkle component: the hash, extended by the cosigners' public keys for an
   * aggregate (a node's rule, so the block's transactionsHash is what a node computes).
   */
  merkleComponentHash(): string {
    if (!this.decoded.aggregate || this.cosignatures.length === 0) return this.hash;
    return toHex(sha3(Buffer.from(this.hash, 'hex'), ...this.cosignatures.map((c) => Buffer.from(c.signerPublicKey, 'hex'))));
  }

  /** The wire entry. `withEmbedded` adds an aggregate's embedded transactions (the by-id form). */
  toInfo(group: TransactionGroup, withEmbedded: boolean): TransactionInfoDTO {
    const kept = this.#kept(group);
    if (kept) return withEmbedded ? (kept.whole ??= deepFreeze(this.#info(group, true))) : (kept.top ??= deepFreeze(this.#info(group, false)));
    return this.#info(group, withEmbedded);
  }

  /** The frozen entries of a settled record in the confirmed group; undefined elsewhere (a pool's entries change). */
  #kept(group: TransactionGroup): KeptEntries | undefined {
    if (group !== 'confirmed' || this.#settledSize === undefined || this.#placement === undefined) return undefined;
    return (this.#confirmedInfo ??= { embedded: [] });
  }

  #info(group: TransactionGroup, withEmbedded: boolean): TransactionInfoDTO {
    // A copy: the size and cosignatures of a partial aggregate change as cosignatures arrive.
    const transaction: Record<string, unknown> = { ...this.#body, size: this.#settledSize ?? this.decoded.model.size };
    if (this.decoded.aggregate) {
      transaction.cosignatures = this.cosignatures.map((c) => ({ version: c.version, signerPublicKey: c.signerPublicKey, signature: c.signature }));
      if (withEmbedded) transaction.transactions = this.embeddedEntries.map((entry) => this.embeddedInfo(entry));
    }
    const confirmed = group === 'confirmed' && this.placement;
    return {
      id: this.id,
      meta: {
        height: this.height().toString(),
        hash: this.hash,
        merkleComponentHash: this.merkleComponentHash(),
        index: confirmed ? this.placement!.index : 0,
        ...(confirmed ? { timestamp: this.placement!.timestamp, feeMultiplier: this.placement!.feeMultiplier } : {}),
      },
      transaction,
    };
  }

  /** An embedded transaction's wire entry. */
  embeddedInfo(entry: EmbeddedEntry): TransactionInfoDTO {
    const kept = this.#kept('confirmed');
    if (kept) return (kept.embedded[entry.position] ??= deepFreeze(this.#embeddedInfo(entry)));
    return this.#embeddedInfo(entry);
  }

  #embeddedInfo(entry: EmbeddedEntry): TransactionInfoDTO {
    return {
      id: entry.id,
      meta: {
        height: this.height().toString(),
        aggregateHash: this.hash,
        aggregateId: this.id,
        index: entry.position,
        ...(this.placement ? { timestamp: this.placement.timestamp, feeMultiplier: this.placement.feeMultiplier } : {}),
      },
      transaction: this.#embeddedBodies[entry.position],
    };
  }
}

const NONE: readonly never[] = Object.freeze([]);

/** Each value once, in order; the shared empty list for none. */
function distinct(values: readonly string[]): readonly string[] {
  if (values.length === 0) return NONE;
  return values.length === 1 || (values.length === 2 && values[0] !== values[1]) ? values : [...new Set(values)];
}

function recipientsOf(json: Record<string, unknown>): readonly string[] {
  return typeof json.recipientAddress === 'string' ? [json.recipientAddress] : NONE;
}

function transfersOf(json: Record<string, unknown>): readonly (readonly [string, bigint])[] {
  if (!Array.isArray(json.mosaics) || json.mosaics.length === 0) return NONE;
  const transfers = new Map<string, bigint>();
  for (const mosaic of json.mosaics as { id: string; amount: string }[]) {
    transfers.set(mosaic.id, (transfers.get(mosaic.id) ?? 0n) + BigInt(mosaic.amount));
  }
  return [...transfers];
}

const NO_BYTES = new Uint8Array(0);

// What a settled record has instead of its SDK model: any use of it is a bug, and fails loudly.
const SETTLED = new Proxy({} as DecodedTransaction['model'], {
  get(_target, property) {
    throw new Error(`a confirmed transaction's SDK model was released (read of ${String(property)})`);
  },
});

/** The wire JSON of a transaction and of its embedded transactions. */
export function wireJson(decoded: DecodedTransaction, json: TransactionJson): { body: Record<string, unknown>; embedded: Record<string, unknown>[] } {
  return {
    body: flat(json.of(decoded.model, { withSize: true })),
    embedded: decoded.embedded.map((transaction) => flat(json.of(transaction, { withSize: false }))),
  };
}

// symbol-sdk builds hex strings a character at a time, which V8 keeps as trees of fragments
// (about 7 kB a transaction); a JSON round trip stores them flat (about 0.6 kB) for as long as
// the record lives.
function flat<T>(json: T): T {
  return JSON.parse(JSON.stringify(json)) as T;
}
