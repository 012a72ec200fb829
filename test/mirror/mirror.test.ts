/**
 * The mirror (src/mirror): an upstream gateway of ours over an in-memory chain with real
 * activity is followed into a PostgreSQL store, and a gateway over that store answers the
 * block routes, the head, finalization, node and network as the upstream does, at every
 * height; its WebSocket clients get every new block once, in order. A restarted mirror
 * resumes; an upstream that goes away is waited for; a fork switch upstream (a revert of
 * unfinalized blocks) is followed; a store of another chain or network, and garbage, are refused.
 */
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import {
  AggregateTransaction,
  CosignatureTransaction,
  LockFundsTransaction,
  Mosaic,
  MosaicId,
  MultisigAccountModificationTransaction,
  NamespaceId,
  PlainMessage,
  TransferTransaction,
  UInt64,
  type Account,
} from 'symbol-sdk-v2';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { InMemoryChain } from '../../src/in-memory-chain.js';
import { Mirror, type MirrorOptions } from '../../src/mirror/mirror.js';
import { MirrorStore } from '../../src/postgres/mirror-store.js';
import { createPostgresBackend } from '../../src/postgres/backend.js';
import { PostgresWriter } from '../../src/postgres/writer.js';
import { unfundedAccount } from '../support/announce.js';
import { activity } from '../support/chain-activity.js';
import { actors, change, expectSameState, populate, populateMore, stateChain } from '../support/chain-state.js';
import { finished, run } from '../support/cli.js';
import { expectSameAnswers, usePostgresStore } from '../support/postgres.js';
import { firstValue, sdk2Wallet, subscribers, xym } from '../support/sdk2.js';
import { startGateway, testChain, type TestServer } from '../support/server.js';
import { aggregate, cosign, embeddedTransfer, transfer } from '../support/signing.js';
import { hashLockFor, hex } from '../support/announce.js';

const { postgres, cleanups } = usePostgresStore();

/** An upstream: a gateway of ours over a chain finalized every `finalizationInterval` blocks. */
async function upstreamOf(chain: InMemoryChain): Promise<TestServer & { chain: InMemoryChain }> {
  const server = await startGateway({ backend: chain });
  cleanups.push(() => server.close());
  return server;
}

async function mirrorOf(url: string, options: Partial<MirrorOptions> = {}): Promise<Mirror> {
  const mirror = await Mirror.start({
    upstream: { url, maxRequestsPerSecond: 1_000, backoff: { initial: 10, max: 100 }, retries: 1, timeout: 2_000 },
    store: { url: postgres().url },
    pollInterval: 50,
    onError: () => undefined,
    ...options,
  });
  cleanups.push(() => mirror.close());
  return mirror;
}

async function readerGateway(): Promise<TestServer> {
  const server = await startGateway({ backend: createPostgresBackend({ url: postgres().url, eventPollInterval: 50 }) });
  cleanups.push(() => server.close());
  return server;
}

/** The routes a mirror of blocks answers as its upstream: every block, block pages under each filter, the head, finalization, node and network. */
async function blockUrls(upstream: TestServer): Promise<string[]> {
  const { height, latestFinalizedBlock } = (await upstream.get('/chain/info')).body;
  const urls = ['/chain/info', '/node/info', '/node/server', '/node/peers', '/node/unlockedaccount', '/network', '/network/properties', '/network/inflation', '/network/fees/transaction', '/network/fees/rental'];
  const blocks = [];
  for (let h = 1; h <= Number(height); h++) {
    urls.push(`/blocks/${h}`);
    blocks.push((await upstream.get(`/blocks/${h}`)).body);
  }
  urls.push(`/blocks/${Number(height) + 1}`);
  for (const query of ['', 'order=asc', 'order=asc&pageNumber=2', 'orderBy=height&order=asc&offset=3', `offset=${blocks[4]?.id}`]) urls.push(`/blocks?${query}`);
  for (const block of [blocks[1], blocks.at(-1)]) {
    urls.push(`/blocks?signerPublicKey=${block.block.signerPublicKey}`, `/blocks?beneficiaryAddress=${block.block.beneficiaryAddress}&order=asc`);
  }
  for (let epoch = 1; epoch <= latestFinalizedBlock.finalizationEpoch; epoch++) urls.push(`/finalization/proof/epoch/${epoch}`);
  urls.push(`/finalization/proof/height/${latestFinalizedBlock.height}`);
  return urls;
}

/** The confirmed transaction routes: pages (top-level and embedded, under filters), every transaction by hash and id, and statuses. */
async function transactionUrls(upstream: TestServer & { chain: InMemoryChain }): Promise<string[]> {
  const urls = ['', 'embedded=true', 'order=asc&pageSize=100', 'embedded=true&order=asc&pageSize=100', 'embedded=true&order=asc&pageSize=10&pageNumber=3', 'type=16724', 'type=16705&type=16961']
    .map((query) => `/transactions/confirmed?${query}`);
  const all = [];
  for (let page = 1; ; page++) {
    const { body } = await upstream.get(`/transactions/confirmed?embedded=true&order=asc&pageSize=100&pageNumber=${page}`);
    all.push(...body.data);
    if (body.data.length < 100) break;
  }
  const signers = new Set<string>(all.map((entry) => entry.transaction.signerPublicKey));
  for (const signer of [...signers].slice(0, 4)) urls.push(`/transactions/confirmed?signerPublicKey=${signer}`, `/transactions/confirmed?signerPublicKey=${signer}&embedded=true&order=asc`);
  for (const account of upstream.chain.fundedAccounts.slice(0, 4)) {
    urls.push(`/transactions/confirmed?address=${account.address}`, `/transactions/confirmed?address=${account.address}&embedded=true&order=asc&pageSize=100`);
  }
  for (const height of new Set(all.map((entry) => entry.meta.height))) urls.push(`/transactions/confirmed?height=${height}&embedded=true`);
  for (const entry of all) {
    urls.push(`/transactions/confirmed/${entry.id}`);
    if (entry.meta.hash) urls.push(`/transactions/confirmed/${entry.meta.hash}`, `/transactionStatus/${entry.meta.hash}`);
  }
  urls.push(`/transactions/confirmed?offset=${all[Math.floor(all.length / 2)].id}&embedded=true`);
  return urls;
}

