import type { BlockInfoDTO } from '../backend/dto.js';
import type { GatewayBackend } from '../backend/index.js';
import { rosettaError } from './errors.js';

/** The first block each backend serves, once found (it never changes). */
const firstBlocks = new WeakMap<GatewayBackend, Promise<BlockInfoDTO>>();

/**
 * The first block `backend` serves: block 1, or on a fork (and a mirror started at a height)
 * the lowest block it holds. Read once per backend; a failed read is not kept.
 */
export function firstBlock(backend: GatewayBackend): Promise<BlockInfoDTO> {
  let first = firstBlocks.get(backend);
  if (!first) {
    first = (async () => {
      const block = (await backend.blocks.getByHeight(1n)) ?? (await backend.blocks.search({ pageSize: 10, pageNumber: 1, order: 'asc', orderBy: 'height' })).data[0];
      if (!block) throw rosettaError('notFound', { reason: 'the chain has no block' });
      return block;
    })();
    first.catch(() => firstBlocks.delete(backend));
    firstBlocks.set(backend, first);
  }
  return first;
}
