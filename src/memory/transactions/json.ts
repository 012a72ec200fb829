import type { models } from 'symbol-sdk/symbol';

type Entity = InstanceType<typeof models.Transaction> | InstanceType<typeof models.EmbeddedTransaction>;
type Json = Record<string, unknown>;

const DECIMAL = /^[0-9]+$/;
// Fields that hold mosaic or namespace ids: the SDK writes them in decimal, the gateway in 16 hex.
const ID_FIELD = /(^id$|Id$)/;

/**
 * A transaction in the reference gateway's JSON: the SDK's JSON with `fee` named
 * `maxFee`, the entity size, ids in 16 uppercase hex, mosaics as `{id, amount}`, and an
 * aggregate's embedded transactions left out (the caller adds them where they belong).
 */
export function transactionJson(entity: Entity, options: { withSize: boolean }): Json {
  const source = entity.toJson() as Json;
  const json: Json = options.withSize ? { size: entity.size } : {};
  for (const [key, value] of Object.entries(source)) {
    if (key === 'transactions') continue;
    json[key === 'fee' ? 'maxFee' : key] = restify(key, value);
  }
  return json;
}

function restify(key: string, value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => restify(key, item));
  if (value !== null && typeof value === 'object') {
    const out: Json = {};
    for (const [name, child] of Object.entries(value)) out[name === 'mosaicId' && key === 'mosaics' ? 'id' : name] = restify(name, child);
    return out;
  }
  if (typeof value === 'string' && ID_FIELD.test(key) && DECIMAL.test(value)) return BigInt(value).toString(16).toUpperCase().padStart(16, '0');
  return value;
}
