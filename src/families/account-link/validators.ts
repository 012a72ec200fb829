/**
 * The account link plugin's notifications and validators (catapult's
 * plugins/txes/account_link): remote accounts that harvest for a main account, node keys,
 * and what a remote account may no longer do.
 */
import { models } from 'symbol-sdk/symbol';
import type { ADDRESS_INTERACTION, TRANSACTION } from '../../memory/execution/core-notifications.js';
import { notificationType, type FailureCode, type Payload } from '../../memory/execution/notification.js';
import type { ValidationContext } from '../../memory/execution/plugin.js';
import { ACCOUNT_TYPE, ACCOUNTS, type AccountState } from '../../memory/account-state.js';
import { LINK_ACTION, type KeyLinkFailures } from '../core/key-links.js';

/** An account is about to become a remote account (published before its public key is observed). */
export const NEW_REMOTE_ACCOUNT = notificationType<{ linkedPublicKey: string; linkedAddress: string }>('newRemoteAccount');

/** The signer (the main account) links or unlinks a remote account. */
export const REMOTE_ACCOUNT_KEY_LINK = notificationType<{
  /** 48 hex. */
  mainAddress: string;
  /** 64 hex. */
  mainPublicKey: string;
  /** 64 hex: the remote account's key. */
  linkedPublicKey: string;
  /** 48 hex. */
  linkedAddress: string;
  linkAction: number;
}>('remoteAccountKeyLink');

/** What the account link plugin reports for node key links. */
export const NODE_KEY_FAILURES: KeyLinkFailures = {
  alreadyExists: 'Failure_AccountLink_Link_Already_Exists',
  inconsistentUnlinkData: 'Failure_AccountLink_Inconsistent_Unlink_Data',
};

const isRemote = (account: AccountState | undefined): boolean => account !== undefined && (account.accountType === ACCOUNT_TYPE.remote || account.accountType === ACCOUNT_TYPE.remoteUnlinked);

/**
 * Linking from an account that is linked already (or was a remote account); unlinking from an
 * account that is no main account, or with another key than the linked one.
 */
export function validateAccountKeyLink({ mainAddress, linkedPublicKey, linkAction }: Payload<typeof REMOTE_ACCOUNT_KEY_LINK>, context: ValidationContext): FailureCode | undefined {
  const main = context.state.cache(ACCOUNTS).get(mainAddress)!;
  if (linkAction === LINK_ACTION.link) return main.accountType === ACCOUNT_TYPE.unlinked ? undefined : 'Failure_AccountLink_Link_Already_Exists';
  if (main.accountType !== ACCOUNT_TYPE.main) return 'Failure_AccountLink_Unknown_Link';
  return main.supplementalPublicKeys.linked === linkedPublicKey ? undefined : 'Failure_AccountLink_Inconsistent_Unlink_Data';
}

/**
 * A remote account that is in use: its public key is known (it signed something, or was
 * linked) and it is not a former remote account. An account that only received funds is
 * available, as catapult finds accounts by public key here.
 */
export function validateNewRemoteAccount({ linkedAddress }: Payload<typeof NEW_REMOTE_ACCOUNT>, context: ValidationContext): FailureCode | undefined {
  const remote = context.state.cache(ACCOUNTS).get(linkedAddress);
  return remote?.publicKey === undefined || remote.accountType === ACCOUNT_TYPE.remoteUnlinked ? undefined : 'Failure_AccountLink_Remote_Account_Ineligible';
}

/** A remote account (linked or not any more) signing a transaction. */
export function validateRemoteSender({ signerAddress }: Payload<typeof TRANSACTION>, context: ValidationContext): FailureCode | undefined {
  return isRemote(context.state.cache(ACCOUNTS).get(signerAddress)) ? 'Failure_AccountLink_Remote_Account_Signer_Prohibited' : undefined;
}

/** A remote account taking part in a transaction (a transfer's recipient); an account key link may name one. */
export function validateRemoteInteraction({ transactionType, unresolvedParticipants }: Payload<typeof ADDRESS_INTERACTION>, context: ValidationContext): FailureCode | undefined {
  if (transactionType === models.TransactionType.ACCOUNT_KEY_LINK.value) return undefined;
  const accounts = context.state.cache(ACCOUNTS);
  return unresolvedParticipants.some((participant) => isRemote(accounts.get(context.resolveAddress(participant))))
    ? 'Failure_AccountLink_Remote_Account_Participant_Prohibited'
    : undefined;
}
