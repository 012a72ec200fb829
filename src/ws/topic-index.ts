/**
 * Subscribers by topic: a publish looks up only the sockets of its topics instead
 * of scanning every connection. Empty topics are removed at once, so the index
 * holds exactly the topics somebody listens to.
 */
export class TopicIndex<T> {
  readonly #topics = new Map<string, Set<T>>();

  /** Adds `member` to `topic`; returns false when it was already there. */
  add(topic: string, member: T): boolean {
    let members = this.#topics.get(topic);
    if (!members) {
      members = new Set();
      this.#topics.set(topic, members);
    }
    if (members.has(member)) return false;
    members.add(member);
    return true;
  }

  /** Removes `member` from `topic`, and the topic when it was the last; returns false when it was not there. */
  delete(topic: string, member: T): boolean {
    const members = this.#topics.get(topic);
    if (!members?.delete(member)) return false;
    if (members.size === 0) this.#topics.delete(topic);
    return true;
  }

  /** The members of `topic`, or undefined when it has none. */
  get(topic: string): ReadonlySet<T> | undefined {
    return this.#topics.get(topic);
  }

  /** Number of members of `topic`. */
  count(topic: string): number {
    return this.#topics.get(topic)?.size ?? 0;
  }

  /** Number of topics with at least one member. */
  get size(): number {
    return this.#topics.size;
  }

  clear(): void {
    this.#topics.clear();
  }
}