/** The statement routes: every block's transaction statements, pages under the filters, and both resolution kinds. */
async function statementUrls(upstream: TestServer & { chain: InMemoryChain }): Promise<string[]> {
  const height = Number((await upstream.get('/chain/info')).body.height);
  const urls = ['/statements/transaction', '/statements/transaction?order=asc&pageSize=100', '/statements/transaction?receiptType=8515', '/statements/transaction?receiptType=8515&receiptType=4685&order=asc',
    '/statements/resolutions/address?order=asc&pageSize=100', '/statements/resolutions/mosaic?order=asc&pageSize=100'];
  for (let h = 1; h <= height; h++) urls.push(`/statements/transaction?height=${h}&pageSize=100`);
  for (const account of upstream.chain.fundedAccounts.slice(0, 3)) urls.push(`/statements/transaction?targetAddress=${account.address}`, `/statements/transaction?recipientAddress=${account.address}&order=asc`);
  return urls;
}

/** The account routes (every page, every account by address, the currency's holders by id and by balance) and the mosaic routes (pages, each by id and by owner). */
async function accountUrls(upstream: TestServer & { chain: InMemoryChain }): Promise<string[]> {
  const all = [];
  for (let page = 1; ; page++) {
    const { body } = await upstream.get(`/accounts?order=asc&pageSize=100&pageNumber=${page}`);
    all.push(...body.data);
    if (body.data.length < 100) break;
  }
  const currency = upstream.chain.currency.mosaicId;
  const urls = ['/accounts', '/accounts?order=asc&pageSize=100', `/accounts?mosaicId=${currency}&pageSize=100`, `/accounts?mosaicId=${currency}&orderBy=balance&order=desc&pageSize=100`,
    `/accounts?mosaicId=${currency}&orderBy=balance&order=asc&pageSize=10&pageNumber=2`, `/accounts?offset=${all[Math.floor(all.length / 2)].id}&order=asc`];
  for (const entry of all) urls.push(`/accounts/${entry.account.address}`);
  const mosaics = (await upstream.get('/mosaics?order=asc&pageSize=100')).body.data;
  urls.push('/mosaics', '/mosaics?order=asc&pageSize=100', `/mosaics?offset=${mosaics[0]?.id}`);
  for (const entry of mosaics) urls.push(`/mosaics/${entry.mosaic.id}`, `/mosaics?ownerAddress=${entry.mosaic.ownerAddress}&order=asc`);
  return urls;
}

/** The merkle paths of every block's transactions and statements (from `fromHeight`), and of a hash that is no leaf. */
function merkleUrls(upstream: TestServer & { chain: InMemoryChain }, fromHeight = 1): string[] {
  const leaves = upstream.chain.following();
  const urls: string[] = [];
  for (let height = fromHeight; height <= Number(upstream.chain.height); height++) {
    const block = leaves.merkleLeaves(height)!;
    for (const tree of ['transactions', 'statements'] as const) {
      for (let at = 0; at < block[tree].length; at += 32) urls.push(`/blocks/${height}/${tree}/${Buffer.from(block[tree].subarray(at, at + 32)).toString('hex').toUpperCase()}/merkle`);
      urls.push(`/blocks/${height}/${tree}/${'AB'.repeat(32)}/merkle`);
    }
  }
  return urls;
}

/** What the routes answer of the blocks from `from` to `to`: each block, its transactions (each also by hash, with its status), its statements and its merkle paths; the head and fees. */
async function heightUrls(upstream: TestServer & { chain: InMemoryChain }, from: number, to: number): Promise<string[]> {
  const urls = ['/chain/info', '/network/fees/transaction', '/blocks?pageSize=10'];
  for (let height = from; height <= to; height++) {
    urls.push(`/blocks/${height}`, `/transactions/confirmed?height=${height}&embedded=true&pageSize=100`, `/statements/transaction?height=${height}&pageSize=100`);
    for (const kind of ['address', 'mosaic']) urls.push(`/statements/resolutions/${kind}?height=${height}&pageSize=100`);
    const { body } = await upstream.get(`/transactions/confirmed?height=${height}&pageSize=100`);
    for (const entry of body.data) urls.push(`/transactions/confirmed/${entry.meta.hash}`, `/transactionStatus/${entry.meta.hash}`);
  }
  return [...urls, ...merkleUrls(upstream, from).filter((url) => Number(url.split('/')[2]) <= to)];
}

/** The reader answers every route above as the upstream does; how many were compared. */
async function expectSameAsUpstream(upstream: TestServer & { chain: InMemoryChain }, reader: TestServer): Promise<number> {
  const urls = [...(await blockUrls(upstream)), ...(await transactionUrls(upstream)), ...(await statementUrls(upstream)), ...(await accountUrls(upstream)), ...merkleUrls(upstream)];
  await expectSameAnswers(upstream, reader, urls);
  return urls.length;
}

