/**
 * A confirmed transaction's REST JSON back to the bytes that were signed: what a mirror needs
 * to store a transaction copied from an upstream gateway exactly as this gateway's own chain
 * stores it (decoded from its payload by src/memory/transactions/codec.ts), and to refuse
 * one that was altered on the way.
 */
import type { SymbolFacade } from 'symbol-sdk/symbol';
import { decodeTransaction, embeddedCosignatures, verifyCosignature, verifySignature, type DecodedTransaction } from '../memory/transactions/codec.js';
import type { BodyReaders } from './body-fields.js';
import { TransactionJsonError } from './transaction-json-error.js';
import { entryOf, transactionModel, typeLabel, type Transaction, type TransactionEntry } from './transaction-model.js';

/** A transaction's signed bytes and its hash. */
export interface TransactionPayload {
  /** The whole transaction (an aggregate with its embedded transactions and cosignatures), uppercase hex: what `PUT /transactions` takes. */
  payload: string;
  /** The entity hash symbol-sdk's `facade.hashTransaction` computes, 64 uppercase hex. */
  hash: string;
}

/** A checked payload, with what the chain's decoder made of it (what a record is built from). */
export interface CheckedPayload extends TransactionPayload {
  decoded: DecodedTransaction;
}

/**
 * Rebuilds the payload of a top-level transaction from its REST JSON, as catapult-rest or this
 * gateway serve it: the entry `{ transaction, meta }` or its `transaction` object alone. An
 * aggregate must carry its embedded transactions (`transaction.transactions`, each an entry
 * `{ transaction, meta }` or a transaction object; put in `meta.index` order when every one
 * has it), as `GET /transactions/{group}/{hash}` serves it; a page of transactions does not.
 * Nothing is checked but the fields: see `checkedPayload` for JSON from an upstream.
 *
 * @example
 * const entry = await (await fetch(`${url}/transactions/confirmed/${hash}`)).json();
 * const { payload } = transactionPayload(entry, new SymbolFacade('mainnet'), TRANSACTION_READERS);
 * @param readers each transaction type's body reader (the registry's `TRANSACTION_READERS`)
 * @throws TransactionJsonError naming the field and the transaction type when a field is missing or
 *   not written as catapult-rest writes it, or the type or version is one symbol-sdk does not model
 */
export function transactionPayload(json: unknown, facade: SymbolFacade, readers: BodyReaders): TransactionPayload {
  const entry = entryOf(json);
  return payloadOf(transactionModel(entry.transaction, entry.path, readers), facade);
}

/**
 * `transactionPayload` of the entry `{ transaction, meta }`, with the rebuilt bytes held to what
 * a node holds them to: they decode as this gateway decodes an announced payload, their hash is
 * `meta.hash`, `size` is their length, an aggregate's transactionsHash is its embedded
 * transactions' and every cosignature verifies, and the signer's signature verifies for the
 * facade's network. What a mirror stores after it is what its upstream confirmed.
 *
 * @example
 * const { payload } = checkedPayload(entry, chain.facade, TRANSACTION_READERS); // throws on an altered entry
 * @throws TransactionJsonError as `transactionPayload`, and naming what does not hold
 */
export function checkedPayload(json: unknown, facade: SymbolFacade, readers: BodyReaders): TransactionPayload {
  const { payload, hash } = checkedTransaction(json, facade, readers);
  return { payload, hash };
}

/** `checkedPayload`, with the decoded transaction it checked: a mirror builds its record from it instead of decoding the bytes again. */
export function checkedTransaction(json: unknown, facade: SymbolFacade, readers: BodyReaders): CheckedPayload {
  const entry = entryOf(json);
  const model = transactionModel(entry.transaction, entry.path, readers);
  const payload = Buffer.from(model.serialize()).toString('hex').toUpperCase();
  const label = typeLabel(model.type.value);
  let decoded: DecodedTransaction;
  // A chain stores what decodeTransaction makes of a payload (a TransactionRecord): it must take these bytes.
  try {
    decoded = decodeTransaction(payload, facade);
  } catch (error) {
    throw new TransactionJsonError(`${label}: the rebuilt bytes do not decode: ${(error as Error).message}`);
  }
  for (const check of CHECKS) {
    const failure = check({ entry, model, decoded, facade });
    if (failure) throw new TransactionJsonError(`${label}: ${failure.field} ${failure.problem}`, failure.field);
  }
  // The entity hash as symbol-sdk's facade.hashTransaction computes it, from the decoded bytes (node's SHA3).
  return { payload, hash: decoded.hash, decoded };
}

