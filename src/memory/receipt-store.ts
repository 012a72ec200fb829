import type { PageResult } from '../backend/repositories.js';
import type {
  ReceiptDTO,
  ResolutionStatementInfoDTO,
  ResolutionStatementSearchCriteria,
  TransactionStatementInfoDTO,
  TransactionStatementSearchCriteria,
} from '../backend/receipts.js';
import { deepFreeze } from '../deep-freeze.js';
import type { PageRequest } from '../pagination.js';
import { RECEIPT_VERSION, type BlockStatements, type Receipt } from './execution/receipts.js';
import { pageOfRange, partitionPoint, type Sequence } from './sorted.js';

/**
 * Every block's statements as `/statements/...` lists them, each rendered once and frozen
 * (a statement never changes), with an index per receipt filter value, so a filtered page
 * reads only the statements that have a matching receipt.
 */
export class ReceiptStore {
  readonly #nextId: () => string;
  readonly #transactionStatements: TransactionStatementInfoDTO[] = [];
  readonly #byFilter = new Map<string, TransactionStatementInfoDTO[]>();
  readonly #resolutions = { address: [] as ResolutionStatementInfoDTO[], mosaic: [] as ResolutionStatementInfoDTO[] };

  constructor(nextId: () => string) {
    this.#nextId = nextId;
  }

