/**
 * A transaction's REST JSON that does not give back a transaction: a field missing or not
 * written as catapult-rest writes it, a type symbol-sdk does not model, or (from
 * `checkedPayload`) bytes whose hash or signatures do not hold. The message names the type
 * and the field: `TRANSFER (0x4154): transaction.mosaics[0].amount is "-5", not a uint64 as
 * a decimal string`.
 */
export class TransactionJsonError extends Error {
  /** The field at fault, as a path in the JSON (`transaction.mosaics[0].amount`); undefined when no one field is. */
  readonly field?: string;

  constructor(message: string, field?: string) {
    super(message);
    this.name = 'TransactionJsonError';
    if (field !== undefined) this.field = field;
  }
}
