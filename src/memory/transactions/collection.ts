import type { TransactionGroup, TransactionInfoDTO } from '../../backend/dto.js';
import type { PageResult, TransactionKey, TransactionSearchCriteria } from '../../backend/repositories.js';
import { wireEntriesEpoch, type EmbeddedEntry, type TransactionRecord } from './record.js';
import { residualFilter, searchSequence, type Entry } from './search.js';

type AnyEntry = TransactionRecord | EmbeddedEntry;

/** The entries of one view (top-level only, or with embedded ones), with an address index. */
class View {
  readonly entries: AnyEntry[] = [];
  readonly byAddress = new Map<string, AnyEntry[]>();

  add(entry: AnyEntry): void {
    this.entries.push(entry);
    for (const address of entry.addresses) {
      const list = this.byAddress.get(address);
      if (list) list.push(entry);
      else this.byAddress.set(address, [entry]);
    }
  }

  /** Takes back `entry` if it is the newest of the view and of each of its address lists; false (and nothing changed) otherwise. */
  pop(entry: AnyEntry): boolean {
    if (this.entries[this.entries.length - 1] !== entry) return false;
    for (const address of entry.addresses) {
      const list = this.byAddress.get(address);
      if (list?.[list.length - 1] !== entry) return false;
    }
    this.entries.pop();
    for (const address of entry.addresses) {
      const list = this.byAddress.get(address)!;
      list.pop();
      if (list.length === 0) this.byAddress.delete(address);
    }
    return true;
  }
}

/**
 * One transaction group (confirmed, unconfirmed or partial): records by hash and id,
 * and two views in id order — top-level entries, and entries with embedded ones — each
 * with an address index, so an address page is found without a scan of the group.
 * Removal (pools only) rebuilds the views on the next read.
 */
export class TransactionCollection {
  readonly group: TransactionGroup;
  readonly #byHash = new Map<string, TransactionRecord>();
  readonly #byId = new Map<string, AnyEntry>();
  #top: View | undefined = new View();
  #all: View | undefined = new View();
  /** Counts the changes to the group's records (added, removed). */
  #generation = 0;
  /** Pages of the confirmed group read since its last change, frozen (see `search`). */
  readonly #pages = new Map<string, PageResult<TransactionInfoDTO>>();
  #pagesGeneration = 0;
  #pagesEpoch = 0;

  constructor(group: TransactionGroup) {
    this.group = group;
  }

  get size(): number {
    return this.#byHash.size;
  }

  /** Records in insertion order. */
  records(): IterableIterator<TransactionRecord> {
    return this.#byHash.values();
  }

  get(hash: string): TransactionRecord | undefined {
    return this.#byHash.get(hash);
  }

  add(record: TransactionRecord): void {
    this.#generation++;
    this.#byHash.set(record.hash, record);
    this.#byId.set(record.id, record);
    for (const entry of record.embeddedEntries) this.#byId.set(entry.id, entry);
    this.#top?.add(record);
    if (this.#all) {
      this.#all.add(record);
      for (const entry of record.embeddedEntries) this.#all.add(entry);
    }
  }

  remove(hash: string): TransactionRecord | undefined {
    const record = this.#byHash.get(hash);
    if (!record) return undefined;
    this.#generation++;
    this.#byHash.delete(hash);
    this.#byId.delete(record.id);
    for (const entry of record.embeddedEntries) this.#byId.delete(entry.id);
    this.#top = undefined;
    this.#all = undefined;
    return record;
  }

  /** Removes every record (a pool put back as a development snapshot had it). */
  clear(): void {
    this.#generation++;
    this.#byHash.clear();
    this.#byId.clear();
    this.#top = new View();
    this.#all = new View();
  }

