import { models } from 'symbol-sdk/symbol';
import { merkleRoot, type Bytes } from '../block-builder.js';
import { fromHex, sha3, toHex } from '../keys.js';
import {
  RECEIPT_TYPE,
  receiptModel,
  type BlockStatements,
  type Receipt,
  type ReceiptSource,
  type ResolutionStatementRecord,
  type TransactionStatementRecord,
} from './receipts.js';

/** The version a node hashes into every statement. */
const STATEMENT_VERSION = 1;

/**
 * Collects one block's receipts and alias resolutions, then builds its statements as a
 * node does: transaction statements by source (the block's own first), receipts in each
 * by type, resolution statements by unresolved value, each hashed, and the receiptsHash
 * as the merkle root of all their hashes.
 */
export class StatementBuilder {
  readonly #receipts = new Map<string, { source: ReceiptSource; receipts: Receipt[] }>();
  readonly #resolutions = { address: new Map<string, ResolutionEntry[]>(), mosaicId: new Map<string, ResolutionEntry[]>() };

  addReceipt(source: ReceiptSource, receipt: Receipt): void {
    const key = `${source.primaryId}/${source.secondaryId}`;
    let statement = this.#receipts.get(key);
    if (!statement) {
      statement = { source, receipts: [] };
      this.#receipts.set(key, statement);
    }
    statement.receipts.push(receipt);
  }

  /** Records that `unresolved` resolved to `resolved` at `source`; a repeat of the last resolution is one entry. */
  addResolution(kind: 'address' | 'mosaicId', unresolved: string, resolved: string, source: ReceiptSource): void {
    const byValue = this.#resolutions[kind];
    let entries = byValue.get(unresolved);
    if (!entries) {
      entries = [];
      byValue.set(unresolved, entries);
    }
    if (entries.length > 0 && entries[entries.length - 1].resolved === resolved) return;
    entries.push({ source, resolved });
  }

  /** The block's statements and its receiptsHash. */
  build(): BlockStatements & { receiptsHash: Bytes } {
    const transactionStatements = [...this.#receipts.values()]
      .sort((a, b) => a.source.primaryId - b.source.primaryId || a.source.secondaryId - b.source.secondaryId)
      .map(({ source, receipts }): TransactionStatementRecord => {
        // A stable sort: receipts of one type keep the order they were made in.
        const sorted = [...receipts].sort((a, b) => a.type - b.type);
        return { source, receipts: sorted, hash: transactionStatementHash(source, sorted) };
      });
    const addressResolutionStatements = resolutionStatements(this.#resolutions.address, 'address');
    const mosaicResolutionStatements = resolutionStatements(this.#resolutions.mosaicId, 'mosaicId');
    const hashes = [...transactionStatements, ...addressResolutionStatements, ...mosaicResolutionStatements].map((statement) => fromHex(statement.hash));
    return { transactionStatements, addressResolutionStatements, mosaicResolutionStatements, receiptsHash: merkleRoot(hashes) };
  }
}

interface ResolutionEntry {
  source: ReceiptSource;
  resolved: string;
}

function resolutionStatements(byValue: Map<string, ResolutionEntry[]>, kind: 'address' | 'mosaicId'): ResolutionStatementRecord[] {
  // Fixed-width uppercase hex sorts as the bytes (addresses) and the numbers (mosaic ids) do.
  return [...byValue.keys()].sort().map((unresolved) => {
    const entries = byValue.get(unresolved)!;
    return { unresolved, entries, hash: resolutionStatementHash(kind, unresolved, entries) };
  });
}

/** SHA3-256 of version, type, source and each receipt without its size: what a node hashes (receipts in the statement's order). */
export function transactionStatementHash(source: ReceiptSource, receipts: readonly Receipt[]): string {
  const statement = new models.TransactionStatement();
  statement.primaryId = source.primaryId;
  statement.secondaryId = source.secondaryId;
  statement.receipts = receipts.map(receiptModel);
  const parts: Uint8Array[] = [header(RECEIPT_TYPE.transactionGroup), sourceModel(source).serialize()];
  for (const receipt of statement.receipts) parts.push(receipt.serialize().subarray(4));
  return toHex(sha3(...parts));
}

/** SHA3-256 of version, type, the unresolved value and each entry (source and resolved value). */
export function resolutionStatementHash(kind: 'address' | 'mosaicId', unresolved: string, entries: readonly ResolutionEntry[]): string {
  const address = kind === 'address';
  const statement = address ? new models.AddressResolutionStatement() : new models.MosaicResolutionStatement();
  statement.unresolved = address ? new models.UnresolvedAddress(fromHex(unresolved)) : new models.UnresolvedMosaicId(BigInt(`0x${unresolved}`));
  statement.resolutionEntries = entries.map(({ source, resolved }) => {
    const entry = address ? new models.AddressResolutionEntry() : new models.MosaicResolutionEntry();
    entry.source = sourceModel(source);
    entry.resolvedValue = (address ? new models.Address(fromHex(resolved)) : new models.MosaicId(BigInt(`0x${resolved}`))) as never;
    return entry;
  });
  const parts: Uint8Array[] = [header(address ? RECEIPT_TYPE.addressAliasResolution : RECEIPT_TYPE.mosaicAliasResolution), statement.unresolved.serialize()];
  for (const entry of statement.resolutionEntries) parts.push((entry as { serialize(): Uint8Array }).serialize());
  return toHex(sha3(...parts));
}

function header(type: number): Uint8Array {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt16LE(STATEMENT_VERSION, 0);
  bytes.writeUInt16LE(type, 2);
  return bytes;
}

function sourceModel(source: ReceiptSource): InstanceType<typeof models.ReceiptSource> {
  const model = new models.ReceiptSource();
  model.primaryId = source.primaryId;
  model.secondaryId = source.secondaryId;
  return model;
}
