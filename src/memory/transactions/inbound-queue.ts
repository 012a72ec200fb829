/** How long one turn of the event loop may spend checking announces before it lets requests in. */
const SLICE_MS = 10;

/**
 * Announced transactions and cosignatures waiting to be checked, as a node's dispatcher
 * holds them: the gateway answers 202 at once, and each item is checked `delay` ms after it
 * arrived, so a client that subscribes to its status right after the 202 (as symbol-sdk's
 * TransactionService does) sees the outcome. Under load the checks run in slices of about
 * 10 ms, so requests keep being answered in between. `drain` checks everything waiting now.
 *
 * With `prepare` (a forked chain), the item at the head is prepared before its check: when
 * that needs something fetched first, the queue waits for it, then prepares again, and the
 * items behind wait their turn.
 */
export class InboundQueue<T> {
  readonly #delay: number;
  readonly #process: (item: T) => void;
  readonly #clock: () => number;
  readonly #items: { item: T; due: number }[] = [];
  #head = 0;
  #timer: NodeJS.Timeout | undefined;
  #immediate: NodeJS.Immediate | undefined;
  readonly #prepare: ((item: T) => Promise<void> | undefined) | undefined;
  /** While the head item waits for what its preparation fetches. */
  #preparing: Promise<void> | undefined;
  /** The head item's preparation failed: it is checked with what there is. */
  #unprepared = false;
  #closed = false;

  /**
   * @param delay ms between an item's arrival and its check
   * @param process checks one item; an exception is reported and the queue goes on
   * @param clock ms, monotonic
   * @param prepare readies an item just before its check: undefined when it is ready, else a
   *   promise of what it fetches (then it is prepared again); a rejection is reported and the
   *   item is checked as it is
   */
  constructor(delay: number, process: (item: T) => void, clock: () => number = performance.now.bind(performance), prepare?: (item: T) => Promise<void> | undefined) {
    this.#delay = delay;
    this.#process = process;
    this.#clock = clock;
    this.#prepare = prepare;
  }

  get size(): number {
    return this.#items.length - this.#head;
  }

  push(item: T): void {
    this.#items.push({ item, due: this.#clock() + this.#delay });
    if (this.size === 1) this.#schedule();
  }

  /**
   * Checks every waiting item now, in the order they arrived (items pushed meanwhile included);
   * with `prepare`, up to the first item that must wait for a fetch (it and those behind it are
   * checked once the fetch is done).
   */
  drain(): void {
    this.#cancel();
    while (this.size > 0 && this.#ready()) this.#next();
  }

  /**
   * Checks the waiting items that are due (arrived `delay` ms ago or more), in the order they
   * arrived, as `drain` does; the others keep waiting for their time. What a block the chain
   * harvests by itself (its timer, automine) takes, so nothing is checked, let alone confirmed,
   * before a client that subscribes after the 202 could be listening.
   */
  drainDue(): void {
    this.#cancel();
    while (this.size > 0 && this.#items[this.#head].due <= this.#clock() && this.#ready()) this.#next();
    this.#schedule();
  }

  /** Checks every waiting item, as `drain`, waiting for what `prepare` fetches until none is left. */
  async drained(): Promise<void> {
    for (;;) {
      this.drain();
      if (this.size === 0 || !this.#preparing) return;
      await this.#preparing;
    }
  }

  /** Drops every waiting item unchecked. */
  clear(): void {
    this.#cancel();
    this.#items.length = 0;
    this.#head = 0;
  }

  /** Stops the timers; waiting items stay until the next `drain`. */
  close(): void {
    this.#closed = true;
    this.#cancel();
  }

  // Checks the items that are due, for at most one slice, then waits for the rest.
  #run(): void {
    this.#timer = undefined;
    this.#immediate = undefined;
    const start = this.#clock();
    while (this.size > 0 && this.#items[this.#head].due <= this.#clock()) {
      if (!this.#ready()) return;
      this.#next();
      if (this.#clock() - start >= SLICE_MS) break;
    }
    this.#schedule();
  }

  // Whether the head item can be checked now; if not, its preparation is under way.
  #ready(): boolean {
    if (this.#preparing) return false;
    if (!this.#prepare || this.#unprepared) return true;
    const fetching = this.#prepare(this.#items[this.#head].item);
    if (fetching === undefined) return true;
    this.#preparing = fetching.then(
      () => undefined,
      (error: unknown) => {
        console.error('symbol-gateway: preparing an announced transaction failed; it is checked with the state at hand', error);
        this.#unprepared = true;
      },
    ).finally(() => {
      this.#preparing = undefined;
      this.#schedule();
    });
    return false;
  }

  #next(): void {
    const { item } = this.#items[this.#head];
    this.#head++;
    this.#unprepared = false;
    // Compact now and then: the array is a queue read from its head.
    if (this.#head > 1024 && this.#head * 2 > this.#items.length) {
      this.#items.splice(0, this.#head);
      this.#head = 0;
    }
    try {
      this.#process(item);
    } catch (error) {
      console.error('symbol-gateway: checking an announced transaction failed', error);
    }
  }

  #schedule(): void {
    if (this.size === 0 || this.#timer || this.#immediate || this.#preparing || this.#closed) return;
    const wait = this.#items[this.#head].due - this.#clock();
    // Due already (a slice ran out): go on after the requests waiting now; else when the next one is due.
    if (wait <= 0) this.#immediate = setImmediate(() => this.#run());
    else this.#timer = setTimeout(() => this.#run(), Math.ceil(wait));
    // A wait for the next item never keeps a process alive. The immediate stays referenced: an
    // unreferenced one would not wake an idle event loop, so the rest of the queue would wait
    // for whatever I/O or timer came next.
    this.#timer?.unref();
  }

  #cancel(): void {
    clearTimeout(this.#timer);
    clearImmediate(this.#immediate);
    this.#timer = undefined;
    this.#immediate = undefined;
  }
}
