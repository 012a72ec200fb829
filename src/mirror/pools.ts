import type { SymbolFacade } from 'symbol-sdk/symbol';
import type { TransactionInfoDTO, TransactionStatusDTO } from '../backend/dto.js';
import type { ChainEvent } from '../backend/events.js';
import type { AddressBook } from '../memory/address-book.js';
import type { EntryRow } from '../postgres/transactions.js';
import type { UpstreamClient } from '../upstream/client.js';
import { chunks } from '../upstream/params.js';
import { hex, integer, object, text } from '../upstream/field-checks.js';
import { fields, listOf } from '../upstream/shape.js';
import { rebuiltTransactions, servedRows } from './transactions.js';

/**
 * The upstream's pools as a mirror copies them: the unconfirmed and partial transactions it
 * lists now, each rebuilt and checked as a confirmed one is, written whole in place of the
 * stored pools (they are small), with the events a chain emits as its pools change (each
 * compared with what the mirror wrote last) and the upstream's statuses of what is pooled and
 * of what left.
 */

export type PoolGroup = 'unconfirmed' | 'partial';
/**
 * Read in this order: a transaction only moves from the partial pool to the unconfirmed one, so
 * one that moves while the pools are read is found in the second (read the other way round, it
 * could be missed by both, and its move told as leaving, then as new).
 */
const GROUPS: readonly PoolGroup[] = ['partial', 'unconfirmed'];

/** A pooled transaction as the mirror last wrote it. */
export interface Pooled {
  readonly group: PoolGroup;
  /** Base32: its channels. */
  readonly addresses: readonly string[];
  /** The public keys that cosigned it. */
  readonly cosigners: ReadonlySet<string>;
}

/** What one copy of the pools writes. */
export interface PoolCopy {
  rows: { group: PoolGroup; row: EntryRow }[];
  readonly statuses: { hash: string; status: TransactionStatusDTO }[];
  /** What left (`…Removed`), then per transaction its new cosignatures, `partialRemoved` once complete, and `…Added`, as a chain emits them (none for the first copy). */
  readonly events: ChainEvent[];
  /** What the pools hold now, by hash: the next copy's comparison. */
  readonly pooled: Map<string, Pooled>;
  /** Whether the stored pools differ from these (always for a first copy): else there is nothing to write. */
  changed: boolean;
}

const pooledEntry = fields<TransactionInfoDTO>({ id: text, meta: object, 'transaction.type': integer });
const statusEntry = fields<TransactionStatusDTO>({ hash: hex(32), group: text, code: text });

/** The upstream's pools now, against `before` (what the mirror wrote last; undefined for none yet). */
export async function poolCopy(client: UpstreamClient, facade: SymbolFacade, addresses: AddressBook, before: ReadonlyMap<string, Pooled> | undefined): Promise<PoolCopy> {
  const copy: PoolCopy = { rows: [], statuses: [], events: [], pooled: new Map(), changed: before === undefined };
  /** The hashes whose status to read: each new to its pool (every one on a first copy), each that left. */
  const asked = new Set<string>();
  for (const group of GROUPS) {
    const listed: TransactionInfoDTO[] = [];
    for await (const page of client.pages(`/transactions/${group}?embedded=true&order=asc`, pooledEntry)) listed.push(...page);
    // Undefined for one that left the pool meanwhile.
    const wholeAt = (hash: string) => client.find(`/transactions/${group}/${hash}`, pooledEntry);
    for (const transaction of await rebuiltTransactions(listed, wholeAt, facade, addresses, `in the ${group} pool`)) {
      const { record, whole } = transaction;
      const hash = record.hash;
      // Found in both (it moved between the reads): it is in the unconfirmed pool now, and it moved from what this copy saw.
      const seen = copy.pooled.get(hash);
      if (seen) copy.rows = copy.rows.filter(({ row }) => row.hash !== hash && row.parentHash !== hash);
      copy.rows.push(...servedRows(transaction, group).map((row) => ({ group, row })));
      copy.pooled.set(hash, { group, addresses: record.channelAddresses, cosigners: new Set(record.cosignatures.map((cosignature) => cosignature.signerPublicKey)) });
      const was = seen ?? before?.get(hash);
      if (was?.group !== group) asked.add(hash);
      if (!before || was?.group === 'unconfirmed') continue;
      // As a chain tells it: the cosignatures that came, the partial pool left (complete now), the pool entered.
      for (const cosignature of was ? record.cosignatures : []) {
        if (was!.cosigners.has(cosignature.signerPublicKey)) continue;
        copy.events.push({ channel: 'cosignature', addresses: record.channelAddresses, data: { version: cosignature.version.toString(), signerPublicKey: cosignature.signerPublicKey, signature: cosignature.signature, parentHash: hash } });
      }
      if (was?.group === group) continue;
      if (was) copy.events.push({ channel: 'partialRemoved', addresses: was.addresses, data: { meta: { hash } } });
      copy.events.push({ channel: `${group}Added`, addresses: record.channelAddresses, data: { transaction: whole.transaction, meta: { hash, merkleComponentHash: record.merkleComponentHash(), height: '0' } } });
    }
  }
  // What left the pools (confirmed, failed or expired).
  const left = [...(before ?? [])].filter(([hash]) => !copy.pooled.has(hash));
  for (const [hash, was] of left) copy.events.unshift({ channel: `${was.group}Removed`, addresses: was.addresses, data: { meta: { hash } } });
  // Every change tells an event; none, and the stored pools are these.
  copy.changed ||= copy.events.length > 0;
  // The upstream's own statuses of what entered a pool and of what left (a failure says why); a confirmed one waits for its block.
  for (const hashes of chunks([...asked, ...left.map(([hash]) => hash)], 100)) {
    for (const status of await client.post('/transactionStatus', { hashes }, listOf(statusEntry))) {
      if (status.group !== 'confirmed') copy.statuses.push({ hash: status.hash.toUpperCase(), status });
    }
  }
  return copy;
}
