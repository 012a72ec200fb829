/**
 * Keys an account links to itself (catapult's keylink helpers and the coresystem's VRF and
 * voting key links): one key of a kind (a VRF key, a node key), or several voting keys, each
 * for a range of finalization epochs that must not overlap the ranges before it.
 */
import { models } from 'symbol-sdk/symbol';
import { notificationType, type FailureCode } from '../../memory/execution/notification.js';
import type { ObservationContext, TransactionSupport, ValidationContext } from '../../memory/execution/plugin.js';
import { toHex } from '../../memory/keys.js';
import { ACCOUNTS, type AccountState, type SupplementalPublicKeys } from '../../memory/account-state.js';

/** Link actions (catapult's LinkAction). */
export const LINK_ACTION = { unlink: 0, link: 1 } as const;

/** A key link transaction's action, whatever the kind of key. */
export const KEY_LINK_ACTION = notificationType<{ linkAction: number }>('keyLinkAction');

/** The signer (the main account) links or unlinks one key. */
export interface KeyLink {
  /** 48 hex: the signer's account. */
  readonly mainAddress: string;
  /** 64 hex. */
  readonly linkedPublicKey: string;
  readonly linkAction: number;
}

/** A voting key and the finalization epochs it votes in (both included). */
export interface VotingKey {
  /** 64 hex. */
  readonly publicKey: string;
  readonly startEpoch: number;
  readonly endEpoch: number;
}

/** A VRF key is linked or unlinked. */
export const VRF_KEY_LINK = notificationType<KeyLink>('vrfKeyLink');
/** A voting key is linked or unlinked for a range of epochs. */
export const VOTING_KEY_LINK = notificationType<{ readonly mainAddress: string; readonly key: VotingKey; readonly linkAction: number }>('votingKeyLink');

/** The supplemental keys an account holds one of. */
export type SingleKeyKind = 'linked' | 'node' | 'vrf';

/** The codes a kind of key link reports (the core's, or the account link plugin's for node keys). */
export interface KeyLinkFailures {
  readonly alreadyExists: FailureCode;
  readonly inconsistentUnlinkData: FailureCode;
}

const CORE_FAILURES: KeyLinkFailures = { alreadyExists: 'Failure_Core_Link_Already_Exists', inconsistentUnlinkData: 'Failure_Core_Inconsistent_Unlink_Data' };

function mainAccount(context: ValidationContext, address: string): AccountState {
  // The main account is the signer: its account exists once its public key was observed.
  return context.state.cache(ACCOUNTS).get(address)!;
}

/** A link action other than link or unlink (symbol-sdk refuses to decode one, so a signed transaction never reaches it). */
export function validateLinkAction({ linkAction }: { linkAction: number }): FailureCode | undefined {
  return linkAction > LINK_ACTION.link ? 'Failure_Core_Invalid_Link_Action' : undefined;
}

/** Linking a key of a kind the account holds one of already; unlinking a key the account does not hold (catapult's KeyLinkValidator). */
export function keyLinkValidator(kind: SingleKeyKind, failures: KeyLinkFailures = CORE_FAILURES) {
  return ({ mainAddress, linkedPublicKey, linkAction }: KeyLink, context: ValidationContext): FailureCode | undefined => {
    const current = mainAccount(context, mainAddress).supplementalPublicKeys[kind];
    if (linkAction === LINK_ACTION.link) return current === undefined ? undefined : failures.alreadyExists;
    return current === linkedPublicKey ? undefined : failures.inconsistentUnlinkData;
  };
}

/** The account holds the key from now on, or no longer (catapult's KeyLinkObserver). */
export function keyLinkObserver(kind: SingleKeyKind) {
  return ({ mainAddress, linkedPublicKey, linkAction }: KeyLink, context: ObservationContext): void => {
    const accounts = context.state.cache(ACCOUNTS);
    const account = accounts.get(mainAddress)!;
    accounts.set(mainAddress, { ...account, supplementalPublicKeys: withKey(account.supplementalPublicKeys, kind, linkAction === LINK_ACTION.link ? linkedPublicKey : undefined) });
  };
}

/** The keys with one kind set to `publicKey`, or removed when it is undefined. */
export function withKey(keys: SupplementalPublicKeys, kind: SingleKeyKind, publicKey: string | undefined): SupplementalPublicKeys {
  const { [kind]: _, ...others } = keys;
  return publicKey === undefined ? others : { ...others, [kind]: publicKey };
}