function payloadOf(model: Transaction, facade: SymbolFacade): TransactionPayload {
  return { payload: Buffer.from(model.serialize()).toString('hex').toUpperCase(), hash: facade.hashTransaction(model).toString() };
}

/** What a check sees: the JSON, the rebuilt model and the decoded bytes. */
interface Rebuilt {
  entry: TransactionEntry;
  model: Transaction;
  decoded: DecodedTransaction;
  facade: SymbolFacade;
}

/** A check's failure: the field at fault and what is wrong with it. */
interface Failure {
  field: string;
  problem: string;
}

type Check = (rebuilt: Rebuilt) => Failure | undefined;

const HASH = /^[0-9a-fA-F]{64}$/;
const fieldOf = (entry: TransactionEntry, name: string) => (entry.path ? `${entry.path}.${name}` : name);

function metaHashIsGiven({ entry }: Rebuilt): Failure | undefined {
  const hash = entry.meta?.hash;
  if (hash === undefined) return { field: 'meta.hash', problem: 'is missing: checkedPayload takes the entry as REST serves it, { transaction, meta }' };
  if (typeof hash !== 'string' || !HASH.test(hash)) return { field: 'meta.hash', problem: `is ${JSON.stringify(hash)}, not 64 hex` };
  return undefined;
}

function networkIsTheFacades({ entry, model, facade }: Rebuilt): Failure | undefined {
  if (model.network.value === facade.network.identifier) return undefined;
  return { field: fieldOf(entry, 'network'), problem: `is ${model.network.value}, not the network of the facade (${facade.network.identifier})` };
}

function hashIsMetaHash({ entry, decoded }: Rebuilt): Failure | undefined {
  const expected = (entry.meta!.hash as string).toUpperCase();
  if (decoded.hash === expected) return undefined;
  return { field: 'meta.hash', problem: `is ${expected}, but the transaction's bytes hash to ${decoded.hash}: the JSON was altered, or the transaction is not of this network` };
}

function sizeIsTheLength({ entry, model }: Rebuilt): Failure | undefined {
  const size = entry.transaction.size;
  if (size === model.size) return undefined;
  return { field: fieldOf(entry, 'size'), problem: size === undefined ? 'is missing' : `is ${JSON.stringify(size)}, not the ${model.size} bytes of the transaction` };
}

function transactionsHashIsTheEmbeddedOnes({ entry, decoded }: Rebuilt): Failure | undefined {
  const given = (entry.transaction.transactionsHash as string | undefined)?.toUpperCase();
  if (!decoded.aggregate || decoded.computedTransactionsHash === given) return undefined;
  return { field: fieldOf(entry, 'transactionsHash'), problem: `is ${given}, but the embedded transactions hash to ${decoded.computedTransactionsHash}: they were altered` };
}

function signatureVerifies({ entry, decoded, facade }: Rebuilt): Failure | undefined {
  if (verifySignature(decoded, facade)) return undefined;
  return { field: fieldOf(entry, 'signature'), problem: "does not verify: the signer did not sign these bytes for this network's generation hash" };
}

function cosignaturesVerify({ entry, decoded }: Rebuilt): Failure | undefined {
  const index = embeddedCosignatures(decoded).findIndex((cosignature) => !verifyCosignature(decoded.hash, cosignature));
  if (index < 0) return undefined;
  return { field: fieldOf(entry, `cosignatures[${index}].signature`), problem: "does not verify: its signer did not sign this aggregate's hash" };
}

/** The checks, in order: the first failure is the one reported. */
const CHECKS: readonly Check[] = [
  metaHashIsGiven,
  networkIsTheFacades,
  hashIsMetaHash,
  sizeIsTheLength,
  transactionsHashIsTheEmbeddedOnes,
  signatureVerifies,
  cosignaturesVerify,
];
