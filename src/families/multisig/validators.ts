/**
 * The multisig plugin's validators (catapult's plugins/txes/multisig), each one rule, in the
 * order catapult registers them; and the aggregate's cosigners checked against the multisig
 * graph.
 */
import type { AGGREGATE_COSIGNATURES, AGGREGATE_EMBEDDED_TRANSACTION, TRANSACTION } from '../../memory/execution/core-notifications.js';
import type { FailureCode, Payload } from '../../memory/execution/notification.js';
import type { ValidationContext } from '../../memory/execution/plugin.js';
import {
  MULTISIGS,
  findLinked,
  isMultisig,
  operationKind,
  type MULTISIG_COSIGNATORIES,
  type MULTISIG_NEW_COSIGNATORY,
  type MULTISIG_SETTINGS,
  type MultisigEntry,
} from './state.js';

// Stateless.

/** More than one deletion, an addition twice, or an address both added and deleted. */
export function validateModifications({ additions, deletions }: Payload<typeof MULTISIG_COSIGNATORIES>): FailureCode | undefined {
  if (deletions.length > 1) return 'Failure_Multisig_Multiple_Deletes';
  if (new Set(additions).size !== additions.length) return 'Failure_Multisig_Redundant_Modification';
  return additions.some((address) => deletions.includes(address)) ? 'Failure_Multisig_Account_In_Both_Sets' : undefined;
}

// Stateful.

/** A top-level transaction signed by a multisig account: it may act only through an aggregate its cosignatories sign. */
export function validatePermittedOperation({ signerAddress }: Payload<typeof TRANSACTION>, context: ValidationContext): FailureCode | undefined {
  return isMultisig(context.state.cache(MULTISIGS).get(signerAddress)) ? 'Failure_Multisig_Operation_Prohibited_By_Account' : undefined;
}

/** A new cosignatory that already cosigns as many accounts as the network allows. */
export function validateMaxCosignedAccounts({ unresolvedCosignatoryAddress }: Payload<typeof MULTISIG_NEW_COSIGNATORY>, context: ValidationContext): FailureCode | undefined {
  const entry = context.state.cache(MULTISIGS).get(context.resolveAddress(unresolvedCosignatoryAddress));
  return entry && entry.multisigAddresses.length >= context.rules.maxCosignedAccountsPerAccount ? 'Failure_Multisig_Max_Cosigned_Accounts' : undefined;
}

/** More cosignatories than the network allows, once the modification is made. */
export function validateMaxCosignatories({ multisigAddress, additions, deletions }: Payload<typeof MULTISIG_COSIGNATORIES>, context: ValidationContext): FailureCode | undefined {
  const count = (context.state.cache(MULTISIGS).get(multisigAddress)?.cosignatoryAddresses.length ?? 0) + additions.length - deletions.length;
  return count > context.rules.maxCosignatoriesPerAccount ? 'Failure_Multisig_Max_Cosignatories' : undefined;
}

/** A deletion from an account that is not multisig, an addition of a cosignatory, or a deletion of an account that is none. */
export function validateCosignatoryChanges({ multisigAddress, additions, deletions }: Payload<typeof MULTISIG_COSIGNATORIES>, context: ValidationContext): FailureCode | undefined {
  const entry = context.state.cache(MULTISIGS).get(multisigAddress);
  if (!entry) return deletions.length === 0 ? undefined : 'Failure_Multisig_Unknown_Multisig_Account';
  if (additions.some((address) => entry.cosignatoryAddresses.includes(context.resolveAddress(address)))) return 'Failure_Multisig_Already_A_Cosignatory';
  return deletions.some((address) => !entry.cosignatoryAddresses.includes(context.resolveAddress(address))) ? 'Failure_Multisig_Not_A_Cosignatory' : undefined;
}

/**
 * Minimums below 1 or above the number of cosignatories once changed (this runs after the
 * cosignatories changed); an account whose last cosignatory left must lower both by 1.
 */
export function validateSettings({ multisigAddress, minRemovalDelta, minApprovalDelta }: Payload<typeof MULTISIG_SETTINGS>, context: ValidationContext): FailureCode | undefined {
  const entry = context.state.cache(MULTISIGS).get(multisigAddress);
  if (!entry) return minRemovalDelta !== -1 || minApprovalDelta !== -1 ? 'Failure_Multisig_Min_Setting_Out_Of_Range' : undefined;
  const minRemoval = entry.minRemoval + minRemovalDelta;
  const minApproval = entry.minApproval + minApprovalDelta;
  if (minRemoval < 1 || minApproval < 1) return 'Failure_Multisig_Min_Setting_Out_Of_Range';
  const count = entry.cosignatoryAddresses.length;
  return minRemoval > count || minApproval > count ? 'Failure_Multisig_Min_Setting_Larger_Than_Num_Cosignatories' : undefined;
}

