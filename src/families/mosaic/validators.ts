/**
 * The mosaic plugin's validators (catapult's plugins/txes/mosaic), each one rule, in the
 * order catapult registers them.
 */
import { generateMosaicId } from 'symbol-sdk/symbol';
import { Address } from 'symbol-sdk/symbol';
import type { BALANCE_TRANSFER } from '../../memory/execution/core-notifications.js';
import type { FailureCode, Payload } from '../../memory/execution/notification.js';
import type { ValidationContext } from '../../memory/execution/plugin.js';
import { fromHex } from '../../memory/keys.js';
import { ACCOUNTS, balanceOf } from '../../memory/account-state.js';
import { idHex } from '../../memory/symbol-ids.js';
import {
  MOSAIC_FLAGS,
  MOSAICS,
  SUPPLY_ACTION,
  isActive,
  type MOSAIC_DEFINITION,
  type MOSAIC_NONCE,
  type MOSAIC_PROPERTIES,
  type MOSAIC_REQUIRED,
  type MOSAIC_SUPPLY_CHANGE,
} from './state.js';

// Stateless.

/** An id of 0, or one that the owner's address and the nonce do not make. */
export function validateMosaicId({ ownerAddress, nonce, mosaicId }: Payload<typeof MOSAIC_NONCE>): FailureCode | undefined {
  if (mosaicId === '0000000000000000') return 'Failure_Mosaic_Invalid_Id';
  return idHex(generateMosaicId(new Address(fromHex(ownerAddress)), nonce)) === mosaicId ? undefined : 'Failure_Mosaic_Id_Mismatch';
}

/** A supply change that is neither an increase nor a decrease, or of nothing. */
export function validateSupplyChange({ action, delta }: Payload<typeof MOSAIC_SUPPLY_CHANGE>): FailureCode | undefined {
  if (action > SUPPLY_ACTION.increase) return 'Failure_Mosaic_Invalid_Supply_Change_Action';
  return delta === 0n ? 'Failure_Mosaic_Invalid_Supply_Change_Amount' : undefined;
}

// Stateful.

/** Flags outside the four catapult knows. */
export function validateFlags({ flags }: Payload<typeof MOSAIC_PROPERTIES>): FailureCode | undefined {
  return flags > MOSAIC_FLAGS.all ? 'Failure_Mosaic_Invalid_Flags' : undefined;
}

/** A mosaic that is not there or expired, of another owner, or without the flags the transaction needs. */
export function validateRequiredMosaic({ ownerAddress, unresolvedMosaicId, requiredFlags }: Payload<typeof MOSAIC_REQUIRED>, context: ValidationContext): FailureCode | undefined {
  const mosaic = context.state.cache(MOSAICS).get(context.resolveMosaicId(unresolvedMosaicId));
  if (!mosaic || !isActive(mosaic, context.height)) return 'Failure_Mosaic_Expired';
  // The owner named may be an alias (a metadata transaction's target address).
  if (mosaic.ownerAddress !== context.resolveAddress(ownerAddress)) return 'Failure_Mosaic_Owner_Conflict';
  return (mosaic.flags & requiredFlags) === requiredFlags ? undefined : 'Failure_Mosaic_Required_Property_Flag_Unset';
}

/** A redefinition of an expired mosaic, of another's, of one with supply, or one that changes nothing. */
export function validateAvailability({ ownerAddress, mosaicId, flags, divisibility, duration }: Payload<typeof MOSAIC_DEFINITION>, context: ValidationContext): FailureCode | undefined {
  const mosaic = context.state.cache(MOSAICS).get(mosaicId);
  if (!mosaic) return undefined;
  if (!isActive(mosaic, context.height)) return 'Failure_Mosaic_Expired';
  if (mosaic.ownerAddress !== ownerAddress) return 'Failure_Mosaic_Owner_Conflict';
  const changes = flags !== 0 || divisibility !== 0 || (mosaic.duration !== 0n && duration !== 0n);
  if (!changes) return 'Failure_Mosaic_Modification_No_Changes';
  return mosaic.supply === 0n ? undefined : 'Failure_Mosaic_Modification_Disallowed';
}

/** More decimal places than the network allows (after a redefinition's change). */
export function validateDivisibility({ mosaicId, divisibility }: Payload<typeof MOSAIC_DEFINITION>, context: ValidationContext): FailureCode | undefined {
  const existing = context.state.cache(MOSAICS).get(mosaicId);
  const result = existing ? existing.divisibility ^ divisibility : divisibility;
  return result > context.rules.maxMosaicDivisibility ? 'Failure_Mosaic_Invalid_Divisibility' : undefined;
}

