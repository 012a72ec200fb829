import type { BlockInfoDTO } from '../backend/dto.js';
import { VERSION } from '../version.js';
import type { RosettaContext, RosettaRoutes } from './context.js';
import { allRosettaErrors, rosettaError } from './errors.js';
import { firstBlock } from './first-block.js';
import { OPERATION_STATUS_SUCCESS, OPERATION_TYPES } from './operations.js';

/** The Mesh specification version this gateway answers to. */
export const ROSETTA_VERSION = '1.5.1';

/** A Mesh `BlockIdentifier`: a block's height and hash. */
export interface BlockIdentifier {
  index: number;
  hash: string;
}

/** A node's packed version (one byte each of major, minor, patch, build) as `1.0.3.7`. */
export function nodeVersion(packed: number): string {
  return [24, 16, 8, 0].map((shift) => (packed >>> shift) & 0xff).join('.');
}

/** A block's Mesh identifier. */
export function blockIdentifier(block: BlockInfoDTO): BlockIdentifier {
  return { index: Number(block.block.height), hash: block.meta.hash };
}

/** The block at `height`, or a Mesh `notFound` when the backend has none. */
export async function blockAt(context: RosettaContext, height: bigint): Promise<BlockInfoDTO> {
  const block = height < 1n ? undefined : await context.backend.blocks.getByHeight(height);
  if (!block) throw rosettaError('notFound', { reason: `there is no block at height ${height}` });
  return block;
}

/**
 * The first block the backend serves, Rosetta's genesis: block 1, or on a fork (and a mirror
 * started at a height) the lowest block it holds, the chain before it not being served.
 */
export function genesisBlock(context: RosettaContext): Promise<BlockInfoDTO> {
  return firstBlock(context.backend);
}

/** The chain's head: its height, then its block. */
export async function headBlock(context: RosettaContext): Promise<BlockInfoDTO> {
  const { height } = await context.backend.chain.info();
  return blockAt(context, BigInt(height));
}

/** The epoch adjustment of the network in Unix ms (the time of network time 0). */
async function epochMs(context: RosettaContext): Promise<number> {
  const { network } = await context.backend.network.properties();
  return Number.parseInt(network.epochAdjustment, 10) * 1000;
}

/** A Mesh `SyncStatus` from what the backend knows of its lag behind its source; undefined when it knows nothing. */
async function syncStatus(context: RosettaContext, height: number): Promise<{ current_index: number; target_index: number; synced: boolean } | undefined> {
  const behind = (await context.backend.observe?.())?.heightBehind;
  if (behind === undefined) return undefined;
  return { current_index: height, target_index: height + behind, synced: behind === 0 };
}

/** `/network/list`, `/network/options`, `/network/status`. */
export const networkRoutes: RosettaRoutes = {
  '/network/list': async (_request, context) => ({ network_identifiers: [await context.networkIdentifier()] }),
  '/network/options': async (_request, context) => ({
    version: { rosetta_version: ROSETTA_VERSION, node_version: nodeVersion((await context.backend.node.info()).version), middleware_version: VERSION },
    allow: {
      operation_statuses: [{ status: OPERATION_STATUS_SUCCESS, successful: true }],
      operation_types: [...OPERATION_TYPES],
      errors: allRosettaErrors(),
      historical_balance_lookup: false,
      call_methods: [],
      balance_exemptions: [],
      mempool_coins: false,
    },
  }),
  '/network/status': async (_request, context) => {
    const [head, genesis, epoch, peers] = await Promise.all([headBlock(context), genesisBlock(context), epochMs(context), context.backend.node.peers?.() ?? []]);
    const current = blockIdentifier(head);
    const sync = await syncStatus(context, current.index);
    return {
      current_block_identifier: current,
      current_block_timestamp: epoch + Number(head.block.timestamp),
      genesis_block_identifier: blockIdentifier(genesis),
      peers: peers.map((peer) => ({ peer_id: peer.publicKey })),
      ...(sync === undefined ? {} : { sync_status: sync }),
    };
  },
};
