import { createHash } from 'node:crypto';
import http from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { Address, generateMosaicId } from 'symbol-sdk/symbol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from '../../src/index.js';
import type { InMemoryChain } from '../../src/in-memory-chain.js';
import { INSTALL_TIMEOUT, launchChromium } from '../support/browser.js';
import { listen } from '../support/mounts.js';
import { startGateway, testChain } from '../support/server.js';
import { aggregate, embeddedTransfer, transfer } from '../support/signing.js';

const JSON_HEADERS = { 'content-type': 'application/json' };
const sha256 = (text: string) => createHash('sha256').update(text).digest('base64');
// What the page shows once it has fetched or been told: a cold browser can take a second or two.
const eventually = <T>(read: () => T | Promise<T>, { timeout = 5_000 }: { timeout?: number } = {}) => expect.poll(read, { timeout });

describe('explorer route', () => {
  it('answers GET / with a 404 that says what the gateway is and where its explorer lives', async () => {
    for (const [options, explorer] of [[{ explorer: true }, true], [{ explorer: { path: '/tools/explorer' } }, true], [{}, false]] as const) {
      const server = await startGateway(options);
      try {
        const reply = await server.get('/');
        expect([reply.status, reply.body.code]).toEqual([404, 'ResourceNotFound']);
        expect(reply.body.message).toContain('try GET /chain/info');
        const path = 'explorer' in options && typeof options.explorer === 'object' ? options.explorer.path : '/explorer';
        if (explorer) expect(reply.body.message).toContain(`its explorer is at ${path}`);
        else expect(reply.body.message).not.toContain('explorer');
        // Other paths keep the plain message.
        expect((await server.get('/nothing')).body.message).toBe('no route matches GET /nothing');
      } finally {
        await server.close();
      }
    }
  });

  it('serves the page as HTML, uncached, under a policy that allows its own script, style and host only', async () => {
    const server = await startGateway({ explorer: true });
    try {
      const reply = await fetch(`${server.base}/explorer`);
      const html = await reply.text();
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(reply.headers.get('content-length')).toBe(String(Buffer.byteLength(html)));
      expect(reply.headers.get('cache-control')).toBe('no-store');
      expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
      expect(reply.headers.get('referrer-policy')).toBe('no-referrer');
      expect(html).toMatch(/^<!doctype html>/);
      expect(html).toContain('<meta name="ws-path" content="/ws">');

      const script = html.match(/<script>([\s\S]*)<\/script>/)![1];
      const style = html.match(/<style>([\s\S]*)<\/style>/)![1];
      const host = new URL(server.origin).host;
      expect(reply.headers.get('content-security-policy')).toBe(
        `default-src 'none'; script-src 'sha256-${sha256(script)}'; style-src 'sha256-${sha256(style)}'; img-src data:; ` +
          `base-uri 'none'; form-action 'none'; frame-ancestors 'none'; connect-src 'self' ws://${host} wss://${host}`,
      );

      const head = await fetch(`${server.base}/explorer/`, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(html)));
      expect(await head.text()).toBe('');
    } finally {
      await server.close();
    }
  });

  it('names no socket host in the policy when the Host header is not a plain host', async () => {
    const server = await startGateway({ explorer: true });
    try {
      const { port } = new URL(server.origin);
      // fetch sends a Host of its own; node:http sends the one it is given.
      const policy = await new Promise<string>((resolve, reject) => {
        const headers = { host: "evil; script-src 'unsafe-inline'" };
        http.get({ port, path: '/explorer', headers }, (res) => {
          res.resume();
          resolve(String(res.headers['content-security-policy']));
        }).on('error', reject);
      });
      expect(policy).toMatch(/; connect-src 'self'$/);
      expect(policy).not.toContain('unsafe-inline');
    } finally {
      await server.close();
    }
  });

  it('is off unless asked for, and serves at the path it is given', async () => {
    const off = await startGateway();
    const moved = await startGateway({ explorer: { path: '/tools/explorer' } });
    try {
      const reply = await off.get('/explorer');
      expect(reply.status).toBe(404);
      expect(reply.body.code).toBe('ResourceNotFound');
      expect((await moved.get('/explorer')).status).toBe(404);
      const page = await fetch(`${moved.base}/tools/explorer`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<meta name="explorer-path" content="/tools/explorer">');
    } finally {
      await Promise.all([off.close(), moved.close()]);
    }
  });

  it('refuses a path that is not a plain path, before it makes anything', () => {
    for (const path of ['explorer', '/explorer/:id', '/a b', '/']) {
      expect(() => createGateway({ explorer: { path } })).toThrow(new TypeError(`explorer.path must be a plain path such as '/explorer'`));
    }
  });
});

