import { encodePatriciaPath } from '../../patricia-path.js';
import { sha3 } from '../keys.js';

/**
 * The compact Patricia merkle tree catapult keeps per state cache, whose root goes into a
 * block's `stateHash` and whose node paths the REST `/merkle` routes answer. Layouts and
 * hashing are catapult's (client/catapult/src/catapult/tree/): TreeNode.cpp for the
 * node hashes, PatriciaTreeSerializer.cpp for the serialized nodes, PatriciaTree.h for the
 * shape after each set and unset and for the nodes a lookup returns, so symbol-sdk v3's
 * `deserializePatriciaTreeNodes` and `provePatriciaMerkle` accept what this tree answers.
 *
 * The tree is persistent: `set` and `remove` return a new tree that shares every node off
 * the changed key's path, and leave this one as it was. A block's changes are applied to
 * the confirmed tree, giving a layer; keeping the result commits it, dropping it discards
 * it, each at no cost. A change builds at most (depth + 2) nodes; node hashes are computed
 * when first asked for and kept, so a root after a batch of changes rehashes only the
 * nodes the batch built.
 */

/** Bytes of a key hash and of a value hash. */
const HASH_SIZE = 32;
const ZERO_HASH = new Uint8Array(HASH_SIZE);
/** Node markers of the serialized form (PatriciaTreeSerializer.cpp). */
const LEAF_MARKER = 0xff;
const BRANCH_MARKER = 0x00;
const MAX_LINKS = 16;

/** A path as nibbles, one a byte, the high nibble of each key byte first (TreeNodePath). */
type Nibbles = Uint8Array;

/** Nodes never change once built, so a hash, once computed, stays right. */
abstract class TreeNode {
  readonly path: Nibbles;
  #hash: Uint8Array | undefined;

  constructor(path: Nibbles) {
    this.path = path;
  }

  get hash(): Uint8Array {
    return (this.#hash ??= this.computeHash());
  }

  protected abstract computeHash(): Uint8Array;

  /** This node under another path (a split shortens it, a merge lengthens it). */
  abstract withPath(path: Nibbles): TreeNode;

  /** Catapult's serialized node: the bytes a `/merkle` route's `raw` is made of. */
  abstract serialize(): Uint8Array;
}

class LeafNode extends TreeNode {
  readonly value: Uint8Array;

  constructor(path: Nibbles, value: Uint8Array) {
    super(path);
    this.value = value;
  }

  /** sha3(encoded path with the leaf flag ‖ value). */
  protected computeHash(): Uint8Array {
    return sha3(encodePatriciaPath(this.path, true), this.value);
  }

  withPath(path: Nibbles): LeafNode {
    return new LeafNode(path, this.value);
  }

  /** 0xFF, path, value. */
  serialize(): Uint8Array {
    const out = new Uint8Array(1 + pathSize(this.path) + HASH_SIZE);
    out[0] = LEAF_MARKER;
    const at = writePath(out, 1, this.path);
    out.set(this.value, at);
    return out;
  }
}

class BranchNode extends TreeNode {
  /** Sixteen slots, one per next nibble; at least two are set. */
  readonly links: readonly (TreeNode | undefined)[];

  constructor(path: Nibbles, links: readonly (TreeNode | undefined)[]) {
    super(path);
    this.links = links;
  }

  /** sha3(encoded path ‖ the 16 link hashes, 32 zero bytes for an empty link). */
  protected computeHash(): Uint8Array {
    const parts: Uint8Array[] = [encodePatriciaPath(this.path, false)];
    for (const link of this.links) parts.push(link === undefined ? ZERO_HASH : link.hash);
    return sha3(...parts);
  }

  withPath(path: Nibbles): BranchNode {
    return new BranchNode(path, this.links);
  }

  withLink(index: number, node: TreeNode | undefined): BranchNode {
    const links = this.links.slice();
    links[index] = node;
    return new BranchNode(this.path, links);
  }

  /** 0x00, path, a little-endian uint16 mask of the set links, then their hashes in link order. */
  serialize(): Uint8Array {
    let mask = 0;
    let count = 0;
    this.links.forEach((link, i) => {
      if (link === undefined) return;
      mask |= 1 << i;
      ++count;
    });
    const out = new Uint8Array(1 + pathSize(this.path) + 2 + count * HASH_SIZE);
    out[0] = BRANCH_MARKER;
    let at = writePath(out, 1, this.path);
    out[at++] = mask & 0xff;
    out[at++] = mask >>> 8;
    for (const link of this.links) {
      if (link === undefined) continue;
      out.set(link.hash, at);
      at += HASH_SIZE;
    }
    return out;
  }
}

/**
 * A Patricia merkle tree from 32-byte key hashes (the sha3-256 of a cache key, as the cache's
 * encoder makes it) to 32-byte value hashes (the hash of the serialized state entry).
 */
export class PatriciaTree {
  /** The tree with no keys; its root is 32 zero bytes, as catapult's empty node hash. */
  static readonly EMPTY: PatriciaTree = new PatriciaTree(undefined, 0);

