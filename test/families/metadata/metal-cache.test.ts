/**
 * The Metal cache of `GET /metadata/metal/{metalId}` (`metal.cacheTtl`, `metal.sizeLimit`), seen
 * through a real server: a Metal read is answered again as it was read while it is kept, even
 * after its chunks changed on the chain; with `cacheTtl: 0` the change shows at once.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { MetalCache } from '../../../src/families/metadata/metal-cache.js';
import { chunksOf, download, fileOf, metalIdOf, store } from '../../support/metal.js';
import { startGateway, testChain } from '../../support/server.js';

type Server = Awaited<ReturnType<typeof startGateway>>;
let server: Server | undefined;
afterEach(() => server?.close());

/** A gateway with `metal`, a 3 kB Metal on its chain, read once; then its first chunk changed on the chain. */
async function readThenBreak(metal: { cacheTtl?: number; sizeLimit?: number }) {
  server = await startGateway({ backend: testChain(), metal });
  const owner = server.chain.fundedAccounts[0];
  const file = fileOf(3_000, 9);
  const chunks = chunksOf(file);
  await store(server, owner, chunks);
  const path = `/metadata/metal/${metalIdOf(owner, chunks[0].key)}`;
  expect((await download(server, path)).bytes.equals(Buffer.from(file))).toBe(true);
  // Flip one byte of the first chunk: its value no longer hashes to its key.
  const flip = new Uint8Array(chunks[0].value.length);
  flip[100] = 1;
  await store(server, owner, [{ key: chunks[0].key, value: flip, sizeDelta: 0 }]);
  return { path, file };
}

describe('GET /metadata/metal/{metalId} caching', () => {
  it('answers a Metal read within cacheTtl as it was read, though its chunk changed since', async () => {
    const { path, file } = await readThenBreak({});
    const again = await download(server!, path);
    expect([again.status, again.bytes.equals(Buffer.from(file))]).toEqual([200, true]);
  });

  it('reads the chain again with cacheTtl 0, and answers the Metal broken then', async () => {
    const { path } = await readThenBreak({ cacheTtl: 0 });
    const again = await server!.get(path);
    expect([again.status, again.body.code]).toEqual([404, 'ResourceNotFound']);
    expect(again.body.message).toContain('is broken');
  });
});

describe('MetalCache', () => {
  const metal = (size: number) => ({ payload: Buffer.alloc(size), text: 'seal' });

  it('forgets a Metal cacheTtl seconds after it was kept', () => {
    let now = 0;
    const cache = new MetalCache({ cacheTtl: 300, sizeLimit: 1_000 }, () => now);
    cache.keep('a', metal(10));
    now = 299_999;
    expect(cache.get('a')).toBeDefined();
    now = 300_000;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.bytes).toBe(0);
  });

  it('keeps a Metal only while the kept ones stay within sizeLimit, making room from expired ones', () => {
    let now = 0;
    const cache = new MetalCache({ cacheTtl: 1, sizeLimit: 100 }, () => now);
    cache.keep('a', metal(60)); // 64 bytes with its text
    cache.keep('b', metal(60));
    expect([cache.get('a') !== undefined, cache.get('b') !== undefined, cache.bytes]).toEqual([true, false, 64]);
    now = 1_000;
    cache.keep('b', metal(60));
    expect([cache.get('b') !== undefined, cache.bytes]).toEqual([true, 64]);
  });
});
