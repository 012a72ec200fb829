/**
 * The account restriction plugin's validators (catapult's plugins/txes/restriction_account),
 * each one rule, in the order catapult registers them.
 */
import { models } from 'symbol-sdk/symbol';
import type { ADDRESS_INTERACTION, BALANCE_TRANSFER, TRANSACTION } from '../../memory/execution/core-notifications.js';
import type { FailureCode, Payload } from '../../memory/execution/notification.js';
import type { ValidationContext } from '../../memory/execution/plugin.js';
import {
  ACCOUNT_RESTRICTIONS,
  MODIFICATION_ACTION,
  RESTRICTION_FLAGS,
  isAllowed,
  kindOfFlags,
  resolvedKey,
  restrictionOf,
  valueKey,
  type ACCOUNT_RESTRICTION_MODIFICATION,
  type ACCOUNT_RESTRICTION_MODIFICATIONS,
  type ACCOUNT_RESTRICTION_VALUE,
  type AccountRestriction,
} from './state.js';

const OUTGOING_OPERATIONS = RESTRICTION_FLAGS.transactionType | RESTRICTION_FLAGS.outgoing;
const OPERATION_RESTRICTION_TYPE = models.TransactionType.ACCOUNT_OPERATION_RESTRICTION.value;

/** Whether a restriction may take a modification: it is empty or of the same operation (allow or block), and the value is new (add) or there (delete). */
function canModify(restriction: AccountRestriction, blocks: boolean, action: number, key: string): boolean {
  const sameOperation = ((restriction.flags & RESTRICTION_FLAGS.block) !== 0) === blocks;
  const contained = restriction.values.includes(key);
  return (restriction.values.length === 0 || sameOperation) && (action === MODIFICATION_ACTION.add ? !contained : contained);
}

// Stateless.

/** Flags of no known restriction: one kind only; mosaics incoming only; transaction types outgoing only. */
export function validateRestrictionFlags({ restrictionFlags }: Payload<typeof ACCOUNT_RESTRICTION_MODIFICATION>): FailureCode | undefined {
  const kind = kindOfFlags(restrictionFlags);
  const outgoing = (restrictionFlags & RESTRICTION_FLAGS.outgoing) !== 0;
  const valid = kind === 'address' || (kind === 'mosaicId' && !outgoing) || (kind === 'transactionType' && outgoing);
  return valid ? undefined : 'Failure_RestrictionAccount_Invalid_Restriction_Flags';
}

/**
 * Flags of another kind than the transaction's values (an address restriction transaction
 * with mosaic flags). Catapult has no rule for it and fails inside the state when it meets
 * one; the gateway rejects it with the code catapult reserves for it.
 */
export function validateFlagsOfTransaction({ kind, restrictionFlags }: Payload<typeof ACCOUNT_RESTRICTION_MODIFICATION>): FailureCode | undefined {
  return kindOfFlags(restrictionFlags) === kind ? undefined : 'Failure_RestrictionAccount_Modification_Operation_Type_Incompatible';
}

/** A transaction type to add that is no transaction's (its 0x4000 bit alone set of the two high bits). */
export function validateOperationValues({ kind, additions }: Payload<typeof ACCOUNT_RESTRICTION_MODIFICATIONS>): FailureCode | undefined {
  if (kind !== 'transactionType') return undefined;
  return additions.every((type) => ((type as number) & 0xc000) === 0x4000) ? undefined : 'Failure_RestrictionAccount_Invalid_Value';
}

// Stateful.

/** A value given twice (as given, before resolution), or deletions from an account without restrictions. */
export function validateRedundantModification(
  { address, additions, deletions }: Payload<typeof ACCOUNT_RESTRICTION_MODIFICATIONS>,
  context: ValidationContext,
): FailureCode | undefined {
  if (new Set([...additions, ...deletions]).size !== additions.length + deletions.length) return 'Failure_RestrictionAccount_Redundant_Modification';
  return deletions.length > 0 && !context.state.cache(ACCOUNT_RESTRICTIONS).get(address) ? 'Failure_RestrictionAccount_Invalid_Modification' : undefined;
}

/**
 * An addition of a value the restriction holds, a deletion of one it does not, or a change of
 * a non-empty restriction's operation (allow to block or back).
 */
export function validateValueModification({ kind, address, restrictionFlags, value, action }: Payload<typeof ACCOUNT_RESTRICTION_VALUE>, context: ValidationContext): FailureCode | undefined {
  const entry = context.state.cache(ACCOUNT_RESTRICTIONS).get(address);
  if (!entry) return undefined;
  const restriction = restrictionOf(entry, restrictionFlags);
  if (!restriction) return undefined;
  const blocks = (restrictionFlags & RESTRICTION_FLAGS.block) !== 0;
  return canModify(restriction, blocks, action, resolvedKey(kind, value, context)) ? undefined : 'Failure_RestrictionAccount_Invalid_Modification';
}

