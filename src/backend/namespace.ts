/** The namespace family's resources (src/families/namespace): namespaces, their names and aliases. */
import type { PageRequest } from '../pagination.js';
import type { Awaitable, PageResult } from './repositories.js';

/** What a namespace stands for: `type` 0 nothing, 1 a mosaic (`mosaicId`), 2 an account (`address`, 48 hex). */
export interface AliasDTO {
  type: number;
  mosaicId?: string;
  address?: string;
}

/** A namespace as `GET /namespaces/{namespaceId}` shows it. */
export interface NamespaceDTO {
  version: number;
  /** 0 root, 1 child. */
  registrationType: number;
  /** 1 to 3. */
  depth: number;
  /** The ids of the levels down to this one (16 hex); a root has only `level0`. */
  level0: string;
  level1?: string;
  level2?: string;
  alias: AliasDTO;
  /** 16 hex; `0000000000000000` for a root. */
  parentId: string;
  /** 48 hex. */
  ownerAddress: string;
  startHeight: string;
  /** The height it is gone at, its grace period included; `18446744073709551615` for an eternal one. */
  endHeight: string;
}

export interface NamespaceInfoDTO {
  /** 24 hex; ids sort in the order namespaces were registered. */
  id: string;
  /** `active`: `endHeight` is above the chain's height. */
  meta: { active: boolean; index: number };
  namespace: NamespaceDTO;
}

/** One level's name: `POST /namespaces/names`. `parentId` is left out for a root. */
export interface NamespaceNameDTO {
  id: string;
  name: string;
  parentId?: string;
}

/** `GET /namespaces` filters, already validated by the route. */
export interface NamespaceSearchCriteria extends PageRequest {
  /** 48 hex. */
  ownerAddress?: string;
  /** 0 root, 1 child. */
  registrationType?: number;
  /** 16 hex: a root and everything under it. */
  level0?: string;
  /** 0 none, 1 mosaic, 2 address. */
  aliasType?: number;
  orderBy: 'id';
}

/** Namespaces, their names, and the names that stand for accounts and mosaics. */
export interface NamespaceRepository {
  search(criteria: NamespaceSearchCriteria): Awaitable<PageResult<NamespaceInfoDTO>>;
  /** Namespaces by id (16 hex), in the order asked; unknown ids are left out. */
  find(namespaceIds: readonly string[]): Awaitable<NamespaceInfoDTO[]>;
  /** The names of these namespaces and of their parents (requested ones first); unknown ids are left out. */
  names(namespaceIds: readonly string[]): Awaitable<NamespaceNameDTO[]>;
  /** Full names (`a.b.c`) of the active namespaces linked to each address (48 hex), one entry per address asked. */
  accountNames(addresses: readonly string[]): Awaitable<{ address: string; names: string[] }[]>;
  /** Full names of the active namespaces linked to each mosaic (16 hex), one entry per mosaic asked. */
  mosaicNames(mosaicIds: readonly string[]): Awaitable<{ mosaicId: string; names: string[] }[]>;
}
