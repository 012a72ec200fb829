/**
 * A PostgreSQL reader reads the one-row lookups that concurrent requests ask together (a block
 * by height, an account, a meta row): each request still gets its own row, an unknown key its
 * 404, and a database that does not answer a 503 for every one of them. Pages that concurrent
 * requests ask of many lists are read together too, each request its own page; every answer is
 * the chain's own, byte for byte (a reader writes each entity's stored JSON as it is).
 */
import { describe, expect, it } from 'vitest';
import { createPostgresBackend } from '../../src/postgres/backend.js';
import { usePostgresStore } from '../support/postgres.js';
import { startGateway, testChain } from '../support/server.js';
import { transfer } from '../support/signing.js';

const { postgres, cleanups, writerOn } = usePostgresStore();

describe('a PostgreSQL reader under concurrent lookups', () => {
  it('answers each of many concurrent GETs of blocks, accounts and chain info with its own entity, as the chain does', async () => {
    const chain = testChain();
    cleanups.push(async () => chain.close());
    const writer = await writerOn(chain);
    const [from, ...others] = chain.fundedAccounts;
    for (let i = 0; i < 12; i++) {
      chain.announcer.announce(transfer(chain, from, others[i % others.length], { amount: BigInt(1_000 + i) }).payload);
      chain.harvest();
    }
    await writer.flushed();
    const own = await startGateway({ backend: chain });
    cleanups.push(() => own.close());
    // No memo: every request reads the database.
    const reader = await startGateway({ backend: createPostgresBackend({ url: postgres().url }), answerMemo: false });
    cleanups.push(() => reader.close());

    const urls = [
      ...Array.from({ length: 14 }, (_, i) => `/blocks/${i + 1}`),
      ...chain.fundedAccounts.map((account) => `/accounts/${account.address}`),
      '/chain/info',
      '/network/properties',
      '/blocks/99',
      '/accounts/TAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    ];
    const expected = await Promise.all(urls.map((url) => own.get(url)));
    for (let round = 0; round < 3; round++) {
      const answered = await Promise.all(urls.map((url) => reader.get(url)));
      answered.forEach((reply, i) => expect({ url: urls[i], status: reply.status, body: reply.body }).toEqual({ url: urls[i], status: expected[i].status, body: expected[i].body }));
    }
  });

  it('answers concurrent pages of many lists, each with its own page, and every answer byte for byte as the chain does', async () => {
    const chain = testChain();
    cleanups.push(async () => chain.close());
    const writer = await writerOn(chain);
    const [from, ...others] = chain.fundedAccounts;
    // Numbers, texts and nested entries of several kinds: transfers with messages (one with characters beyond ASCII), blocks, accounts.
    for (let i = 0; i < 24; i++) {
      chain.announcer.announce(transfer(chain, from, others[i % others.length], { amount: BigInt(1_000 + i), message: i === 3 ? 'payé ✓ 🚀' : `m${i}` }).payload);
      if (i % 2 === 1) chain.harvest();
    }
    await writer.flushed();
    const own = await startGateway({ backend: chain });
    cleanups.push(() => own.close());
    const reader = await startGateway({ backend: createPostgresBackend({ url: postgres().url }), answerMemo: false });
    cleanups.push(() => reader.close());

    const pages = chain.fundedAccounts.flatMap((account) => [
      `/transactions/confirmed?address=${account.address}`,
      `/transactions/confirmed?address=${account.address}&order=asc&pageSize=10&pageNumber=2`,
      `/transactions/confirmed?address=${account.address}&embedded=true&order=asc`,
    ]);
    const urls = [
      ...pages,
      '/transactions/confirmed?pageNumber=2',
      '/blocks?order=asc',
      '/blocks?pageNumber=2&pageSize=10',
      '/blocks/3',
      `/accounts/${from.address}`,
      '/accounts?order=asc',
      '/accounts?pageSize=10&pageNumber=2',
      `/accounts?mosaicId=${chain.currency.mosaicId}&orderBy=balance&order=desc`,
      `/accounts?mosaicId=${chain.currency.mosaicId}&order=asc&pageSize=10&pageNumber=2`,
      '/mosaics',
      '/chain/info',
      '/network/properties',
      '/node/info',
      '/statements/transaction?order=asc',
      '/transactions/confirmed?address=TAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    ];
    const expected = await Promise.all(urls.map((url) => own.get(url)));
    // Each list page holds what the chain's holds: the pages asked together are not mixed up.
    expect(expected.filter((reply) => Array.isArray(reply.body?.data) && reply.body.data.length > 0).length).toBeGreaterThan(pages.length / 2);
    for (let round = 0; round < 3; round++) {
      const answered = await Promise.all(urls.map((url) => reader.get(url)));
      answered.forEach((reply, i) => expect({ url: urls[i], status: reply.status, text: reply.text }).toEqual({ url: urls[i], status: expected[i].status, text: expected[i].text }));
    }
  });

  it('answers 503 to every concurrent lookup while the database is down, and the rows once it is back', async () => {
    const chain = testChain();
    cleanups.push(async () => chain.close());
    const writer = await writerOn(chain);
    chain.harvest();
    await writer.flushed();
    const reader = await startGateway({ backend: createPostgresBackend({ url: postgres().url, connectTimeout: 1_000 }), answerMemo: false });
    cleanups.push(() => reader.close());
    const urls = ['/blocks/1', '/blocks/2', `/accounts/${chain.fundedAccounts[0].address}`, '/chain/info'];
    expect((await Promise.all(urls.map((url) => reader.get(url)))).map((reply) => reply.status)).toEqual([200, 200, 200, 200]);

    await postgres().pause();
    try {
      const down = await Promise.all(urls.map((url) => reader.get(url)));
      expect(down.map((reply) => reply.status)).toEqual([503, 503, 503, 503]);
      expect(down.every((reply) => reply.body.code === 'ServiceUnavailable')).toBe(true);
    } finally {
      await postgres().resume();
    }
    const back = await Promise.all(urls.map((url) => reader.get(url)));
    expect(back.map((reply) => reply.status)).toEqual([200, 200, 200, 200]);
    expect(back[1].body.block.height).toBe('2');
  }, 60_000);
});