/** Both pools (top-level and embedded pages, under an address), every pooled transaction by hash and id, and its status; how many pooled transactions there are. */
async function expectSamePools(upstream: TestServer & { chain: InMemoryChain }, reader: TestServer): Promise<number> {
  const urls: string[] = [];
  let pooled = 0;
  for (const group of ['unconfirmed', 'partial']) {
    urls.push(`/transactions/${group}`, `/transactions/${group}?embedded=true&order=asc&pageSize=100`);
    const { body } = await upstream.get(`/transactions/${group}?order=asc&pageSize=100`);
    pooled += body.data.length;
    for (const entry of body.data) {
      urls.push(`/transactions/${group}/${entry.meta.hash}`, `/transactions/${group}/${entry.id}`, `/transactionStatus/${entry.meta.hash}`);
      urls.push(`/transactions/${group}?signerPublicKey=${entry.transaction.signerPublicKey}&embedded=true`);
    }
  }
  for (const account of upstream.chain.fundedAccounts.slice(0, 4)) urls.push(`/transactions/unconfirmed?address=${account.address}`, `/transactions/partial?address=${account.address}&embedded=true`);
  await expectSameAnswers(upstream, reader, urls);
  return pooled;
}

/** The frames a gateway's WebSocket sends on `channels` from now on, as `topic hash` (or the topic alone). */
async function framesOf(server: TestServer, channels: readonly string[]): Promise<string[]> {
  const frames: string[] = [];
  const socket = new WebSocket(server.wsUrl);
  cleanups.push(async () => socket.terminate());
  await new Promise<void>((resolve) => socket.once('message', (data) => {
    const { uid } = JSON.parse(String(data));
    for (const channel of channels) socket.send(JSON.stringify({ uid, subscribe: channel }));
    resolve();
  }));
  socket.on('message', (data) => {
    const { topic, data: body } = JSON.parse(String(data));
    const hash = body?.meta?.hash ?? body?.parentHash;
    frames.push(hash ? `${topic.split('/')[0]} ${hash}` : topic.split('/')[0]);
  });
  // The subscriptions are taken once a round trip has passed.
  await new Promise((resolve) => setTimeout(resolve, 200));
  return frames;
}

/** Harvests `count` blocks (with what the pool holds). */
function harvest(chain: InMemoryChain, count: number): void {
  for (let n = 0; n < count; n++) chain.harvest();
}

/**
 * A proxy to `target` that keeps the path and query of every request it forwards, and can be
 * taken down (connections refused with a reset) and brought back.
 */
