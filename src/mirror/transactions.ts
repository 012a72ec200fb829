import { models, type SymbolFacade } from 'symbol-sdk/symbol';
import type { TransactionInfoDTO, TransactionStatusDTO } from '../backend/dto.js';
import type { ChainEvent } from '../backend/events.js';
import type { AddressBook } from '../memory/address-book.js';
import { embeddedCosignatures } from '../memory/transactions/codec.js';
import { TransactionRecord } from '../memory/transactions/record.js';
import { rowsOf, type EntryRow } from '../postgres/transactions.js';
import type { UpstreamClient } from '../upstream/client.js';
import { checkedTransaction } from '../upstream/payload.js';
import { fields } from '../upstream/shape.js';
import * as rules from '../upstream/rules.js';

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

const aggregateAt = (hash: string) => fields<TransactionInfoDTO>({ 'meta.hash': rules.exactly(hash), 'transaction.transactions': rules.list });

/**
 * The confirmed transactions of the upstream's block at `height`, as the transactions part
 * stores the chain's own: each rebuilt into its signed bytes (its hash, size, signatures and
 * cosignatures checked: garbage never reaches the store) and decoded as the chain decodes an
 * announce, so its related addresses, recipients and transfers (what the filters read) are
 * the chain's; the JSON is the upstream's, as it served it. An aggregate is read whole (by
 * hash) for its embedded transactions.
 */
export async function mirroredTransactions(client: UpstreamClient, height: string, facade: SymbolFacade, addresses: AddressBook): Promise<MirroredTransactions> {
  const listed = await client.blockTransactions(height);
  const embedded = new Map<string, TransactionInfoDTO[]>();
  for (const entry of listed) {
    const parent = (entry.meta as { aggregateHash?: string }).aggregateHash;
    if (parent !== undefined) embedded.set(parent, [...(embedded.get(parent) ?? []), entry]);
  }
  const result: MirroredTransactions = { rows: [], events: [], statuses: [], merkleComponentHashes: [] };
  for (const entry of listed) {
    const meta = entry.meta as { hash?: string; aggregateHash?: string; index: number; timestamp?: string; feeMultiplier?: number; merkleComponentHash?: string };
    if (meta.aggregateHash !== undefined) continue;
    const hash = meta.hash!;
    const whole = AGGREGATE_TYPES.has(Number(entry.transaction.type)) ? await client.get(`/transactions/confirmed/${hash}`, aggregateAt(hash)) : entry;
    const { decoded } = checkedTransaction(whole, facade);
    const inner = [...(embedded.get(hash) ?? [])].sort((a, b) => Number(a.meta.index) - Number(b.meta.index));
    if (inner.length !== decoded.embedded.length) throw new Error(`the upstream lists ${inner.length} embedded transactions of ${hash} at height ${height}, its payload has ${decoded.embedded.length}`);
    const ids = inner.map((each) => each.id)[Symbol.iterator]();
    const record = new TransactionRecord(entry.id, decoded, addresses, () => ids.next().value!, embeddedCosignatures(decoded));
    record.placement = { height: BigInt(height), index: meta.index, timestamp: meta.timestamp ?? '0', feeMultiplier: meta.feeMultiplier ?? 0 };
    // The filters' columns from the record; the JSON as the upstream served it.
    const json = [entry, ...inner].map((each) => JSON.stringify(each));
    result.merkleComponentHashes.push({ index: meta.index, hash: record.merkleComponentHash() });
    result.rows.push(rowsOf(record, 'confirmed').map((row, i) => ({ ...row, json: json[i], fullJson: i === 0 && whole !== entry ? JSON.stringify(whole) : null })));
    result.events.push({
      channel: 'confirmedAdded',
      addresses: record.channelAddresses,
      data: { transaction: whole.transaction, meta: { hash, merkleComponentHash: meta.merkleComponentHash ?? record.merkleComponentHash(), height } },
    });
    result.statuses.push({ hash, status: { group: 'confirmed', code: 'Success', hash, deadline: decoded.deadline.toString(), height } });
  }
  return result;
}
