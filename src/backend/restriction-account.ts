/** The restriction-account family's resources (src/families/restriction-account): account restrictions. */
import type { PageRequest } from '../pagination.js';
import type { Awaitable, PageResult } from './repositories.js';

/** One of an account's restrictions that holds values (an account's empty restrictions are not shown). */
export interface AccountRestrictionDTO {
  /**
   * 1 address, 2 mosaic id, 4 transaction type; + 0x4000 outgoing; + 0x8000 when the values
   * are blocked (else they are the only ones allowed).
   */
  restrictionFlags: number;
  /** Addresses as 48 hex, mosaic ids as 16 hex, transaction types as numbers; in the order a node stores them (by their bytes). */
  values: (string | number)[];
}

/** An account's restrictions, as `GET /restrictions/account/{address}` shows them. */
export interface AccountRestrictionsDTO {
  version: number;
  /** 48 hex. */
  address: string;
  restrictions: AccountRestrictionDTO[];
}

export interface AccountRestrictionsInfoDTO {
  /** 24 hex; ids sort in the order accounts got their first restriction. */
  id: string;
  accountRestrictions: AccountRestrictionsDTO;
}

/** `GET /restrictions/account` filters, already validated by the route. */
export interface AccountRestrictionsSearchCriteria extends PageRequest {
  /** 48 hex. */
  address?: string;
  orderBy: 'id';
}

/** Account restrictions (address, mosaic and transaction type restrictions of each account that has any). */
export interface AccountRestrictionsRepository {
  search(criteria: AccountRestrictionsSearchCriteria): Awaitable<PageResult<AccountRestrictionsInfoDTO>>;
  /** The restrictions of each address (48 hex) that has any, in the order asked. */
  find(addresses: readonly string[]): Awaitable<AccountRestrictionsInfoDTO[]>;
}
