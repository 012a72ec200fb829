import type { UpstreamClient } from './client.js';
import { addressParam } from './params.js';
import { fields } from './shape.js';

/**
 * A state tree's path for a key as an upstream gateway serves it (`GET /accounts/{id}/merkle`
 * and the other state proof routes): the serialized nodes from the root down, its `raw`. A
 * node's state proofs come from the node itself (the reference gateway asks it over its API
 * socket); a mirror's readers ask the gateway the mirror follows the same way.
 */

const hex = (bytes: Buffer) => bytes.toString('hex').toUpperCase();

/** A state proof route's key, from the cache key's bytes, in the form each kind of key takes. */
export const UPSTREAM_KEYS = {
  /** A hash, as 64 hex. */
  hash: (key: Buffer) => hex(key),
  /** A mosaic or namespace id from its tree key (8 bytes, little-endian), as 16 hex. */
  id: (key: Buffer) => hex(Buffer.from(key).reverse()),
  /** An address, in the 39-character form every gateway takes. */
  address: (key: Buffer) => addressParam(hex(key)),
} as const;

const merkleState = fields<{ raw: string }>({ raw: { expected: 'hex bytes', test: (value) => typeof value === 'string' && /^([0-9a-fA-F]{2})*$/.test(value) } });

/**
 * The upstream's path at `route` (a state proof route: its answer's `raw`, checked to be hex).
 *
 * @throws UpstreamError when the upstream fails or answers something else
 */
export async function upstreamStatePath(client: UpstreamClient, route: string): Promise<Uint8Array> {
  const { raw } = await client.get(route, merkleState);
  return new Uint8Array(Buffer.from(raw, 'hex'));
}
