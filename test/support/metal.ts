/**
 * Metals made by the metal-on-symbol rules, apart from the gateway's code: chunks, their keys
 * (@noble/hashes' SHA3), composite hashes and Metal IDs (a base58 of its own), stored as account
 * metadata by signed aggregates announced through a gateway.
 */
import { sha3_256 } from '@noble/hashes/sha3.js';
import type { ChainAccount } from '../../src/memory/chain/identity.js';
import type { InMemoryChain } from '../../src/in-memory-chain.js';
import { confirm } from './announce.js';
import type { TestServer } from './server.js';
import { aggregate } from './signing.js';

type Server = TestServer & { chain: InMemoryChain };

const CHUNK_BYTES = 1012;
const MASK = 0x7fff_ffff_ffff_ffffn;

/** One chunk as metadata: its scoped key and value. */
export interface Chunk {
  key: bigint;
  value: Uint8Array;
}

const u64le = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, 8)).readBigUInt64LE(0);
const keyOf = (value: Uint8Array) => u64le(sha3_256(value)) & MASK;
export const hex16 = (key: bigint) => key.toString(16).toUpperCase().padStart(16, '0');

/** The chunks of `payload` with `text` before it (NUL-ended unless it fills whole chunks), as metal-on-symbol writes them, last first. */
export function chunksOf(payload: Uint8Array, text?: string): Chunk[] {
  const textBytes = Buffer.from(text ?? '');
  const endsMidChunk = textBytes.length % CHUNK_BYTES !== 0;
  const combined = Buffer.concat([textBytes, endsMidChunk && textBytes.length > 0 ? Buffer.from([0]) : Buffer.alloc(0), payload]);
  const textChunks = Math.ceil(textBytes.length / CHUNK_BYTES);
  const count = Math.ceil(combined.length / CHUNK_BYTES);
  const chunks: Chunk[] = [];
  let next = u64le(sha3_256(combined)); // the last chunk names the whole's checksum
  for (let i = count - 1; i >= 0; i--) {
    const header = Buffer.alloc(12);
    header[0] = (i === count - 1 ? 0x80 : 0) | (i < textChunks ? 0x40 : 0);
    header[1] = 0x31;
    header.writeBigUInt64BE(next, 4);
    const value = new Uint8Array(Buffer.concat([header, combined.subarray(i * CHUNK_BYTES, (i + 1) * CHUNK_BYTES)]));
    next = keyOf(value);
    chunks.unshift({ key: next, value });
  }
  return chunks;
}

/** Base58 (Bitcoin's alphabet) by long division over the bytes. */
export function base58(bytes: Uint8Array): string {
  const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  const digits: number[] = [];
  for (const byte of bytes) {
    let carry = byte;
    for (let j = 0; j < digits.length; j++) {
      carry += digits[j] << 8;
      digits[j] = carry % 58;
      carry = Math.floor(carry / 58);
    }
    for (; carry > 0; carry = Math.floor(carry / 58)) digits.push(carry % 58);
  }
  return digits.reverse().map((d) => alphabet[d]).join('');
}

/** The composite hash of `owner`'s own account metadata under `key` (source, target, key, target id, type). */
export function compositeHash(owner: ChainAccount, key: bigint): Uint8Array {
  const numbers = Buffer.alloc(17);
  numbers.writeBigUInt64LE(key, 0);
  return sha3_256(Buffer.concat([Buffer.from(owner.addressHex, 'hex'), Buffer.from(owner.addressHex, 'hex'), numbers]));
}

export const metalIdOf = (owner: ChainAccount, firstKey: bigint) => base58(new Uint8Array([0x0b, 0x2a, ...compositeHash(owner, firstKey)]));

/** Sets each chunk as `owner`'s own account metadata, in aggregates of up to 100 announced through the gateway (`sizeDelta` for a change of a value set before: its value is the XOR of old and new). */
export async function store(server: Server, owner: ChainAccount, chunks: (Chunk & { sizeDelta?: number })[]): Promise<void> {
  const chain = server.chain;
  for (let i = 0; i < chunks.length; i += 100) {
    const embedded = chunks.slice(i, i + 100).map(({ key, value, sizeDelta }) =>
      chain.facade.transactionFactory.createEmbedded({
        type: 'account_metadata_transaction_v1',
        signerPublicKey: owner.keyPair.publicKey,
        targetAddress: owner.address,
        scopedMetadataKey: key,
        valueSizeDelta: sizeDelta ?? value.length,
        value,
      } as never),
    );
    await confirm(server, aggregate(chain, 'complete', owner, embedded));
  }
}

/** A GET whose body is read as bytes (the metal route answers a file, not JSON). */
export async function download(server: TestServer, path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const reply = await fetch(`${server.base}${path}`, { headers });
  return { status: reply.status, headers: reply.headers, bytes: Buffer.from(await reply.arrayBuffer()) };
}

/** A file of `size` bytes that is no text (every byte value, NULs included). */
export const fileOf = (size: number, seed: number) => new Uint8Array(Array.from({ length: size }, (_, i) => (i * 7 + seed) % 256));

