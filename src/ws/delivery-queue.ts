/** Hooks around the sends of one slice: a subscriber's frames of one slice leave together. */
export interface SliceHooks<S> {
  /** Before the first frame of a slice to `subscriber` (e.g. cork its socket). */
  begin(subscriber: S): void;
  /** After the slice's last frame, once for every subscriber `begin` was called for. */
  end(subscriber: S): void;
}

/**
 * Sends frames to subscribers in order, at most `sliceSize` sends per turn of the event
 * loop, so a fan-out to 10 000 sockets, or a block of 1 000 transactions for every
 * `confirmedAdded` subscriber, does not hold the loop (and every HTTP request) for the
 * whole of it. Jobs run first in, first out: a socket gets its frames in the order they
 * were published.
 *
 * Frames pushed during one turn go out together, right after the code that pushed them
 * (a microtask): with `hooks`, each subscriber's frames of a slice are written together
 * (one system call for a socket's hundred frames instead of a hundred).
 */
export class DeliveryQueue<S> {
  readonly #send: (subscriber: S, frame: Buffer) => void;
  readonly #sliceSize: number;
  readonly #hooks: SliceHooks<S> | undefined;
  readonly #jobs: { frame: Buffer; subscribers: S[]; next: number }[] = [];
  /** A drain is scheduled: as a microtask, or (after a full slice) for the next turn. */
  #scheduled = false;
  #immediate: NodeJS.Immediate | undefined;
  /** Bumped by `clear`, so a microtask scheduled before it does nothing. */
  #generation = 0;
  #idle: { promise: Promise<void>; resolve: () => void } | undefined;

  /**
   * @param send delivers one frame to one subscriber (checks its state itself; a throw skips that subscriber)
   * @param sliceSize sends per turn of the event loop
   * @param hooks called around each subscriber's sends of a slice
   */
  constructor(send: (subscriber: S, frame: Buffer) => void, sliceSize: number, hooks?: SliceHooks<S>) {
    this.#send = send;
    this.#sliceSize = sliceSize;
    this.#hooks = hooks;
  }

  /** Queues `frame` for every one of `subscribers` (taken as they are now). */
  push(frame: Buffer, subscribers: Iterable<S>): void {
    this.#jobs.push({ frame, subscribers: [...subscribers], next: 0 });
    if (this.#scheduled) return;
    this.#scheduled = true;
    const generation = this.#generation;
    queueMicrotask(() => {
      if (generation === this.#generation) this.#drain();
    });
  }

  /** Resolves once every frame pushed so far has been sent (at once when none waits). */
  idle(): Promise<void> {
    if (this.#jobs.length === 0) return Promise.resolve();
    if (!this.#idle) {
      let resolve!: () => void;
      const promise = new Promise<void>((done) => (resolve = done));
      this.#idle = { promise, resolve };
    }
    return this.#idle.promise;
  }

  /** Drops every queued frame (the hub is closing). */
  clear(): void {
    this.#jobs.length = 0;
    if (this.#immediate !== undefined) clearImmediate(this.#immediate);
    this.#immediate = undefined;
    this.#scheduled = false;
    this.#generation++;
    this.#settleIdle();
  }

  #settleIdle(): void {
    const idle = this.#idle;
    this.#idle = undefined;
    idle?.resolve();
  }

  readonly #drain = (): void => {
    this.#immediate = undefined;
    const hooks = this.#hooks;
    const begun = hooks ? new Set<S>() : undefined;
    let budget = this.#sliceSize;
    try {
      while (budget > 0 && this.#jobs.length > 0) {
        const job = this.#jobs[0];
        const end = Math.min(job.subscribers.length, job.next + budget);
        for (let i = job.next; i < end; i++) {
          const subscriber = job.subscribers[i];
          if (begun && !begun.has(subscriber)) {
            begun.add(subscriber);
            hooks!.begin(subscriber);
          }
          try {
            this.#send(subscriber, job.frame);
          } catch {
            // One subscriber's failed send (its socket errs and closes on its own) stops no one else's.
          }
        }
        budget -= end - job.next;
        job.next = end;
        if (job.next === job.subscribers.length) this.#jobs.shift();
      }
    } finally {
      if (begun) for (const subscriber of begun) hooks!.end(subscriber);
      if (this.#jobs.length > 0) this.#immediate = setImmediate(this.#drain);
      else {
        this.#scheduled = false;
        this.#settleIdle();
      }
    }
  };
}
