import type pg from 'pg';
import type { MerkleProofInfoDTO } from '../backend/repositories.js';
import type { StateTreeName } from '../backend/state-proofs.js';
import { leafPath, type BlockLeaves } from '../memory/block-merkle.js';
import { toHex } from '../memory/keys.js';
import type { ChainState } from '../memory/state/chain-state.js';
import { keyNibbles, proofStep, type PatriciaNode } from '../memory/state/patricia-tree.js';
import { hashedTreeKey } from '../memory/state/state-writer.js';
import { ResourceNotFoundError, ServiceUnavailableError } from '../errors.js';
import type { StateProofRepository } from '../backend/state-proofs.js';
import { UpstreamClient } from '../upstream/client.js';
import { upstreamStatePath } from '../upstream/state-path.js';
import { UpstreamError } from '../upstream/upstream-error.js';
import { STATES } from '../families/index.js';
import { MIRROR_META, writeMeta, type MirrorMeta } from './meta.js';
import { MAX_BIGINT, type Reader } from './reader.js';
import { slices } from './pool.js';

/*
 * The proofs the store serves (see receipts.ts for the part): each block's merkle leaves for
 * the merkle path routes, and the state trees' nodes for the `/…/merkle` state proof routes;
 * gateway instances turn both into answers with the functions the in-memory chain uses.
 */

/** The meta row with each state tree's root (64 hex) once the latest batch was written. */
export const STATE_ROOTS_META = 'stateTreeRoots';
const EMPTY_ROOT = '0'.repeat(64);

/** Writes the leaves of blocks, ascending, a slice of them a statement. */
export async function insertLeaves(client: pg.PoolClient, blocks: readonly { height: bigint; leaves: BlockLeaves }[]): Promise<void> {
  for (const slice of slices(blocks)) {
    await client.query('insert into block_merkle_leaves (height, transactions, statements) select * from unnest($1::bigint[], $2::bytea[], $3::bytea[])', [
      slice.map(({ height }) => height.toString()),
      slice.map(({ leaves }) => leaves.transactions),
      slice.map(({ leaves }) => leaves.statements),
    ]);
  }
}

/** `GET /blocks/{height}/{tree}/{hash}/merkle`: the block's leaves from the database, the path as the chain computes it. */
export async function blockMerklePath(db: Reader, height: bigint, tree: 'transactions' | 'statements', hash: string): Promise<MerkleProofInfoDTO | undefined> {
  // A height past bigint's range names no block (and would fail as a parameter).
  if (height > BigInt(MAX_BIGINT)) return undefined;
  const [row] = await db.rows<{ leaves: Buffer }>(`select ${tree} as leaves from block_merkle_leaves where height = $1`, [height.toString()]);
  return row ? leafPath(row.leaves, hash) : undefined;
}

/** What the state trees changed since the previous batch: their new nodes and their roots. */
export interface TreeChanges {
  /** Each node once, by hash (its bytes are determined by its hash). */
  readonly nodes: Map<string, Uint8Array>;
  /** Each tree's root, 64 hex (zeros for an empty tree); undefined when no root changed. */
  readonly roots: Record<StateTreeName, string> | undefined;
}

/**
 * Follows one chain's state trees for one writer: which nodes it has handed on (by identity:
 * a tree shares with the one before it every node off the changed paths, the same objects)
 * and the roots it wrote last. A new one hands on the whole trees first.
 */
export class TreeFollower {
  readonly #seen = new WeakSet<PatriciaNode>();
  #roots: Record<string, string> | undefined;

