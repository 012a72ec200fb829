import { SymbolFacade, models } from 'symbol-sdk/symbol';
import { AGGREGATE_COSIGNATURES, ENTITY, type AggregateCosignatures } from '../../memory/execution/core-notifications.js';
import { notificationType, type FailureCode } from '../../memory/execution/notification.js';
import { validator, type ChainPlugin, type TransactionSupport, type ValidationContext } from '../../memory/execution/plugin.js';
import { toHex } from '../../memory/keys.js';

/** An aggregate's transactionsHash, as given and as its inner transactions make it. */
export const AGGREGATE_TRANSACTIONS_HASH = notificationType<{ given: string; computed: string }>('aggregateTransactionsHash');

type AggregateModel = InstanceType<typeof models.AggregateCompleteTransactionV3> | InstanceType<typeof models.AggregateBondedTransactionV3>;

const publishAggregate: TransactionSupport['publish'] = ({ model, signerPublicKey, computedTransactionsHash, additionalCosigners = [] }, publish) => {
  const { transactions, cosignatures, transactionsHash } = model as AggregateModel;
  publish(AGGREGATE_COSIGNATURES, {
    signerPublicKey,
    transactionsCount: transactions.length,
    cosignerPublicKeys: cosignatures.map((cosignature: InstanceType<typeof models.Cosignature>) => toHex(cosignature.signerPublicKey.bytes)),
    innerSignerPublicKeys: [...new Set(transactions.map((transaction: InstanceType<typeof models.EmbeddedTransaction>) => toHex(transaction.signerPublicKey.bytes)))],
    additionalCosigners,
  });
  const computed = computedTransactionsHash ?? SymbolFacade.hashEmbeddedTransactions(transactions as never).toString();
  publish(AGGREGATE_TRANSACTIONS_HASH, { given: toHex(transactionsHash.bytes), computed });
};

const AGGREGATE_TYPES: readonly number[] = [models.TransactionType.AGGREGATE_COMPLETE.value, models.TransactionType.AGGREGATE_BONDED.value];

/**
 * catapult's AggregateTransactionVersionValidator: an aggregate of version 1 (its transactionsHash
 * computed the legacy way) from the StrictAggregateTransactionHash fork height on, and one of a
 * later version below it (mainnet's nemesis block holds version 1 aggregates).
 */
export function validateAggregateVersion({ type, version }: { type: number; version: number }, context: ValidationContext): FailureCode | undefined {
  if (!AGGREGATE_TYPES.includes(type)) return undefined;
  if (context.height < context.rules.strictAggregateTransactionHashHeight) return version === 1 ? undefined : 'Failure_Aggregate_V2_Prohibited';
  return version >= 2 ? undefined : 'Failure_Aggregate_V1_Prohibited';
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
    // The multisig plugin checks the cosigners against the multisig graph (eligible and sufficient cosignatories).
    validators: [validator(ENTITY, validateAggregateVersion)],
  };
}
