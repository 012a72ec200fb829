import type { PageResult, TransactionSearchCriteria } from '../../backend/repositories.js';
import { pageOfRange, partitionPoint, type Sequence } from '../sorted.js';
import type { Searchable } from './record.js';

export type Entry = Searchable & { readonly id: string };

/** Filters that no index answers, checked entry by entry. */
export function residualFilter(criteria: TransactionSearchCriteria, indexed: { address: boolean }): ((entry: Entry) => boolean) | undefined {
  const checks: ((entry: Entry) => boolean)[] = [];
  const { address, signerPublicKey, recipientAddress, type, transferMosaicId, fromTransferAmount, toTransferAmount } = criteria;
  if (address !== undefined && !indexed.address) checks.push((entry) => entry.addresses.includes(address));
  if (signerPublicKey !== undefined) checks.push((entry) => entry.signerPublicKey === signerPublicKey);
  if (recipientAddress !== undefined) checks.push((entry) => entry.recipients.includes(recipientAddress));
  if (type !== undefined) checks.push((entry) => type.includes(entry.type));
  if (transferMosaicId !== undefined) {
    checks.push((entry) => {
      const amount = entry.transfers.find(([mosaicId]) => mosaicId === transferMosaicId)?.[1];
      if (amount === undefined) return false;
      return (fromTransferAmount === undefined || amount >= fromTransferAmount) && (toTransferAmount === undefined || amount <= toTransferAmount);
    });
  }
  if (checks.length === 0) return undefined;
  return (entry) => checks.every((check) => check(entry));
}

/**
 * One page of `entries` (in id order, heights never decreasing along it) for the criteria:
 * height bounds and the offset by binary search, the page by index, so its cost does not
 * grow with its depth. Filters in `residual` (those no index answered) are applied first,
 * entry by entry.
 */
export function searchSequence<T extends Entry>(
  entries: Sequence<T>,
  criteria: TransactionSearchCriteria,
  residual: ((entry: T) => boolean) | undefined,
): PageResult<T> {
  let list: Sequence<T> = entries;
  if (residual) {
    const kept: T[] = [];
    for (let i = 0; i < entries.length; i++) {
      const entry = entries.at(i)!;
      if (residual(entry)) kept.push(entry);
    }
    list = kept;
  }
  const from = criteria.height ?? criteria.fromHeight;
  const to = criteria.height ?? criteria.toHeight;
  const lo = from === undefined ? 0 : partitionPoint(list.length, (i) => list.at(i)!.height() < from);
  const hi = to === undefined ? list.length : partitionPoint(list.length, (i) => list.at(i)!.height() <= to);
  return pageOfRange(list, lo, hi, criteria, idOf);
}

const idOf = (entry: Entry): string => entry.id;
