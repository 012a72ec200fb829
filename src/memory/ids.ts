/**
 * Entry ids in the reference gateway's form: 24 uppercase hex characters (a MongoDB ObjectId:
 * 4 bytes of seconds, 5 bytes of origin, 3 bytes of counter) that sort, as strings,
 * in insertion order.
 */
export class EntryIdSequence {
  readonly #origin: Buffer;
  #seconds = 0;
  #counter = 0;

  /** @param origin 5 bytes that tell this chain's ids from another's */
  constructor(origin: Uint8Array) {
    this.#origin = Buffer.from(origin.subarray(0, 5));
  }

  /** Where the sequence stands, for `restore`. */
  position(): { seconds: number; counter: number } {
    return { seconds: this.#seconds, counter: this.#counter };
  }

  /** Goes back to a `position`: the ids given since are given again. */
  restore(position: { seconds: number; counter: number }): void {
    this.#seconds = position.seconds;
    this.#counter = position.counter;
  }

  /** The next id, stamped with `unixSeconds` (never earlier than the previous id's). */
  next(unixSeconds: number): string {
    this.#counter = (this.#counter + 1) % 0x1000000;
    // A clock that goes back, or a wrapped counter, must not break the order.
    this.#seconds = Math.max(this.#seconds + (this.#counter === 0 ? 1 : 0), Math.floor(unixSeconds));
    // Written as bytes and read as one hex string: a concatenation would be kept as a tree of fragments.
    const id = Buffer.allocUnsafe(12);
    id.writeUInt32BE(this.#seconds, 0);
    this.#origin.copy(id, 4);
    id.writeUIntBE(this.#counter, 9, 3);
    return id.toString('hex').toUpperCase();
  }
}
