/**
 * A transaction's REST JSON (catapult-rest's, or this gateway's: src/memory/transactions/json.ts)
 * back into its symbol-sdk v3 model: the class of its type and version, the header, the body
 * (read by its family's reader: `BodyReaders`), and for an aggregate its embedded transactions
 * and cosignatures, so that `model.serialize()` gives the bytes that were signed.
 */
import { models } from 'symbol-sdk/symbol';
import type { BodyReaders } from './body-fields.js';
import { TransactionFields, enumOf, hex, preview, uint, uint64 } from './transaction-fields.js';
import { TransactionJsonError } from './transaction-json-error.js';

export type Transaction = InstanceType<typeof models.Transaction>;
type EmbeddedTransaction = InstanceType<typeof models.EmbeddedTransaction>;
type Aggregate = InstanceType<typeof models.AggregateCompleteTransactionV3>;
type Json = Record<string, unknown>;

/** A transaction as REST serves it: the `transaction` object and, when the entry was given, its `meta`. */
export interface TransactionEntry {
  transaction: Json;
  meta: Json | undefined;
  /** Where the transaction object is in the JSON given: `transaction`, or '' when the JSON is the transaction itself. */
  path: string;
}

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Takes the entry `{ transaction, meta }` (`id` and other keys ignored) or the `transaction`
 * object alone (told apart by an object-valued `transaction` key, which no transaction has).
 *
 * @throws TransactionJsonError when it is not an object
 */
export function entryOf(json: unknown, path = ''): TransactionEntry {
  if (!isObject(json)) throw new TransactionJsonError(`${path || 'the transaction JSON'} is ${preview(json)}, not an object`, path || undefined);
  if (!isObject(json.transaction)) return { transaction: json, meta: undefined, path };
  if (json.meta !== undefined && !isObject(json.meta)) throw new TransactionJsonError(`${path ? `${path}.` : ''}meta is ${preview(json.meta)}, not an object`);
  return { transaction: json.transaction, meta: json.meta, path: path ? `${path}.transaction` : 'transaction' };
}

const TYPE_NAMES = new Map(
  Object.entries(models.TransactionType)
    .filter((entry): entry is [string, InstanceType<typeof models.TransactionType>] => entry[1] instanceof models.TransactionType)
    .map(([name, type]) => [type.value, name]),
);

/** A transaction type for messages: `TRANSFER (0x4154)`. */
export function typeLabel(type: number): string {
  return `${TYPE_NAMES.get(type) ?? 'unknown type'} (0x${type.toString(16).toUpperCase().padStart(4, '0')})`;
}

type ModelClass<M> = new () => M;

/** symbol-sdk's model classes by `type/version`, the top-level and the embedded ones. */
function modelClasses(): { top: Map<string, ModelClass<Transaction>>; embedded: Map<string, ModelClass<EmbeddedTransaction>> } {
  const top = new Map<string, ModelClass<Transaction>>();
  const embedded = new Map<string, ModelClass<EmbeddedTransaction>>();
  for (const value of Object.values(models)) {
    if (typeof value !== 'function' || !('TRANSACTION_TYPE' in value) || !('TRANSACTION_VERSION' in value)) continue;
    const key = `${(value.TRANSACTION_TYPE as { value: number }).value}/${value.TRANSACTION_VERSION as number}`;
    if (value.prototype instanceof models.EmbeddedTransaction) embedded.set(key, value as unknown as ModelClass<EmbeddedTransaction>);
    else top.set(key, value as unknown as ModelClass<Transaction>);
  }
  return { top, embedded };
}

const CLASSES = modelClasses();
const AGGREGATE_TYPES = new Set([models.TransactionType.AGGREGATE_COMPLETE.value, models.TransactionType.AGGREGATE_BONDED.value]);
const signature = hex(64);
const publicKey = hex(32);
const networkType = enumOf(models.NetworkType);

