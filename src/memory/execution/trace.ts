/**
 * What the chain remembers of how it ran its latest transactions, for `chain.dev.trace(hash)`:
 * the notifications each raised, the rule that refused a failed one (the values it compared and
 * the entries it read, found by running the failing checks again on a layer that is dropped),
 * and the state a confirmed one changed. Records keep references to the chain's own immutable
 * values (payloads, entries, receipts); they become JSON only when a trace is asked for.
 */
import type {
  TraceBalanceChangeDTO,
  TraceFailureDTO,
  TraceNotificationDTO,
  TraceReadDTO,
  TraceStateChangeDTO,
} from '../../backend/dev.js';
import type { AccountState } from '../account-state.js';
import type { CacheChange } from '../state/cache.js';
import type { SourcedNotification } from './executor.js';
import type { Receipt, ReceiptSource } from './receipts.js';

/** Where a failed transaction was refused (`TraceFailureDTO.stage`). */
export type FailureStage = TraceFailureDTO['stage'];

/** A state entry a rule read. */
export interface StateRead {
  readonly cache: string;
  readonly key: string;
  readonly entry: unknown;
}

/** A state entry a transaction changed (`before` undefined: added; `after` undefined: removed). */
export interface StateChange extends CacheChange<unknown> {
  readonly cache: string;
}

/** Why the rules refused a transaction, as an explaining run found it. */
export interface RuleRefusal {
  /** The validator's name. */
  readonly rule: string;
  /** Index of the refused notification. */
  readonly notification: number;
  /** What the validator named as compared (`ValidationContext.compared`). */
  readonly values: Readonly<Record<string, unknown>>;
  readonly reads: readonly StateRead[];
}

/** A failed transaction's record. */
export interface FailedTrace {
  readonly kind: 'failed';
  readonly code: string;
  readonly stage: FailureStage;
  readonly notifications: readonly SourcedNotification[];
  /** What refused it when no rule of a notification did (a signature, the pool's deadline; what it compared), else the rule's refusal. */
  readonly refusal: RuleRefusal | { readonly rule: string; readonly values?: Readonly<Record<string, unknown>> };
}

/** A confirmed transaction's record. */
export interface ConfirmedTrace {
  readonly kind: 'confirmed';
  readonly height: bigint;
  readonly notifications: readonly SourcedNotification[];
  readonly changes: readonly StateChange[];
  readonly receipts: readonly { readonly source: ReceiptSource; readonly receipt: Receipt }[];
}

export type TraceRecord = FailedTrace | ConfirmedTrace;

/** How many transactions' traces a chain keeps unless told otherwise. */
export const DEFAULT_TRACES = 10_000;

/**
 * The records of the latest `capacity` transactions the chain ran, by hash (a transaction run again,
 * announced anew or in another block, replaces its record). With capacity 0 nothing is kept and
 * `recording` is false, so the chain does none of the work.
 */
export class TraceLog {
  readonly #records = new Map<string, TraceRecord>();
  readonly #capacity: number;

  constructor(capacity: number = DEFAULT_TRACES) {
    this.#capacity = capacity;
  }

  get recording(): boolean {
    return this.#capacity > 0;
  }

  get(hash: string): TraceRecord | undefined {
    return this.#records.get(hash);
  }

