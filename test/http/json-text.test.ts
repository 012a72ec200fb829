/**
 * The JSON of frozen objects is rendered once: `jsonText` must give exactly what
 * `JSON.stringify` gives, whatever is frozen, and a response must never be stale.
 */
import { once } from 'node:events';
import net from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlockInfoDTO, GatewayBackend } from '../../src/backend/index.js';
import { jsonBody } from '../../src/http/json.js';
import { deepFreeze } from '../../src/index.js';

/** The body as text, as a client reads it. */
function jsonText(value: unknown): string | undefined {
  const body = jsonBody(value);
  return typeof body === 'string' || body === undefined ? body : body.toString('utf8');
}
import { startGateway, testChain, type TestServer } from '../support/server.js';
import { confirm, signedBy } from '../support/announce.js';

/** JSON-like values with what JSON.stringify treats specially: undefined, functions, toJSON, null prototypes. */
const valueArb = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.oneof(fc.string(), fc.double(), fc.integer(), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.constant(() => 1)),
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(fc.string({ maxLength: 6 }), tie('value'), { maxKeys: 5 }),
    fc.dictionary(fc.string({ maxLength: 6 }), tie('value'), { maxKeys: 3, noNullPrototype: false }),
    tie('value').map((inner) => ({ toJSON: () => inner })),
    fc.date({ noInvalidDate: true }),
  ),
})).value;

/** Freezes a random choice of the objects within `value` (deeply or just the one). */
function freezeSome(value: unknown, choices: boolean[], at = { i: 0 }): unknown {
  if (typeof value !== 'object' || value === null) return value;
  for (const key of Object.keys(value)) freezeSome((value as Record<string, unknown>)[key], choices, at);
  const choice = choices[at.i++ % choices.length];
  if (choice) Object.isFrozen(value) || (at.i % 3 === 0 ? deepFreeze(value) : Object.freeze(value));
  return value;
}

