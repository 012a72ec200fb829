import type { StateTreeName } from '../backend/state-proofs.js';
import type { UpstreamClient } from './client.js';
import { addressParam } from './params.js';
import { fields } from './shape.js';

/**
 * A state tree's path for a key as an upstream gateway serves it (`GET /accounts/{id}/merkle`
 * and the other state proof routes): the serialized nodes from the root down, its `raw`. A
 * node's state proofs come from the node itself (the reference gateway asks it over its API
 * socket); a mirror's readers ask the gateway the mirror follows the same way.
 */

/** The route of each tree's proofs, from the key as the tree holds it. */
const ROUTES: Record<StateTreeName, (key: Buffer) => string> = {
  accountState: (key) => `/accounts/${addressParam(hex(key))}/merkle`,
  namespace: (key) => `/namespaces/${id(key)}/merkle`,
  mosaic: (key) => `/mosaics/${id(key)}/merkle`,
  multisig: (key) => `/account/${addressParam(hex(key))}/multisig/merkle`,
  hashLockInfo: (key) => `/lock/hash/${hex(key)}/merkle`,
  secretLockInfo: (key) => `/lock/secret/${hex(key)}/merkle`,
  accountRestriction: (key) => `/restrictions/account/${addressParam(hex(key))}/merkle`,
  mosaicRestriction: (key) => `/restrictions/mosaic/${hex(key)}/merkle`,
  metadata: (key) => `/metadata/${hex(key)}/merkle`,
};

const hex = (bytes: Buffer) => bytes.toString('hex').toUpperCase();
/** A mosaic or namespace id from its tree key (8 bytes, little-endian). */
const id = (key: Buffer) => hex(Buffer.from(key).reverse());

const merkleState = fields<{ raw: string }>({ raw: { expected: 'hex bytes', test: (value) => typeof value === 'string' && /^([0-9a-fA-F]{2})*$/.test(value) } });

/**
 * The upstream's path for `key` in `tree` (its answer's `raw`, checked to be hex).
 *
 * @throws UpstreamError when the upstream fails or answers something else
 */
export async function upstreamStatePath(client: UpstreamClient, tree: StateTreeName, key: Uint8Array): Promise<Uint8Array> {
  const { raw } = await client.get(ROUTES[tree](Buffer.from(key)), merkleState);
  return new Uint8Array(Buffer.from(raw, 'hex'));
}