/** A duration past the network's longest (in total), or a change to an eternal mosaic's. */
export function validateDuration({ mosaicId, duration }: Payload<typeof MOSAIC_DEFINITION>, context: ValidationContext): FailureCode | undefined {
  if (duration === 0n) return undefined;
  const max = context.rules.maxMosaicDuration;
  if (duration > max) return 'Failure_Mosaic_Invalid_Duration';
  const existing = context.state.cache(MOSAICS).get(mosaicId);
  if (!existing) return undefined;
  if (existing.duration === 0n) return 'Failure_Mosaic_Invalid_Duration';
  return existing.duration + duration > max ? 'Failure_Mosaic_Invalid_Duration' : undefined;
}

/** A transfer of a mosaic that is not there or expired, or of a non-transferable one between others than its owner. */
export function validateMosaicTransfer({ unresolvedSenderAddress, unresolvedRecipientAddress, unresolvedMosaicId }: Payload<typeof BALANCE_TRANSFER>, context: ValidationContext): FailureCode | undefined {
  if (unresolvedMosaicId === context.network.currencyMosaicId) return undefined;
  const mosaic = context.state.cache(MOSAICS).get(context.resolveMosaicId(unresolvedMosaicId));
  if (!mosaic || !isActive(mosaic, context.height)) return 'Failure_Mosaic_Expired';
  if (mosaic.flags & MOSAIC_FLAGS.transferable) return undefined;
  if (mosaic.ownerAddress === context.resolveAddress(unresolvedSenderAddress) || mosaic.ownerAddress === context.resolveAddress(unresolvedRecipientAddress)) return undefined;
  return 'Failure_Mosaic_Non_Transferable';
}

/** A transfer that gives the recipient one mosaic more than an account may hold. */
export function validateMaxMosaicsOfRecipient({ unresolvedRecipientAddress, unresolvedMosaicId, amount }: Payload<typeof BALANCE_TRANSFER>, context: ValidationContext): FailureCode | undefined {
  if (amount === 0n) return undefined;
  const recipient = context.state.cache(ACCOUNTS).get(context.resolveAddress(unresolvedRecipientAddress));
  if (!recipient || recipient.balances.has(context.resolveMosaicId(unresolvedMosaicId))) return undefined;
  return recipient.balances.size >= context.rules.maxMosaicsPerAccount ? 'Failure_Mosaic_Max_Mosaics_Exceeded' : undefined;
}

/** A supply increase that gives the owner one mosaic more than an account may hold. */
export function validateMaxMosaicsOfOwner({ ownerAddress, unresolvedMosaicId, action }: Payload<typeof MOSAIC_SUPPLY_CHANGE>, context: ValidationContext): FailureCode | undefined {
  if (action === SUPPLY_ACTION.decrease) return undefined;
  const owner = context.state.cache(ACCOUNTS).get(ownerAddress);
  if (!owner || owner.balances.has(context.resolveMosaicId(unresolvedMosaicId))) return undefined;
  return owner.balances.size >= context.rules.maxMosaicsPerAccount ? 'Failure_Mosaic_Max_Mosaics_Exceeded' : undefined;
}

/** A change of an immutable supply held in part by others, a decrease below zero, or an increase past the network's maximum. */
export function validateSupplyChangeAllowed({ ownerAddress, unresolvedMosaicId, action, delta }: Payload<typeof MOSAIC_SUPPLY_CHANGE>, context: ValidationContext): FailureCode | undefined {
  const mosaicId = context.resolveMosaicId(unresolvedMosaicId);
  const mosaic = context.state.cache(MOSAICS).get(mosaicId);
  if (!mosaic) return undefined; // the required-mosaic rule reported it
  const ownerBalance = balanceOf(context.state.cache(ACCOUNTS).get(ownerAddress), mosaicId);
  if (!(mosaic.flags & MOSAIC_FLAGS.supplyMutable) && ownerBalance !== mosaic.supply) return 'Failure_Mosaic_Supply_Immutable';
  if (action === SUPPLY_ACTION.decrease) return ownerBalance < delta ? 'Failure_Mosaic_Supply_Negative' : undefined;
  return mosaic.supply + delta > context.rules.maxMosaicAtomicUnits ? 'Failure_Mosaic_Supply_Exceeded' : undefined;
}
