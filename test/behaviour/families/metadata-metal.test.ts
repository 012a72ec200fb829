/**
 * `GET /metadata/metal/{metalId}` and `POST /metadata`: files stored as Metals (chunks in
 * account metadata, set by signed aggregates announced through the gateway), read back byte
 * for byte. The chunks and the Metal ID are made here by the metal-on-symbol rules, with their
 * own SHA3 (@noble/hashes) and base58 (test/support/metal.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainAccount } from '../../../src/memory/chain/identity.js';
import type { InMemoryChain } from '../../../src/in-memory-chain.js';
import { base58, chunksOf, compositeHash, download, fileOf, hex16, metalIdOf, store, type Chunk } from '../../support/metal.js';
import { assertMatchesSchema } from '../../support/openapi.js';
import { startGateway, testChain } from '../../support/server.js';

type Server = Awaited<ReturnType<typeof startGateway>>;

const JSON_HEADERS = { 'content-type': 'application/json' };

let server: Server;
let chain: InMemoryChain;
let owner: ChainAccount;
const image = fileOf(4_500, 1);
const SEAL = JSON.stringify(['seal1', image.length, 'image/png', 'ロゴ "1".png', 'a comment']);
const plain = fileOf(2_100, 2);
let imageChunks: Chunk[];
let imageId: string;
let plainId: string;
let brokenId: string;
let missingId: string;

beforeAll(async () => {
  server = await startGateway({ backend: testChain() });
  chain = server.chain;
  owner = chain.fundedAccounts[0];
  imageChunks = chunksOf(image, SEAL);
  const plainChunks = chunksOf(plain);
  // A Metal whose second chunk was changed after its key was made, and one whose third chunk was never stored.
  const broken = chunksOf(fileOf(3_000, 3));
  broken[1] = { key: broken[1].key, value: broken[1].value.map((byte, i) => (i === 20 ? byte ^ 1 : byte)) };
  const missing = chunksOf(fileOf(3_000, 4));
  await store(server, owner, [...imageChunks, ...plainChunks, ...broken, ...missing.filter((_, i) => i !== 2)]);
  imageId = metalIdOf(owner, imageChunks[0].key);
  plainId = metalIdOf(owner, plainChunks[0].key);
  brokenId = metalIdOf(owner, broken[0].key);
  missingId = metalIdOf(owner, missing[0].key);
});
afterAll(() => server.close());

describe('GET /metadata/metal/{metalId}', () => {
  it('answers a sealed Metal byte for byte, typed and named by its seal, inline, the seal in Content-MetalText', async () => {
    expect(imageChunks.length).toBeGreaterThan(4);
    expect(imageId).toMatch(/^Fe[1-9A-HJ-NP-Za-km-z]{44}$/);
    const reply = await download(server, `/metadata/metal/${imageId}`);
    expect(reply.status).toBe(200);
    expect(reply.bytes.equals(Buffer.from(image))).toBe(true);
    expect(reply.headers.get('content-type')).toBe('image/png');
    expect(reply.headers.get('content-length')).toBe(String(image.length));
    // The name is beyond ASCII: its quoted form has '_' for what ASCII lacks, and filename* the name itself.
    expect(reply.headers.get('content-disposition')).toBe(`inline; filename="__ \\"1\\".png"; filename*=UTF-8''${encodeURIComponent('ロゴ "1".png')}`);
    // Header values are bytes: the seal's UTF-8, as fetch shows them (one character per byte).
    expect(Buffer.from(reply.headers.get('content-metaltext')!, 'latin1').toString('utf8')).toBe(SEAL);
  });

  it('lets a browser script read its headers (CORS exposes Content-MetalText and Content-Disposition)', async () => {
    const reply = await download(server, `/metadata/metal/${imageId}`, { origin: 'https://wallet.example' });
    expect(reply.headers.get('access-control-allow-origin')).toBe('*');
    const exposed = reply.headers.get('access-control-expose-headers')!.split(/,\s*/);
    expect(exposed).toEqual(expect.arrayContaining(['content-metaltext', 'content-disposition']));
  });

  it('takes mimeType, fileName and download=true over the seal', async () => {
    const reply = await download(server, `/metadata/metal/${imageId}?mimeType=text%2Fplain&fileName=picture.txt&download=true`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/plain');
    expect(reply.headers.get('content-disposition')).toBe('attachment; filename="picture.txt"');
    expect(reply.bytes.equals(Buffer.from(image))).toBe(true);
  });

  it('answers a Metal without text as an octet-stream attachment, with no name and no Content-MetalText, again and again the same', async () => {
    for (let i = 0; i < 2; i++) {
      const reply = await download(server, `/metadata/metal/${plainId}`);
      expect(reply.status).toBe(200);
      expect(reply.bytes.equals(Buffer.from(plain))).toBe(true);
      expect(reply.headers.get('content-type')).toBe('application/octet-stream');
      expect(reply.headers.get('content-disposition')).toBe('attachment;');
      expect(reply.headers.has('content-metaltext')).toBe(false);
    }
  });

  it.each([
    ['no base58', '0OIl'],
    ['another header', base58(new Uint8Array([0x0b, 0x2b, ...new Uint8Array(32)]))],
    ['one byte short', base58(new Uint8Array([0x0b, 0x2a, ...new Uint8Array(31).fill(1)]))],
  ])('answers 409 InvalidArgument for a Metal ID with %s', async (_, metalId) => {
    const reply = await server.get(`/metadata/metal/${metalId}`);
    expect([reply.status, reply.body.code, reply.body.message]).toEqual([409, 'InvalidArgument', `'${metalId}' is not a valid metal id`]);
  });

  it('answers 404 ResourceNotFound for a Metal ID whose first chunk is not on the chain', async () => {
    const metalId = metalIdOf(owner, 12345n);
    const reply = await server.get(`/metadata/metal/${metalId}`);
    expect([reply.status, reply.body.code, reply.body.message]).toEqual([404, 'ResourceNotFound', `no resource exists with id '${metalId}'`]);
  });

  it('answers 404 naming the chunk for a Metal with a broken chunk and one with a missing chunk', async () => {
    const broken = await server.get(`/metadata/metal/${brokenId}`);
    expect([broken.status, broken.body.code]).toEqual([404, 'ResourceNotFound']);
    expect(broken.body.message).toMatch(/^metal \w+ is incomplete: the chunk [0-9A-F]{16} is broken$/);
    const missing = await server.get(`/metadata/metal/${missingId}`);
    expect([missing.status, missing.body.code]).toEqual([404, 'ResourceNotFound']);
    expect(missing.body.message).toMatch(/^metal \w+ is incomplete: the chunk [0-9A-F]{16} is missing$/);
  });

  it('answers 409 for a mimeType that is no media type', async () => {
    const reply = await server.get(`/metadata/metal/${imageId}?mimeType=${encodeURIComponent('text/html\r\nx: y')}`);
    expect([reply.status, reply.body.code]).toEqual([409, 'InvalidArgument']);
    expect(reply.body.message).toContain('mimeType');
  });
});

