import type { TransactionGroup, TransactionInfoDTO } from '../../backend/dto.js';
import type { PageResult, TransactionKey, TransactionSearchCriteria } from '../../backend/repositories.js';
import type { EmbeddedEntry, TransactionRecord } from './record.js';
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
    this.#byHash.delete(hash);
    this.#byId.delete(record.id);
    for (const entry of record.embeddedEntries) this.#byId.delete(entry.id);
    this.#top = undefined;
    this.#all = undefined;
    return record;
  }

  /** Removes every record (a pool put back as a development snapshot had it). */
  clear(): void {
    this.#byHash.clear();
    this.#byId.clear();
    this.#top = new View();
    this.#all = new View();
  }

  /** Keeps the first `size` records in insertion order (the confirmed group put back as a development snapshot had it). */
  truncate(size: number): void {
    if (this.size <= size) return;
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

  search(criteria: TransactionSearchCriteria): PageResult<TransactionInfoDTO> {
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
