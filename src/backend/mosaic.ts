/** The mosaic family's resources (src/families/mosaic): mosaics. */
import type { PageRequest } from '../pagination.js';
import type { Awaitable, PageResult } from './repositories.js';

/** A mosaic's definition and supply, as `GET /mosaics/{mosaicId}` shows it. */
export interface MosaicDTO {
  version: number;
  /** 16 hex. */
  id: string;
  supply: string;
  startHeight: string;
  /** 48 hex. */
  ownerAddress: string;
  revision: number;
  /** 1 supply mutable, 2 transferable, 4 restrictable, 8 revokable. */
  flags: number;
  divisibility: number;
  /** Blocks from `startHeight`; "0" for a mosaic that never expires. */
  duration: string;
}

export interface MosaicInfoDTO {
  /** 24 hex; ids sort in the order mosaics were defined. */
  id: string;
  mosaic: MosaicDTO;
}

/** `GET /mosaics` filters, already validated by the route. */
export interface MosaicSearchCriteria extends PageRequest {
  /** 48 hex. */
  ownerAddress?: string;
  orderBy: 'id';
}

/** Mosaic definitions. */
export interface MosaicRepository {
  search(criteria: MosaicSearchCriteria): Awaitable<PageResult<MosaicInfoDTO>>;
  /** Mosaics by id (16 hex), in the order asked; unknown ids are left out. */
  find(mosaicIds: readonly string[]): Awaitable<MosaicInfoDTO[]>;
}
