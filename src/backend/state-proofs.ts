import type { Awaitable } from './repositories.js';

/**
 * The state caches whose Patricia tree roots make a block's `stateHash`, in catapult's cache
 * order (the order of a block's `meta.stateHashSubCacheMerkleRoots`).
 */
export type StateTreeName =
  | 'accountState'
  | 'namespace'
  | 'mosaic'
  | 'multisig'
  | 'hashLockInfo'
  | 'secretLockInfo'
  | 'accountRestriction'
  | 'mosaicRestriction'
  | 'metadata';

/** `GET /.../merkle`: what the reference gateway asks its node for with a state path packet. */
export interface StateProofRepository {
  /**
   * The state path of `key` in one state tree, at the latest block: the serialized tree nodes a
   * lookup of the key visits, root first, back to back (catapult's PatriciaTreeSerializer form:
   * a branch is 0x00, its path, a little-endian uint16 link mask and the set links' hashes; a
   * leaf is 0xFF, its path and its value hash). For an absent key they stop where the lookup
   * stops; for an empty tree they are empty.
   *
   * `key` is the cache key as the node hashes it into a tree key: a 24-byte address (account
   * state, multisig, account restrictions), an 8-byte little-endian id (namespace root,
   * mosaic) or a 32-byte hash (hash lock, and the composite hashes of secret locks, metadata
   * and mosaic restrictions).
   */
  statePath(tree: StateTreeName, key: Uint8Array): Awaitable<Uint8Array>;
}

/** A `/merkle` route's answer: the state path as hex, and decoded node by node. */
export interface MerkleStateInfoDTO {
  /** The serialized nodes, root first, uppercase hex. */
  raw: string;
  tree: (MerkleTreeBranchDTO | MerkleTreeLeafDTO)[];
}

export interface MerkleTreeBranchDTO {
  type: 0;
  /** The branch's nibbles, two a byte, an odd last one in a high half (uppercase hex). */
  path: string;
  /** The path as it is hashed: a flag byte (0x10 and the first nibble when odd), then the rest. */
  encodedPath: string;
  nibbleCount: number;
  /** The uint16 mask of the set links, most significant byte first (4 hex digits). */
  linkMask: string;
  /** The set links, by ascending nibble. */
  links: { bit: string; link: string }[];
  /** SHA3-256 of the encoded path and the sixteen link hashes (zero for a missing link). */
  branchHash: string;
}

export interface MerkleTreeLeafDTO {
  type: 255;
  path: string;
  /** The path as it is hashed: a flag byte with 0x20 (and 0x10 with the first nibble when odd), then the rest. */
  encodedPath: string;
  nibbleCount: number;
  /** SHA3-256 of the serialized state entry. */
  value: string;
  /** SHA3-256 of the encoded path and the value. */
  leafHash: string;
}
