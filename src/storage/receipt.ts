import { models } from 'symbol-sdk/symbol';
import { typeHex, type ByteReader } from './reader.js';

/**
 * One receipt of a block statement, with the fields the gateway's JSON gives it (ReceiptDTO):
 * ids 16 uppercase hex of their value, addresses 48 uppercase hex, amounts decimal strings.
 */
export type ReceiptFile = BalanceTransferReceiptFile | BalanceChangeReceiptFile | ArtifactExpiryReceiptFile | InflationReceiptFile;

export interface ReceiptHeaderFile {
  version: number;
  /** catapult's ReceiptType (`0x2143` harvest fee). */
  type: number;
}

/** Rental fees: a mosaic amount moved from one account to another. */
export interface BalanceTransferReceiptFile extends ReceiptHeaderFile {
  mosaicId: string;
  amount: string;
  senderAddress: string;
  recipientAddress: string;
}

/** Harvest fees and locks: a mosaic amount credited to or debited from one account. */
export interface BalanceChangeReceiptFile extends ReceiptHeaderFile {
  mosaicId: string;
  amount: string;
  targetAddress: string;
}

/** A mosaic or a namespace that expired (or was deleted). */
export interface ArtifactExpiryReceiptFile extends ReceiptHeaderFile {
  artifactId: string;
}

/** The currency a block created. */
export interface InflationReceiptFile extends ReceiptHeaderFile {
  mosaicId: string;
  amount: string;
}

type Layout = 'balanceTransfer' | 'balanceChange' | 'artifactExpiry' | 'inflation';

/** Size, version and type: catapult's Receipt header. */
const HEADER_SIZE = 4 + 2 + 2;
const MOSAIC_SIZE = 8 + 8;
const ADDRESS_SIZE = 24;

/** Each layout's size (catapult's model/Receipt.h). */
const LAYOUT_SIZES: Record<Layout, number> = {
  balanceTransfer: HEADER_SIZE + MOSAIC_SIZE + 2 * ADDRESS_SIZE,
  balanceChange: HEADER_SIZE + MOSAIC_SIZE + ADDRESS_SIZE,
  artifactExpiry: HEADER_SIZE + 8,
  inflation: HEADER_SIZE + MOSAIC_SIZE,
};

/**
 * The receipt types a block statement holds, by layout. The rest of symbol-sdk's ReceiptType
 * (transaction group, alias resolutions) only prefix what is hashed; they are never stored.
 */
const LAYOUTS = new Map<number, Layout>([
  [models.ReceiptType.MOSAIC_RENTAL_FEE.value, 'balanceTransfer'],
  [models.ReceiptType.NAMESPACE_RENTAL_FEE.value, 'balanceTransfer'],
  [models.ReceiptType.HARVEST_FEE.value, 'balanceChange'],
  [models.ReceiptType.LOCK_HASH_COMPLETED.value, 'balanceChange'],
  [models.ReceiptType.LOCK_HASH_EXPIRED.value, 'balanceChange'],
  [models.ReceiptType.LOCK_SECRET_COMPLETED.value, 'balanceChange'],
  [models.ReceiptType.LOCK_SECRET_EXPIRED.value, 'balanceChange'],
  [models.ReceiptType.LOCK_HASH_CREATED.value, 'balanceChange'],
  [models.ReceiptType.LOCK_SECRET_CREATED.value, 'balanceChange'],
  [models.ReceiptType.MOSAIC_EXPIRED.value, 'artifactExpiry'],
  [models.ReceiptType.NAMESPACE_EXPIRED.value, 'artifactExpiry'],
  [models.ReceiptType.NAMESPACE_DELETED.value, 'artifactExpiry'],
  [models.ReceiptType.INFLATION.value, 'inflation'],
]);

/** The smallest receipt a statement can hold (an artifact expiry). */
export const SMALLEST_RECEIPT_SIZE = Math.min(...Object.values(LAYOUT_SIZES));

/**
 * Reads one size-prefixed receipt: refuses a type no statement holds (naming it) and a size
 * that is not its type's.
 *
 * @example
 * readReceipt(reader); // { version: 1, type: 0x2143, mosaicId: '72C0212E67A08BCE', amount: '0', targetAddress: '98…' }
 */
export function readReceipt(reader: ByteReader): ReceiptFile {
  const start = reader.offset;
  const size = reader.u32('receipt size');
  const version = reader.u16('receipt version');
  const type = reader.u16('receipt type');
  const layout = LAYOUTS.get(type);
  if (layout === undefined) reader.fail('a receipt type a block statement holds', `type ${typeHex(type)} (${type})`, start + 6);
  if (size !== LAYOUT_SIZES[layout]) {
    reader.fail(`a receipt of ${LAYOUT_SIZES[layout]} bytes (type ${typeHex(type)})`, `size ${size}`, start);
  }

  const what = `receipt ${typeHex(type)}`;
  switch (layout) {
    case 'balanceTransfer': {
      const mosaic = readMosaic(reader, what);
      return { version, type, ...mosaic, senderAddress: reader.hex(ADDRESS_SIZE, `sender address of ${what}`), recipientAddress: reader.hex(ADDRESS_SIZE, `recipient address of ${what}`) };
    }
    case 'balanceChange': {
      const mosaic = readMosaic(reader, what);
      return { version, type, ...mosaic, targetAddress: reader.hex(ADDRESS_SIZE, `target address of ${what}`) };
    }
    case 'artifactExpiry':
      return { version, type, artifactId: reader.id(`artifact id of ${what}`) };
    case 'inflation':
      return { version, type, ...readMosaic(reader, what) };
  }
}

function readMosaic(reader: ByteReader, what: string): { mosaicId: string; amount: string } {
  const mosaicId = reader.id(`mosaic id of ${what}`);
  return { mosaicId, amount: reader.u64(`amount of ${what}`).toString() };
}
