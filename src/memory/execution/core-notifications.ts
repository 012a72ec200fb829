/**
 * The notifications every transaction publishes, whatever its type (catapult's model
 * notifications), and the balance notifications every plugin that moves value shares.
 * Addresses are 48 uppercase hex, mosaic ids 16 uppercase hex; "unresolved" values may be
 * aliases, resolved by whoever reads them.
 */
import { notificationType } from './notification.js';
import type { TransactionModel } from './plugin.js';

/** A signer is seen: its account learns its public key. */
export const ACCOUNT_PUBLIC_KEY = notificationType<{ publicKey: string; address: string }>('accountPublicKey');

/** An address is named (a recipient, a sink): its account exists from now on. */
export const ACCOUNT_ADDRESS = notificationType<{ unresolvedAddress: string }>('accountAddress');

/** The header of a transaction: its network, type and version. */
export const ENTITY = notificationType<{ network: number; type: number; version: number }>('entity');

/** A top-level transaction: its signer, hash and type (catapult's TransactionNotification; embedded ones publish none). */
export const TRANSACTION = notificationType<{ signerAddress: string; hash: string; type: number }>('transaction');

/**
 * A transaction's signer interacts with other accounts (a transfer's recipient): the account
 * restrictions of both sides apply. Catapult's transfer, secret lock, account key link and
 * multisig account modification publish it; mosaic revocations and mosaic address
 * restrictions deliberately do not.
 */
export const ADDRESS_INTERACTION = notificationType<{ sourceAddress: string; transactionType: number; unresolvedParticipants: readonly string[] }>('addressInteraction');

/**
 * One embedded transaction of an aggregate, published after its header and before its own
 * notifications: its signer and the aggregate's signer and cosigners (who must approve it).
 */
/** An aggregate's shape: how many inner transactions and cosignatures, and who cosigned. */
export const AGGREGATE_COSIGNATURES = notificationType<AggregateCosignatures>('aggregateCosignatures');

export interface AggregateCosignatures {
  readonly signerPublicKey: string;
  readonly transactionsCount: number;
  /** 64 hex each. */
  readonly cosignerPublicKeys: readonly string[];
  /** The inner transactions' signers, each once. */
  readonly innerSignerPublicKeys: readonly string[];
  /** Unresolved addresses (48 hex) the inner transactions need the approval of besides their signers (a multisig modification's new cosignatories, a metadata target). */
  readonly additionalCosigners: readonly string[];
}
export const AGGREGATE_EMBEDDED_TRANSACTION = notificationType<{
  /** 64 hex. */
  aggregateSignerPublicKey: string;
  /** 64 hex each. */
  cosignerPublicKeys: readonly string[];
  /** 64 hex. */
  signerPublicKey: string;
  /** The embedded transaction itself. */
  transaction: TransactionModel;
  /** Addresses (unresolved, 48 hex) whose approval the transaction needs besides its signer's (a multisig modification's new cosigners). */
  additionalCosigners: readonly string[];
}>('aggregateEmbeddedTransaction');

/** A top-level transaction's deadline, against the block's time. */
export const TRANSACTION_DEADLINE = notificationType<{ deadline: bigint; maxLifetime: bigint }>('transactionDeadline');

/** Value taken from an account (fees, locked funds). */
export const BALANCE_DEBIT = notificationType<{ address: string; unresolvedMosaicId: string; amount: bigint }>('balanceDebit');

/** Value moved from one account to another (transfers, rental fees, revocations). */
export const BALANCE_TRANSFER = notificationType<{
  /** The signer, or (a revocation's source) any address a transaction names, an alias included. */
  unresolvedSenderAddress: string;
  unresolvedRecipientAddress: string;
  unresolvedMosaicId: string;
  amount: bigint;
}>('balanceTransfer');

/** The fee a transaction pays (`maxFee` while unconfirmed, the block's multiplier × size in a block). */
export const TRANSACTION_FEE = notificationType<{ address: string; fee: bigint }>('transactionFee');

/** A rental fee (the balance moves by the balance transfer published with it; this makes its receipt, of `receiptType`). */
export const RENTAL_FEE = notificationType<{ receiptType: number; senderAddress: string; recipientAddress: string; unresolvedMosaicId: string; amount: bigint }>('rentalFee');