  add(hash: string, record: TraceRecord): void {
    if (this.#capacity === 0) return;
    this.#records.delete(hash);
    this.#records.set(hash, record);
    if (this.#records.size > this.#capacity) this.#records.delete(this.#records.keys().next().value!);
  }
}

/** The notifications as the trace lists them. */
export function notificationsJson(notifications: readonly SourcedNotification[]): TraceNotificationDTO[] {
  return notifications.map((notification, index) => ({
    index,
    type: notification.type.name,
    innerIndex: innerIndexOf(notification.source),
    publication: notification.publication,
    payload: traceJson(notification.payload) as Record<string, unknown>,
  }));
}

/** A failed record's refusal as the trace shows it. */
export function failureJson(record: FailedTrace): TraceFailureDTO {
  const { refusal } = record;
  const refused = 'notification' in refusal ? refusal : undefined;
  return {
    code: record.code,
    stage: record.stage,
    rule: refusal.rule,
    notification: refused ? refused.notification : null,
    innerIndex: refused ? innerIndexOf(record.notifications[refused.notification].source) : null,
    values: traceJson(refusal.values ?? {}) as Record<string, unknown>,
    reads: refused ? refused.reads.map(({ cache, key, entry }): TraceReadDTO => ({ cache, key, entry: entry === undefined ? null : traceJson(entry) })) : [],
  };
}

/** A confirmed record's changes: its balance changes (from the accounts it changed) and every entry change. */
export function changesJson(record: ConfirmedTrace): { balances: TraceBalanceChangeDTO[]; changes: TraceStateChangeDTO[] } {
  const balances: TraceBalanceChangeDTO[] = [];
  for (const { cache, before, after } of record.changes) {
    if (cache !== ACCOUNTS_CACHE) continue;
    const was = (before as AccountState | undefined)?.balances ?? NO_BALANCES;
    const now = (after as AccountState | undefined)?.balances ?? NO_BALANCES;
    const address = ((after ?? before) as AccountState).address;
    for (const mosaicId of new Set([...was.keys(), ...now.keys()])) {
      const from = was.get(mosaicId) ?? 0n;
      const to = now.get(mosaicId) ?? 0n;
      if (from !== to) balances.push({ address, mosaicId, before: from.toString(), after: to.toString() });
    }
  }
  const changes = record.changes.map(({ cache, key, before, after }) => ({
    cache,
    key,
    before: before === undefined ? null : traceJson(before),
    after: after === undefined ? null : traceJson(after),
  }));
  return { balances, changes };
}

/** A confirmed record's receipts, as JSON. */
export function receiptsJson(record: ConfirmedTrace): Record<string, unknown>[] {
  return record.receipts.map(({ source, receipt }) => ({ ...(traceJson(receipt) as Record<string, unknown>), source: { ...source } }));
}

const ACCOUNTS_CACHE = 'accounts';
const ID_KEY = /Ids?$/;
const NO_BALANCES: ReadonlyMap<string, bigint> = new Map();

// Receipts' sources count inner transactions from 1; the trace counts them from 0, null for the transaction itself.
function innerIndexOf(source: ReceiptSource): number | null {
  return source.secondaryId === 0 ? null : source.secondaryId - 1;
}

/**
 * A value of the chain's as JSON: uint64 (bigint) as a decimal string, bytes as uppercase hex, maps
 * as objects (their keys are strings: ids, addresses) or lists of pairs, sets as lists, symbol-sdk
 * models through their own `toJson`; a bigint under a key that names ids (`mosaicId`, `unresolvedMosaicIds`)
 * as 16 hex, as the chain writes ids. Undefined fields are left out; what nests deeper than a
 * trace needs (12 levels) is cut to a string.
 */
export function traceJson(value: unknown, depth = 0, id = false): unknown {
  switch (typeof value) {
    case 'bigint':
      return id ? value.toString(16).toUpperCase().padStart(16, '0') : value.toString();
    case 'string':
    case 'number':
    case 'boolean':
      return value;
    case 'undefined':
      return null;
    case 'function':
    case 'symbol':
      return String(value);
  }
  if (value === null) return null;
  if (depth >= 12) return '…';
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex').toUpperCase();
  if (Array.isArray(value)) return value.map((item) => traceJson(item, depth + 1, id));
  if (value instanceof Set) return [...value].map((item) => traceJson(item, depth + 1));
  if (value instanceof Map) {
    const entries = [...value.entries()];
    if (entries.every(([key]) => typeof key === 'string')) return Object.fromEntries(entries.map(([key, item]) => [key, traceJson(item, depth + 1)]));
    return entries.map(([key, item]) => [traceJson(key, depth + 1), traceJson(item, depth + 1)]);
  }
  const object = value as { toJson?: () => unknown; value?: unknown; size?: unknown };
  // symbol-sdk's ids (UnresolvedMosaicId, NamespaceId...) as 16 hex, as the chain writes ids; its other numbers as decimal strings.
  if (typeof object.value === 'bigint' && typeof object.size === 'number' && /Id$/.test(object.constructor.name)) {
    return object.value.toString(16).toUpperCase().padStart(object.size * 2, '0');
  }
  if (typeof object.toJson === 'function') return object.toJson();
  const json: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as object)) if (item !== undefined) json[key] = traceJson(item, depth + 1, ID_KEY.test(key));
  return json;
}
