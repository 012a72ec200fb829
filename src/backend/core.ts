/** The core family's resources (src/families/core): accounts, their balances, importances and keys. */
import type { PageRequest } from '../pagination.js';
import type { Awaitable, PageResult } from './repositories.js';

/** A mosaic and an amount (`{id: 16 hex, amount: uint64 string}`). */
export interface MosaicAmountDTO {
  id: string;
  amount: string;
}

/** One importance period of an account: `GET /accounts` `activityBuckets`. */
export interface ActivityBucketDTO {
  startHeight: string;
  totalFeesPaid: string;
  beneficiaryCount: number;
  rawScore: string;
}

/** Keys an account has linked (each `{publicKey}`; voting keys with their epochs). */
export interface SupplementalPublicKeysDTO {
  linked?: { publicKey: string };
  node?: { publicKey: string };
  vrf?: { publicKey: string };
  voting?: { publicKeys: { publicKey: string; startEpoch: number; endEpoch: number }[] };
}

/** An account's state as `GET /accounts/{accountId}` shows it. */
export interface AccountDTO {
  version: number;
  /** 48 hex. */
  address: string;
  addressHeight: string;
  /** 64 hex; all zeros until the account has signed something. */
  publicKey: string;
  publicKeyHeight: string;
  /** 0 unlinked, 1 main, 2 remote, 3 remote unlinked. */
  accountType: number;
  supplementalPublicKeys: SupplementalPublicKeysDTO;
  activityBuckets: ActivityBucketDTO[];
  /** The currency first, then by mosaic id. */
  mosaics: MosaicAmountDTO[];
  importance: string;
  importanceHeight: string;
}

export interface AccountInfoDTO {
  /** 24 hex; ids sort in the order accounts appeared. */
  id: string;
  account: AccountDTO;
}

/** `GET /accounts` filters, already validated by the route. */
export interface AccountSearchCriteria extends PageRequest {
  /** 48 hex. */
  address?: string;
  /** 16 hex: accounts that hold this mosaic. */
  mosaicId?: string;
  /**
   * `id`, or `balance`: by the amount of `mosaicId` held (only with `mosaicId`). With
   * `balance`, `offset` is an amount (uint64 decimal): entries with less (desc) or more (asc).
   */
  orderBy: 'id' | 'balance';
}

/** An account named by its address (48 hex) or its public key (64 hex). */
export type AccountKey = { address: string } | { publicKey: string };

/** Account states. A page must cost the same at any depth: keep indexes, never scan. */
export interface AccountRepository {
  search(criteria: AccountSearchCriteria): Awaitable<PageResult<AccountInfoDTO>>;
  /** The accounts the keys name, in the order asked; keys that name no account are left out. */
  find(keys: readonly AccountKey[]): Awaitable<AccountInfoDTO[]>;
}
