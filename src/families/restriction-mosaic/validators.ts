/**
 * The mosaic restriction plugin's validators (catapult's plugins/txes/restriction_mosaic),
 * each one rule, in the order catapult registers them.
 */
import type { BALANCE_DEBIT, BALANCE_TRANSFER } from '../../memory/execution/core-notifications.js';
import type { FailureCode, Payload } from '../../memory/execution/notification.js';
import type { ValidationContext } from '../../memory/execution/plugin.js';
import {
  MOSAIC_RESTRICTIONS,
  NO_MOSAIC,
  RESTRICTION_TYPE,
  UNSET_VALUE,
  compositeHash,
  passes,
  type AddressModification,
  type GlobalModification,
  type GlobalRule,
  type MOSAIC_RESTRICTION_REQUIRED,
  type MOSAIC_RESTRICTION_TYPE,
  type MosaicAddressRestrictionEntry,
  type MosaicGlobalRestrictionEntry,
} from './state.js';

/** A mosaic's global restriction (resolved id, 16 hex), if it has one. */
function globalOf(context: ValidationContext, mosaicId: string): MosaicGlobalRestrictionEntry | undefined {
  return context.state.cache(MOSAIC_RESTRICTIONS).get(compositeHash(mosaicId)) as MosaicGlobalRestrictionEntry | undefined;
}

/** A mosaic's restriction values for an address (resolved, 48 hex), if it has any. */
function addressOf(context: ValidationContext, mosaicId: string, address: string): MosaicAddressRestrictionEntry | undefined {
  return context.state.cache(MOSAIC_RESTRICTIONS).get(compositeHash(mosaicId, address)) as MosaicAddressRestrictionEntry | undefined;
}

// Stateless.

/** A rule type past GE (7 and up). */
export function validateRestrictionType({ type }: Payload<typeof MOSAIC_RESTRICTION_TYPE>): FailureCode | undefined {
  return type > RESTRICTION_TYPE.ge ? 'Failure_RestrictionMosaic_Invalid_Restriction_Type' : undefined;
}

// Stateful: balances.

/**
 * Whether every address passes every rule of the mosaic's global restriction (catapult's
 * MosaicRestrictionBalance validators): a rule reads the address's value for its key in its
 * reference mosaic (the mosaic itself when none); a rule that names the mosaic itself as its
 * reference makes the restriction invalid. The owner is not exempt.
 */
function authorize(unresolvedMosaicId: string, unresolvedAddresses: readonly string[], context: ValidationContext): FailureCode | undefined {
  const mosaicId = context.resolveMosaicId(unresolvedMosaicId);
  const restriction = globalOf(context, mosaicId);
  if (!restriction) return undefined;
  const rules: { mosaicId: string; key: bigint; rule: GlobalRule }[] = [];
  for (const [key, rule] of restriction.rules) {
    if (rule.referenceMosaicId === mosaicId) return 'Failure_RestrictionMosaic_Invalid_Global_Restriction';
    rules.push({ mosaicId: rule.referenceMosaicId === NO_MOSAIC ? mosaicId : rule.referenceMosaicId, key, rule });
  }
  for (const unresolved of unresolvedAddresses) {
    const address = context.resolveAddress(unresolved);
    for (const { mosaicId: ruleMosaicId, key, rule } of rules) {
      const value = addressOf(context, ruleMosaicId, address)?.values.get(key) ?? UNSET_VALUE;
      if (!passes(rule, value)) return 'Failure_RestrictionMosaic_Account_Unauthorized';
    }
  }
  return undefined;
}

/** A debit of a restricted mosaic from an account its global rules do not allow. */
export function validateBalanceDebit({ address, unresolvedMosaicId }: Payload<typeof BALANCE_DEBIT>, context: ValidationContext): FailureCode | undefined {
  return authorize(unresolvedMosaicId, [address], context);
}

