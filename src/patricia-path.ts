/**
 * The path of a Patricia tree node as catapult hashes it (TreeNode.cpp `UpdateEncodedKey`),
 * shared by the in-memory chain's state trees, which hash their nodes with it, and the state
 * proof routes, which hash the nodes a backend serialized.
 */

/**
 * A first byte with 0x20 for a leaf, and for an odd length 0x10 with the first nibble in its
 * low half; then the (remaining) nibbles two a byte, high first; then `room` zero bytes, for
 * what is hashed after the path.
 *
 * @param nibbles the path, one nibble a byte
 */
export function encodePatriciaPath(nibbles: Uint8Array, isLeaf: boolean, room = 0): Uint8Array {
  const odd = nibbles.length % 2;
  const out = new Uint8Array(1 + (nibbles.length >>> 1) + room);
  out[0] = (isLeaf ? 0x20 : 0) | (odd ? 0x10 | nibbles[0] : 0);
  for (let i = odd, at = 1; i < nibbles.length; i += 2, ++at) out[at] = (nibbles[i] << 4) | nibbles[i + 1];
  return out;
}
