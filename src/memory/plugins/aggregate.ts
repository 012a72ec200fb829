import { SymbolFacade, models } from 'symbol-sdk/symbol';
import { ENTITY } from '../execution/core-notifications.js';
import { notificationType, type FailureCode } from '../execution/notification.js';
import { validator, type ChainPlugin, type RequiredCosignatories, type TransactionSupport, type ValidationContext } from '../execution/plugin.js';
import { toHex } from '../keys.js';

/** An aggregate's shape: how many inner transactions and cosignatures, and who cosigned. */
export const AGGREGATE_COSIGNATURES = notificationType<AggregateCosignatures>('aggregateCosignatures');

interface AggregateCosignatures {
  readonly signerPublicKey: string;
  readonly transactionsCount: number;
  /** 64 hex each. */
  readonly cosignerPublicKeys: readonly string[];
  /** The inner transactions' signers, each once. */
  readonly innerSignerPublicKeys: readonly string[];
  /** Accounts the inner transactions require besides their signers (a metadata target), and the approvers' addresses. */
  readonly required?: RequiredCosignatories;
}
/** An aggregate's transactionsHash, as given and as its inner transactions make it. */
export const AGGREGATE_TRANSACTIONS_HASH = notificationType<{ given: string; computed: string }>('aggregateTransactionsHash');

type AggregateModel = InstanceType<typeof models.AggregateCompleteTransactionV3> | InstanceType<typeof models.AggregateBondedTransactionV3>;

const publishAggregate: TransactionSupport['publish'] = ({ model, signerPublicKey, computedTransactionsHash, requiredCosignatories }, publish) => {
  const { transactions, cosignatures, transactionsHash } = model as AggregateModel;
  publish(AGGREGATE_COSIGNATURES, {
    signerPublicKey,
    transactionsCount: transactions.length,
    cosignerPublicKeys: cosignatures.map((cosignature: InstanceType<typeof models.Cosignature>) => toHex(cosignature.signerPublicKey.bytes)),
    innerSignerPublicKeys: [...new Set(transactions.map((transaction: InstanceType<typeof models.EmbeddedTransaction>) => toHex(transaction.signerPublicKey.bytes)))],
    required: requiredCosignatories,
  });
  const computed = computedTransactionsHash ?? SymbolFacade.hashEmbeddedTransactions(transactions as never).toString();
  publish(AGGREGATE_TRANSACTIONS_HASH, { given: toHex(transactionsHash.bytes), computed });
};

const AGGREGATE_TYPES: readonly number[] = [models.TransactionType.AGGREGATE_COMPLETE.value, models.TransactionType.AGGREGATE_BONDED.value];

/** An aggregate of version 1 (its transactionsHash computed the legacy way), refused since the StrictAggregateTransactionHash fork (height 0 on the public networks). */
export function validateAggregateVersion({ type, version }: { type: number; version: number }): FailureCode | undefined {
  return AGGREGATE_TYPES.includes(type) && version < 2 ? 'Failure_Aggregate_V1_Prohibited' : undefined;
}

/** No inner transaction, more than the network allows, too many cosignatures, or a cosigner twice (the signer included). */
export function validateCosignatures({ signerPublicKey, transactionsCount, cosignerPublicKeys }: AggregateCosignatures, context: ValidationContext): FailureCode | undefined {
  if (transactionsCount === 0) return 'Failure_Aggregate_No_Transactions';
  if (transactionsCount > context.rules.maxTransactionsPerAggregate) return 'Failure_Aggregate_Too_Many_Transactions';
  if (cosignerPublicKeys.length + 1 > context.rules.maxCosignaturesPerAggregate) return 'Failure_Aggregate_Too_Many_Cosignatures';
  const seen = new Set([signerPublicKey]);
  for (const key of cosignerPublicKeys) {
    if (seen.has(key)) return 'Failure_Aggregate_Redundant_Cosignatures';
    seen.add(key);
  }
  return undefined;
}

/**
 * A cosigner, or the aggregate's signer, who signs none of the inner transactions and is no
 * account they require (catapult counts the signer as a cosignatory).
 */
export function validateEligibleCosigners({ signerPublicKey, cosignerPublicKeys, innerSignerPublicKeys, required }: AggregateCosignatures, context: ValidationContext): FailureCode | undefined {
  const requiredAddresses = required && new Set(required.addresses.map((address) => context.resolveAddress(address)));
  const eligible = [signerPublicKey, ...cosignerPublicKeys].every(
    (key, i) => innerSignerPublicKeys.includes(key) || requiredAddresses?.has(required!.approverAddresses[i]),
  );
  return eligible ? undefined : 'Failure_Aggregate_Ineligible_Cosignatories';
}

/**
 * An inner transaction's signer, or an account an inner transaction requires, who has not
 * cosigned (the aggregate's signer has signed); allowed while an aggregate bonded waits for cosignatures.
 */
export function validateSufficientCosigners({ signerPublicKey, cosignerPublicKeys, innerSignerPublicKeys, required }: AggregateCosignatures, context: ValidationContext): FailureCode | undefined {
  if (context.partial) return undefined;
  const signed = new Set([signerPublicKey, ...cosignerPublicKeys]);
  if (!innerSignerPublicKeys.every((key) => signed.has(key))) return 'Failure_Aggregate_Missing_Cosignatures';
  if (!required) return undefined;
  const approvers = new Set(required.approverAddresses);
  return required.addresses.every((address) => approvers.has(context.resolveAddress(address))) ? undefined : 'Failure_Aggregate_Missing_Cosignatures';
}

/** A transactionsHash that is not the merkle root of the inner transactions. */
export function validateTransactionsHash({ given, computed }: { given: string; computed: string }): FailureCode | undefined {
  return given === computed ? undefined : 'Failure_Aggregate_Transactions_Hash_Mismatch';
}

/** Aggregates, complete and bonded: their shape (the inner transactions run through their own plugins). */
export function aggregatePlugin(): ChainPlugin {
  return {
    name: 'aggregate',
    transactions: AGGREGATE_TYPES.map((type) => ({ type, publish: publishAggregate })),
    statelessValidators: [validator(AGGREGATE_COSIGNATURES, validateCosignatures), validator(AGGREGATE_TRANSACTIONS_HASH, validateTransactionsHash)],
    // Catapult's multisig plugin checks cosigners against the multisig graph; without multisig accounts, the inner signers are the cosigners.
    validators: [
      validator(ENTITY, validateAggregateVersion),
      validator(AGGREGATE_COSIGNATURES, validateEligibleCosigners),
      validator(AGGREGATE_COSIGNATURES, validateSufficientCosigners),
    ],
  };
}