async function proxyTo(target: string): Promise<{ url: string; requests: string[]; down(): void; up(): void }> {
  let open = true;
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    if (!open) {
      req.socket.destroy();
      return;
    }
    requests.push(req.url ?? '');
    const forwarded = http.request(`${target}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forwarded.on('error', () => res.destroy());
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => {
    server.closeAllConnections();
    server.close(resolve);
  }));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests, down: () => (open = false), up: () => (open = true) };
}

async function until(condition: () => boolean | Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  for (const end = Date.now() + ms; !(await condition()); await new Promise((resolve) => setTimeout(resolve, 20))) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
  }
}

// The mirror's tests run many blocks through PostgreSQL: 8–50 s each on a loaded 2-core machine, each given three times that or more.
describe('mirror', { timeout: 60_000 }, () => {
  it('copies an upstream into the store: every block, page, head, finalization proof, node and network answer alike at each height', async () => {
    // Importance blocks every 8 (the mirror copies every account there), touched accounts in between.
    const chain = testChain({ finalizationInterval: 4, importanceGrouping: 8 });
    const upstream = await upstreamOf(chain);
    activity(chain, 'alpha');
    harvest(chain, 9);
    const progress: bigint[] = [];
    let mirror = await mirrorOf(upstream.base, { batchSize: 3, onProgress: (at) => progress.push(at.height) });
    await mirror.caughtUp();
    const reader = await readerGateway();
    // Blocks, transactions of every kind the activity makes (aggregates too), their statuses.
    expect(await expectSameAsUpstream(upstream, reader)).toBeGreaterThan(150);
    // Merkle paths are served (every block has a statement: its harvest fee), and found.
    const paths = merkleUrls(upstream).filter((url) => !url.includes('ABABAB'));
    expect(paths.length).toBeGreaterThan(Number(chain.height));
    for (const url of paths) expect((await reader.get(url)).status, url).toBe(200);
    // Written in batches of three, each reported.
    expect(progress.length).toBeGreaterThanOrEqual(Math.ceil(Number(chain.height) / 3));
    expect(progress.at(-1)).toBe(chain.height);

    // Following: each new block, and each transaction it confirms, reaches the reader's WebSocket clients once, in order.
    const frames: number[] = [];
    const confirmed: string[] = [];
    const socket = new WebSocket(reader.wsUrl);
    cleanups.push(async () => socket.terminate());
    await new Promise<void>((resolve) => socket.once('message', (data) => {
      const { uid } = JSON.parse(String(data));
      for (const channel of ['block', 'confirmedAdded']) socket.send(JSON.stringify({ uid, subscribe: channel }));
      resolve();
    }));
    socket.on('message', (data) => {
      const { topic, data: body } = JSON.parse(String(data));
      if (topic === 'block') frames.push(Number(body.block.height));
      else confirmed.push(body.meta.hash);
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const from = Number(chain.height);
    for (let n = 0; n < 6; n++) {
      activity(chain, `beta ${n}`);
      // A plain transfer to an account the chain never saw: no receipt names it, only the transaction.
      chain.announcer.announce(transfer(chain, chain.fundedAccounts[n], unfundedAccount(chain, `newcomer ${n}`), { amount: 1_000n + BigInt(n) }).payload);
      chain.harvest();
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    await until(() => mirror.height === chain.height, 'the mirror to follow');
    // One account falls below the harvesting minimum, another rises above it; the next importance block takes the
    // first's importance and gives the second some, in a batch of its own that touches neither: the mirror reads
    // again there the accounts that held importance and those high-value now, not every account.
    const dropping = chain.fundedAccounts[7];
    const riser = unfundedAccount(chain, 'riser');
    chain.announcer.announce(transfer(chain, dropping, riser, { amount: 995_000_000_000n, message: 'most of it' }).payload);
    chain.harvest();
    await until(() => mirror.height === chain.height, 'the mirror to follow the transfer');
    // Restarted in between: the accounts holding importance are read from the store.
    await mirror.close();
    mirror = await mirrorOf(upstream.base, { batchSize: 3 });
    const accountOf = async (server: TestServer, address: string) => (await server.get(`/accounts/${address}`)).body.account;
    expect(BigInt((await accountOf(upstream, dropping.address)).importance)).toBeGreaterThan(0n);
    while (chain.height % 8n !== 1n) chain.harvest();
    await until(() => mirror.height === chain.height, 'the mirror to follow past the importance block');
    for (const server of [upstream, reader]) {
      expect((await accountOf(server, dropping.address)).importance).toBe('0');
      // catapult's rule: a score now, but no importance until a period follows one with a score.
      const risen = await accountOf(server, riser.address);
      expect(BigInt(risen.activityBuckets[0].rawScore)).toBeGreaterThan(0n);
      expect(risen.importance).toBe('0');
    }
    chain.harvest();
    while (chain.height % 8n !== 1n) chain.harvest();
    await until(() => mirror.height === chain.height, 'the mirror to follow past the next importance block');
    for (const server of [upstream, reader]) expect(BigInt((await accountOf(server, riser.address)).importance)).toBeGreaterThan(0n);
    await until(() => frames.length >= Number(chain.height) - from, 'the block frames');
    expect(frames).toEqual(Array.from({ length: Number(chain.height) - from }, (_, i) => from + 1 + i));
    const followed = (await upstream.get(`/transactions/confirmed?fromHeight=${from + 1}&order=asc&pageSize=100`)).body;
    expect(followed.data.length).toBeGreaterThan(5);
    await until(() => confirmed.length >= followed.data.length, 'the confirmedAdded frames');
    expect(confirmed).toEqual(followed.data.map((entry: any) => entry.meta.hash));
    await expectSameAsUpstream(upstream, reader);

    // An announce on the reader reaches the upstream through the store, and comes back confirmed.
    const [alice, bob] = chain.fundedAccounts;
    const signed = transfer(chain, alice, bob, { amount: 7n, message: 'through the mirror' });
    const put = await reader.request('PUT', '/transactions', { body: JSON.stringify({ payload: signed.payload }), headers: { 'content-type': 'application/json' } });
    expect(put.status).toBe(202);
    await until(async () => (await chain.transactionStatus.find([signed.hash]))[0]?.group === 'unconfirmed', 'the upstream to take the announce');
    chain.harvest();
    // The mirror may copy the pools (the status unconfirmed) before it follows the block: wait for the confirmed status.
    await until(async () => (await reader.get(`/transactionStatus/${signed.hash}`)).body?.group === 'confirmed', 'the mirror to copy it confirmed');
    expect((await reader.get(`/transactionStatus/${signed.hash}`)).body).toMatchObject({ group: 'confirmed', code: 'Success', height: String(chain.height) });
    // Two comparisons of every route of the chain: some 14 s on a loaded machine.
  }, 120_000);

  it('copies the pools: a wallet’s bonded flow through a reader answers and notifies as on the upstream', async () => {
    const chain = testChain();
    const upstream = await upstreamOf(chain);
    activity(chain, 'alpha');
    // A transfer waiting for a block, beside the activity's bonded aggregate waiting for a cosignature.
    const [alice, bob, carol] = chain.fundedAccounts;
    chain.announcer.announce(transfer(chain, bob, carol, { amount: 9n, message: 'pooled' }).payload);
    chain.processAnnounced();
    const mirror = await mirrorOf(upstream.base);
    await mirror.caughtUp();
    const reader = await readerGateway();
    expect(await expectSamePools(upstream, reader)).toBeGreaterThanOrEqual(2);

    // Through the reader, as a wallet does it: a hash lock, the bonded aggregate, the cosignature; each step comes back over its WebSocket.
    const frames = await framesOf(reader, ['unconfirmedAdded', 'unconfirmedRemoved', 'partialAdded', 'partialRemoved', 'cosignature', 'confirmedAdded'].map((channel) => `${channel}/${carol.address}`));
    const bonded = aggregate(chain, 'bonded', alice, [embeddedTransfer(chain, alice, carol, 5n), embeddedTransfer(chain, carol, alice, 6n)]);
    const lock = hashLockFor(chain, alice, bonded.hash);
    const put = async (path: string, body: unknown) => expect((await reader.request('PUT', path, { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } })).status).toBe(202);
    await put('/transactions', { payload: lock.payload });
    await until(async () => (await chain.transactionStatus.find([lock.hash]))[0]?.group === 'unconfirmed', 'the upstream to take the lock');
    chain.harvest();
    await put('/transactions/partial', { payload: bonded.payload });
    await until(() => frames.includes(`partialAdded ${bonded.hash}`), 'partialAdded on the reader');
    await mirror.caughtUp();
    await expectSamePools(upstream, reader);
    await put('/transactions/cosignature', cosign(chain, carol, bonded));
    await until(() => frames.includes(`unconfirmedAdded ${bonded.hash}`), 'unconfirmedAdded on the reader');
    await mirror.caughtUp();
    await expectSamePools(upstream, reader);
    chain.harvest();
    await until(() => frames.includes(`confirmedAdded ${bonded.hash}`), 'confirmedAdded on the reader');
    expect(frames.filter((frame) => frame.endsWith(bonded.hash))).toEqual(['partialAdded', 'cosignature', 'partialRemoved', 'unconfirmedAdded', 'unconfirmedRemoved', 'confirmedAdded'].map((topic) => `${topic} ${bonded.hash}`));
    await mirror.caughtUp();
    expect(await expectSamePools(upstream, reader)).toBe(1);
    await expectSameAnswers(upstream, reader, [`/transactionStatus/${bonded.hash}`, `/transactions/confirmed/${bonded.hash}`]);
  });

  it('serves a symbol-sdk 2.0.7 wallet on a reader: a transfer, then a multisig conversion by hash lock and two cosignatures', async () => {
    // On the wall clock: the SDK's deadlines are two hours from now.
    const chain = new InMemoryChain({ blockInterval: false });
    cleanups.push(async () => chain.close());
    const upstream = await upstreamOf(chain);
    const mirror = await mirrorOf(upstream.base);
    await mirror.caughtUp();
    const reader = await readerGateway();
    const wallet = await sdk2Wallet(reader.base);
    expect([wallet.networkType, wallet.generationHash, wallet.epochAdjustment]).toEqual([152, chain.options.generationHashSeed, chain.options.epochAdjustment]);
    const [alice, bob, carol] = chain.fundedAccounts.slice(0, 3).map((account) => wallet.account(account.privateKey));
    const listener = await wallet.openListener();
    cleanups.push(async () => listener.close());
    /** Harvests once the upstream holds `hash` (the reader queued it, the mirror forwarded it) unconfirmed. */
    const harvestOnceUpstream = async (hash: string) => {
      await until(async () => (await chain.transactionStatus.find([hash]))[0]?.group === 'unconfirmed', `the upstream to hold ${hash}`);
      chain.harvest();
    };

    // TransactionService.announce resolves once the block that confirms it reaches the reader's WebSocket.
    const signed = alice.sign(TransferTransaction.create(wallet.deadline(), bob.address, [new Mosaic(new NamespaceId('symbol.xym'), xym(3))], PlainMessage.create('via a mirror'), wallet.networkType, xym(0.1)), wallet.generationHash);
    const sent = firstValue(wallet.transactionService.announce(signed, listener));
    await subscribers(reader, `confirmedAdded/${alice.address.plain()}`, 1);
    await harvestOnceUpstream(signed.hash);
    const confirmed = (await sent) as TransferTransaction;
    expect([confirmed.transactionInfo?.hash, confirmed.transactionInfo?.height.toString()]).toEqual([signed.hash, chain.height.toString()]);
    const bobInfo = await firstValue(wallet.factory.createAccountRepository().getAccountInfo(bob.address));
    expect(bobInfo.mosaics.map((mosaic) => [mosaic.id.toHex(), mosaic.amount.toString()])).toEqual([[chain.currency.mosaicId, String(chain.options.accountBalance + 3_000_000n)]]);

    // announceHashLockAggregateBonded: the lock confirmed, then the aggregate partial, both seen on the reader.
    const conversion = alice.sign(
      AggregateTransaction.createBonded(
        wallet.deadline(),
        [MultisigAccountModificationTransaction.create(wallet.deadline(), 2, 2, [bob.address, carol.address], [], wallet.networkType).toAggregate(alice.publicAccount)],
        wallet.networkType,
        [],
        xym(0.5),
      ),
      wallet.generationHash,
    );
    const lock = alice.sign(LockFundsTransaction.create(wallet.deadline(), new Mosaic(new MosaicId(chain.currency.mosaicId), xym(10)), UInt64.fromUint(480), conversion, wallet.networkType, xym(0.1)), wallet.generationHash);
    const bonded = firstValue(wallet.transactionService.announceHashLockAggregateBonded(lock, conversion, listener));
    await harvestOnceUpstream(lock.hash);
    const partial = await bonded;
    expect(partial.transactionInfo?.hash).toBe(conversion.hash);
    const cosignWith = (account: Account) => firstValue(wallet.factory.createTransactionRepository().announceAggregateBondedCosignature(account.signCosignatureTransaction(CosignatureTransaction.create(partial))));
    await cosignWith(bob);
    await cosignWith(carol);
    await harvestOnceUpstream(conversion.hash);
    await until(async () => (await reader.get(`/transactionStatus/${conversion.hash}`)).body.group === 'confirmed', 'the conversion confirmed on the reader');
    const multisig = await firstValue(wallet.factory.createMultisigRepository().getMultisigAccountInfo(alice.address));
    expect([multisig.minApproval, multisig.minRemoval, multisig.cosignatoryAddresses.map((address) => address.plain()).sort()]).toEqual([2, 2, [bob.address.plain(), carol.address.plain()].sort()]);
  });

  it('resumes after a restart, waits for an upstream that went away, and follows a fork switch of unfinalized blocks', async () => {
    const chain = testChain({ finalizationInterval: 100 });
    const upstream = await upstreamOf(chain);
    harvest(chain, 8);
    const proxy = await proxyTo(upstream.base);
    const first = await mirrorOf(proxy.url);
    await first.caughtUp();
    await first.close();

    // Restarted: it goes on after height 9.
    harvest(chain, 3);
    const fork = chain.dev.snapshot();
    const errors: Error[] = [];
    const mirror = await mirrorOf(proxy.url, { onError: (error) => errors.push(error) });
    await mirror.caughtUp();
    expect(mirror.height).toBe(12n);
    const reader = await readerGateway();
    await expectSameAsUpstream(upstream, reader);

    // Away: nothing is written, failures are reported; back: it catches up.
    proxy.down();
    activity(chain, 'gamma');
    await until(() => errors.length > 0, 'a reported failure');
    expect(mirror.height).toBe(12n);
    // State proofs come from the upstream, as a node's gateway asks its node: unavailable while it is away.
    const proof = `/accounts/${chain.fundedAccounts[0].address}/merkle`;
    expect(await reader.get(proof)).toMatchObject({ status: 503, body: { code: 'ServiceUnavailable' } });
    proxy.up();
    await until(() => mirror.height === chain.height, 'the mirror to catch up');
    await expectSameAsUpstream(upstream, reader);
    await expectSameAnswers(upstream, reader, [proof]);

    expect(chain.height).toBeGreaterThan(13n);
    // A fork switch: the upstream goes back to height 12 and grows another chain (later timestamps: other hashes), without the transactions of 13.
    const replaced = (await reader.get('/blocks/13')).body.meta.hash;
    expect((await reader.get('/transactions/confirmed?height=13')).body.pagination.totalEntries).toBeGreaterThan(0);
    chain.dev.revert(fork.id);
    harvest(chain, 4);
    expect(chain.height).toBe(16n);
    await until(async () => mirror.height === 16n && (await reader.get('/blocks/13')).body.meta.hash !== replaced, 'the mirror to switch forks');
    await expectSameAsUpstream(upstream, reader);
    expect((await reader.get('/transactions/confirmed?height=13')).body.pagination.totalEntries).toBe(0);
  });

  it('follows state of every kind as it is made, changed and removed: every state route and each block’s routes alike after each block', async () => {
    const chain = stateChain();
    cleanups.push(async () => chain.close());
    const upstream = await upstreamOf(chain);
    const mirror = await mirrorOf(upstream.base);
    await mirror.caughtUp();
    const reader = await readerGateway();
    const compared: bigint[] = [];
    // Each block harvested one by one: the mirror copies it, then every state route and what the routes answer of the blocks since the last comparison are compared.
    const atEachBlock = async () => {
      await until(async () => JSON.stringify((await reader.get('/chain/info')).body) === JSON.stringify((await upstream.get('/chain/info')).body), `the mirror to copy block ${chain.height} and its finalization`);
      await expectSameState(upstream, reader, chain);
      await expectSameAnswers(upstream, reader, await heightUrls(upstream, Number(compared.at(-1) ?? 0n) + 1, Number(chain.height)));
      compared.push(chain.height);
    };
    // Namespaces (a family over three blocks, aliases), mosaics, metadata, locks, restrictions, a multisig graph.
    await populate(chain, atEachBlock);
    // Then a lock used, a secret lock and a namespace expired and pruned, a root renewed, metadata, restrictions and a cosignatory removed.
    await change(chain, atEachBlock);
    await populateMore(chain, atEachBlock);
    expect(compared.length).toBeGreaterThanOrEqual(14);
    const { e, i, brief } = actors(chain);
    for (const url of [`/restrictions/account/${e.address}`, `/account/${i.address}/multisig`, `/namespaces/${hex(brief)}`]) {
      expect([url, (await upstream.get(url)).status, (await reader.get(url)).status]).toEqual([url, 404, 404]);
    }
    await expectSameAsUpstream(upstream, reader);
  }, 180_000);

  it('copies the whole state at the start, and again after a fork switch replaced the blocks that changed it', async () => {
    // Nothing finalized: the blocks after `populate` can be replaced.
    const chain = testChain({ finalizationInterval: 1_000, rules: { minNamespaceDuration: 1n, namespaceGracePeriod: 2n } });
    const upstream = await upstreamOf(chain);
    await populate(chain);
    const mirror = await mirrorOf(upstream.base);
    await mirror.caughtUp();
    const reader = await readerGateway();
    const atStart = await expectSameState(upstream, reader, chain);
    expect(atStart.compared).toBeGreaterThan(500);

    const fork = chain.dev.snapshot();
    await change(chain);
    await until(() => mirror.height === chain.height, 'the mirror to follow');
    const changed = await expectSameState(upstream, reader, chain);
    expect(changed.entries.get('/namespaces')!.length).toBeGreaterThan(atStart.entries.get('/namespaces')!.length);

    // The upstream goes back to the end of `populate` and grows another, shorter chain: what `change` made, changed and removed is as before it.
    const replaced = (await reader.get(`/blocks/${BigInt(fork.height) + 1n}`)).body.meta.hash;
    chain.dev.revert(fork.id);
    harvest(chain, 3);
    await until(async () => mirror.height === chain.height && (await reader.get(`/blocks/${BigInt(fork.height) + 1n}`)).body.meta.hash !== replaced, 'the mirror to switch forks');
    const after = await expectSameState(upstream, reader, chain);
    expect(after.entries.get('/namespaces')!.map((entry) => entry.id)).toEqual(atStart.entries.get('/namespaces')!.map((entry) => entry.id));
    expect((await reader.get(`/account/${actors(chain).i.address}/multisig`)).status).toBe(200);
  });

  it('copies a chain of mostly empty blocks with few requests: every block, transaction, statement and resolution alike, far under one request a block', async () => {
    const chain = testChain({ finalizationInterval: 100 });
    const upstream = await upstreamOf(chain);
    // Runs of empty blocks (each with its harvest fee statement), some over a page of blocks, between rounds of activity (aggregates, aliases: resolutions).
    for (const round of ['one', 'two', 'three', 'four', 'five']) {
      harvest(chain, 113);
      activity(chain, round);
    }
    harvest(chain, 57);
    const proxy = await proxyTo(upstream.base);
    const mirror = await mirrorOf(proxy.url, { batchSize: 100 });
    await mirror.caughtUp();
    const asked = [...proxy.requests];
    const blocks = Number(chain.height);
    expect(blocks).toBeGreaterThan(600);

    // Catching up, blocks 200 or more below the head are history: their batches tell readers only that the data moved; the last 200 blocks and their transactions are events.
    const db = new pg.Client({ connectionString: postgres().url });
    await db.connect();
    const { rows: events } = await db.query<{ channel: string; height: string | null }>("select channel, coalesce(data::jsonb->'block'->>'height', data::jsonb->'meta'->>'height') as height from events order by seq");
    await db.end();
    const blockEvents = events.filter((event) => event.channel === 'block').map((event) => Number(event.height));
    expect(blockEvents.at(-1)).toBe(blocks);
    expect(blockEvents).toEqual(Array.from({ length: blockEvents.length }, (_, i) => blocks - blockEvents.length + 1 + i));
    expect(blockEvents.length).toBeGreaterThan(0);
    expect(blockEvents.length).toBe(200);
    expect(events.filter((event) => event.channel === 'confirmedAdded').every((event) => Number(event.height) >= blockEvents[0])).toBe(true);
    expect(events.filter((event) => event.channel === 'revision').length).toBeGreaterThanOrEqual(Math.floor((blocks - 200) / 100));

    // Everything alike: every page of blocks, transactions (embedded too), transaction statements and both kinds of resolutions; the busy blocks' own routes.
    const reader = await readerGateway();
    const urls: string[] = [];
    const busy = new Set<string>();
    for (const path of ['/blocks', '/transactions/confirmed?embedded=true', '/statements/transaction', '/statements/resolutions/address', '/statements/resolutions/mosaic']) {
      for (let page = 1; ; page++) {
        const url = `${path}${path.includes('?') ? '&' : '?'}order=asc&pageSize=100&pageNumber=${page}`;
        urls.push(url);
        const { body } = await upstream.get(url);
        if (path.startsWith('/transactions')) for (const entry of body.data) if (entry.meta.hash) urls.push(`/transactions/confirmed/${entry.meta.hash}`);
        if (path.startsWith('/statements/resolutions')) for (const entry of body.data) busy.add(entry.statement.height);
        if (body.data.length < 100) break;
      }
    }
    expect(busy.size).toBeGreaterThan(0);
    for (const height of busy) urls.push(...(await heightUrls(upstream, Number(height), Number(height))));
    await expectSameAnswers(upstream, reader, urls);

    // Far under a request a block: ranges, not heights.
    expect(asked.filter((url) => /[?&]height=/.test(url) && !url.startsWith('/statements/resolutions')), 'no listing by one height but resolutions').toEqual([]);
    expect(asked.length / blocks).toBeLessThan(0.25);
  });

  it('rolls back the batches written after one that fails, and goes on from the last one committed: every page alike, every list dense', async () => {
    const chain = testChain({ finalizationInterval: 100 });
    const upstream = await upstreamOf(chain);
    for (const round of ['one', 'two', 'three']) {
      harvest(chain, 90);
      activity(chain, round);
    }
    harvest(chain, 40);
    // The store's tables first, then two failures, each once (a sequence moves outside transactions): the rows of the
    // batch holding block 130 fail (while the batch before it completes), and the completion of the batch ending at
    // block 300 (while the next one's rows go in).
    const { store } = await MirrorStore.open({ url: postgres().url });
    await store.close();
    const db = new pg.Client({ connectionString: postgres().url });
    await db.connect();
    cleanups.push(() => db.end());
    await db.query(`
      create sequence failures_rows; create sequence failures_completion;
      create function fail_once() returns trigger language plpgsql as $$
      begin
        if nextval(tg_argv[0]) = 1 then raise exception 'injected failure (%)', tg_argv[0]; end if;
        return new;
      end $$;
      create trigger fail_rows before insert on blocks for each row when (new.height = 130) execute function fail_once('failures_rows');
      create trigger fail_completion before update on list_counts for each row when (new.list = 'blocks' and new.count = 300) execute function fail_once('failures_completion');
    `);
    const errors: string[] = [];
    const mirror = await mirrorOf(upstream.base, { batchSize: 50, onError: (error) => errors.push(error.message) });
    await mirror.caughtUp();
    expect(errors.filter((message) => message.includes('injected failure'))).toEqual([
      expect.stringContaining('failures_rows'),
      expect.stringContaining('failures_completion'),
    ]);
    // The batch whose completion failed was written again: its trigger fired twice.
    const { rows: [{ value }] } = await db.query<{ value: string }>('select last_value as value from failures_completion');
    expect(value).toBe('2');

    // Every list's ranks run from 1 to its count, each once; every page and entity as the upstream has it.
    const { rows: lists } = await db.query<{ list: string; count: string; ranks: string; top: string | null }>(
      'select c.list, c.count, count(r.rank) as ranks, max(r.rank) as top from list_counts c left join ranks r on r.list = c.list group by c.list, c.count',
    );
    expect(lists.length).toBeGreaterThan(10);
    expect(lists.filter((list) => list.count !== list.ranks || (list.top ?? '0') !== list.count)).toEqual([]);
    const { rows: [blocks] } = await db.query<{ count: string }>("select count from list_counts where list = 'blocks'");
    expect(blocks.count).toBe(String(chain.height));
    const reader = await readerGateway();
    await expectSameAsUpstream(upstream, reader);
    // 7.5–10 s alone: room for a loaded 2-core machine running two files at once.
  }, 60_000);

  it('starts at a chosen height: the blocks, transactions and finalization rounds from there on', async () => {
    const chain = testChain({ finalizationInterval: 4 });
    const upstream = await upstreamOf(chain);
    activity(chain, 'alpha');
    harvest(chain, 12);
    const mirror = await mirrorOf(upstream.base, { fromHeight: 6n });
    await mirror.caughtUp();
    const reader = await readerGateway();
    const { height, latestFinalizedBlock } = (await upstream.get('/chain/info')).body;
    const heights = Array.from({ length: Number(height) - 5 }, (_, i) => 6 + i);
    await expectSameAnswers(upstream, reader, ['/chain/info', ...heights.map((h) => `/blocks/${h}`), ...heights.map((h) => `/transactions/confirmed?height=${h}&embedded=true&pageSize=100`), ...merkleUrls(upstream, 6)]);
    expect((await reader.get('/blocks/5')).status).toBe(404);
    expect((await reader.get('/blocks?order=asc&pageSize=100')).body.data.map((block: any) => Number(block.block.height))).toEqual(heights);
    // The rounds that finalized a block from height 6 on, and none before.
    const epochs = Array.from({ length: latestFinalizedBlock.finalizationEpoch }, (_, i) => i + 1);
    const held = [];
    for (const epoch of epochs) {
      const proof = (await upstream.get(`/finalization/proof/epoch/${epoch}`)).body;
      const stored = await reader.get(`/finalization/proof/epoch/${epoch}`);
      if (Number(proof.height) >= 6) {
        expect(stored.body).toEqual(proof);
        held.push(epoch);
      } else {
        expect(stored.status).toBe(404);
      }
    }
    expect(held.length).toBeGreaterThan(1);
    expect(held.length).toBeLessThan(epochs.length);
  });

  it('runs as `symbol-gateway mirror`: a progress line, the head reached, a clean exit on SIGTERM; bad flags exit 2', async () => {
    const chain = testChain();
    const upstream = await upstreamOf(chain);
    harvest(chain, 5);
    const child = run(['mirror', '--from', upstream.base, '--store', postgres().url, '--rate', '500']);
    let stdout = '';
    child.stdout!.on('data', (chunk) => (stdout += chunk));
    await until(() => stdout.includes("mirror: at the upstream's head, height 6"), `the head line in: ${stdout}`, 20_000);
    expect(stdout).toMatch(/^symbol-gateway mirror: following http:\/\/127\.0\.0\.1:\d+ into postgres:\/\/postgres@127\.0\.0\.1:\d+\/symbol_gateway from height 1$/m);
    const reader = await readerGateway();
    await expectSameAsUpstream(upstream, reader);
    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);

    const refusals = [
      [['mirror', '--store', postgres().url], /--from must be the URL of a gateway/],
      [['mirror', '--from', upstream.base, '--store', 'mysql://x'], /--store must be a PostgreSQL URL/],
      [['mirror', '--from', upstream.base, '--store', postgres().url, '--from-height', '0'], /--from-height must be a height from 1/],
      [['mirror', '--from', upstream.base, '--store', postgres().url, '--bogus'], /Unknown option '--bogus'/],
    ] as const;
    const [help, mainHelp, ...results] = await Promise.all([finished(['mirror', '--help']), finished(['--help']), ...refusals.map(([args]) => finished([...args]))]);
    refusals.forEach(([args, message], i) => {
      expect({ args, code: results[i].code }).toEqual({ args, code: 2 });
      expect(results[i].stderr).toMatch(message);
      expect(results[i].stderr).toContain('\nrun symbol-gateway mirror --help for the options');
      expect(results[i].stderr).not.toContain('usage:');
    });
    expect(help.stdout).toContain('--from-height');
    expect(mainHelp.stdout).toContain('symbol-gateway mirror --from');
  }, 60_000);

  it('refuses a store its own writer wrote, and an upstream of another network; garbage is reported and writes nothing', async () => {
    const chain = testChain();
    cleanups.push(async () => chain.close());
    const writer = await PostgresWriter.start(chain, { url: postgres().url, onError: () => undefined });
    await writer.close();
    const upstream = await upstreamOf(testChain({ generationHashSeed: 'AB'.repeat(32) }));
    await expect(mirrorOf(upstream.base)).rejects.toThrow(/its own writer wrote/);

    const admin = new pg.Client({ connectionString: postgres().url });
    await admin.connect();
    await admin.query('drop schema public cascade; create schema public');
    await admin.end();
    const mirror = await mirrorOf(upstream.base);
    await mirror.caughtUp();
    await mirror.close();
    const other = await upstreamOf(testChain());
    await expect(mirrorOf(other.base)).rejects.toMatchObject({ kind: 'network', message: expect.stringContaining('AB'.repeat(32)) });

    // An upstream that answers its blocks as garbage: reported, nothing written.
    const liar = await proxyTo(upstream.base);
    const garbage = http.createServer((req, res) => {
      if (req.url?.startsWith('/blocks')) {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"data": "not blocks"}');
        return;
      }
      http.get(`${liar.url}${req.url}`, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      }).on('error', () => res.destroy());
    });
    await new Promise<void>((resolve) => garbage.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => {
      garbage.closeAllConnections();
      garbage.close(resolve);
    }));
    upstream.chain.harvest();
    const errors: Error[] = [];
    const stuck = await mirrorOf(`http://127.0.0.1:${(garbage.address() as AddressInfo).port}`, { onError: (error) => errors.push(error) });
    await until(() => errors.length > 0, 'a reported failure');
    expect(errors[0]).toMatchObject({ kind: 'garbage' });
    expect(stuck.height).toBe(upstream.chain.height - 1n);
  });
});
