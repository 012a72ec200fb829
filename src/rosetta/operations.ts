/**
 * Symbol's transactions and receipts as Mesh operations. The operation types this gateway
 * answers (`/network/options` lists them): `transfer` (a balance movement: a debit with a
 * negative amount, a credit with a positive one, each on one account and currency), `fee` (a
 * transaction fee paid by its signer, negative), `multisig` (a multisig account modification,
 * no amount), `cosign` (an aggregate's cosigner, no amount).
 */
export const OPERATION_TYPES = ['cosign', 'fee', 'multisig', 'transfer'] as const;

/** One of `OPERATION_TYPES`. */
export type OperationType = (typeof OPERATION_TYPES)[number];

/** The one operation status: a Symbol transaction in a block succeeded (a failed one is never in a block). */
export const OPERATION_STATUS_SUCCESS = 'success';