/** A voting key starting at epoch 0; a range that ends before it starts, or is shorter or longer than the network allows (catapult's VotingKeyLinkRangeValidator, stateless). */
export function validateVotingKeyRange({ key }: { key: VotingKey }, context: ValidationContext): FailureCode | undefined {
  if (key.startEpoch === 0) return 'Failure_Core_Link_Start_Epoch_Invalid';
  if (key.endEpoch < key.startEpoch) return 'Failure_Core_Invalid_Link_Range';
  const epochs = key.endEpoch - key.startEpoch + 1;
  return epochs < context.rules.minVotingKeyLifetime || epochs > context.rules.maxVotingKeyLifetime ? 'Failure_Core_Invalid_Link_Range' : undefined;
}

/**
 * Linking a voting key when the account holds `maxVotingKeysPerAccount` already, or for a
 * range that does not start after the last one's end; unlinking a key (with its range) the
 * account does not hold (catapult's MultiKeyLinkValidator).
 */
export function validateVotingKeyLink({ mainAddress, key, linkAction }: { mainAddress: string; key: VotingKey; linkAction: number }, context: ValidationContext): FailureCode | undefined {
  const keys = mainAccount(context, mainAddress).supplementalPublicKeys.voting ?? [];
  if (linkAction === LINK_ACTION.link) {
    if (keys.length >= context.rules.maxVotingKeysPerAccount) return 'Failure_Core_Too_Many_Links';
    const upperBound = keys.length === 0 ? 0 : keys[keys.length - 1].endEpoch;
    return upperBound >= key.startEpoch ? 'Failure_Core_Link_Already_Exists' : undefined;
  }
  return keys.some((held) => sameVotingKey(held, key)) ? undefined : 'Failure_Core_Inconsistent_Unlink_Data';
}

/** Adds the voting key (kept in epoch order, as catapult keeps them) or removes it. */
export function observeVotingKeyLink({ mainAddress, key, linkAction }: { mainAddress: string; key: VotingKey; linkAction: number }, context: ObservationContext): void {
  const accounts = context.state.cache(ACCOUNTS);
  const account = accounts.get(mainAddress)!;
  const keys = account.supplementalPublicKeys.voting ?? [];
  let voting: readonly VotingKey[];
  if (linkAction === LINK_ACTION.link) {
    const at = keys.findIndex((held) => held.startEpoch > key.endEpoch);
    voting = at < 0 ? [...keys, { ...key }] : [...keys.slice(0, at), { ...key }, ...keys.slice(at)];
  } else {
    const at = keys.findIndex((held) => sameVotingKey(held, key));
    voting = [...keys.slice(0, at), ...keys.slice(at + 1)];
  }
  const { voting: _, ...others } = account.supplementalPublicKeys;
  accounts.set(mainAddress, { ...account, supplementalPublicKeys: voting.length > 0 ? { ...others, voting } : others });
}

function sameVotingKey(a: VotingKey, b: VotingKey): boolean {
  return a.publicKey === b.publicKey && a.startEpoch === b.startEpoch && a.endEpoch === b.endEpoch;
}

type VrfKeyLinkModel = InstanceType<typeof models.VrfKeyLinkTransactionV1>;
type VotingKeyLinkModel = InstanceType<typeof models.VotingKeyLinkTransactionV1>;

/** VRF key links: the action, then the link. */
export const vrfKeyLink: TransactionSupport = {
  type: models.TransactionType.VRF_KEY_LINK.value,
  publish({ model, signerAddress }, publish) {
    const { linkedPublicKey, linkAction } = model as VrfKeyLinkModel;
    publish(KEY_LINK_ACTION, { linkAction: linkAction.value });
    publish(VRF_KEY_LINK, { mainAddress: signerAddress, linkedPublicKey: toHex(linkedPublicKey.bytes), linkAction: linkAction.value });
  },
};

/** Voting key links: the action, then the link with its epochs. */
export const votingKeyLink: TransactionSupport = {
  type: models.TransactionType.VOTING_KEY_LINK.value,
  publish({ model, signerAddress }, publish) {
    const { linkedPublicKey, startEpoch, endEpoch, linkAction } = model as VotingKeyLinkModel;
    publish(KEY_LINK_ACTION, { linkAction: linkAction.value });
    publish(VOTING_KEY_LINK, {
      mainAddress: signerAddress,
      key: { publicKey: toHex(linkedPublicKey.bytes), startEpoch: startEpoch.value, endEpoch: endEpoch.value },
      linkAction: linkAction.value,
    });
  },
};