  /** Keeps the first `size` records in insertion order (the confirmed group put back as a development snapshot had it). */
  truncate(size: number): void {
    if (this.size <= size) return;
    this.#generation++;
    const top = this.#topView();
    const removed = top.entries.slice(size) as TransactionRecord[];
    for (const record of removed.reverse()) {
      this.#byHash.delete(record.hash);
      this.#byId.delete(record.id);
      for (const entry of record.embeddedEntries) this.#byId.delete(entry.id);
      // The views end with the newest records; one that does not is built again on the next read.
      if (this.#top && !this.#top.pop(record)) this.#top = undefined;
      if (this.#all) {
        const entries: AnyEntry[] = [...record.embeddedEntries].reverse();
        if (!entries.every((entry) => this.#all!.pop(entry)) || !this.#all.pop(record)) this.#all = undefined;
      }
    }
  }

  /**
   * One page of the group. A page of the confirmed group is remembered, frozen (its items are
   * the records' frozen entries): asked again before the group or any record's entry changes,
   * it is the same page, whose JSON a response keeps (http/json.ts), so a wallet polling its
   * history costs no work per transaction. At most 32 pages; a change forgets them all.
   */
  search(criteria: TransactionSearchCriteria): PageResult<TransactionInfoDTO> {
    if (this.group !== 'confirmed') return this.#search(criteria);
    const epoch = wireEntriesEpoch();
    if (this.#pagesGeneration !== this.#generation || this.#pagesEpoch !== epoch || this.#pages.size >= PAGES_KEPT) {
      this.#pages.clear();
      this.#pagesGeneration = this.#generation;
      this.#pagesEpoch = epoch;
    }
    const key = criteriaKey(criteria);
    let page = this.#pages.get(key);
    if (!page) {
      const { data, totalEntries } = this.#search(criteria);
      // Only pages of kept entries: an entry not yet settled is made afresh on each read.
      if (!data.every((entry) => Object.isFrozen(entry))) return { data, totalEntries };
      // Frozen all the way: the route reads a page, nothing writes to one.
      page = Object.freeze({ data: Object.freeze(data) as TransactionInfoDTO[], totalEntries }) as PageResult<TransactionInfoDTO>;
      this.#pages.set(key, page);
    }
    return page;
  }

  #search(criteria: TransactionSearchCriteria): PageResult<TransactionInfoDTO> {
    const view = criteria.embedded ? this.#allView() : this.#topView();
    const indexed = criteria.address !== undefined;
    const entries = indexed ? (view.byAddress.get(criteria.address!) ?? []) : view.entries;
    const residual = residualFilter(criteria, { address: indexed });
    const page = searchSequence<AnyEntry>(entries, criteria, residual as ((entry: Entry) => boolean) | undefined);
    return { data: page.data.map((entry) => this.#info(entry, false)), totalEntries: page.totalEntries };
  }

  /** Entries by id or hash, in the order asked; unknown keys are left out. An aggregate comes with its embedded transactions. */
  find(keys: readonly TransactionKey[]): TransactionInfoDTO[] {
    const found: TransactionInfoDTO[] = [];
    for (const key of keys) {
      const entry = 'id' in key ? this.#byId.get(key.id.toUpperCase()) : this.#byHash.get(key.hash);
      if (entry) found.push(this.#info(entry, true));
    }
    return found;
  }

  #info(entry: AnyEntry, withEmbedded: boolean): TransactionInfoDTO {
    return 'parent' in entry ? entry.parent.embeddedInfo(entry) : entry.toInfo(this.group, withEmbedded);
  }

  #topView(): View {
    if (!this.#top) {
      this.#top = new View();
      for (const record of this.#byHash.values()) this.#top.add(record);
    }
    return this.#top;
  }

  #allView(): View {
    if (!this.#all) {
      this.#all = new View();
      for (const record of this.#byHash.values()) {
        this.#all.add(record);
        for (const entry of record.embeddedEntries) this.#all.add(entry);
      }
    }
    return this.#all;
  }
}

/** Pages of the confirmed group remembered at most. */
const PAGES_KEPT = 32;

/** Every criterion, each value with its length before it: two different criteria never have the same key. */
function criteriaKey(criteria: TransactionSearchCriteria): string {
  let key = '';
  for (const name in criteria) {
    const value = String((criteria as unknown as Record<string, unknown>)[name]);
    key += `${name}:${value.length}:${value};`;
  }
  return key;
}
