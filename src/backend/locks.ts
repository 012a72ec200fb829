import type { PageRequest } from '../pagination.js';
import type { Awaitable, PageResult } from './repositories.js';

/** What every lock holds (catapult's lock_shared): the funds, their owner, the end and the status. */
export interface LockDTO {
  version: number;
  /** 48 hex: who locked the funds. */
  ownerAddress: string;
  /** 16 hex. */
  mosaicId: string;
  amount: string;
  /** The height the lock ends at. */
  endHeight: string;
  /** 0 while unused, 1 once used (its aggregate bonded confirmed, or claimed by a proof). */
  status: number;
}

/** A hash lock, as `GET /lock/hash/{hash}` shows it. */
export interface HashLockEntryDTO extends LockDTO {
  /** 64 hex: the aggregate bonded it locks funds for. */
  hash: string;
}

/** A secret lock, as `GET /lock/secret/{compositeHash}` shows it. */
export interface SecretLockDTO extends LockDTO {
  /** 0 sha3-256, 1 hash-160, 2 hash-256. */
  hashAlgorithm: number;
  /** 64 hex. */
  secret: string;
  /** 48 hex: who gets the mosaic for the proof. */
  recipientAddress: string;
  /** 64 hex: sha3-256 of the secret and the recipient's address, the lock's key. */
  compositeHash: string;
}

export interface HashLockInfoDTO {
  /** 24 hex; ids sort in the order locks were made. */
  id: string;
  lock: HashLockEntryDTO;
}

export interface SecretLockInfoDTO {
  /** 24 hex; ids sort in the order locks were made. */
  id: string;
  lock: SecretLockDTO;
}

/** `GET /lock/hash` filters, already validated by the route. */
export interface HashLockSearchCriteria extends PageRequest {
  /** 48 hex: the owner. */
  address?: string;
  orderBy: 'id';
}

/** `GET /lock/secret` filters, already validated by the route. */
export interface SecretLockSearchCriteria extends PageRequest {
  /** 48 hex: the lock's owner. */
  address?: string;
  /** 64 hex. */
  secret?: string;
  orderBy: 'id';
}

/** Hash locks (the funds an aggregate bonded locks while it waits for cosignatures). */
export interface HashLockRepository {
  search(criteria: HashLockSearchCriteria): Awaitable<PageResult<HashLockInfoDTO>>;
  /** Locks by the hash they lock for (64 hex), in the order asked; unknown hashes are left out. */
  find(hashes: readonly string[]): Awaitable<HashLockInfoDTO[]>;
}

/** Secret locks (a mosaic locked for a recipient until a proof of the secret). */
export interface SecretLockRepository {
  search(criteria: SecretLockSearchCriteria): Awaitable<PageResult<SecretLockInfoDTO>>;
  /** Locks by composite hash (64 hex), in the order asked; unknown ones are left out. */
  find(compositeHashes: readonly string[]): Awaitable<SecretLockInfoDTO[]>;
}
