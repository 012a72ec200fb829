/**
 * Sends frames to subscribers in order, at most `sliceSize` sends per turn of the event
 * loop, so one event for 10 000 sockets does not hold the loop (and every HTTP request)
 * for the whole fan-out. Jobs run first in, first out: a socket gets its frames in the
 * order they were published. With no backlog, the first slice goes out at once.
 */
export class DeliveryQueue<S> {
  readonly #send: (subscriber: S, frame: Buffer) => void;
  readonly #sliceSize: number;
  readonly #jobs: { frame: Buffer; subscribers: S[]; next: number }[] = [];
  #immediate: NodeJS.Immediate | undefined;

  /**
   * @param send delivers one frame to one subscriber (checks its state itself)
   * @param sliceSize sends per turn of the event loop
   */
  constructor(send: (subscriber: S, frame: Buffer) => void, sliceSize: number) {
    this.#send = send;
    this.#sliceSize = sliceSize;
  }

  /** Queues `frame` for every one of `subscribers` (taken as they are now). */
  push(frame: Buffer, subscribers: Iterable<S>): void {
    this.#jobs.push({ frame, subscribers: [...subscribers], next: 0 });
    if (this.#immediate === undefined && this.#jobs.length === 1) this.#drain();
  }

  /** Drops every queued frame (the hub is closing). */
  clear(): void {
    this.#jobs.length = 0;
    if (this.#immediate !== undefined) clearImmediate(this.#immediate);
    this.#immediate = undefined;
  }

  readonly #drain = (): void => {
    this.#immediate = undefined;
    let budget = this.#sliceSize;
    while (budget > 0 && this.#jobs.length > 0) {
      const job = this.#jobs[0];
      const end = Math.min(job.subscribers.length, job.next + budget);
      for (let i = job.next; i < end; i++) this.#send(job.subscribers[i], job.frame);
      budget -= end - job.next;
      job.next = end;
      if (job.next === job.subscribers.length) this.#jobs.shift();
    }
    if (this.#jobs.length > 0) this.#immediate = setImmediate(this.#drain);
  };
}
