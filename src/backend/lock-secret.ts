/** The lock-secret family's resources (src/families/lock-secret): secret locks. */
import type { PageRequest } from '../pagination.js';
import type { Awaitable, PageResult } from './repositories.js';
import type { LockDTO } from './lock-shared.js';

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

export interface SecretLockInfoDTO {
  /** 24 hex; ids sort in the order locks were made. */
  id: string;
  lock: SecretLockDTO;
}

/** `GET /lock/secret` filters, already validated by the route. */
export interface SecretLockSearchCriteria extends PageRequest {
  /** 48 hex: the lock's owner. */
  address?: string;
  /** 64 hex. */
  secret?: string;
  orderBy: 'id';
}

/** Secret locks (a mosaic locked for a recipient until a proof of the secret). */
export interface SecretLockRepository {
  search(criteria: SecretLockSearchCriteria): Awaitable<PageResult<SecretLockInfoDTO>>;
  /** Locks by composite hash (64 hex), in the order asked; unknown ones are left out. */
  find(compositeHashes: readonly string[]): Awaitable<SecretLockInfoDTO[]>;
}
