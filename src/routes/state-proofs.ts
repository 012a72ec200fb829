import { hash } from 'node:crypto';
import { PublicKey } from 'symbol-sdk';
import { Network } from 'symbol-sdk/symbol';
import type { GatewayBackend } from '../backend/index.js';
import type { MerkleStateInfoDTO, MerkleTreeBranchDTO, MerkleTreeLeafDTO, StateTreeName } from '../backend/state-proofs.js';
import type { Awaitable } from '../backend/repositories.js';
import { parseAddress } from '../http/address.js';
import { chainNetworkByte } from './chain-network.js';
import { encodePatriciaPath } from '../patricia-path.js';
import { parseHex } from '../http/query.js';
import { PURE, type Router } from '../http/router.js';
import { andThen } from './awaitable.js';
import { parseAccountKey, parseId } from './params.js';

/** A state proof route (`GET /metadata/{compositeHash}/merkle`): its tree, and how the route's key becomes the cache key's bytes. */
export interface StateProofRoute {
  readonly tree: StateTreeName;
  /** The route, in the router's syntax (`/metadata/:compositeHash/merkle`). */
  readonly path: string;
  /**
   * The cache key's bytes (what the node hashes into the tree key) from the route's parameters:
   * a 24-byte address, an 8-byte little-endian id or a 32-byte hash (see `StateProofRepository`).
   */
  key(params: Readonly<Record<string, string>>, backend: GatewayBackend): Awaitable<Uint8Array>;
}

/**
 * The state proof routes: each names a state tree and a key, and answers the tree's state
 * path for it at the latest block, raw and decoded, as the reference gateway renders what its
 * node sends back. A key not in the tree answers its proof of absence, not 404.
 */
export function stateProofRoutes(router: Router, backend: GatewayBackend, routes: readonly StateProofRoute[]): void {
  const proofs = backend.stateProofs;
  if (!proofs) return;
  for (const route of routes) {
    router.get(route.path, (ctx) => andThen(route.key(ctx.params, backend), (key) => andThen(proofs.statePath(route.tree, key), merkleStateInfo)), PURE);
  }
}

/** The route keys of the state trees, by the form the node keys each cache with. */
export const PROOF_KEYS = {
  /** A 32-byte hash (hash locks; the composite hashes of secret locks, metadata and mosaic restrictions). */
  hash: (name: string) => (params: Readonly<Record<string, string>>) => hexBytes(parseHex(name, params[name], HASH_SIZE)),
  /** A mosaic or namespace id: 8 bytes, little-endian. */
  id: (name: string) => (params: Readonly<Record<string, string>>) => hexBytes(parseId(name, params[name])).reverse(),
  /** An address (24 bytes). */
  address: (name: string) => (params: Readonly<Record<string, string>>, backend: GatewayBackend) => hexBytes(parseAddress(name, params[name], chainNetworkByte(backend))),
  /** An account by address or public key (its address on the backend's network, which `GET /network` names). */
  account: (name: string) => (params: Readonly<Record<string, string>>, backend: GatewayBackend): Awaitable<Uint8Array> => {
    const key = parseAccountKey(name, params[name], chainNetworkByte(backend));
    if ('address' in key) return hexBytes(key.address);
    return andThen(backend.network.type(), ({ name: network }) => addressOf(key.publicKey, network));
  },
} as const;

/** Bytes of a hash, a node's link and a leaf's value. */
const HASH_SIZE = 32;
const BRANCH = 0x00;
const LEAF = 0xff;

/**
 * `{raw, tree}` from serialized tree nodes: each node's path, its path as hashed, and its hash
 * computed from what the node holds (as catapult's TreeNode does), so a client can check the
 * chain of hashes from the leaf to the root from the tree alone. Every hex field is a slice of
 * `raw`'s hex.
 */
