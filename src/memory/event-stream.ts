import type { ChainEvent, EventFeed } from '../backend/events.js';

/** The in-memory chain's event feed: synchronous delivery to every listener, in order. */
export class EventStream implements EventFeed {
  readonly #listeners = new Set<(event: ChainEvent) => void>();
  readonly #onListenerError: (error: unknown) => void;

  /** @param onListenerError told when a listener throws; the other listeners still receive the event */
  constructor(onListenerError: (error: unknown) => void = (error) => console.error('symbol-gateway: a chain event listener failed', error)) {
    this.#onListenerError = onListenerError;
  }

  subscribe(listener: (event: ChainEvent) => void): () => void {
    // Wrapped, so the same function subscribed twice is two subscriptions, each removed on its own.
    const entry = (event: ChainEvent) => listener(event);
    this.#listeners.add(entry);
    return () => this.#listeners.delete(entry);
  }

  emit(event: ChainEvent): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(event);
      } catch (error) {
        this.#onListenerError(error);
      }
    }
  }

  get listenerCount(): number {
    return this.#listeners.size;
  }
}