  readonly #root: TreeNode | undefined;
  /** Number of keys in the tree. */
  readonly size: number;

  private constructor(root: TreeNode | undefined, size: number) {
    this.#root = root;
    this.size = size;
  }

  /** The root hash: 32 zero bytes for an empty tree. */
  root(): Uint8Array {
    return (this.#root === undefined ? ZERO_HASH : this.#root.hash).slice();
  }

  /** The value hash under `keyHash`, or undefined. */
  get(keyHash: Uint8Array): Uint8Array | undefined {
    let path = toNibbles(keyHash);
    let node = this.#root;
    while (node instanceof BranchNode) {
      const d = firstDifference(node.path, path);
      if (d < node.path.length) return undefined;
      node = node.links[path[d]];
      path = path.subarray(d + 1);
    }
    return node instanceof LeafNode && equalNibbles(node.path, path) ? node.value.slice() : undefined;
  }

  /** A tree with `valueHash` under `keyHash`; this one is left as it was. */
  set(keyHash: Uint8Array, valueHash: Uint8Array): PatriciaTree {
    if (valueHash.length !== HASH_SIZE) throw new RangeError(`a value hash has ${HASH_SIZE} bytes, got ${valueHash.length}`);
    const change = { added: false };
    const root = setNode(this.#root, toNibbles(keyHash), valueHash.slice(), change);
    return root === this.#root ? this : new PatriciaTree(root, this.size + (change.added ? 1 : 0));
  }

  /** A tree without `keyHash`; this tree itself when the key is absent. */
  remove(keyHash: Uint8Array): PatriciaTree {
    const root = removeNode(this.#root, toNibbles(keyHash));
    return root === this.#root ? this : new PatriciaTree(root, this.size - 1);
  }

  /**
   * The serialized nodes catapult's lookup visits for `keyHash`, root first, one array a node.
   * For a present key they end with its leaf. For an absent key they end where the walk
   * stops: a branch with no link at the key's next nibble (a proof of absence symbol-sdk
   * accepts) or a leaf with another path. Like catapult, the walk takes the link at the
   * first nibble where the key leaves a branch's path, even inside that path. Empty for an
   * empty tree.
   */
  proofNodes(keyHash: Uint8Array): Uint8Array[] {
    const nodes: Uint8Array[] = [];
    let path = toNibbles(keyHash);
    let node = this.#root;
    while (node !== undefined) {
      nodes.push(node.serialize());
      if (!(node instanceof BranchNode)) break;
      const d = firstDifference(node.path, path);
      node = node.links[path[d]];
      path = path.subarray(d + 1);
    }
    return nodes;
  }

  /**
   * Visits the tree's nodes, each before its links, for a store that keeps them elsewhere by
   * hash; a node for which `enter` answers false is not descended into (the store holds it,
   * and so what lies below it). Trees share the nodes off their changed paths, the very
   * objects, so a store can tell by identity the nodes it has already seen.
   */
  visit(enter: (node: PatriciaNode) => boolean): void {
    const walk = (node: TreeNode) => {
      if (!enter(node) || !(node instanceof BranchNode)) return;
      for (const link of node.links) if (link !== undefined) walk(link);
    };
    if (this.#root !== undefined) walk(this.#root);
  }

  /** `proofNodes` back to back: the `raw` of a `/merkle` route, as `deserializePatriciaTreeNodes` reads it. */
  proof(keyHash: Uint8Array): Uint8Array {
    const nodes = this.proofNodes(keyHash);
    const out = new Uint8Array(nodes.reduce((total, node) => total + node.length, 0));
    let at = 0;
    for (const node of nodes) {
      out.set(node, at);
      at += node.length;
    }
    return out;
  }
}

/** A node of a tree as `PatriciaTree.visit` shows it: its hash and its serialized form (which its hash determines). */
export interface PatriciaNode {
  readonly hash: Uint8Array;
  serialize(): Uint8Array;
}

/**
 * One step of `proofNodes` over a serialized node, for a store that keeps a tree's nodes by
 * hash: the hash of the link the lookup of `path` (the key's nibbles not yet walked, see
 * `keyNibbles`) takes next, with the nibbles left after it; undefined where the lookup stops
 * (at a leaf, or at a branch without that link).
 */
export function proofStep(node: Uint8Array, path: Nibbles): { link: Uint8Array; path: Nibbles } | undefined {
  if (node[0] !== BRANCH_MARKER) return undefined;
  const count = node[1];
  const nodePath = new Uint8Array(count);
  for (let i = 0; i < count; i++) nodePath[i] = i % 2 === 0 ? node[2 + (i >>> 1)] >>> 4 : node[2 + (i >>> 1)] & 0x0f;
  let at = 1 + pathSize(nodePath);
  const mask = node[at] | (node[at + 1] << 8);
  at += 2;
  const d = firstDifference(nodePath, path);
  if (d >= path.length) return undefined;
  const index = path[d];
  if ((mask & (1 << index)) === 0) return undefined;
  // The set links' hashes follow the mask in link order.
  for (let i = 0; i < index; i++) if ((mask & (1 << i)) !== 0) at += HASH_SIZE;
  return { link: node.subarray(at, at + HASH_SIZE), path: path.subarray(d + 1) };
}

/** The nibbles of a tree key (32 bytes), as a lookup walks them. */
export function keyNibbles(keyHash: Uint8Array): Nibbles {
  return toNibbles(keyHash);
}

/** PatriciaTree.h `set`: the node that replaces `node` once `path` holds `value`. */
function setNode(node: TreeNode | undefined, path: Nibbles, value: Uint8Array, change: { added: boolean }): TreeNode {
  if (node === undefined) {
    change.added = true;
    return new LeafNode(path, value);
  }
  const d = firstDifference(node.path, path);
  if (node instanceof LeafNode) {
    // Every key has 64 nibbles, so a leaf and a key at the same node have paths of one length.
    if (d === path.length) return equalBytes(node.value, value) ? node : new LeafNode(path, value);
    change.added = true;
    return split(node, d, new LeafNode(path.subarray(d + 1), value), path[d]);
  }
  const branch = node as BranchNode;
  if (d === branch.path.length) {
    const index = path[d];
    const child = branch.links[index];
    const updated = setNode(child, path.subarray(d + 1), value, change);
    return updated === child ? branch : branch.withLink(index, updated);
  }
  change.added = true;
  return split(branch, d, new LeafNode(path.subarray(d + 1), value), path[d]);
}

/** A branch at the first `d` nibbles of `node`'s path, over `node` (the rest of its path) and `leaf`. */
function split(node: TreeNode, d: number, leaf: LeafNode, leafIndex: number): BranchNode {
  const links: (TreeNode | undefined)[] = new Array(MAX_LINKS).fill(undefined);
  links[node.path[d]] = node.withPath(node.path.subarray(d + 1));
  links[leafIndex] = leaf;
  return new BranchNode(node.path.subarray(0, d), links);
}

/**
 * PatriciaTree.h `unset`: the node that replaces `node` once `path` is gone, `node` itself
 * when it is not there. The parent of the removed leaf merges with its last link when it
 * is left with one; branches above it only change a link.
 */
function removeNode(node: TreeNode | undefined, path: Nibbles): TreeNode | undefined {
  if (node === undefined) return undefined;
  if (node instanceof LeafNode) return equalNibbles(node.path, path) ? undefined : node;
  const branch = node as BranchNode;
  const d = firstDifference(branch.path, path);
  if (d < branch.path.length) return branch;
  const index = path[d];
  const child = branch.links[index];
  if (child === undefined) return branch;
  const updated = removeNode(child, path.subarray(d + 1));
  if (updated === child) return branch;
  if (updated !== undefined) return branch.withLink(index, updated);
  const left = branch.withLink(index, undefined);
  let last = -1;
  let count = 0;
  left.links.forEach((link, i) => {
    if (link === undefined) return;
    last = i;
    ++count;
  });
  if (count !== 1) return left;
  const only = left.links[last]!;
  return only.withPath(joinPaths(branch.path, last, only.path));
}

function toNibbles(keyHash: Uint8Array): Nibbles {
  if (keyHash.length !== HASH_SIZE) throw new RangeError(`a key hash has ${HASH_SIZE} bytes, got ${keyHash.length}`);
  const nibbles = new Uint8Array(2 * HASH_SIZE);
  keyHash.forEach((byte, i) => {
    nibbles[2 * i] = byte >>> 4;
    nibbles[2 * i + 1] = byte & 0x0f;
  });
  return nibbles;
}

function joinPaths(head: Nibbles, nibble: number, tail: Nibbles): Nibbles {
  const joined = new Uint8Array(head.length + 1 + tail.length);
  joined.set(head);
  joined[head.length] = nibble;
  joined.set(tail, head.length + 1);
  return joined;
}

/** Index of the first nibble where `a` and `b` differ, or the shorter length (FindFirstDifferenceIndex). */
function firstDifference(a: Nibbles, b: Nibbles): number {
  const end = Math.min(a.length, b.length);
  let i = 0;
  while (i < end && a[i] === b[i]) ++i;
  return i;
}

function equalNibbles(a: Nibbles, b: Nibbles): boolean {
  return a.length === b.length && firstDifference(a, b) === a.length;
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

/** Bytes of a serialized path: a nibble count, then the nibbles two a byte, an odd last one in a high half. */
function pathSize(path: Nibbles): number {
  return 1 + ((path.length + 1) >>> 1);
}

/** Writes `path` as PatriciaTreeSerializer.cpp `SerializePath` does; returns the offset after it. */
function writePath(out: Uint8Array, at: number, path: Nibbles): number {
  out[at++] = path.length;
  for (let i = 0; i < path.length; i += 2) out[at++] = (path[i] << 4) | (i + 1 < path.length ? path[i + 1] : 0);
  return at;
}
