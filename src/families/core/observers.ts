/**
 * The core's observers (catapult's coresystem plugin): accounts that exist from the
 * transactions that name them, their public keys, and balances debited and transferred.
 */
import { ACCOUNT_ADDRESS, ACCOUNT_PUBLIC_KEY, BALANCE_DEBIT, BALANCE_TRANSFER } from '../../memory/execution/core-notifications.js';
import type { Payload } from '../../memory/execution/notification.js';
import type { ObservationContext } from '../../memory/execution/plugin.js';
import { ACCOUNTS, newAccount, withBalanceChange, type AccountState } from '../../memory/account-state.js';

/** The signer's account exists from now on and knows its public key. */
export function observePublicKey({ publicKey, address }: Payload<typeof ACCOUNT_PUBLIC_KEY>, context: ObservationContext): void {
  const accounts = context.state.cache(ACCOUNTS);
  const account = accounts.get(address) ?? newAccount(address, context.height);
  if (account.publicKey === undefined) accounts.set(address, { ...account, publicKey, publicKeyHeight: context.height });
  else if (!accounts.get(address)) accounts.set(address, account);
}

/** A named account exists from now on. */
export function observeAddress({ unresolvedAddress }: Payload<typeof ACCOUNT_ADDRESS>, context: ObservationContext): void {
  const address = context.resolveAddress(unresolvedAddress);
  const accounts = context.state.cache(ACCOUNTS);
  if (!accounts.get(address)) accounts.set(address, newAccount(address, context.height));
}

export function observeDebit({ address, unresolvedMosaicId, amount }: Payload<typeof BALANCE_DEBIT>, context: ObservationContext): void {
  changeBalance(context, address, context.resolveMosaicId(unresolvedMosaicId), -amount);
}

export function observeTransfer(payload: Payload<typeof BALANCE_TRANSFER>, context: ObservationContext): void {
  const mosaicId = context.resolveMosaicId(payload.unresolvedMosaicId);
  changeBalance(context, context.resolveAddress(payload.unresolvedSenderAddress), mosaicId, -payload.amount);
  changeBalance(context, context.resolveAddress(payload.unresolvedRecipientAddress), mosaicId, payload.amount);
}

/** Adds `delta` to an account's balance, making the account when it is new. */
export function changeBalance(context: ObservationContext, address: string, mosaicId: string, delta: bigint): AccountState {
  const accounts = context.state.cache(ACCOUNTS);
  const before = accounts.get(address) ?? newAccount(address, context.height);
  const after = withBalanceChange(before, mosaicId, delta);
  if (after !== before || !accounts.get(address)) accounts.set(address, after);
  return after;
}
