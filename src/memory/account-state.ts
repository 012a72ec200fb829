import { cacheDescriptor } from './state/cache.js';

/** Keys an account links to other keys (account key links, node, VRF and voting keys). */
export interface SupplementalPublicKeys {
  readonly linked?: string;
  readonly node?: string;
  readonly vrf?: string;
  readonly voting?: readonly { readonly publicKey: string; readonly startEpoch: number; readonly endEpoch: number }[];
}

/** What an account did in one importance period. */
export interface ActivityBucket {
  readonly startHeight: bigint;
  readonly totalFeesPaid: bigint;
  readonly beneficiaryCount: number;
  readonly rawScore: bigint;
}

/** Account types (catapult's AccountType). */
export const ACCOUNT_TYPE = { unlinked: 0, main: 1, remote: 2, remoteUnlinked: 3 } as const;

/** One account's state: catapult's AccountState. Immutable: changes make a new one. */
export interface AccountState {
  /** 48 uppercase hex. */
  readonly address: string;
  /** The height of the block that first named the account. */
  readonly addressHeight: bigint;
  /** 64 uppercase hex, once the account signed something; undefined until then. */
  readonly publicKey: string | undefined;
  /** 0 until the public key is known. */
  readonly publicKeyHeight: bigint;
  readonly accountType: number;
  readonly supplementalPublicKeys: SupplementalPublicKeys;
  readonly importance: bigint;
  readonly importanceHeight: bigint;
  /** Newest first. */
  readonly activityBuckets: readonly ActivityBucket[];
  /** Mosaic id (16 hex) → amount; a mosaic the account no longer holds is not listed. */
  readonly balances: ReadonlyMap<string, bigint>;
}

/** The account state cache, by address (48 hex). */
export const ACCOUNTS = cacheDescriptor<AccountState>('accounts');

/** A new account, first seen at `height`. */
export function newAccount(address: string, height: bigint): AccountState {
  return {
    address,
    addressHeight: height,
    publicKey: undefined,
    publicKeyHeight: 0n,
    accountType: ACCOUNT_TYPE.unlinked,
    supplementalPublicKeys: {},
    importance: 0n,
    importanceHeight: 0n,
    activityBuckets: [],
    balances: new Map(),
  };
}

/** The account's balance of a mosaic (0 when it holds none). */
export function balanceOf(account: AccountState | undefined, mosaicId: string): bigint {
  return account?.balances.get(mosaicId) ?? 0n;
}

/** The account with `delta` added to its balance of a mosaic; a balance that reaches 0 is dropped, as catapult does. */
export function withBalanceChange(account: AccountState, mosaicId: string, delta: bigint): AccountState {
  if (delta === 0n) return account;
  const amount = balanceOf(account, mosaicId) + delta;
  if (amount < 0n) throw new RangeError(`account ${account.address} would hold ${amount} of ${mosaicId}`);
  const balances = new Map(account.balances);
  if (amount === 0n) balances.delete(mosaicId);
  else balances.set(mosaicId, amount);
  return { ...account, balances };
}
