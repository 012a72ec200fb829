import { ByteReader } from './reader.js';
import { readReceipt, SMALLEST_RECEIPT_SIZE, type ReceiptFile } from './receipt.js';

/** Where receipts and resolutions come from: the transaction's 1-based place in its block (0 the block itself), and the inner one's. */
export interface ReceiptSourceFile {
  primaryId: number;
  secondaryId: number;
}

/** The receipts of one source, in the order catapult keeps them (by type). */
export interface TransactionStatementFile {
  source: ReceiptSourceFile;
  receipts: ReceiptFile[];
}

/** What one alias resolved to, from which source on. */
export interface ResolutionStatementFile {
  /** 48 uppercase hex (an address alias) or 16 (a mosaic alias: its value). */
  unresolved: string;
  resolutionEntries: { source: ReceiptSourceFile; resolved: string }[];
}

/** What a block statement file (`00000/00001.stmt`) holds. */
export interface BlockStatementFile {
  transactionStatements: TransactionStatementFile[];
  addressResolutionStatements: ResolutionStatementFile[];
  mosaicResolutionStatements: ResolutionStatementFile[];
}

const SOURCE_SIZE = 4 + 4;
const ADDRESS_SIZE = 24;
const MOSAIC_ID_SIZE = 8;

/** How the two kinds of resolution statement differ: the size and the text of their values. */
interface ResolutionKind {
  name: string;
  valueSize: number;
  read: (reader: ByteReader, what: string) => string;
}

const ADDRESS_RESOLUTION: ResolutionKind = { name: 'address', valueSize: ADDRESS_SIZE, read: (reader, what) => reader.hex(ADDRESS_SIZE, what) };
const MOSAIC_RESOLUTION: ResolutionKind = { name: 'mosaic', valueSize: MOSAIC_ID_SIZE, read: (reader, what) => reader.id(what) };

/**
 * Reads a block statement as catapult's BlockStatementSerializer writes it: three u32-counted
 * lists (transaction statements, address resolutions, mosaic resolutions), each sorted by its
 * key as catapult's maps keep them. Refuses an unknown receipt type, a count that runs past the
 * end, keys out of order or repeated, resolution entries out of source order and trailing bytes.
 *
 * @param file names the file in errors (the path as the caller has it).
 * @example
 * const statement = readBlockStatement(await readFile(path), path);
 * statement.transactionStatements[0].receipts[0].type; // 0x2143, harvest fee
 */
export function readBlockStatement(bytes: Uint8Array, file: string): BlockStatementFile {
  const reader = new ByteReader(bytes, file);
  const transactionStatements = readSorted(reader, 'transaction statements', SOURCE_SIZE + 4, BY_SOURCE, readTransactionStatement);
  const addressResolutionStatements = readSorted(reader, 'address resolution statements', ADDRESS_SIZE + 4, BY_UNRESOLVED, (each) =>
    readResolutionStatement(each, ADDRESS_RESOLUTION),
  );
  const mosaicResolutionStatements = readSorted(reader, 'mosaic resolution statements', MOSAIC_ID_SIZE + 4, BY_UNRESOLVED, (each) =>
    readResolutionStatement(each, MOSAIC_RESOLUTION),
  );
  reader.expectEnd('mosaic resolution statements');
  return { transactionStatements, addressResolutionStatements, mosaicResolutionStatements };
}

/** How a list's items sort in catapult's map (`key`: fixed-width text, so text order is catapult's), and how messages name one. */
interface ListOrder<T> {
  key: (item: T) => string;
  text: (item: T) => string;
}

const BY_SOURCE: ListOrder<TransactionStatementFile> = { key: sourceKey, text: (item) => sourceText(item.source) };
const BY_UNRESOLVED: ListOrder<ResolutionStatementFile> = { key: (item) => item.unresolved, text: (item) => `unresolved ${item.unresolved}` };

/** A u32-counted list whose keys strictly increase, as catapult writes its maps. */
function readSorted<T>(reader: ByteReader, items: string, smallest: number, order: ListOrder<T>, read: (reader: ByteReader) => T): T[] {
  const count = reader.count(items, smallest, 'at least');
  const list: T[] = [];
  for (let index = 0; index < count; index++) {
    const at = reader.offset;
    const item = read(reader);
    const previous = list.at(-1);
    if (previous !== undefined && order.key(item) <= order.key(previous)) {
      reader.fail(`${items} in increasing order, each once (after ${order.text(previous)})`, order.text(item), at);
    }
    list.push(item);
  }
  return list;
}

function readTransactionStatement(reader: ByteReader): TransactionStatementFile {
  const source = readSource(reader, 'transaction statement source');
  const count = reader.count('receipts', SMALLEST_RECEIPT_SIZE, 'at least');
  return { source, receipts: Array.from({ length: count }, () => readReceipt(reader)) };
}

function readResolutionStatement(reader: ByteReader, kind: ResolutionKind): ResolutionStatementFile {
  const unresolved = kind.read(reader, `unresolved ${kind.name}`);
  const count = reader.count(`${kind.name} resolution entries`, SOURCE_SIZE + kind.valueSize);
  const resolutionEntries: ResolutionStatementFile['resolutionEntries'] = [];
  for (let index = 0; index < count; index++) {
    const at = reader.offset;
    const source = readSource(reader, 'resolution source');
    const previous = resolutionEntries.at(-1);
    // catapult's ResolutionStatement refuses a resolution from before the last one.
    if (previous !== undefined && sourceKey({ source }) < sourceKey(previous)) {
      reader.fail(`resolution entries in source order (after ${sourceText(previous.source)})`, sourceText(source), at);
    }
    resolutionEntries.push({ source, resolved: kind.read(reader, `resolved ${kind.name}`) });
  }
  return { unresolved, resolutionEntries };
}

function readSource(reader: ByteReader, what: string): ReceiptSourceFile {
  return { primaryId: reader.u32(`${what} primary id`), secondaryId: reader.u32(`${what} secondary id`) };
}

/** A source as fixed-width text that sorts as catapult's ReceiptSource does. */
function sourceKey({ source }: { source: ReceiptSourceFile }): string {
  return source.primaryId.toString(16).padStart(8, '0') + source.secondaryId.toString(16).padStart(8, '0');
}

function sourceText(source: ReceiptSourceFile): string {
  return `source (${source.primaryId}, ${source.secondaryId})`;
}
