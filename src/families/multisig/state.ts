import { models } from 'symbol-sdk/symbol';
import { notificationType } from '../../memory/execution/notification.js';
import type { StateReader, TransactionModel } from '../../memory/execution/plugin.js';
import { toHex } from '../../memory/keys.js';
import { cacheDescriptor } from '../../memory/state/cache.js';

/**
 * One account of the multisig graph (catapult's MultisigEntry): a multisig account (it has
 * cosignatories), a cosignatory (it cosigns multisig accounts), or both. An account that is
 * neither has no entry. Immutable; address lists sorted.
 */
export interface MultisigEntry {
  /** 48 hex. */
  readonly accountAddress: string;
  readonly minApproval: number;
  readonly minRemoval: number;
  /** 48 hex each: who cosigns for this account. */
  readonly cosignatoryAddresses: readonly string[];
  /** 48 hex each: the accounts this one cosigns for. */
  readonly multisigAddresses: readonly string[];
}

/** The multisig cache, by account address (48 hex). */
export const MULTISIGS = cacheDescriptor<MultisigEntry>('multisigs');

/** A cosignatory added: checked for the limits of the graph (depth, loops, accounts cosigned). */
export const MULTISIG_NEW_COSIGNATORY = notificationType<{ multisigAddress: string; unresolvedCosignatoryAddress: string }>('multisigNewCosignatory');
/** The cosignatories a modification adds and deletes (unresolved addresses, 48 hex). */
export const MULTISIG_COSIGNATORIES = notificationType<{ multisigAddress: string; additions: readonly string[]; deletions: readonly string[] }>('multisigCosignatories');
/** The changes of a modification to the minimum approvals and removals. */
export const MULTISIG_SETTINGS = notificationType<{ multisigAddress: string; minRemovalDelta: number; minApprovalDelta: number }>('multisigSettings');

/** An empty entry for an account that joins the graph. */
export function emptyEntry(accountAddress: string): MultisigEntry {
  return { accountAddress, minApproval: 0, minRemoval: 0, cosignatoryAddresses: [], multisigAddresses: [] };
}

/** Whether an account has cosignatories (a cosignatory only, or no entry, is an ordinary account). */
export function isMultisig(entry: MultisigEntry | undefined): entry is MultisigEntry {
  return entry !== undefined && entry.cosignatoryAddresses.length > 0;
}

/** A sorted list with `address` added. */
export function withAddress(list: readonly string[], address: string): string[] {
  return [...list.filter((each) => each !== address), address].sort();
}

/** A list without `address`. */
export function withoutAddress(list: readonly string[], address: string): string[] {
  return list.filter((each) => each !== address);
}

/** How many levels lie above (`multisigAddresses`) or below (`cosignatoryAddresses`) an account, and every account found there (catapult's FindAncestors / FindDescendants). */
export function findLinked(state: StateReader, address: string, field: 'multisigAddresses' | 'cosignatoryAddresses', into: Set<string>): number {
  const entry = state.cache(MULTISIGS).get(address);
  if (!entry) return 0;
  let levels = 0;
  for (const linked of entry[field]) {
    into.add(linked);
    levels = Math.max(levels, findLinked(state, linked, field, into) + 1);
  }
  return levels;
}

const MULTISIG_MODIFICATION = models.TransactionType.MULTISIG_ACCOUNT_MODIFICATION.value;

/** The accounts a transaction needs the approval of besides its signer: a multisig modification's new cosignatories, who opt in (unresolved, 48 hex). */
export function additionalCosigners(model: TransactionModel): readonly string[] {
  if (model.type.value !== MULTISIG_MODIFICATION) return [];
  return (model as InstanceType<typeof models.EmbeddedMultisigAccountModificationTransactionV1>).addressAdditions.map((address) => toHex(address.bytes));
}

/** Whether a multisig modification removes cosignatories, adds them too, or is an ordinary operation (which minimum it needs). */
export function operationKind(model: TransactionModel): 'normal' | 'removal' | 'both' {
  if (model.type.value !== MULTISIG_MODIFICATION) return 'normal';
  const { addressAdditions, addressDeletions } = model as InstanceType<typeof models.EmbeddedMultisigAccountModificationTransactionV1>;
  if (addressDeletions.length === 0) return 'normal';
  return addressAdditions.length > 0 ? 'both' : 'removal';
}