  /** The nodes not handed on yet, from the roots down (a node seen before is not descended into: what lies below it was handed on with it). */
  changes(state: Pick<ChainState, 'trees' | 'tree'>): TreeChanges {
    const nodes = new Map<string, Uint8Array>();
    const roots = {} as Record<StateTreeName, string>;
    let changed = this.#roots === undefined;
    for (const name of state.trees()) {
      const tree = state.tree(name)?.tree;
      roots[name] = tree ? toHex(tree.root()) : EMPTY_ROOT;
      if (roots[name] === this.#roots?.[name]) continue;
      changed = true;
      tree?.visit((node) => {
        if (this.#seen.has(node)) return false;
        this.#seen.add(node);
        nodes.set(toHex(node.hash), node.serialize());
        return true;
      });
    }
    if (changed) this.#roots = roots;
    return { nodes, roots: changed ? roots : undefined };
  }
}

/**
 * Writes new tree nodes (a node already there is left: it is the same node) and the roots.
 * Nodes are only added: those the trees replaced stay, so a root once written can always be
 * walked, whatever a reader reads while the writer goes on.
 */
export async function writeTreeChanges(client: pg.PoolClient, changes: TreeChanges): Promise<void> {
  if (changes.nodes.size > 0) {
    await client.query('insert into state_tree_nodes (hash, node) select * from unnest($1::bytea[], $2::bytea[]) on conflict (hash) do nothing', [
      [...changes.nodes.keys()].map((hash) => Buffer.from(hash, 'hex')),
      [...changes.nodes.values()].map((node) => Buffer.from(node)),
    ]);
  }
  if (changes.roots) {
    await writeMeta(client, { [STATE_ROOTS_META]: changes.roots });
  }
}

/**
 * The state proofs of a store: from its trees' nodes (what a chain engine's writer writes), or,
 * for a mirror's database (it holds no tree nodes: REST serves none), from the gateway the
 * mirror follows, as the reference gateway asks its node. Which one is read once, from the
 * database's meta rows.
 */
export function stateProofRepository(db: Reader): StateProofRepository {
  let source: Promise<UpstreamClient | undefined> | undefined;
  const upstream = () => {
    if (!source) {
      source = db.json<MirrorMeta>('select json from meta where key = $1', [MIRROR_META]).then((meta) => meta && new UpstreamClient({ url: meta.upstream, retries: 1, timeout: 5_000, maxRequestsPerSecond: 100_000 }));
      // Each proof asked is one request upstream (not paced: a client asked for it); a failed read of the meta is tried again by the next request.
      source.catch(() => (source = undefined));
    }
    return source;
  };
  return {
    async statePath(tree, key) {
      const client = await upstream();
      if (!client) return statePath(db, tree, key);
      try {
        return await upstreamStatePath(client, upstreamProofRoute(tree, key));
      } catch (error) {
        if (!(error instanceof UpstreamError)) throw error;
        if (error.kind === 'status' && error.status === 404) throw new ResourceNotFoundError('the followed gateway has no such state path');
        // Its address and the failure stay inside: a reader's clients need not know where it reads from.
        throw new ServiceUnavailableError('the followed gateway did not answer the state path');
      }
    },
  };
}

/** Where an upstream gateway serves the proof of `key` in `tree`: the route of the state kind whose tree it is. */
function upstreamProofRoute(tree: StateTreeName, key: Uint8Array): string {
  const state = STATES.find((each) => each.proof.tree === tree);
  if (!state) throw new Error(`no state kind has the tree '${tree}'`);
  return state.proof.upstream(Buffer.from(key));
}

/**
 * `StateProofRepository.statePath` from the database: the walk `PatriciaTree.proofNodes` makes,
 * from the tree's latest root, one node read at a time (a lookup visits the tree's depth in
 * nodes: a handful).
 */
export async function statePath(db: Reader, tree: StateTreeName, key: Uint8Array): Promise<Uint8Array> {
  const roots = await db.meta<Record<StateTreeName, string>>(STATE_ROOTS_META);
  if (roots[tree] === EMPTY_ROOT) return new Uint8Array(0);
  const nodes: Buffer[] = [];
  let hash = Buffer.from(roots[tree], 'hex');
  let path = keyNibbles(hashedTreeKey(key));
  for (;;) {
    const [row] = await db.rows<{ node: Buffer }>('select node from state_tree_nodes where hash = $1', [hash]);
    if (!row) throw new Error(`the state tree node ${toHex(hash)} of ${tree} is missing from the database`);
    nodes.push(row.node);
    const step = proofStep(row.node, path);
    if (!step) break;
    hash = Buffer.from(step.link);
    path = step.path;
  }
  return new Uint8Array(Buffer.concat(nodes));
}
