import { models } from 'symbol-sdk/symbol';
import type { MosaicInfoDTO } from '../backend/mosaics.js';
import { RECEIPT_TYPE } from '../memory/execution/receipts.js';
import type { TransactionStatementInfoDTO } from '../backend/receipts.js';
import { mosaicEntryOf, mosaicFilters } from '../families/mosaic/store.js';
import { listsUnder } from '../memory/state/entry-listing.js';
import type { StatementRow } from '../postgres/receipts.js';
import { byId, type EntryRow as StateRow } from '../postgres/state-write.js';
import type { EntryRow as TransactionRow } from '../postgres/transactions.js';
import type { UpstreamClient } from '../upstream/client.js';
import { mosaicInfo } from '../upstream/dto-shapes.js';
import { Resolutions } from './changes.js';

/** The transactions that change a mosaic entry, and where their mosaic id is. */
const MOSAIC_TRANSACTIONS = new Map<number, 'id' | 'mosaicId'>([
  [models.TransactionType.MOSAIC_DEFINITION.value, 'id'],
  [models.TransactionType.MOSAIC_SUPPLY_CHANGE.value, 'mosaicId'],
  [models.TransactionType.MOSAIC_SUPPLY_REVOCATION.value, 'mosaicId'],
]);

/**
 * The mosaics a batch changed (16 hex): those its definitions, supply changes and revocations
 * name (an alias resolved through the batch's mosaic resolutions), and those that expired.
 */
export function touchedMosaics(rows: readonly TransactionRow[][], statements: readonly StatementRow[]): Set<string> {
  const named = new Set<string>();
  for (const row of rows.flat()) {
    const field = MOSAIC_TRANSACTIONS.get(row.type);
    if (field === undefined) continue;
    const id = (JSON.parse(row.json) as { transaction: Record<string, unknown> }).transaction[field];
    if (typeof id === 'string') named.add(id);
  }
  const touched = new Set<string>();
  for (const { kind, info } of statements) {
    if (kind !== 'transaction') continue;
    for (const receipt of (info as TransactionStatementInfoDTO).statement.receipts as unknown as Record<string, unknown>[]) {
      if (receipt.type === RECEIPT_TYPE.mosaicExpired && typeof receipt.artifactId === 'string') touched.add(receipt.artifactId);
    }
  }
  // A namespace's id stands for the mosaic it aliased.
  const resolutions = new Resolutions(statements);
  for (const id of named) for (const mosaicId of resolutions.mosaic(id)) touched.add(mosaicId);
  return touched;
}

/** A mosaic's row as the chain's `MosaicStore` lists it, by its id. */
function mosaicRow(info: MosaicInfoDTO): StateRow {
  return { key: info.mosaic.id, entry: { id: info.id, lists: byId(info.id, listsUnder(mosaicFilters(mosaicEntryOf(info)))), json: JSON.stringify(info) } };
}

/** The rows of these mosaics as the upstream has them now; one it no longer has goes. */
export async function mosaicRows(client: UpstreamClient, ids: Iterable<string>): Promise<StateRow[]> {
  const wanted = [...ids];
  if (wanted.length === 0) return [];
  const found = new Map((await client.mosaics(wanted)).map((info) => [info.mosaic.id, info]));
  return wanted.map((id) => (found.has(id) ? mosaicRow(found.get(id)!) : { key: id }));
}

/** Every mosaic the upstream has, as rows. */
export async function allMosaicRows(client: UpstreamClient): Promise<StateRow[]> {
  const rows: StateRow[] = [];
  for await (const page of client.pages('/mosaics?order=asc', mosaicInfo)) rows.push(...page.map(mosaicRow));
  return rows;
}
