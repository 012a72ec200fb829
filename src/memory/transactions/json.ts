import { models } from 'symbol-sdk/symbol';
import { hex, uint64 } from './json-format.js';

type Entity = InstanceType<typeof models.Transaction> | InstanceType<typeof models.EmbeddedTransaction>;
type Json = Record<string, unknown>;

/** A transaction type's body as a node's database stores it and catapult-rest formats it (an embedded transaction's too). */
export interface TransactionBody {
  /** The `models.TransactionType` value. */
  readonly type: number;
  /** The body's fields, in the order a node keeps them, formatted as catapult-rest formats them. */
  write(model: never): Json;
}

/**
 * Transactions in the reference gateway's (catapult-rest's) JSON, each type's body as its
 * family writes it (`TransactionBody`): the fields a node's database keeps for its type, in the
 * order it keeps them, each formatted as catapult-rest formats it (json-format.ts).
 */
export class TransactionJson {
  readonly #bodies: ReadonlyMap<number, TransactionBody['write']>;

  constructor(bodies: Iterable<TransactionBody>) {
    this.#bodies = new Map([...bodies].map((body) => [body.type, body.write]));
  }

  /**
   * A transaction's JSON: its header and its body. `withSize` adds the entity size, which only
   * top-level transactions carry. An aggregate's embedded transactions are left out: the caller
   * adds them where they belong (`transactions`, by id only).
   *
   * @example json.of(models.TransactionFactory.deserialize(payload), { withSize: true })
   */
  of(entity: Entity, options: { withSize: boolean }): Json {
    const json: Json = options.withSize ? { size: entity.size } : {};
    if (entity instanceof models.Transaction) json.signature = hex(entity.signature.bytes);
    json.signerPublicKey = hex(entity.signerPublicKey.bytes);
    json.version = entity.version;
    json.network = entity.network.value;
    json.type = entity.type.value;
    if (entity instanceof models.Transaction) {
      json.maxFee = uint64(entity.fee);
      json.deadline = uint64(entity.deadline);
    }
    // A type no family writes (one a later SDK adds) shows its header only; the tests fail for it.
    return Object.assign(json, this.#bodies.get(entity.type.value)?.(entity as never));
  }
}