/** A new cosignatory that would make the graph deeper than the network allows, or make a loop. */
export function validateLoopAndLevel({ multisigAddress, unresolvedCosignatoryAddress }: Payload<typeof MULTISIG_NEW_COSIGNATORY>, context: ValidationContext): FailureCode | undefined {
  const cosignatory = context.resolveAddress(unresolvedCosignatoryAddress);
  const ancestors = new Set([multisigAddress]);
  const levelsAbove = findLinked(context.state, multisigAddress, 'multisigAddresses', ancestors);
  const descendants = new Set([cosignatory]);
  const levelsBelow = findLinked(context.state, cosignatory, 'cosignatoryAddresses', descendants);
  if (levelsAbove + levelsBelow + 1 > context.rules.maxMultisigDepth) return 'Failure_Multisig_Max_Multisig_Depth';
  return [...ancestors].some((address) => descendants.has(address)) ? 'Failure_Multisig_Loop' : undefined;
}

/**
 * A cosigner (or the aggregate's signer) who may approve none of the inner transactions:
 * eligible are each inner signer and each account it needs besides (a new cosignatory), or,
 * for a multisig account, its cosignatories, down the graph. An aggregate bonded announced as
 * partial is not checked by it (its notification is custom: a signer may become eligible before
 * the aggregate completes); each cosignature and the completion are.
 */
export function validateEligibleCosigners(payload: Payload<typeof AGGREGATE_COSIGNATURES>, context: ValidationContext): FailureCode | undefined {
  const cosigners = new Set([payload.signerPublicKey, ...payload.cosignerPublicKeys].map((key) => context.addressOf(key)));
  const eligible = new Set<string>();
  const multisigs = context.state.cache(MULTISIGS);
  const mark = (address: string): void => {
    const entry = multisigs.get(address);
    if (!isMultisig(entry)) {
      eligible.add(address);
      return;
    }
    for (const cosignatory of entry.cosignatoryAddresses) mark(cosignatory);
  };
  for (const key of payload.innerSignerPublicKeys) mark(context.addressOf(key));
  for (const address of payload.additionalCosigners) mark(context.resolveAddress(address));
  const ineligible = [...cosigners].filter((address) => !eligible.has(address));
  if (ineligible.length === 0) return undefined;
  context.compared?.({ ineligible, eligible: [...eligible] });
  return 'Failure_Aggregate_Ineligible_Cosignatories';
}

/**
 * An inner transaction that lacks approvals: its signer (and each account it needs besides)
 * must have signed, or, for a multisig account, enough of its cosignatories (minApproval; a
 * removal of cosignatories minRemoval), down the graph. While an aggregate bonded waits for
 * cosignatures this failure only says it is not complete yet.
 */
export function validateSufficientCosigners(payload: Payload<typeof AGGREGATE_EMBEDDED_TRANSACTION>, context: ValidationContext): FailureCode | undefined {
  return isApproved(payload, context) ? undefined : 'Failure_Aggregate_Missing_Cosignatures';
}

/** Whether the aggregate's signer and cosigners approve an inner transaction, by the multisig graph in `context`'s state. */
export function isApproved(payload: Payload<typeof AGGREGATE_EMBEDDED_TRANSACTION>, context: ValidationContext): boolean {
  const signed = new Set([payload.aggregateSignerPublicKey, ...payload.cosignerPublicKeys].map((key) => context.addressOf(key)));
  const multisigs = context.state.cache(MULTISIGS);
  const operation = operationKind(payload.transaction);
  const minimum = (entry: MultisigEntry) =>
    operation === 'both' ? Math.max(entry.minRemoval, entry.minApproval) : operation === 'removal' ? entry.minRemoval : entry.minApproval;
  const satisfied = (address: string): boolean => {
    const entry = multisigs.get(address);
    if (!isMultisig(entry)) return signed.has(address);
    const approvers = entry.cosignatoryAddresses.filter(satisfied).length;
    return approvers >= minimum(entry);
  };
  const required = new Set([context.addressOf(payload.signerPublicKey), ...payload.additionalCosigners.map((address) => context.resolveAddress(address))]);
  return [...required].every(satisfied);
}