  /** Adds a block's statements (blocks in height order). */
  append(height: bigint, timestamp: string, statements: BlockStatements): void {
    const meta = { timestamp };
    for (const { source, receipts } of statements.transactionStatements) {
      const info: TransactionStatementInfoDTO = deepFreeze({
        id: this.#nextId(),
        meta,
        statement: { height: height.toString(), source: { ...source }, receipts: receipts.map(receiptDto) },
      });
      this.#transactionStatements.push(info);
      for (const key of statementFilterKeys(info)) {
        const list = this.#byFilter.get(key);
        if (list) list.push(info);
        else this.#byFilter.set(key, [info]);
      }
    }
    for (const [kind, records] of [['address', statements.addressResolutionStatements], ['mosaic', statements.mosaicResolutionStatements]] as const) {
      for (const { unresolved, entries } of records) {
        this.#resolutions[kind].push(deepFreeze({
          id: this.#nextId(),
          meta,
          statement: { height: height.toString(), unresolved, resolutionEntries: entries.map(({ source, resolved }) => ({ source: { ...source }, resolved })) },
        }));
      }
    }
  }

  /**
   * The statements of the blocks above `height`, each list in its order (for a store that
   * follows the chain): the rendered statements themselves, frozen.
   */
  above(height: bigint): { transaction: readonly TransactionStatementInfoDTO[]; address: readonly ResolutionStatementInfoDTO[]; mosaic: readonly ResolutionStatementInfoDTO[] } {
    const from = <T extends { statement: { height: string } }>(list: readonly T[]) => list.slice(partitionPoint(list.length, (i) => BigInt(list[i].statement.height) <= height));
    return { transaction: from(this.#transactionStatements), address: from(this.#resolutions.address), mosaic: from(this.#resolutions.mosaic) };
  }

  /** Drops the statements of the blocks above `height` (every list is in height order). */
  truncate(height: bigint): void {
    const above = (info: { statement: { height: string } }) => BigInt(info.statement.height) > height;
    const popAbove = (list: { statement: { height: string } }[]) => {
      while (list.length > 0 && above(list[list.length - 1])) list.pop();
    };
    popAbove(this.#transactionStatements);
    for (const [key, list] of this.#byFilter) {
      popAbove(list);
      if (list.length === 0) this.#byFilter.delete(key);
    }
    popAbove(this.#resolutions.address);
    popAbove(this.#resolutions.mosaic);
  }

  searchTransactionStatements(criteria: TransactionStatementSearchCriteria): PageResult<TransactionStatementInfoDTO> {
    const keyed = [
      ...(criteria.recipientAddress ? [`recipient=${criteria.recipientAddress}`] : []),
      ...(criteria.senderAddress ? [`sender=${criteria.senderAddress}`] : []),
      ...(criteria.targetAddress ? [`target=${criteria.targetAddress}`] : []),
      ...(criteria.artifactId ? [`artifact=${criteria.artifactId}`] : []),
    ];
    const types = criteria.receiptType?.map((type) => `type=${type}`);
    // The smallest index answers; the other filters are checked on its statements.
    let list: readonly TransactionStatementInfoDTO[] = this.#transactionStatements;
    if (keyed.length > 0) list = keyed.map((key) => this.#byFilter.get(key) ?? []).reduce((a, b) => (b.length < a.length ? b : a));
    else if (types) list = mergeById(types.map((key) => this.#byFilter.get(key) ?? []));
    const checks = [...keyed.map((key) => (info: TransactionStatementInfoDTO) => this.#listedUnder(key, info))];
    if (types && keyed.length > 0) checks.push((info) => types.some((key) => this.#listedUnder(key, info)));
    if (checks.length > 0) list = list.filter((info) => checks.every((check) => check(info)));
    return pageByHeight(list, criteria);
  }

  searchResolutionStatements(kind: 'address' | 'mosaic', criteria: ResolutionStatementSearchCriteria): PageResult<ResolutionStatementInfoDTO> {
    return pageByHeight(this.#resolutions[kind], criteria);
  }

  #listedUnder(key: string, info: TransactionStatementInfoDTO): boolean {
    return info.statement.receipts.some((receipt) => filterKeys(receipt).includes(key));
  }
}

/** The page of statements (in id order, heights never decreasing) within the height bounds. */
function pageByHeight<T extends { id: string; statement: { height: string } }>(
  list: Sequence<T>,
  criteria: PageRequest & { height?: bigint; fromHeight?: bigint; toHeight?: bigint },
): PageResult<T> {
  // A range bound replaces an exact height, as in the reference gateway.
  const ranged = criteria.fromHeight !== undefined || criteria.toHeight !== undefined;
  const from = ranged ? criteria.fromHeight : criteria.height;
  const to = ranged ? criteria.toHeight : criteria.height;
  const heightAt = (i: number) => BigInt(list.at(i)!.statement.height);
  const lo = from === undefined ? 0 : partitionPoint(list.length, (i) => heightAt(i) < from);
  const hi = to === undefined ? list.length : partitionPoint(list.length, (i) => heightAt(i) <= to);
  return pageOfRange(list, lo, hi, criteria, (info) => info.id);
}

function mergeById(lists: readonly (readonly TransactionStatementInfoDTO[])[]): TransactionStatementInfoDTO[] {
  const merged = new Map<string, TransactionStatementInfoDTO>();
  for (const list of lists) for (const info of list) merged.set(info.id, info);
  return [...merged.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The filter values a statement is found by (`type=…`, `artifact=…`, `sender=…`, `recipient=…`, `target=…`): those of its receipts, each once. */
export function statementFilterKeys(info: TransactionStatementInfoDTO): string[] {
  return [...new Set(info.statement.receipts.flatMap(filterKeys))];
}

/** The filter values a receipt is found by: its type, its addresses by role, its artifact or mosaic. */
function filterKeys(receipt: ReceiptDTO): string[] {
  const keys = [`type=${receipt.type}`, `artifact=${receipt.artifactId ?? receipt.mosaicId}`];
  if (receipt.senderAddress) keys.push(`sender=${receipt.senderAddress}`);
  if (receipt.recipientAddress) keys.push(`recipient=${receipt.recipientAddress}`);
  if (receipt.targetAddress) keys.push(`target=${receipt.targetAddress}`);
  return keys;
}

/** A receipt in the reference gateway's JSON. */
export function receiptDto(receipt: Receipt): ReceiptDTO {
  const base = { version: RECEIPT_VERSION, type: receipt.type };
  switch (receipt.kind) {
    case 'balanceTransfer':
      return { ...base, mosaicId: receipt.mosaicId, amount: receipt.amount.toString(), senderAddress: receipt.senderAddress, recipientAddress: receipt.recipientAddress };
    case 'balanceChange':
      return { ...base, mosaicId: receipt.mosaicId, amount: receipt.amount.toString(), targetAddress: receipt.targetAddress };
    case 'artifactExpiry':
      return { ...base, artifactId: receipt.artifactId };
    case 'inflation':
      return { ...base, mosaicId: receipt.mosaicId, amount: receipt.amount.toString() };
  }
}

/**
 * The receipt a `ReceiptDTO` shows: the inverse of `receiptDto`, told apart by the fields it has
 * (a transfer names a sender and a recipient, a change a target, an expiry an artifact).
 *
 * @throws TypeError for a receipt with none of those shapes
 */
export function receiptOf(dto: ReceiptDTO): Receipt {
  const { type } = dto;
  if (dto.artifactId !== undefined) return { kind: 'artifactExpiry', type, artifactId: dto.artifactId.toUpperCase() };
  if (dto.mosaicId === undefined || dto.amount === undefined) throw new TypeError(`receipt of type ${type} has neither an artifact nor a mosaic and amount`);
  const mosaicId = dto.mosaicId.toUpperCase();
  const amount = BigInt(dto.amount);
  if (dto.senderAddress !== undefined && dto.recipientAddress !== undefined) {
    return { kind: 'balanceTransfer', type, mosaicId, amount, senderAddress: dto.senderAddress.toUpperCase(), recipientAddress: dto.recipientAddress.toUpperCase() };
  }
  if (dto.targetAddress !== undefined) return { kind: 'balanceChange', type, mosaicId, amount, targetAddress: dto.targetAddress.toUpperCase() };
  return { kind: 'inflation', type, mosaicId, amount };
}