/**
 * The symbol-sdk model of a top-level transaction's JSON (`path` is where it is, for messages).
 *
 * @example transactionModel(entry.transaction, 'transaction', TRANSACTION_READERS).serialize()
 * @throws TransactionJsonError naming the type and the field that is missing or malformed, or the type symbol-sdk does not model
 */
export function transactionModel(json: Json, path: string, readers: BodyReaders): Transaction {
  const { model, fields } = modelOf(CLASSES.top, json, path, '');
  model.signature = new models.Signature(fields.read('signature', signature));
  model.fee = new models.Amount(fields.read('maxFee', uint64));
  model.deadline = new models.Timestamp(fields.read('deadline', uint64));
  if (AGGREGATE_TYPES.has(model.type.value)) readAggregate(model as Aggregate, fields, readers);
  else readBody(model, fields, readers);
  return model;
}

function embeddedModel(json: Json, path: string, readers: BodyReaders): EmbeddedTransaction {
  const { model, fields } = modelOf(CLASSES.embedded, json, path, 'embedded ');
  readBody(model, fields, readers);
  return model;
}

/** The model of the JSON's type and version, with the header fields both kinds share. */
function modelOf<M extends Transaction | EmbeddedTransaction>(classes: Map<string, ModelClass<M>>, json: Json, path: string, kind: string) {
  const type = new TransactionFields(json, path, 'a transaction').read('type', uint(16));
  const fields: TransactionFields = new TransactionFields(json, path, typeLabel(type));
  if (!TYPE_NAMES.has(type)) fields.fail('type', `is ${type}, a type symbol-sdk does not model`);
  const version = fields.read('version', uint(8));
  const Model = classes.get(`${type}/${version}`);
  if (!Model) fields.fail('version', `is ${version}: symbol-sdk models no ${kind}version ${version} of this type`);
  const model = new Model();
  model.signerPublicKey = new models.PublicKey(fields.read('signerPublicKey', publicKey));
  model.network = fields.read('network', networkType);
  return { model, fields };
}

function readBody(model: Transaction | EmbeddedTransaction, fields: TransactionFields, readers: BodyReaders): void {
  const read = readers.get(model.type.value);
  // A type a later symbol-sdk models, whose body this reader does not know yet.
  if (!read) fields.fail('type', 'is a type whose body this gateway can not read yet');
  read(model as never, fields);
}

/**
 * An aggregate's own fields: its transactionsHash as the JSON carries it (what the signer
 * signed; `checkedPayload` compares it with the embedded transactions), the embedded
 * transactions, and the cosignatures.
 */
function readAggregate(model: Aggregate, fields: TransactionFields, readers: BodyReaders): void {
  model.transactionsHash = new models.Hash256(fields.read('transactionsHash', hex(32)));
  if (!fields.has('transactions')) {
    fields.fail('transactions', "is missing: a page of transactions leaves an aggregate's embedded transactions out; GET /transactions/{group}/{hash} has them");
  }
  model.transactions = inOrder(fields.objects('transactions').map((item) => entryOf(item.json, item.path))).map((entry) => embeddedModel(entry.transaction, entry.path, readers));
  model.cosignatures = fields.objects('cosignatures').map((item) => {
    const cosignature = new models.Cosignature();
    cosignature.version = item.read('version', uint64);
    cosignature.signerPublicKey = new models.PublicKey(item.read('signerPublicKey', publicKey));
    cosignature.signature = new models.Signature(item.read('signature', signature));
    return cosignature;
  });
}

/**
 * Embedded entries in the aggregate's order: by `meta.index` when every entry has one
 * (catapult-rest adds them in the order its database finds them), else as given.
 */
function inOrder(entries: TransactionEntry[]): TransactionEntry[] {
  const indexed = entries.every((entry) => Number.isSafeInteger(entry.meta?.index));
  return indexed ? [...entries].sort((a, b) => (a.meta!.index as number) - (b.meta!.index as number)) : entries;
}
