/**
 * The core's validators (catapult's coresystem plugin): networks, addresses, public keys,
 * deadlines and balances, for every transaction whatever its type, each one rule.
 */
import { hasValidChecksum } from '../../address.js';
import {
  ACCOUNT_ADDRESS,
  ACCOUNT_PUBLIC_KEY,
  BALANCE_DEBIT,
  BALANCE_TRANSFER,
  ENTITY,
  TRANSACTION_DEADLINE,
} from '../../memory/execution/core-notifications.js';
import type { FailureCode, Payload } from '../../memory/execution/notification.js';
import type { ValidationContext } from '../../memory/execution/plugin.js';
import { ACCOUNTS, balanceOf } from '../../memory/account-state.js';

const ZERO_KEY = '0'.repeat(64);

/** A transaction of another network. */
export function validateNetwork({ network }: Payload<typeof ENTITY>, context: ValidationContext): FailureCode | undefined {
  return network === context.network.identifier ? undefined : 'Failure_Core_Wrong_Network';
}

/** A signer whose key is all zeros. */
export function validateNonZeroPublicKey({ publicKey }: Payload<typeof ACCOUNT_PUBLIC_KEY>): FailureCode | undefined {
  return publicKey === ZERO_KEY ? 'Failure_Core_Zero_Public_Key' : undefined;
}

/** An address (resolved) of another network or with a wrong checksum: what an alias that resolves to nothing is. */
export function validateAddress({ unresolvedAddress }: Payload<typeof ACCOUNT_ADDRESS>, context: ValidationContext): FailureCode | undefined {
  const address = context.resolveAddress(unresolvedAddress);
  // An account the chain knows has a valid address: only a new one is checked.
  if (context.state.cache(ACCOUNTS).get(address)) return undefined;
  return isValidAddress(address, context.network.identifier) ? undefined : 'Failure_Core_Invalid_Address';
}

/** An address that already belongs to another public key. */
export function validatePublicKeyOfAddress({ publicKey, address }: Payload<typeof ACCOUNT_PUBLIC_KEY>, context: ValidationContext): FailureCode | undefined {
  const known = context.state.cache(ACCOUNTS).get(address)?.publicKey;
  return known === undefined || known === publicKey ? undefined : 'Failure_Core_Address_Collision';
}

/** A deadline before the block's time, or further ahead than a transaction may live. */
export function validateDeadline({ deadline, maxLifetime }: Payload<typeof TRANSACTION_DEADLINE>, context: ValidationContext): FailureCode | undefined {
  const failure = deadline < context.timestamp ? 'Failure_Core_Past_Deadline' : deadline > context.timestamp + maxLifetime ? 'Failure_Core_Future_Deadline' : undefined;
  if (failure) context.compared?.({ deadline, blockTimestamp: context.timestamp, latestDeadline: context.timestamp + maxLifetime });
  return failure;
}

/** The nemesis account signing anything after the nemesis block. */
export function validateNemesisSigner({ publicKey }: Payload<typeof ACCOUNT_PUBLIC_KEY>, context: ValidationContext): FailureCode | undefined {
  return context.height > 1n && publicKey === context.network.nemesisPublicKey ? 'Failure_Core_Nemesis_Account_Signed_After_Nemesis_Block' : undefined;
}

/** A debit larger than the balance. */
export function validateDebitBalance({ address, unresolvedMosaicId, amount }: Payload<typeof BALANCE_DEBIT>, context: ValidationContext): FailureCode | undefined {
  return covers(context, address, unresolvedMosaicId, amount) ? undefined : 'Failure_Core_Insufficient_Balance';
}

/** A transfer larger than the sender's balance. */
export function validateTransferBalance({ unresolvedSenderAddress, unresolvedMosaicId, amount }: Payload<typeof BALANCE_TRANSFER>, context: ValidationContext): FailureCode | undefined {
  return covers(context, context.resolveAddress(unresolvedSenderAddress), unresolvedMosaicId, amount) ? undefined : 'Failure_Core_Insufficient_Balance';
}

function covers(context: ValidationContext, address: string, unresolvedMosaicId: string, amount: bigint): boolean {
  if (amount === 0n) return true;
  const mosaicId = context.resolveMosaicId(unresolvedMosaicId);
  const balance = balanceOf(context.state.cache(ACCOUNTS).get(address), mosaicId);
  if (balance >= amount) return true;
  context.compared?.({ address, mosaicId, balance, amount });
  return false;
}

/** Whether 48 hex characters are an address of this network with a right checksum. */
export function isValidAddress(hex: string, networkIdentifier: number): boolean {
  if (hex.length !== 48) return false;
  const bytes = Buffer.from(hex, 'hex');
  return bytes[0] === networkIdentifier && hasValidChecksum(bytes);
}