describe('jsonBody', () => {
  it('gives what JSON.stringify gives, whatever is frozen, on the first and every later call', () => {
    fc.assert(
      fc.property(valueArb, fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }), (raw, choices) => {
        const value = freezeSome(raw, choices);
        const expected = JSON.stringify(value);
        expect(jsonText(value)).toBe(expected);
        expect(jsonText(value)).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it('writes a page envelope around the kept bytes of frozen items, in one buffer', () => {
    const items = [deepFreeze({ id: '1', meta: { hash: 'A' } }), deepFreeze({ id: '2', meta: { hash: 'B' } })];
    const page = { data: items, pagination: { pageNumber: 1, pageSize: 10, totalEntries: 2, totalPages: 1 }, skipped: undefined };
    expect(Buffer.isBuffer(jsonBody(page))).toBe(true);
    expect(jsonText(page)).toBe(JSON.stringify(page));
    // Unicode is encoded as UTF-8, counted in bytes.
    const named = { data: [deepFreeze({ name: 'zürich ✓ 🚀' })], note: 'é' };
    expect(jsonBody(named)).toEqual(Buffer.from(JSON.stringify(named)));
    // Still right when the unfrozen parts change between calls.
    page.pagination.totalEntries = 3;
    page.data = [items[1]];
    expect(jsonText(page)).toBe(JSON.stringify(page));
  });

  it('keeps a frozen object’s encoded bytes: the same buffer on every call, small ones carved from shared slabs', () => {
    const frozen = deepFreeze({ name: 'zürich ✓', n: [1, 2] });
    const first = jsonBody(frozen);
    expect(Buffer.isBuffer(first)).toBe(true);
    expect(jsonBody(frozen)).toBe(first);
    expect((first as Buffer).toString('utf8')).toBe(JSON.stringify(frozen));
    // Fifty small objects: at most two slabs (one may fill up on the way), not fifty allocations.
    const slabs = new Set(Array.from({ length: 50 }, (_, n) => (jsonBody(deepFreeze({ n, text: 'x'.repeat(n) })) as Buffer).buffer));
    expect(slabs.size).toBeLessThanOrEqual(2);
    // A large one gets a buffer of its own.
    const large = jsonBody(deepFreeze({ text: 'y'.repeat(300_000) })) as Buffer;
    expect(slabs.has(large.buffer)).toBe(false);
    expect(large.length).toBe(300_011);
  });

  it('gives a large body made of the same pieces as a recent one the same bytes, and a changed one fresh bytes', () => {
    const items = Array.from({ length: 40 }, (_, n) => deepFreeze({ n, text: 'z'.repeat(500) }));
    const page = (total: number) => ({ data: items, pagination: { pageNumber: 1, pageSize: 40, totalEntries: total, totalPages: 1 } });
    const once = jsonBody(page(40)) as Buffer;
    const twice = jsonBody(page(40)) as Buffer;
    const thrice = jsonBody(page(40)) as Buffer;
    expect(thrice).toBe(twice);
    expect(once.toString('utf8')).toBe(JSON.stringify(page(40)));
    expect(thrice.toString('utf8')).toBe(JSON.stringify(page(40)));
    const changed = jsonBody(page(41)) as Buffer;
    expect(changed).not.toBe(twice);
    expect(changed.toString('utf8')).toBe(JSON.stringify(page(41)));
    // Other items in the same envelope are other bytes.
    const others = { data: items.slice(1), pagination: page(40).pagination };
    expect((jsonBody(others) as Buffer).toString('utf8')).toBe(JSON.stringify(others));
    expect((jsonBody(others) as Buffer).toString('utf8')).toBe(JSON.stringify(others));
  });

  it('freezes all the way down and leaves frozen objects alone', () => {
    const block = deepFreeze({ a: { b: [1, { c: 2 }] } });
    expect(Object.isFrozen(block.a.b[1])).toBe(true);
    expect(() => {
      'use strict';
      (block.a.b as unknown[]).push(3);
    }).toThrow(TypeError);
  });
});

describe('responses with kept JSON', () => {
  let server: TestServer & { chain: ReturnType<typeof testChain> };

  beforeAll(async () => {
    server = await startGateway();
    for (let i = 0; i < 3; i++) server.chain.harvest();
  });
  afterAll(() => server.close());

  it('serves a harvested block, frozen at harvest, byte for byte as JSON.stringify renders it, every time', async () => {
    const block = await server.chain.blocks.getByHeight(3n);
    expect(Object.isFrozen(block) && Object.isFrozen(block!.meta.stateHashSubCacheMerkleRoots)).toBe(true);
    const first = await server.get('/blocks/3');
    const second = await server.get('/blocks/3');
    expect(first.text).toBe(JSON.stringify(block));
    expect(second.text).toBe(first.text);
    expect(first.headers['content-length']).toBe(String(Buffer.byteLength(first.text)));
  });

  it('serves pages of kept blocks with their own pagination, in either order', async () => {
    for (let i = 0; i < 21; i++) server.chain.harvest();
    const all = await Promise.all(Array.from({ length: 25 }, (_, i) => server.chain.blocks.getByHeight(BigInt(i + 1))));
    const asc = await server.get('/blocks?order=asc&pageSize=10&pageNumber=2');
    expect(asc.text).toBe(JSON.stringify({ data: all.slice(10, 20), pagination: { pageNumber: 2, pageSize: 10, totalEntries: 25, totalPages: 3 } }));
    const desc = await server.get('/blocks?order=desc&pageSize=10');
    expect(desc.body.data.map((block: BlockInfoDTO) => block.block.height)).toEqual(['25', '24', '23', '22', '21', '20', '19', '18', '17', '16']);
    expect(desc.text).toBe(JSON.stringify({ data: all.slice(15).reverse(), pagination: { pageNumber: 1, pageSize: 10, totalEntries: 25, totalPages: 3 } }));
  });

  it('writes every large page whole while other pages are served, to slow and pipelining clients alike', async () => {
    while (server.chain.height < 130n) server.chain.harvest();
    const blocks = await Promise.all(Array.from({ length: 130 }, (_, i) => server.chain.blocks.getByHeight(BigInt(i + 1))));
    const pagination = (pageSize: number, pageNumber: number) => ({ pageNumber, pageSize, totalEntries: 130, totalPages: Math.ceil(130 / pageSize) });
    const pages = [
      { path: '/blocks?order=asc&pageSize=100', text: JSON.stringify({ data: blocks.slice(0, 100), pagination: pagination(100, 1) }) },
      { path: '/blocks?order=asc&pageSize=100&pageNumber=2', text: JSON.stringify({ data: blocks.slice(100), pagination: pagination(100, 2) }) },
      { path: '/blocks?order=asc&pageSize=20&pageNumber=3', text: JSON.stringify({ data: blocks.slice(40, 60), pagination: pagination(20, 3) }) },
      { path: '/blocks?order=desc&pageSize=50', text: JSON.stringify({ data: blocks.slice(80).reverse(), pagination: pagination(50, 1) }) },
    ];
    // A client that asks for the largest page twenty times at once and reads nothing yet: the
    // gateway's writes wait on it, holding their buffers, while other clients are served.
    const url = new URL(server.base);
    const slow = net.connect(Number(url.port), url.hostname);
    await once(slow, 'connect');
    slow.pause();
    const request = `GET ${url.pathname.replace(/\/$/, '')}${pages[0].path} HTTP/1.1\r\nhost: ${url.host}\r\n\r\n`;
    slow.write(request.repeat(20));
    for (let round = 0; round < 5; round++) {
      const replies = await Promise.all(pages.flatMap((page) => Array.from({ length: 5 }, () => server.get(page.path))));
      expect(replies.map((reply) => reply.text)).toEqual(pages.flatMap((page) => Array.from({ length: 5 }, () => page.text)));
    }
    const received: Buffer[] = [];
    slow.on('data', (chunk: Buffer) => received.push(chunk));
    slow.resume();
    const bodies = await new Promise<string[]>((resolve, reject) => {
      slow.on('error', reject);
      slow.on('data', () => {
        const parsed = splitResponses(Buffer.concat(received));
        if (parsed.length === 20) resolve(parsed);
      });
    });
    slow.destroy();
    expect(bodies.every((body) => body === pages[0].text)).toBe(true);
  });

  it('serves a remembered page of confirmed transactions only until the group changes, and again after a revert', async () => {
    const [sender, recipient] = server.chain.fundedAccounts;
    const transfer = (amount: bigint) => signedBy(server.chain, sender, { type: 'transfer_transaction_v1', recipientAddress: recipient.address, mosaics: [{ mosaicId: BigInt(`0x${server.chain.currency.mosaicId}`), amount }] });
    await confirm(server, transfer(1n));
    const path = `/transactions/confirmed?address=${recipient.address}&order=desc`;
    const first = await server.get(path);
    expect((await server.get(path)).text).toBe(first.text);
    const snapshot = server.chain.dev.snapshot();
    const later = transfer(2n);
    await confirm(server, later);
    const after = await server.get(path);
    expect(after.body.data[0].meta.hash).toBe(later.hash);
    expect(after.body.pagination.totalEntries).toBe(first.body.pagination.totalEntries + 1);
    server.chain.dev.revert(snapshot.id);
    expect((await server.get(path)).text).toBe(first.text);
  });

  it('never serves stale JSON for objects a backend did not freeze', async () => {
    const chain = testChain();
    const block = structuredClone((await chain.blocks.getByHeight(1n))!);
    const backend: GatewayBackend = { ...chain, blocks: { getByHeight: () => block, search: () => ({ data: [block], totalEntries: 1 }) }, chain: chain.chain, node: chain.node, network: chain.network };
    const mutable = await startGateway({ backend });
    try {
      const before = await mutable.get('/blocks/1');
      block.meta.totalFee = '12345';
      const after = await mutable.get('/blocks/1');
      expect(before.body.meta.totalFee).toBe('0');
      expect(after.body.meta.totalFee).toBe('12345');
      expect((await mutable.get('/blocks')).body.data[0].meta.totalFee).toBe('12345');
    } finally {
      await mutable.close();
    }
  });
});

/** The bodies of the whole responses in `bytes` (HTTP/1.1 with content-length), in order. */
function splitResponses(bytes: Buffer): string[] {
  const bodies: string[] = [];
  let at = 0;
  for (;;) {
    const end = bytes.indexOf('\r\n\r\n', at);
    if (end === -1) return bodies;
    const head = bytes.subarray(at, end).toString('latin1');
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1]);
    if (end + 4 + length > bytes.length) return bodies;
    bodies.push(bytes.subarray(end + 4, end + 4 + length).toString('utf8'));
    at = end + 4 + length;
  }
}
