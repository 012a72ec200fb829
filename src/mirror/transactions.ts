import { models, type SymbolFacade } from 'symbol-sdk/symbol';
import type { TransactionInfoDTO, TransactionStatusDTO } from '../backend/dto.js';
import type { ChainEvent } from '../backend/events.js';
import type { AddressBook } from '../memory/address-book.js';
import { embeddedCosignatures } from '../memory/transactions/codec.js';
import { TransactionRecord } from '../memory/transactions/record.js';
import { rowsOf, type EntryRow } from '../postgres/transactions.js';
import type { TransactionGroup } from '../backend/dto.js';
import type { UpstreamClient } from '../upstream/client.js';
import { TRANSACTION_JSON, TRANSACTION_READERS } from '../families/index.js';
import { checkedTransaction } from '../upstream/payload.js';
import { fields } from '../upstream/shape.js';
import * as fieldChecks from '../upstream/field-checks.js';

/** What one block's transactions add to the store. */
export interface MirroredTransactions {
  /** Each top-level transaction's rows (it, then its embedded ones), in the block's order. */
  readonly rows: EntryRow[][];
  /** `confirmedAdded` of each, as the chain emits it. */
  readonly events: ChainEvent[];
  readonly statuses: { hash: string; status: TransactionStatusDTO }[];
  /** Each top-level transaction's merkle component hash (computed from its bytes and cosignatures), by its index in the block: the block's transaction leaves. */
  readonly merkleComponentHashes: { index: number; hash: string }[];
}

const AGGREGATE_TYPES = new Set([models.TransactionType.AGGREGATE_COMPLETE.value, models.TransactionType.AGGREGATE_BONDED.value]);

const aggregateAt = (hash: string) => fields<TransactionInfoDTO>({ 'meta.hash': fieldChecks.exactly(hash), 'transaction.transactions': fieldChecks.list });

/** A top-level transaction rebuilt from the upstream's answers: the chain's record of it, its entries' JSON as served (it, then its embedded ones), and its whole JSON. */
export interface RebuiltTransaction {
  readonly record: TransactionRecord;
  readonly entry: TransactionInfoDTO;
  /** The aggregate read whole (with its embedded transactions); the entry itself for any other. */
  readonly whole: TransactionInfoDTO;
  readonly json: string[];
}

/**
 * The top-level transactions of a listing that names embedded ones too (`embedded=true`), each
 * rebuilt into its signed bytes (its hash, size, signatures and cosignatures checked: garbage
 * never reaches the store) and decoded as the chain decodes an announce, so its related
 * addresses, recipients and transfers (what the filters read) are the chain's. An aggregate is
 * read whole by `wholeAt(hash)`; undefined there (it left a pool meanwhile) leaves it out.
 */
export async function rebuiltTransactions(
  listed: readonly TransactionInfoDTO[],
  wholeAt: (hash: string) => Promise<TransactionInfoDTO | undefined>,
  facade: SymbolFacade,
  addresses: AddressBook,
  where: string,
): Promise<RebuiltTransaction[]> {
  const embedded = new Map<string, TransactionInfoDTO[]>();
  for (const entry of listed) {
    const parent = (entry.meta as { aggregateHash?: string }).aggregateHash;
    if (parent !== undefined) embedded.set(parent, [...(embedded.get(parent) ?? []), entry]);
  }
  const rebuilt: RebuiltTransaction[] = [];
  for (const entry of listed) {
    const meta = entry.meta as { hash?: string; aggregateHash?: string; index?: number };
    if (meta.aggregateHash !== undefined) continue;
    const hash = meta.hash!;
    const whole = AGGREGATE_TYPES.has(Number(entry.transaction.type)) ? await wholeAt(hash) : entry;
    if (whole === undefined) continue;
    const { decoded } = checkedTransaction(whole, facade, TRANSACTION_READERS);
    const inner = [...(embedded.get(hash) ?? [])].sort((a, b) => Number(a.meta.index) - Number(b.meta.index));
    if (inner.length !== decoded.embedded.length) throw new Error(`the upstream lists ${inner.length} embedded transactions of ${hash} ${where}, its payload has ${decoded.embedded.length}`);
    const ids = inner.map((each) => each.id)[Symbol.iterator]();
    const record = new TransactionRecord(entry.id, decoded, { addresses, json: TRANSACTION_JSON }, () => ids.next().value!, embeddedCosignatures(decoded));
    rebuilt.push({ record, entry, whole, json: [entry, ...inner].map((each) => JSON.stringify(each)) });
  }
  return rebuilt;
}

/** A record's rows in a group, with the filters' columns from the record and the JSON as the upstream served it. */
export function servedRows({ record, entry, whole, json }: RebuiltTransaction, group: TransactionGroup): EntryRow[] {
  return rowsOf(record, group).map((row, i) => ({ ...row, json: json[i], fullJson: i === 0 && whole !== entry ? JSON.stringify(whole) : null }));
}

/**
 * The confirmed transactions of the upstream's block at `height`, from its listing (`listed`:
 * the block's entries, embedded ones too, in id order), as the transactions part stores the
 * chain's own (see `rebuiltTransactions`). The aggregates are read whole at once, each by hash
 * (the client's window bounds how many are in flight).
 */
export async function mirroredTransactions(client: UpstreamClient, height: string, listed: readonly TransactionInfoDTO[], facade: SymbolFacade, addresses: AddressBook): Promise<MirroredTransactions> {
  const aggregates = listed.filter((entry) => (entry.meta as { aggregateHash?: string }).aggregateHash === undefined && AGGREGATE_TYPES.has(Number(entry.transaction.type)));
  const wholes = new Map(await Promise.all(aggregates.map(async ({ meta }) => {
    const hash = (meta as { hash: string }).hash;
    return [hash, await client.get(`/transactions/confirmed/${hash}`, aggregateAt(hash))] as const;
  })));
  const rebuilt = await rebuiltTransactions(listed, async (hash) => wholes.get(hash), facade, addresses, `at height ${height}`);
  const result: MirroredTransactions = { rows: [], events: [], statuses: [], merkleComponentHashes: [] };
  for (const transaction of rebuilt) {
    const { record, entry, whole } = transaction;
    const meta = entry.meta as { hash: string; index: number; timestamp?: string; feeMultiplier?: number; merkleComponentHash?: string };
    const { hash } = meta;
    record.placement = { height: BigInt(height), index: meta.index, timestamp: meta.timestamp ?? '0', feeMultiplier: meta.feeMultiplier ?? 0 };
    result.merkleComponentHashes.push({ index: meta.index, hash: record.merkleComponentHash() });
    result.rows.push(servedRows(transaction, 'confirmed'));
    result.events.push({
      channel: 'confirmedAdded',
      addresses: record.channelAddresses,
      data: { transaction: whole.transaction, meta: { hash, merkleComponentHash: meta.merkleComponentHash ?? record.merkleComponentHash(), height } },
    });
    result.statuses.push({ hash, status: { group: 'confirmed', code: 'Success', hash, deadline: record.decoded.deadline.toString(), height } });
  }
  return result;
}