/** More additions and deletions than `maxAccountRestrictionValues`, or a restriction that would hold more values (or fewer than none). */
export function validateMaxValues({ address, restrictionFlags, additions, deletions }: Payload<typeof ACCOUNT_RESTRICTION_MODIFICATIONS>, context: ValidationContext): FailureCode | undefined {
  const max = context.rules.maxAccountRestrictionValues;
  if (additions.length + deletions.length > max) return 'Failure_RestrictionAccount_Modification_Count_Exceeded';
  const entry = context.state.cache(ACCOUNT_RESTRICTIONS).get(address);
  if (!entry) return undefined;
  const count = (restrictionOf(entry, restrictionFlags)?.values.length ?? 0) + additions.length - deletions.length;
  // A node counts unsigned: deleting more than there is wraps around past the maximum.
  return count > max || count < 0 ? 'Failure_RestrictionAccount_Values_Count_Exceeded' : undefined;
}

/**
 * An interaction (a transfer) with an account whose incoming address restriction does not let
 * the signer in, or that the signer's outgoing address restriction does not let out.
 */
export function validateAddressInteraction({ sourceAddress, unresolvedParticipants }: Payload<typeof ADDRESS_INTERACTION>, context: ValidationContext): FailureCode | undefined {
  const cache = context.state.cache(ACCOUNT_RESTRICTIONS);
  const source = cache.get(sourceAddress);
  for (const unresolved of unresolvedParticipants) {
    const participant = context.resolveAddress(unresolved);
    if (participant === sourceAddress) continue;
    const incoming = cache.get(participant);
    const allowed =
      (!incoming || isAllowed(restrictionOf(incoming, RESTRICTION_FLAGS.address), sourceAddress)) &&
      (!source || isAllowed(restrictionOf(source, RESTRICTION_FLAGS.address | RESTRICTION_FLAGS.outgoing), participant));
    if (!allowed) return 'Failure_RestrictionAccount_Address_Interaction_Prohibited';
  }
  return undefined;
}

/** An address restriction value that is the signer's own address (resolved). */
export function validateNoSelfModification({ kind, address, value }: Payload<typeof ACCOUNT_RESTRICTION_VALUE>, context: ValidationContext): FailureCode | undefined {
  if (kind !== 'address') return undefined;
  return context.resolveAddress(value as string) === address ? 'Failure_RestrictionAccount_Invalid_Modification_Address' : undefined;
}

/** A mosaic sent to an account whose mosaic restriction does not let it in. */
export function validateMosaicRecipient(
  { unresolvedRecipientAddress, unresolvedMosaicId }: Payload<typeof BALANCE_TRANSFER>,
  context: ValidationContext,
): FailureCode | undefined {
  const recipient = context.state.cache(ACCOUNT_RESTRICTIONS).get(context.resolveAddress(unresolvedRecipientAddress));
  if (!recipient) return undefined;
  const key = valueKey('mosaicId', context.resolveMosaicId(unresolvedMosaicId));
  return isAllowed(restrictionOf(recipient, RESTRICTION_FLAGS.mosaicId), key) ? undefined : 'Failure_RestrictionAccount_Mosaic_Transfer_Prohibited';
}

/** A transaction of a type the signer's outgoing transaction type restriction does not let out (top-level transactions only, as on a node). */
export function validateOperationRestriction({ signerAddress, type }: Payload<typeof TRANSACTION>, context: ValidationContext): FailureCode | undefined {
  const sender = context.state.cache(ACCOUNT_RESTRICTIONS).get(signerAddress);
  if (!sender) return undefined;
  return isAllowed(restrictionOf(sender, OUTGOING_OPERATIONS), valueKey('transactionType', type)) ? undefined : 'Failure_RestrictionAccount_Operation_Type_Prohibited';
}

/**
 * A change that would leave the signer unable to change its transaction type restriction
 * again: deleting the account operation restriction type from an allow list, allowing other
 * types without it, or blocking it.
 */
export function validateNoSelfBlocking({ kind, address, restrictionFlags, value, action }: Payload<typeof ACCOUNT_RESTRICTION_VALUE>, context: ValidationContext): FailureCode | undefined {
  if (kind !== 'transactionType') return undefined;
  const relevant = value === OPERATION_RESTRICTION_TYPE;
  const allows = (restrictionFlags & RESTRICTION_FLAGS.block) === 0;
  const failure = 'Failure_RestrictionAccount_Invalid_Modification';
  if (action === MODIFICATION_ACTION.delete) return allows && relevant ? failure : undefined;
  const entry = context.state.cache(ACCOUNT_RESTRICTIONS).get(address);
  const count = entry ? (restrictionOf(entry, OUTGOING_OPERATIONS)?.values.length ?? 0) : 0;
  return (allows && !relevant && count === 0) || (!allows && relevant) ? failure : undefined;
}
