/**
 * Announced transactions and cosignatures waiting to be checked, as a node's dispatcher
 * holds them: the gateway answers 202 at once, and the checks run `delay` ms later, so a
 * client that subscribes to its status right after the 202 (as symbol-sdk's
 * TransactionService does) sees the outcome. `drain` runs everything waiting now.
 */
export class InboundQueue<T> {
  readonly #delay: number;
  readonly #process: (item: T) => void;
  readonly #items: T[] = [];
  #timer: NodeJS.Timeout | undefined;

  /**
   * @param delay ms between an announce and its checks
   * @param process checks one item; an exception is reported and the queue goes on
   */
  constructor(delay: number, process: (item: T) => void) {
    this.#delay = delay;
    this.#process = process;
  }

  get size(): number {
    return this.#items.length;
  }

  push(item: T): void {
    this.#items.push(item);
    if (!this.#timer) {
      this.#timer = setTimeout(() => this.drain(), this.#delay);
      // The queue alone never keeps a process alive.
      this.#timer.unref();
    }
  }

  /** Checks every waiting item now, in the order they arrived (items pushed meanwhile included). */
  drain(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    while (this.#items.length > 0) {
      const item = this.#items.shift()!;
      try {
        this.#process(item);
      } catch (error) {
        console.error('symbol-gateway: checking an announced transaction failed', error);
      }
    }
  }

  /** Stops the timer; waiting items stay until the next `drain`. */
  close(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}
