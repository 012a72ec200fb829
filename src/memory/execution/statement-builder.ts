import { merkleRoot, type Bytes } from '../block-builder.js';
import { fromHex, sha3, toHex } from '../keys.js';
import {
  RECEIPT_TYPE,
  RECEIPT_VERSION,
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
  let size = HEADER_SIZE + SOURCE_SIZE;
  for (const receipt of receipts) size += receiptSize(receipt);
  const bytes = Buffer.allocUnsafe(size);
  let offset = writeHeader(bytes, RECEIPT_TYPE.transactionGroup);
  offset = writeSource(bytes, offset, source);
  for (const receipt of receipts) offset = writeReceipt(bytes, offset, receipt);
  return toHex(sha3(bytes));
}

/** SHA3-256 of version, type, the unresolved value and each entry (source and resolved value). */
export function resolutionStatementHash(kind: 'address' | 'mosaicId', unresolved: string, entries: readonly ResolutionEntry[]): string {
  const address = kind === 'address';
  const valueSize = address ? ADDRESS_SIZE : ID_SIZE;
  const bytes = Buffer.allocUnsafe(HEADER_SIZE + valueSize + entries.length * (SOURCE_SIZE + valueSize));
  const write = address ? writeAddress : writeId;
  let offset = writeHeader(bytes, address ? RECEIPT_TYPE.addressAliasResolution : RECEIPT_TYPE.mosaicAliasResolution);
  offset = write(bytes, offset, unresolved);
  for (const { source, resolved } of entries) offset = write(bytes, writeSource(bytes, offset, source), resolved);
  return toHex(sha3(bytes));
}

// The layouts of catbuffer's receipts.cats, each receipt without its leading size.
const HEADER_SIZE = 4; // version (u16), type (u16)
const SOURCE_SIZE = 8; // primaryId (u32), secondaryId (u32)
const ID_SIZE = 8; // a mosaic or namespace id (u64)
const MOSAIC_SIZE = 16; // mosaic id (u64), amount (u64)
const ADDRESS_SIZE = 24;

function receiptSize(receipt: Receipt): number {
  switch (receipt.kind) {
    case 'balanceTransfer':
      return HEADER_SIZE + MOSAIC_SIZE + 2 * ADDRESS_SIZE;
    case 'balanceChange':
      return HEADER_SIZE + MOSAIC_SIZE + ADDRESS_SIZE;
    case 'artifactExpiry':
      return HEADER_SIZE + ID_SIZE;
    case 'inflation':
      return HEADER_SIZE + MOSAIC_SIZE;
  }
}

function writeReceipt(bytes: Buffer, start: number, receipt: Receipt): number {
  bytes.writeUInt16LE(RECEIPT_VERSION, start);
  bytes.writeUInt16LE(receipt.type, start + 2);
  const offset = start + HEADER_SIZE;
  switch (receipt.kind) {
    case 'balanceTransfer':
      return writeAddress(bytes, writeAddress(bytes, writeMosaic(bytes, offset, receipt.mosaicId, receipt.amount), receipt.senderAddress), receipt.recipientAddress);
    case 'balanceChange':
      return writeAddress(bytes, writeMosaic(bytes, offset, receipt.mosaicId, receipt.amount), receipt.targetAddress);
    case 'artifactExpiry':
      return writeId(bytes, offset, receipt.artifactId);
    case 'inflation':
      return writeMosaic(bytes, offset, receipt.mosaicId, receipt.amount);
  }
}

function writeHeader(bytes: Buffer, type: number): number {
  bytes.writeUInt16LE(STATEMENT_VERSION, 0);
  bytes.writeUInt16LE(type, 2);
  return HEADER_SIZE;
}

function writeSource(bytes: Buffer, offset: number, source: ReceiptSource): number {
  bytes.writeUInt32LE(source.primaryId, offset);
  bytes.writeUInt32LE(source.secondaryId, offset + 4);
  return offset + SOURCE_SIZE;
}

function writeMosaic(bytes: Buffer, offset: number, mosaicId: string, amount: bigint): number {
  bytes.writeBigUInt64LE(amount, writeId(bytes, offset, mosaicId));
  return offset + MOSAIC_SIZE;
}

/** An id as 16 hex digits (most significant first), written as a little-endian u64. */
function writeId(bytes: Buffer, offset: number, hex: string): number {
  bytes.writeBigUInt64LE(BigInt(`0x${hex}`), offset);
  return offset + ID_SIZE;
}

/** An address as 48 hex digits. */
function writeAddress(bytes: Buffer, offset: number, hex: string): number {
  if (bytes.write(hex, offset, ADDRESS_SIZE, 'hex') !== ADDRESS_SIZE) throw new RangeError(`not an address: ${hex}`);
  return offset + ADDRESS_SIZE;
}