/** A transfer of a restricted mosaic whose sender or recipient its global rules do not allow. */
export function validateBalanceTransfer(
  { unresolvedSenderAddress, unresolvedRecipientAddress, unresolvedMosaicId }: Payload<typeof BALANCE_TRANSFER>,
  context: ValidationContext,
): FailureCode | undefined {
  return authorize(unresolvedMosaicId, [unresolvedSenderAddress, unresolvedRecipientAddress], context);
}

// Stateful: restrictions.

/** A key the mosaic's global restriction does not have (an address value, or a global rule's reference). */
export function validateRestrictionRequired({ unresolvedMosaicId, key }: Payload<typeof MOSAIC_RESTRICTION_REQUIRED>, context: ValidationContext): FailureCode | undefined {
  return globalOf(context, context.resolveMosaicId(unresolvedMosaicId))?.rules.has(key) ? undefined : 'Failure_RestrictionMosaic_Unknown_Global_Restriction';
}

/** Whether a new value is within the most values of an entry, or a removal of one that exists. */
function checkMaxValues(exists: boolean, isNew: boolean, size: number, isDelete: boolean, max: number): FailureCode | undefined {
  if (!exists) return isDelete ? 'Failure_RestrictionMosaic_Cannot_Delete_Nonexistent_Restriction' : undefined;
  if (isDelete && isNew) return 'Failure_RestrictionMosaic_Cannot_Delete_Nonexistent_Restriction';
  return isDelete || !isNew || size < max ? undefined : 'Failure_RestrictionMosaic_Max_Restrictions_Exceeded';
}

/** A removal (type none) of a rule that does not exist, or a new rule past maxMosaicRestrictionValues. */
export function validateGlobalMaxValues({ unresolvedMosaicId, key, type }: GlobalModification, context: ValidationContext): FailureCode | undefined {
  const entry = globalOf(context, context.resolveMosaicId(unresolvedMosaicId));
  return checkMaxValues(entry !== undefined, !entry?.rules.has(key), entry?.rules.size ?? 0, type === RESTRICTION_TYPE.none, context.rules.maxMosaicRestrictionValues);
}

/**
 * A previous value, type or reference mosaic that is not the rule's, or, for a rule that does
 * not exist, a previous value other than 0 of type none.
 */
export function validateGlobalModification({ unresolvedMosaicId, unresolvedReferenceMosaicId, key, value, type }: GlobalModification, context: ValidationContext): FailureCode | undefined {
  const rule = globalOf(context, context.resolveMosaicId(unresolvedMosaicId))?.rules.get(key);
  if (rule) {
    const same = rule.referenceMosaicId === context.resolveMosaicId(unresolvedReferenceMosaicId) && rule.value === value && rule.type === type;
    return same ? undefined : 'Failure_RestrictionMosaic_Previous_Value_Mismatch';
  }
  return value === 0n && type === RESTRICTION_TYPE.none ? undefined : 'Failure_RestrictionMosaic_Previous_Value_Must_Be_Zero';
}

/** A removal (the unset value) of a value that does not exist, or a new key past maxMosaicRestrictionValues. */
export function validateAddressMaxValues({ unresolvedMosaicId, key, unresolvedTargetAddress, value }: AddressModification, context: ValidationContext): FailureCode | undefined {
  const entry = addressOf(context, context.resolveMosaicId(unresolvedMosaicId), context.resolveAddress(unresolvedTargetAddress));
  return checkMaxValues(entry !== undefined, !entry?.values.has(key), entry?.values.size ?? 0, value === UNSET_VALUE, context.rules.maxMosaicRestrictionValues);
}

/** A previous value that is not the address's (the unset value when it has none). */
export function validateAddressModification({ unresolvedMosaicId, key, unresolvedTargetAddress, value }: AddressModification, context: ValidationContext): FailureCode | undefined {
  const entry = addressOf(context, context.resolveMosaicId(unresolvedMosaicId), context.resolveAddress(unresolvedTargetAddress));
  const current = entry?.values.get(key);
  if (current !== undefined) return current === value ? undefined : 'Failure_RestrictionMosaic_Previous_Value_Mismatch';
  return value === UNSET_VALUE ? undefined : 'Failure_RestrictionMosaic_Previous_Value_Must_Be_Zero';
}
