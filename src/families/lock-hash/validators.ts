/**
 * The hash lock plugin's validators (catapult's plugins/txes/lock_hash and lock_shared),
 * each one rule, in the order catapult registers them.
 */
import type { TRANSACTION } from '../../memory/execution/core-notifications.js';
import type { FailureCode, Payload } from '../../memory/execution/notification.js';
import type { ValidationContext } from '../../memory/execution/plugin.js';
import { isActiveLock } from '../lock-shared/lock-info.js';
import { AGGREGATE_BONDED, HASH_LOCKS, type HASH_LOCK, type HASH_LOCK_DURATION, type HASH_LOCK_MOSAIC } from './state.js';

// Stateless.

/** A duration of 0 or past the network's longest. */
export function validateLockDuration({ duration }: Payload<typeof HASH_LOCK_DURATION>, context: ValidationContext): FailureCode | undefined {
  return duration !== 0n && duration <= context.rules.maxHashLockDuration ? undefined : 'Failure_LockHash_Invalid_Duration';
}

// Stateful.

/** An aggregate bonded whose hash no lock names, or whose lock was used or expired. */
export function validateAggregateHashPresent({ hash, type }: Payload<typeof TRANSACTION>, context: ValidationContext): FailureCode | undefined {
  if (type !== AGGREGATE_BONDED) return undefined;
  const lock = context.state.cache(HASH_LOCKS).get(hash);
  if (!lock) return 'Failure_LockHash_Unknown_Hash';
  return isActiveLock(lock, context.height) ? undefined : 'Failure_LockHash_Inactive_Hash';
}

/** A hash an active lock already names. */
export function validateUniqueLock({ hash }: Payload<typeof HASH_LOCK>, context: ValidationContext): FailureCode | undefined {
  return isActiveLock(context.state.cache(HASH_LOCKS).get(hash), context.height) ? 'Failure_LockHash_Hash_Already_Exists' : undefined;
}

/** An amount other than the network's locked funds per aggregate, or a mosaic other than the currency. */
export function validateLockMosaic({ unresolvedMosaicId, amount }: Payload<typeof HASH_LOCK_MOSAIC>, context: ValidationContext): FailureCode | undefined {
  if (amount !== context.rules.lockedFundsPerAggregate) return 'Failure_LockHash_Invalid_Mosaic_Amount';
  return context.resolveMosaicId(unresolvedMosaicId) === context.network.currencyMosaicId ? undefined : 'Failure_LockHash_Invalid_Mosaic_Id';
}