describe('explorer page in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  }, INSTALL_TIMEOUT);
  afterAll(() => browser?.close());

  // A page that records what the browser complains about: script errors and blocked content.
  async function open(url: string): Promise<{ page: Page; complaints: string[] }> {
    const page = await browser.newPage();
    const complaints: string[] = [];
    page.on('pageerror', (error) => complaints.push(error.message));
    page.on('console', (message) => {
      if (/Content Security Policy|Refused/.test(message.text())) complaints.push(message.text());
    });
    await page.goto(url);
    return { page, complaints };
  }

  async function search(page: Page, query: string): Promise<void> {
    await page.fill('#query', query);
    await page.press('#query', 'Enter');
  }

  it('shows the chain live, a block, an account, a transaction and a namespace', async () => {
    const server = await startGateway({ explorer: true });
    const { chain } = server;
    const [payer, payee] = chain.fundedAccounts;
    try {
      const paid = transfer(chain, payer, payee, { amount: 2_500_000n, message: 'coffee' });
      await server.request('PUT', '/transactions', { body: paid.body, headers: JSON_HEADERS });
      chain.processAnnounced();
      chain.harvest(); // height 2, with the transfer

      const { page, complaints } = await open(`${server.base}/explorer`);
      await eventually(() => page.textContent('#height')).toBe('2');
      expect(await page.textContent('#finalized')).toBe('1');
      await eventually(() => page.locator('#blocks li').count()).toBe(2);
      await eventually(() => server.gateway.hub.subscriberCount('block')).toBe(1);

      // A new block arrives over /ws: listed first, height updated, the page not reloaded.
      await page.evaluate(() => ((globalThis as any).stayed = true));
      chain.harvest();
      await eventually(() => page.textContent('#blocks li:first-child a')).toBe('Block 3');
      expect(await page.textContent('#height')).toBe('3');
      expect(await page.evaluate(() => (globalThis as any).stayed)).toBe(true);
      // Its frame has the block's hashes only: its transactions are read over REST.
      await eventually(() => page.textContent('#blocks li:first-child .txs')).toBe('no transactions');

      // The block with the transfer: its transaction and its receipts.
      await page.click('#blocks li[data-height="2"] a');
      await eventually(() => page.textContent('#view h2')).toContain('Block 2');
      const rows = page.locator('#view table').first().locator('tbody tr');
      expect(await rows.count()).toBe(1);
      expect(await rows.first().textContent()).toContain('transfer');
      // Its summary: the recipient (shortened, the address in full as the link's title), the amount, the message.
      const summary = rows.first().locator('.summary');
      expect(await summary.textContent()).toBe(`to ${short(payee.address)}: 2.5 symbol.xym “coffee”`);
      expect(await summary.locator('a').getAttribute('title')).toBe(payee.address);
      // Signers by address (shortened; the public key in the link's title), the block's too.
      const signerLinks = page.locator('#view .signer a');
      expect(await rows.first().locator('.signer a').textContent()).toBe(`${payer.address.slice(0, 10)}…${payer.address.slice(-6)}`);
      expect(await rows.first().locator('.signer a').getAttribute('title')).toBe(payer.keyPair.publicKey.toString());
      const blockSigner = (await server.get('/blocks/2')).body.block.signerPublicKey;
      const signerState = (await server.get(`/accounts/${blockSigner}`)).body.account;
      const signerAddress = new Address(Buffer.from(signerState.address, 'hex')).toString();
      expect(await signerLinks.first().getAttribute('href')).toBe(`#/account/${signerAddress}`);
      expect(await page.locator('#view table').nth(1).textContent()).toContain('harvest fee');

      // An account: its currency balance, as the ledger holds it.
      await search(page, payer.address);
      await eventually(() => page.textContent('#account-address')).toBe(payer.address);
      const balance = chain.ledger.balance(addressHex(payer.address), chain.currency.mosaicId);
      const mosaics = await page.textContent('#account-mosaics');
      expect(mosaics).toContain('symbol.xym');
      expect(mosaics).toContain(formatXym(balance));
      expect(await page.textContent('#view')).toContain('not multisig');
      // Its importance as its share of the chain's total (the network's totalChainImportance), the number itself in the title.
      const { importance, importanceHeight } = (await server.get(`/accounts/${payer.address}`)).body.account;
      const total = BigInt((await server.get('/network/properties')).body.chain.totalChainImportance.replace(/'/g, ''));
      const share = (await page.textContent('#account-importance'))!;
      expect(share).toMatch(/^0\.\d+ %$/);
      const exact = Number((BigInt(importance) * 10n ** 12n) / total) / 1e10;
      expect(Math.abs(Number(share.slice(0, -2)) / exact - 1)).toBeLessThan(0.005);
      expect(await page.getAttribute('#account-importance', 'title')).toBe(`importance ${BigInt(importance).toLocaleString('en-US')} of ${total.toLocaleString('en-US')}, as of height ${importanceHeight}`);

      // A transaction by hash, confirmed; and one the chain refused.
      await search(page, paid.hash.toLowerCase());
      await eventually(() => page.textContent('#tx-status')).toContain('confirmed');
      expect(await page.textContent('#tx-status')).toContain('Success');
      expect(await page.textContent('#view')).toContain('coffee');
      const overdraft = transfer(chain, payee, payer, { amount: 10n ** 15n });
      await server.request('PUT', '/transactions', { body: overdraft.body, headers: JSON_HEADERS });
      chain.processAnnounced();
      await search(page, overdraft.hash);
      await eventually(() => page.textContent('#tx-status')).toContain('failed');
      expect(await page.textContent('#tx-status')).toContain('Failure_Core_Insufficient_Balance');
      // No trace without the development routes: the page says nothing more.
      expect(await page.locator('#tx-trace').count()).toBe(0);

      // A namespace by name: the page computes its id as symbol-sdk does.
      await search(page, 'symbol.xym');
      await eventually(() => page.textContent('#namespace-id')).toBe('E74B99BA41F4AFEE');
      expect(await page.textContent('#view')).toContain(`mosaic ${chain.currency.mosaicId}`);

      expect(complaints).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('loads the blocks over REST and follows by polling when the WebSocket is refused; blocks list their transactions and harvester', async () => {
    const chain: InMemoryChain = testChain();
    const gateway = createGateway({ backend: chain, explorer: true, logger: { error() {} } });
    // A proxy that refuses upgrades: the gateway is not attached, and every upgrade is cut.
    const server = http.createServer(gateway.handle);
    server.on('upgrade', (_req, socket) => socket.destroy());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const [payer, payee] = chain.fundedAccounts;
    try {
      chain.announcer.announce(transfer(chain, payer, payee, { amount: 1n }).payload);
      chain.processAnnounced();
      const { block } = chain.harvest(); // height 2, one transfer

      const { page, complaints } = await open(`${base}/explorer`);
      await eventually(() => page.locator('#blocks li').count()).toBe(2);
      await eventually(() => page.textContent('#live')).toBe('polling');
      expect(await page.textContent('#blocks li[data-height="2"] .txs')).toBe('1 transaction');
      expect(await page.textContent('#blocks li[data-height="1"] .txs')).toMatch(/^\d+ transactions$/);
      const harvester = new Address(Buffer.from(block.beneficiaryAddress, 'hex')).toString();
      expect(await page.getAttribute('#blocks li[data-height="2"] .harvester a', 'href')).toBe(`#/account/${harvester}`);

      // A new block shows up by the next poll, and its transaction in the latest transactions.
      await eventually(() => page.locator('#latest-transactions tbody tr').count()).toBeGreaterThan(0);
      const later = transfer(chain, payee, payer, { amount: 1n });
      chain.announcer.announce(later.payload);
      chain.processAnnounced();
      chain.harvest();
      await eventually(() => page.textContent('#blocks li:first-child a'), { timeout: 10_000 }).toBe('Block 3');
      expect(await page.textContent('#height')).toBe('3');
      expect(await page.textContent('#blocks li:first-child .txs')).toBe('1 transaction');
      await eventually(() => page.getAttribute('#latest-transactions tbody tr:first-child', 'data-hash')).toBe(later.hash);

      // The harvester's page, from its link.
      await page.click('#blocks li[data-height="2"] .harvester a');
      await eventually(() => page.textContent('#account-address')).toBe(harvester);
      expect(complaints.filter((complaint) => !/WebSocket/.test(complaint))).toEqual([]);
    } finally {
      await gateway.close();
      server.closeAllConnections();
      server.close();
    }
  });

  it('pages an account\'s transactions and links its mosaics to their pages', async () => {
    const server = await startGateway({ explorer: true });
    const { chain } = server;
    const [payer, payee] = chain.fundedAccounts;
    try {
      const hashes: string[] = [];
      for (let i = 0; i < 25; i++) {
        const signed = transfer(chain, payer, payee, { amount: BigInt(i + 1) });
        chain.announcer.announce(signed.payload);
        hashes.push(signed.hash);
      }
      // And a metadata value the account set on itself.
      const value = Buffer.from('verified ✓');
      const note = chain.facade.transactionFactory.createEmbedded({
        type: 'account_metadata_transaction_v1',
        signerPublicKey: payee.keyPair.publicKey,
        targetAddress: payee.address,
        scopedMetadataKey: 0x1234n,
        valueSizeDelta: value.length,
        value: new Uint8Array(value),
      } as never);
      const noted = aggregate(chain, 'complete', payee, [note]);
      chain.announcer.announce(noted.payload);
      chain.processAnnounced();
      chain.harvest();

      const { page, complaints } = await open(`${server.base}/explorer#/account/${payee.address}`);
      await eventually(() => page.textContent('#account-address')).toBe(payee.address);
      const rows = page.locator('#account-history tbody tr');
      await eventually(() => rows.count()).toBe(20);
      // Its metadata: the key, the value as text, who set it.
      const metadata = await page.textContent('#account-metadata');
      expect(metadata).toContain('0000000000001234');
      expect(metadata).toContain('verified ✓');
      expect(metadata).toContain(payee.address);
      // Its transfers, its metadata's aggregate and the nemesis block's funding of it: what /transactions/confirmed lists for it.
      const listed = (await server.get(`/transactions/confirmed?address=${payee.address}&pageSize=100&order=desc`)).body.data.map((entry: { meta: { hash: string } }) => entry.meta.hash);
      expect(listed).toHaveLength(27);
      expect(listed).toEqual(expect.arrayContaining(hashes));
      await page.click('#history-more');
      await eventually(() => rows.count()).toBe(27);
      expect(await page.locator('#history-more').count()).toBe(0);
      const shown = await rows.locator('td:first-child a').evaluateAll((links) => links.map((a) => a.getAttribute('title')));
      expect(shown).toEqual(listed);
      // Every row says what it did; the aggregate, listed without its inner transaction, by the one it holds.
      const summaries = await rows.locator('.summary').allTextContents();
      expect(summaries).toHaveLength(27);
      expect(summaries.filter((text) => text === '' || text === '—')).toEqual([]);
      expect(summaries[shown.indexOf(noted.hash)]).toBe(`1 inner account metadata: key 0000000000001234 on ${short(payee.address)}: “verified ✓”`);

      // Its currency, from the mosaics table: the mosaic's page with its supply as /mosaics has it.
      await page.click('#account-mosaics a');
      await eventually(() => page.textContent('#mosaic-id')).toBe(chain.currency.mosaicId);
      const { body } = await server.get(`/mosaics/${chain.currency.mosaicId}`);
      expect(await page.textContent('#mosaic-supply')).toBe(formatXym(BigInt(body.mosaic.supply)));
      expect(await page.textContent('#view')).toContain('symbol.xym');
      expect(await page.textContent('#view')).toContain('transferable');
      expect(complaints).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('lists the latest transactions beside the latest blocks, an aggregate by its inner ones, and follows new blocks live', async () => {
    const server = await startGateway({ explorer: true });
    const { chain } = server;
    const [payer, payee, maker] = chain.fundedAccounts;
    try {
      const paid = transfer(chain, payer, payee, { amount: 1_500_000n, message: 'tea' });
      // A mosaic made as wallets make one, and handed out, in one aggregate.
      const mosaicId = generateMosaicId(new Address(maker.address), 5);
      const embedded = (descriptor: Record<string, unknown>) => chain.facade.transactionFactory.createEmbedded({ ...descriptor, signerPublicKey: maker.keyPair.publicKey } as never);
      const made = aggregate(chain, 'complete', maker, [
        embedded({ type: 'mosaic_definition_transaction_v1', id: mosaicId, nonce: 5, flags: 'supply_mutable transferable', divisibility: 0, duration: 0n }),
        embedded({ type: 'mosaic_supply_change_transaction_v1', mosaicId, delta: 1_000n, action: 'increase' }),
        embeddedTransfer(chain, maker, payee, 10n, mosaicId),
        embeddedTransfer(chain, maker, payer, 20n, mosaicId),
      ]);
      for (const signed of [paid, made]) chain.announcer.announce(signed.payload);
      chain.processAnnounced();
      chain.harvest(); // height 2

      const { page, complaints } = await open(`${server.base}/explorer`);
      // On the first page, beside the latest blocks.
      const rows = page.locator('#latest-transactions tbody tr');
      await eventually(() => rows.count()).toBe(10);
      expect(await page.locator('#blocks li').count()).toBe(2);
      expect(await page.locator('#latest-transactions th').allTextContents()).toEqual(['Hash', 'Type', 'Block', 'Signer', 'Summary']);
      // Confirmed ones, newest first, as /transactions/confirmed lists them: block 2's two, then the nemesis block's.
      const listed = (await server.get('/transactions/confirmed?order=desc&pageSize=10')).body.data.map((entry: { meta: { hash: string } }) => entry.meta.hash);
      expect(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-hash')))).toEqual(listed);
      expect(listed.slice(0, 2).sort()).toEqual([paid.hash, made.hash].sort());
      const cells = (hash: string) => page.locator(`#latest-transactions tr[data-hash="${hash}"] > td`).allTextContents();
      const [hash, type, block, signer, summary] = await cells(made.hash);
      expect([hash, type, signer]).toEqual([short(made.hash), 'aggregate complete', short(maker.address)]);
      // The height and how long ago, on the chain's clock.
      expect(block).toMatch(/^2 (just now|\d+ s ago|\d+ min ago)$/);
      expect(summary).toBe('4 inner (1 mosaic definition, 1 mosaic supply change, 2 transfer)');
      expect((await cells(paid.hash))[4]).toBe(`to ${short(payee.address)}: 1.5 symbol.xym “tea”`);
      expect((await cells(listed[2]))[2]).toMatch(/^1 /);

      // A block with a transaction arrives over /ws: listed first, highlighted, the page not reloaded.
      await eventually(() => server.gateway.hub.subscriberCount('block')).toBe(1);
      await page.evaluate(() => ((globalThis as any).stayed = true));
      const later = transfer(chain, payee, payer, { amount: 1n });
      chain.announcer.announce(later.payload);
      chain.processAnnounced();
      chain.harvest(); // height 3
      await eventually(() => rows.first().getAttribute('data-hash')).toBe(later.hash);
      expect(await rows.first().getAttribute('class')).toBe('fresh');
      expect(await rows.first().locator('td').nth(2).textContent()).toMatch(/^3 /);
      expect(await rows.count()).toBe(10);
      expect(await page.evaluate(() => (globalThis as any).stayed)).toBe(true);

      // Its hash opens its page.
      await rows.first().locator('td:first-child a').click();
      await eventually(() => page.textContent('#tx-status')).toContain('confirmed');
      expect(complaints).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('draws transactions, fees and block times of the latest blocks against labelled axes, block 1 left out', async () => {
    let now = Date.UTC(2026, 0, 1);
    const chain: InMemoryChain = testChain({ clock: () => now });
    const server = await startGateway({ backend: chain, explorer: true });
    const [payer, payee] = chain.fundedAccounts;
    try {
      // Blocks 2 to 6, 30 s apart but block 4 (90 s after block 3), with 0, 3, 1, 0, 2 transfers.
      for (const [count, gap] of [[0, 30], [3, 30], [1, 90], [0, 30], [2, 30]]) {
        for (let i = 0; i < count; i++) chain.announcer.announce(transfer(chain, payer, payee, { amount: BigInt(now % 1000 + i + 1) }).payload);
        chain.processAnnounced();
        now += gap * 1000;
        chain.harvest();
      }
      const { page, complaints } = await open(`${server.base}/explorer`);
      // Block 1, the nemesis block (a real network's holds tens of thousands of transactions), is in no chart: the captions say so.
      await eventually(() => page.locator('#chart-transactions rect').count()).toBe(5);
      expect(await page.locator('#chart-fees rect').count()).toBe(5);
      expect(await page.locator('#chart-block-times rect').count()).toBe(4);
      expect(await page.locator('#charts rect[data-height="1"]').count()).toBe(0);
      const nemesis = (await server.get('/blocks/1')).body.meta;
      expect(nemesis.totalTransactionsCount).toBeGreaterThan(3);
      expect(await page.textContent('#charts-span')).toBe(`Blocks 2 to 6. Block 1, the nemesis block, is left out: its ${nemesis.totalTransactionsCount} transactions (a network's whole setup) would flatten every other bar.`);
      const captions = await page.locator('#charts figcaption').allTextContents();
      expect(captions).toEqual([
        'Transactions per block (highest: 3; block 1 left out)',
        expect.stringMatching(/^Fees per block \(highest: [\d.]+; block 1 left out\)$/),
        'Time between blocks (highest: 90; block 2 left out: it follows the nemesis block)',
      ]);

      // Each axis says what it counts: the x axis the block height, named under it; the y axis the value and its unit, with round ticks from 0.
      const axes = (id: string) => page.locator(`#${id}`).evaluate((chart) => ({
        x: chart.querySelector('.axis-x')?.textContent,
        y: chart.querySelector('.axis-y')?.textContent,
        xTicks: [...chart.querySelectorAll('.tick-x text')].map((text) => text.textContent),
        yTicks: [...chart.querySelectorAll('.tick-y text')].map((text) => text.textContent),
      }));
      expect(await axes('chart-transactions')).toEqual({ x: 'block height', y: 'transactions per block', xTicks: ['2', '3', '4', '5', '6'], yTicks: ['0', '1', '2', '3'] });
      expect(await axes('chart-fees')).toMatchObject({ x: 'block height', y: 'fees per block (symbol.xym)', xTicks: ['2', '3', '4', '5', '6'] });
      expect((await axes('chart-fees')).yTicks[0]).toBe('0');
      expect(await axes('chart-block-times')).toEqual({ x: 'block height', y: 'seconds since the block before', xTicks: ['3', '4', '5', '6'], yTicks: ['0', '25', '50', '75', '100'] });

      // Each block's bar as tall as its value on the axis, oldest first: block 3's 3 transactions reach the tick of 3.
      const bars = async (id: string) => page.locator(`#${id} rect`).evaluateAll((rects) => rects.map((rect) => ({
        height: Number(rect.getAttribute('height')),
        top: Number(rect.getAttribute('y')),
        label: rect.textContent,
      })));
      const tickAt = async (id: string, text: string) => page.locator(`#${id} .tick-y`).filter({ hasText: new RegExp(`^${text}$`) }).locator('line').getAttribute('y1');
      const counts = [0, 3, 1, 0, 2];
      const transactions = await bars('chart-transactions');
      expect(transactions.map(({ label }) => label)).toEqual(counts.map((count, i) => `Block ${i + 2}: ${count} transactions`));
      expect(transactions[1].top).toBeCloseTo(Number(await tickAt('chart-transactions', '3')), 0);
      transactions.forEach(({ height }, i) => expect(height).toBeCloseTo((counts[i] / 3) * transactions[1].height, 1));
      // Block 4 came 90 s after block 3, the others 30 s apart: three times as tall (block 2, years after the nemesis block's epoch, is left out).
      const times = await bars('chart-block-times');
      expect(times.map(({ label }) => label)).toEqual([3, 4, 5, 6].map((height) => `Block ${height}: ${height === 4 ? 90 : 30} s after the one before`));
      times.forEach(({ height }, i) => expect(height).toBeCloseTo((i === 1 ? 1 : 1 / 3) * times[1].height, 1));
      // Fees follow the blocks' totalFee: block 3's, with the most transactions, the highest.
      const fees = await bars('chart-fees');
      const { body } = await server.get('/blocks/3');
      expect(fees[1].label).toContain('Block 3: ');
      expect(fees[1].height).toBe(Math.max(...fees.map(({ height }) => height)));
      expect(Number(body.meta.totalFee)).toBeGreaterThan(0);
      expect(complaints).toEqual([]);
    } finally {
      await server.close();
    }
  });

  describe('a transaction\'s trace, on a gateway with the development routes', () => {
    let server: Awaited<ReturnType<typeof startGateway>>;
    let chain: InMemoryChain;
    beforeAll(async () => {
      server = await startGateway({ dev: true, explorer: true });
      chain = server.chain;
    });
    afterAll(() => server?.close());

    async function announce(signed: { body: string }): Promise<void> {
      expect((await server.request('PUT', '/transactions', { body: signed.body, headers: JSON_HEADERS })).status).toBe(202);
    }

    // The transaction's page, once its trace is shown.
    async function traceOf(hash: string): Promise<{ page: Page; complaints: string[] }> {
      const opened = await open(`${server.base}/explorer#/tx/${hash}`);
      await opened.page.locator('#tx-trace').waitFor({ timeout: 10_000 });
      return opened;
    }

    // The rows of the notifications table: their class and their cells' text.
    const notificationRows = (page: Page) => page.locator('#trace-notifications tbody tr').evaluateAll((rows) => rows.map((row) => ({
      state: row.className,
      title: row.getAttribute('title'),
      cells: [...row.querySelectorAll(':scope > td')].map((cell) => cell.textContent),
    })));

    it('says why a transfer larger than its signer\'s balance failed: the code, the rule, the values it compared', async () => {
      const [, , payee, payer] = chain.fundedAccounts;
      const amount = 10n ** 15n;
      const overdraft = transfer(chain, payer, payee, { amount });
      await announce(overdraft);
      chain.processAnnounced();
      await eventually(async () => (await server.get(`/transactionStatus/${overdraft.hash}`)).body.group).toBe('failed');

      const { page, complaints } = await traceOf(overdraft.hash);
      const failure = page.locator('#trace-failure');
      await eventually(() => failure.count()).toBe(1);
      const text = await failure.textContent();
      expect(text).toContain('Why it failed');
      expect(text).toContain('Failure_Core_Insufficient_Balance');
      expect(text).toContain('validateTransferBalance');
      expect(text).not.toContain('inner transaction');
      // The values compared, by name: the amount asked for among them, in whole units of its mosaic too.
      const values = await page.locator('#trace-values tbody tr').evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent)));
      expect(values).toContainEqual(['amount', `${amount} = 1,000,000,000 symbol.xym`]);
      // The notifications: the refused one marked (the one the failure block names), those after it dimmed as never checked.
      const rows = await notificationRows(page);
      const refused = rows.findIndex((row) => row.state === 'refused');
      expect(refused).toBeGreaterThanOrEqual(0);
      expect(text).toContain(rows[refused].cells[1]!);
      expect(rows.slice(0, refused).every((row) => row.state === '')).toBe(true);
      for (const row of rows.slice(refused + 1)) expect(row).toMatchObject({ state: 'unchecked', title: expect.stringContaining('Never checked') });
      expect(rows.every((row) => row.cells[2] === '\u2014')).toBe(true);
      // No balance changed.
      expect(await page.locator('#trace-balances').count()).toBe(0);
      expect(complaints).toEqual([]);
    });

    it('lists the balances a confirmed transfer changed: the sender\'s and the recipient\'s currency', async () => {
      const [payer, payee] = chain.fundedAccounts;
      const paid = transfer(chain, payer, payee, { amount: 2_500_000n });
      await announce(paid);
      chain.processAnnounced();
      chain.harvest();
      await eventually(async () => (await server.get(`/transactionStatus/${paid.hash}`)).body.group).toBe('confirmed');

      const { page, complaints } = await traceOf(paid.hash);
      const balances = page.locator('#trace-balances tbody tr');
      await eventually(() => balances.count()).toBeGreaterThanOrEqual(2);
      const rows = await balances.evaluateAll((trs) => trs.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent)));
      // Account, mosaic, before, after, change.
      const received = rows.filter(([account]) => account === payee.address);
      expect(received).toEqual([[payee.address, 'symbol.xym', expect.any(String), expect.any(String), '+2.5']]);
      expect(received[0][3]).toBe(formatXym(chain.ledger.balance(addressHex(payee.address), chain.currency.mosaicId)));
      const sent = rows.filter(([account]) => account === payer.address);
      expect(sent.length).toBeGreaterThanOrEqual(1);
      for (const row of sent) {
        expect(row[1]).toBe('symbol.xym');
        expect(row[4]).toMatch(/^\u2212[\d,.]+$/);
      }
      // The sender paid the amount and its fee: its balance as the ledger holds it after.
      const after = chain.ledger.balance(addressHex(payer.address), chain.currency.mosaicId);
      const fee = BigInt((await server.get(`/blocks/${chain.height}`)).body.meta.totalFee);
      expect(sent.at(-1)![3]).toBe(formatXym(after));
      expect(sent[0][2]).toBe(formatXym(after + 2_500_000n + fee));
      // Accounts link to their pages.
      expect(await balances.first().locator('a').first().getAttribute('href')).toMatch(/^#\/account\/[A-Z2-7]{39}$/);
      expect(await page.locator('#trace-failure').count()).toBe(0);
      expect(await page.locator('#trace-notifications tbody tr.refused').count()).toBe(0);
      expect(await page.locator('#trace-notifications tbody tr').count()).toBeGreaterThan(0);
      expect(complaints).toEqual([]);
    });

    it('names the inner transaction that made an aggregate fail', async () => {
      const [, , , , signer, other] = chain.fundedAccounts;
      const bundle = aggregate(chain, 'complete', signer, [embeddedTransfer(chain, signer, other, 1_000_000n), embeddedTransfer(chain, signer, other, 10n ** 15n)]);
      await announce(bundle);
      chain.processAnnounced();
      await eventually(async () => (await server.get(`/transactionStatus/${bundle.hash}`)).body.group).toBe('failed');

      const { page, complaints } = await traceOf(bundle.hash);
      const failure = page.locator('#trace-failure');
      await eventually(() => failure.count()).toBe(1);
      const text = await failure.textContent();
      expect(text).toContain('Failure_Core_Insufficient_Balance');
      // A failed aggregate's JSON is not kept: its inner transaction's type comes from the trace's notifications.
      expect(text).toContain('inner transaction #2 (transfer)');
      // The refused notification's row names the same inner transaction.
      const rows = await notificationRows(page);
      const refused = rows.find((row) => row.state === 'refused');
      expect(refused?.cells[2]).toBe('#2');
      expect(complaints).toEqual([]);
    });
  });

  it('says when the chain no longer keeps a transaction\'s trace', async () => {
    // A chain that keeps the trace of its latest transaction only.
    const server = await startGateway({ backend: testChain({ traces: 1 }), dev: true, explorer: true });
    const { chain } = server;
    const [payer, payee] = chain.fundedAccounts;
    try {
      const first = transfer(chain, payer, payee, { amount: 1n });
      const second = transfer(chain, payer, payee, { amount: 2n });
      for (const signed of [first, second]) await server.request('PUT', '/transactions', { body: signed.body, headers: JSON_HEADERS });
      chain.processAnnounced();
      chain.harvest();
      // (The development routes' answers are not in the Symbol OpenAPI.)
      expect((await server.request('GET', `/dev/transactions/${first.hash}/trace`, { spec: false })).body.kept).toBe(false);

      const { page, complaints } = await open(`${server.base}/explorer#/tx/${first.hash}`);
      await eventually(() => page.locator('#trace-forgotten').count()).toBe(1);
      expect(await page.textContent('#trace-forgotten')).toContain('no longer keeps');
      expect(await page.textContent('#tx-status')).toContain('confirmed');
      for (const part of ['#trace-notifications', '#trace-balances', '#trace-failure']) expect(await page.locator(part).count()).toBe(0);
      expect(complaints).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('works with the gateway mounted under a prefix', async () => {
    const chain: InMemoryChain = testChain();
    const gateway = createGateway({ backend: chain, explorer: true, ws: { path: '/symbol/ws' }, logger: { error() {} } });
    const { server, base } = await listen(gateway, 'express5-prefix');
    try {
      const { page, complaints } = await open(`${base}/explorer`);
      await eventually(() => page.textContent('#height')).toBe('1');
      await eventually(() => gateway.hub.subscriberCount('block')).toBe(1);
      chain.harvest();
      await eventually(() => page.textContent('#blocks li:first-child a')).toBe('Block 2');
      expect(complaints).toEqual([]);
    } finally {
      await gateway.close();
      server.closeAllConnections();
      server.close();
    }
  });
});

// A hash or an address cut as the page cuts it: its first 10 characters, its last 6.
function short(text: string): string {
  return `${text.slice(0, 10)}…${text.slice(-6)}`;
}

function addressHex(address: string): string {
  return Buffer.from(new Address(address).bytes).toString('hex').toUpperCase();
}

// Atomic units of the currency (divisibility 6) as the page writes them: 999,998.9819
function formatXym(amount: bigint): string {
  const fraction = (amount % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '');
  return (amount / 1_000_000n).toLocaleString('en-US') + (fraction ? `.${fraction}` : '');
}
