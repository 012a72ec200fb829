/**
 * Undo records of the confirmed state, kept while at least one mark is open (a development
 * snapshot): each cache commit records how to put back what it changed, and each index that
 * keeps more than the entries themselves (entry ids, names) records what it forgot. Rewinding
 * to a mark runs the records back, newest first; with no mark open nothing is recorded, so a
 * chain without snapshots pays nothing.
 */
export class Journal {
  readonly #undo: (() => void)[] = [];
  #open = 0;
  #rewinding = false;
  #unrecorded = 0;

  /** Whether changes are recorded now (a mark is open, and no rewind or unrecorded change is running). */
  get recording(): boolean {
    return this.#open > 0 && !this.#rewinding && this.#unrecorded === 0;
  }

  /**
   * Runs a change that no rewind undoes (entries a forked chain fetched: they were there
   * before any mark, as far as the chain is concerned).
   */
  unrecorded(change: () => void): void {
    this.#unrecorded++;
    try {
      change();
    } finally {
      this.#unrecorded--;
    }
  }

  /** Undo records kept (what the open marks cost). */
  get size(): number {
    return this.#undo.length;
  }

  /** Records how to undo a change that was just made; nothing while no mark is open. */
  record(undo: () => void): void {
    if (this.recording) this.#undo.push(undo);
  }

  /** Opens a mark at the present state: its position, for `rewind` and `release`. */
  mark(): number {
    this.#open++;
    return this.#undo.length;
  }

  /** Undoes everything recorded after `position`, newest first; the mark stays open. */
  rewind(position: number): void {
    if (position > this.#undo.length) throw new RangeError(`no mark at ${position}: the journal holds ${this.#undo.length} records`);
    this.#rewinding = true;
    try {
      while (this.#undo.length > position) this.#undo.pop()!();
    } finally {
      this.#rewinding = false;
    }
  }

  /** Closes a mark; once none is open, the records go. */
  release(): void {
    if (this.#open === 0) return;
    this.#open--;
    if (this.#open === 0) this.#undo.length = 0;
  }
}