describe('GET /metadata/metal/{metalId} with metal.sizeLimit', () => {
  it('answers 413 PayloadTooLarge for a Metal larger than the limit, and the Metal within it', async () => {
    const small = await startGateway({ backend: testChain(), metal: { sizeLimit: 3_000 } });
    try {
      const signer = small.chain.fundedAccounts[0];
      const big = chunksOf(fileOf(3_001, 5));
      const fits = chunksOf(fileOf(3_000, 6));
      await store(small, signer, [...big, ...fits]);
      const refused = await small.get(`/metadata/metal/${metalIdOf(signer, big[0].key)}`);
      expect([refused.status, refused.body.code]).toEqual([413, 'PayloadTooLarge']);
      expect(refused.body.message).toContain('3000 bytes');
      const served = await download(small, `/metadata/metal/${metalIdOf(signer, fits[0].key)}`);
      expect([served.status, served.bytes.length]).toEqual([200, 3_000]);
    } finally {
      await small.close();
    }
  });
});

describe('POST /metadata', () => {
  const post = (body: unknown, spec = false) => server.request('POST', '/metadata', { body: JSON.stringify(body), headers: JSON_HEADERS, spec });
  const hashOf = (chunk: Chunk) => Buffer.from(compositeHash(owner, chunk.key)).toString('hex').toUpperCase();

  it('answers the entries in the order asked, each once, leaving unknown ones out', async () => {
    const [first, second] = imageChunks.map(hashOf);
    const reply = await post({ compositeHashes: [second, '0'.repeat(64), first.toLowerCase(), second] });
    expect(reply.status).toBe(200);
    expect(reply.body.map((entry: any) => entry.metadataEntry.compositeHash)).toEqual([second, first]);
    // Not strict: the 1.0.5 spec has no valueSize, which catapult-rest 2.5 sends.
    for (const entry of reply.body) assertMatchesSchema('MetadataInfoDTO', entry, { strict: false });
    expect(reply.body[1]).toEqual((await server.get(`/metadata/${first}`)).body);
    expect(reply.body[1].metadataEntry.scopedMetadataKey).toBe(hex16(imageChunks[0].key));
  });

  it('answers 409 naming compositeHashes for a missing, malformed or too long list, 400 for a body that is no object', async () => {
    for (const body of [{}, { compositeHashes: 'AB' }, { compositeHashes: ['xyz'] }, { compositeHashes: Array.from({ length: 101 }, () => '0'.repeat(64)) }]) {
      const bad = await post(body, true);
      expect(bad.status, JSON.stringify(body).slice(0, 40)).toBe(409);
      expect(bad.body.message).toContain('compositeHashes');
    }
    expect((await post([1], true)).status).toBe(400);
  });
});
