/**
 * The registry: every transaction family, in the order their validators and observers run
 * (the core's first, as in catapult). Each part of the system that needs something of the
 * families reads it here.
 */
import { TransactionJson } from '../memory/transactions/json.js';
import type { BodyReaders } from '../upstream/body-fields.js';
import { accountLink } from './account-link/index.js';
import { aggregate } from './aggregate/index.js';
import { core } from './core/index.js';
import { lockHash } from './lock-hash/index.js';
import { lockSecret } from './lock-secret/index.js';
import { metadata } from './metadata/index.js';
import { mosaic } from './mosaic/index.js';
import { multisig } from './multisig/index.js';
import { namespace } from './namespace/index.js';
import { restrictionAccount } from './restriction-account/index.js';
import { restrictionMosaic } from './restriction-mosaic/index.js';
import type { FamilyState, TransactionType } from './family.js';
import { transfer } from './transfer/index.js';

export const FAMILIES = [core, transfer, mosaic, namespace, lockSecret, restrictionAccount, restrictionMosaic, aggregate, multisig, lockHash, metadata, accountLink] as const;

export type { FamilyDescriptor, FamilyState } from './family.js';

/** A state kind with the name of the family that declares it (whose plugin holds its store). */
export interface RegisteredState extends FamilyState {
  readonly family: string;
}

/** Every family's state kinds (the caches the routes serve), in the registry's order. */
export const STATES: readonly RegisteredState[] = FAMILIES.flatMap<RegisteredState>((family) => (family.states ?? []).map((state) => ({ ...state, family: family.name })));

/** Every family's transaction types. */
export const TRANSACTION_TYPES: readonly TransactionType[] = FAMILIES.flatMap<TransactionType>((family) => family.transactions ?? []);

/** Transactions in catapult-rest's JSON, each type's body as its family writes it. */
export const TRANSACTION_JSON = new TransactionJson(TRANSACTION_TYPES);

/** Each type's body reader: how the upstream client reads a transaction's JSON back into its model. */
export const TRANSACTION_READERS: BodyReaders = new Map(TRANSACTION_TYPES.flatMap((type) => (type.read ? [[type.type, type.read] as const] : [])));