export function merkleStateInfo(raw: Uint8Array): MerkleStateInfoDTO {
  const bytes = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
  const rawHex = bytes.toString('hex').toUpperCase();
  const hexAt = (start: number, size: number) => rawHex.slice(2 * start, 2 * (start + size));
  const tree: (MerkleTreeBranchDTO | MerkleTreeLeafDTO)[] = [];
  let at = 0;
  const need = (size: number) => {
    if (at + size > bytes.length) throw new Error(`a state path ends inside a node (${bytes.length} bytes)`);
  };
  while (at < bytes.length) {
    need(2);
    const marker = bytes[at];
    const nibbleCount = bytes[at + 1];
    const pathSize = (nibbleCount + 1) >>> 1;
    need(2 + pathSize);
    const path = bytes.subarray(at + 2, at + 2 + pathSize);
    const pathHex = hexAt(at + 2, pathSize);
    at += 2 + pathSize;
    if (marker === LEAF) {
      need(HASH_SIZE);
      // The hashed bytes: the encoded path, then the value.
      const hashed = encodedPath(path, nibbleCount, true, HASH_SIZE);
      bytes.copy(hashed, hashed.length - HASH_SIZE, at, at + HASH_SIZE);
      tree.push({ type: LEAF, path: pathHex, encodedPath: encodedHex(hashed, HASH_SIZE), nibbleCount, value: hexAt(at, HASH_SIZE), leafHash: sha3Hex(hashed) });
      at += HASH_SIZE;
    } else if (marker === BRANCH) {
      need(2);
      const mask = bytes.readUInt16LE(at);
      at += 2;
      // The hashed bytes: the encoded path, then sixteen link hashes (zeros where no link is).
      const hashed = encodedPath(path, nibbleCount, false, 16 * HASH_SIZE);
      const linksAt = hashed.length - 16 * HASH_SIZE;
      const links: MerkleTreeBranchDTO['links'] = [];
      for (let bit = 0; bit < 16; ++bit) {
        if (!(mask & (1 << bit))) continue;
        need(HASH_SIZE);
        links.push({ bit: bit.toString(16).toUpperCase(), link: hexAt(at, HASH_SIZE) });
        bytes.copy(hashed, linksAt + bit * HASH_SIZE, at, at + HASH_SIZE);
        at += HASH_SIZE;
      }
      tree.push({
        type: BRANCH,
        path: pathHex,
        encodedPath: encodedHex(hashed, 16 * HASH_SIZE),
        nibbleCount,
        linkMask: mask.toString(16).toUpperCase().padStart(4, '0'),
        links,
        branchHash: sha3Hex(hashed),
      });
    } else {
      throw new Error(`a state path has a node of unknown marker ${marker}`);
    }
  }
  return { raw: rawHex, tree };
}

/** The path as a node hashes it, from its serialized form (nibbles two a byte), with `room` zero bytes after it. */
function encodedPath(path: Uint8Array, nibbleCount: number, isLeaf: boolean, room: number): Buffer {
  const nibbles = new Uint8Array(nibbleCount);
  for (let i = 0; i < nibbleCount; ++i) nibbles[i] = i % 2 === 0 ? path[i >>> 1] >>> 4 : path[i >>> 1] & 0x0f;
  const encoded = encodePatriciaPath(nibbles, isLeaf, room);
  return Buffer.from(encoded.buffer, encoded.byteOffset, encoded.byteLength);
}

/** The encoded path at the start of `hashed`, as hex. */
function encodedHex(hashed: Buffer, room: number): string {
  return hashed.subarray(0, hashed.length - room).toString('hex').toUpperCase();
}

function sha3Hex(data: Uint8Array): string {
  return hash('sha3-256', data, 'hex').toUpperCase();
}

function hexBytes(text: string): Uint8Array {
  return Uint8Array.from(Buffer.from(text, 'hex'));
}

/** The address of a public key on the backend's network (`GET /network` names it). */
function addressOf(publicKey: string, networkName: string): Uint8Array {
  const network = Network.NETWORKS.find(({ name }) => name === networkName);
  if (!network) throw new Error(`no address can be derived for network '${networkName}'`);
  return network.publicKeyToAddress(new PublicKey(publicKey)).bytes;
}
