/**
 * What a transaction body's reader (`BodyReader`) reads its fields with: the formats of the
 * fields transaction types share (keys, hashes, addresses, sized bytes, enums) and the symbol-sdk
 * values they become. Each family reads its own types' bodies with these (its transactions.ts).
 */
import { models } from 'symbol-sdk/symbol';
import { binary, enumOf, hex, id, uint64, type TransactionFields } from './transaction-fields.js';

/** Sets the body fields of `model` (a top-level or embedded transaction of the reader's type) from `fields`. */
export type BodyReader = (model: never, fields: TransactionFields) => void;

/** The body reader of each transaction type (the registry's `TRANSACTION_READERS`). */
export type BodyReaders = ReadonlyMap<number, BodyReader>;

/** Widths of the size and count fields that precede variable parts (catbuffer's `uint8`/`uint16` bounds). */
export const UINT8_MAX = 255;
export const UINT16_MAX = 65_535;
/** What an optional bytes field a node leaves out when empty (a message, a metadata value) reads as. */
export const EMPTY = new Uint8Array(0);

export const address = hex(24);
export const publicKey = hex(32);
export const hash = hex(32);
/** A message, a proof, a metadata value: bytes after a uint16 size. */
export const sizedBytes = binary(UINT16_MAX);
export const linkAction = enumOf(models.LinkAction);
export const hashAlgorithm = enumOf(models.LockHashAlgorithm);
export const aliasAction = enumOf(models.AliasAction);
export const supplyChangeAction = enumOf(models.MosaicSupplyChangeAction);
export const registrationType = enumOf(models.NamespaceRegistrationType);
export const transactionType = enumOf(models.TransactionType);
export const restrictionType = enumOf(models.MosaicRestrictionType);

export const unresolvedAddress = (fields: TransactionFields, name: string) => new models.UnresolvedAddress(fields.read(name, address));
export const unresolvedMosaicId = (fields: TransactionFields, name: string) => new models.UnresolvedMosaicId(fields.read(name, id));
export const namespaceId = (fields: TransactionFields, name: string) => new models.NamespaceId(fields.read(name, id));

/** An `UnresolvedMosaic` from an id field and an amount field (`{id, amount}` in a transfer, `mosaicId` and `amount` flat in a lock). */
export function mosaic(fields: TransactionFields, idName: string): InstanceType<typeof models.UnresolvedMosaic> {
  const value = new models.UnresolvedMosaic();
  value.mosaicId = unresolvedMosaicId(fields, idName);
  value.amount = new models.Amount(fields.read('amount', uint64));
  return value;
}

/** A symbol-sdk model instance of a transaction type, by its class's name (`Model<'TransferTransactionV1'>`). */
export type Model<Name extends keyof typeof models> = (typeof models)[Name] extends abstract new (...args: never) => infer Instance ? Instance : never;
