import type { ChainEvent, EventFeed } from '../backend/events.js';

interface Subscription {
  listener: (event: ChainEvent) => void;
  onError: ((error: Error) => void) | undefined;
}

/** The in-memory chain's event feed: synchronous delivery to every listener, in order. */
export class EventStream implements EventFeed {
  readonly #subscriptions = new Set<Subscription>();
  readonly #onListenerError: (error: unknown) => void;

  /** @param onListenerError told when a listener (or an `onError`) throws; the others still receive the event */
  constructor(onListenerError: (error: unknown) => void = (error) => console.error('symbol-gateway: a chain event listener failed', error)) {
    this.#onListenerError = onListenerError;
  }

  subscribe(listener: (event: ChainEvent) => void, onError?: (error: Error) => void): () => void {
    // An entry per call, so the same function subscribed twice is two subscriptions, each removed on its own.
    const subscription: Subscription = { listener, onError };
    this.#subscriptions.add(subscription);
    return () => this.#subscriptions.delete(subscription);
  }

  emit(event: ChainEvent): void {
    for (const { listener } of [...this.#subscriptions]) {
      try {
        listener(event);
      } catch (error) {
        this.#onListenerError(error);
      }
    }
  }

  /**
   * Tells every subscriber the feed failed (its `onError`); subscriptions stay, and
   * later `emit` calls reach them again.
   *
   * @example
   * chain.events.fail(new Error('lost the node connection'));
   */
  fail(error: Error): void {
    for (const { onError } of [...this.#subscriptions]) {
      try {
        onError?.(error);
      } catch (thrown) {
        this.#onListenerError(thrown);
      }
    }
  }

  get listenerCount(): number {
    return this.#subscriptions.size;
  }
}
