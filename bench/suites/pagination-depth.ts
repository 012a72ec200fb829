/**
 * pagination-depth: p50/p99 latency of `GET /transactions/confirmed` at page 1, at
 * pageNumber 10 000, after an offset 1 000 000 entries deep, and filtered by an address
 * that has many transactions, over a million confirmed transactions. Target: deep pages
 * ≤ 1.5 × page 1. Also reports the memory a million transactions take.
 *
 * The million are built fast but realistically: a thousand transfers are signed with
 * symbol-sdk once, and each confirmed entry is one of them with its recipient and amount
 * bytes varied, decoded into its own SDK model and made a `TransactionRecord` of the
 * confirmed collection (src/memory/transactions), as a harvested block would. Only the
 * signature check and the Symbol hash are skipped (the confirmed group never re-checks
 * them): each entry's hash is the SHA3-256 of its bytes, unique like a real one.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import { Address, models } from 'symbol-sdk/symbol';
import type { GatewayBackend, TransactionGroup } from '../../src/backend/index.js';
import { createGateway, InMemoryChain } from '../../src/index.js';
import { AddressBook } from '../../src/memory/address-book.js';
import { EntryIdSequence } from '../../src/memory/ids.js';
import { decodeTransaction, type DecodedTransaction } from '../../src/memory/transactions/codec.js';
import { TransactionCollection } from '../../src/memory/transactions/collection.js';
import { TransactionRecord } from '../../src/memory/transactions/record.js';
import type { HttpLoadResult } from '../load/http-load.js';
import { assertAnswered } from '../lib/http-compare.js';
import { startLoad } from '../lib/process.js';
import { addresses, keyPairOf, signTransfer } from '../lib/signing.js';
import { fmt, median, nowMs } from '../lib/stats.js';
import { closeServer, listen, seconds, type Suite } from '../lib/suite.js';
import { heapBytes } from '../lib/machine.js';
import { TRANSACTION_JSON } from '../../src/families/index.js';

const TARGET = 1.5;
const PAGE_SIZE = 100;
const TEMPLATES = 1000;
const SIGNERS = 100;
const RECIPIENTS = 10_000;
/** Every tenth transaction goes to one address: the "hot" address of the filtered pages. */
const HOT_EVERY = 10;
const PER_BLOCK = 1000;
/** Byte offsets in a transfer: recipient address (24 bytes) and the low word of the first mosaic's amount. */
const RECIPIENT_OFFSET = 128;
const AMOUNT_OFFSET = 168;

interface Query {
  name: string;
  path: string;
  /** Entries skipped before this page, in its own order. */
  depth: number;
}

const suite: Suite = async (context) => {
  const depth = context.quick ? 100_000 : 1_000_000;
  const total = depth + PER_BLOCK; // entries remain after the deepest offset
  const chain = new InMemoryChain({ blockInterval: false });
  const { facade } = chain;
  const addressBook = new AddressBook(chain.symbolNetwork);

  // A thousand real signed transfers: 100 signers, to recipients patched in below.
  const recipients = addresses(facade, RECIPIENTS, 'recipient');
  const recipientBytes = recipients.map((address) => new Address(address).bytes);
  const deadline = chain.networkTime() + 3_600_000n;
  const templates = Array.from({ length: TEMPLATES }, (_, i) =>
    Buffer.from(signTransfer(facade, { signer: keyPairOf(`signer ${i % SIGNERS}`), recipient: recipients[1], amount: BigInt(i + 1), deadline }), 'hex'),
  );
  const decodedTemplates = templates.map((bytes) => decodeTransaction(bytes.toString('hex'), facade));

  const confirmed = new TransactionCollection('confirmed');
  const collections: Record<TransactionGroup, TransactionCollection> = {
    confirmed,
    unconfirmed: new TransactionCollection('unconfirmed'),
    partial: new TransactionCollection('partial'),
  };
  const ids = new EntryIdSequence(new Uint8Array([1, 2, 3, 4, 5]));
  const epoch = chain.options.epochAdjustment;

  context.log(`filling ${total.toLocaleString('en-US')} confirmed transactions`);
  const rssBefore = process.memoryUsage().rss;
  const heapBefore = heapBytes();
  const fillStarted = nowMs();
  let offsetId = '';
  for (let i = 0; i < total; i++) {
    const bytes = Buffer.from(templates[i % TEMPLATES]);
    const recipient = i % HOT_EVERY === 0 ? 0 : 1 + ((i * 7919) % (RECIPIENTS - 1));
    bytes.set(recipientBytes[recipient], RECIPIENT_OFFSET);
    bytes.writeUInt32LE(i, AMOUNT_OFFSET);
    const model = models.TransactionFactory.deserialize(new Uint8Array(bytes)) as DecodedTransaction['model'];
    const hash = createHash('sha3-256').update(bytes).digest('hex').toUpperCase();
    const decoded: DecodedTransaction = { ...decodedTemplates[i % TEMPLATES], model, hash };
    const block = Math.floor(i / PER_BLOCK);
    const seconds = epoch + block * 30;
    const record = new TransactionRecord(ids.next(seconds), decoded, { addresses: addressBook, json: TRANSACTION_JSON }, () => ids.next(seconds), []);
    record.placement = { height: BigInt(2 + block), index: i % PER_BLOCK, timestamp: String(block * 30_000), feeMultiplier: 100 };
    record.settle(); // as the chain does once a transaction is in a block
    confirmed.add(record);
    // The entry `depth` entries from the top (newest first): the offset of the deep-offset page.
    if (i === total - depth) offsetId = record.id;
    if (i > 0 && i % 100_000 === 0) context.log(`  ${i.toLocaleString('en-US')} after ${fmt((nowMs() - fillStarted) / 1000)} s`);
  }
  const fillSeconds = (nowMs() - fillStarted) / 1000;
  const heapPerMillion = ((heapBytes() - heapBefore) / total) * 1e6;
  const rssPerMillion = ((process.memoryUsage().rss - rssBefore) / total) * 1e6;
  context.log(`filled in ${fmt(fillSeconds)} s; ${fmt(heapPerMillion / 2 ** 30)} GiB heap per million`);

  const backend: GatewayBackend = {
    blocks: chain.blocks,
    chain: chain.chain,
    node: chain.node,
    network: chain.network,
    transactions: {
      search: (group, criteria) => collections[group].search(criteria),
      find: (group, keys) => collections[group].find(keys),
    },
  };
  const gateway = createGateway({ backend });
  const server = http.createServer(gateway.handle);
  const url = await listen(server);

  const hot = recipients[0];
  const hotCount = Math.ceil(total / HOT_EVERY);
  const hotDeepPage = Math.floor((hotCount - PAGE_SIZE) / PAGE_SIZE); // the last full page of the hot address
  const base = `/transactions/confirmed?pageSize=${PAGE_SIZE}`;
  const queries: Query[] = [
    { name: 'page 1', path: base, depth: 0 },
    { name: `pageNumber ${(depth / PAGE_SIZE).toLocaleString('en-US')}`, path: `${base}&pageNumber=${depth / PAGE_SIZE}`, depth: depth - PAGE_SIZE },
    { name: `offset ${depth.toLocaleString('en-US')} entries deep`, path: `${base}&offset=${offsetId}`, depth },
    { name: `address page 1 (${hotCount.toLocaleString('en-US')} transactions)`, path: `${base}&address=${hot}`, depth: 0 },
    { name: `address pageNumber ${hotDeepPage.toLocaleString('en-US')}`, path: `${base}&address=${hot}&pageNumber=${hotDeepPage}`, depth: (hotDeepPage - 1) * PAGE_SIZE },
  ];
  // Every query answers a full page of the entries it should.
  for (const query of queries) {
    const body = (await (await fetch(url + query.path)).json()) as { data: { id: string }[]; pagination: { totalEntries: number } };
    if (body.data?.length !== PAGE_SIZE) throw new Error(`${query.name}: expected ${PAGE_SIZE} entries, got ${JSON.stringify(body).slice(0, 200)}`);
  }

  const load = await startLoad('load/http-load.ts');
  const measureSeconds = seconds(context, 5, 2);
  const rounds = context.quick ? 1 : 3;
  const runs = new Map<string, HttpLoadResult[]>(queries.map((query) => [query.name, []]));
  try {
    for (const query of queries) await load.call('http', { url, paths: [query.path], connections: 1, duration: 1 });
    for (let round = 0; round < rounds; round++) {
      for (const query of round % 2 === 0 ? queries : [...queries].reverse()) {
        const result = await load.call<HttpLoadResult>('http', { url, paths: [query.path], connections: 1, duration: measureSeconds });
        assertAnswered(result, query.name);
        runs.get(query.name)!.push(result);
        context.log(`${query.name}: p50 ${fmt(result.latency.p50)} ms, p99 ${fmt(result.latency.p99)} ms (${result.requests} requests)`);
      }
    }
  } finally {
    await load.close();
    await closeServer(server);
    await gateway.close();
  }

  const latency = (name: string) => {
    const results = runs.get(name)!;
    // The median round: one round disturbed by a major GC or a neighbour does not decide.
    return { p50: median(results.map((r) => r.latency.p50)), p99: median(results.map((r) => r.latency.p99)), requests: results.reduce((sum, r) => sum + r.requests, 0) };
  };
  const first = latency(queries[0].name);
  const rows = queries.map((query) => {
    const l = latency(query.name);
    return { query, ...l, p50Ratio: l.p50 / first.p50, p99Ratio: l.p99 / first.p99 };
  });
  // Every page but page 1 itself: the deep ones and the address-filtered ones (an index, not a scan, either way).
  const others = rows.slice(1);
  const worst = Math.max(...others.map((row) => Math.max(row.p50Ratio, row.p99Ratio)));
  return {
    title: 'Page latency at any depth',
    what: `p50 and p99 latency of \`GET /transactions/confirmed?pageSize=${PAGE_SIZE}\` through the gateway over HTTP (autocannon, 1 connection, so latency is not queueing; per-response times kept in full), over ${total.toLocaleString('en-US')} confirmed transactions.`,
    baseline: 'page 1 of the same collection.',
    target: `deep and address-filtered pages ≤ ${TARGET} × page 1 (p50 and p99)`,
    met: worst <= TARGET,
    verdict: `worst page ${fmt(worst)} × page 1; ${fmt(heapPerMillion / 2 ** 30)} GiB heap per million transactions`,
    tables: [
      {
        columns: ['page', 'entries skipped', 'p50 ms', 'p99 ms', 'p50 ratio', 'p99 ratio', 'requests'],
        rows: rows.map((row) => [row.query.name, row.query.depth.toLocaleString('en-US'), fmt(row.p50), fmt(row.p99), fmt(row.p50Ratio), fmt(row.p99Ratio), row.requests]),
      },
      {
        caption: 'Memory of the confirmed collection (records with their wire JSON, id and address indexes; SDK models let go once confirmed, as the chain does):',
        columns: ['transactions', 'fill time s', 'heap + external per million', 'RSS growth per million'],
        rows: [[total.toLocaleString('en-US'), fmt(fillSeconds), `${fmt(heapPerMillion / 2 ** 30)} GiB (${fmt(heapPerMillion / 1e6, 0)} bytes each)`, `${fmt(rssPerMillion / 2 ** 30)} GiB`]],
      },
    ],
    notes: [
      `Data: ${TEMPLATES} transfers signed with symbol-sdk by ${SIGNERS} signers, varied into ${total.toLocaleString('en-US')} distinct ones (recipient and amount bytes), each decoded into its own SDK model, made a \`TransactionRecord\`, placed in a block (${PER_BLOCK} per block), settled and added to a \`TransactionCollection\` as \`TransactionLifecycle.confirm\` does; signature checks and the Symbol hash skipped (hash = SHA3-256 of the bytes). Served by \`createGateway\` over a backend whose \`transactions\` repository is that collection.`,
      `Addresses: every ${HOT_EVERY}th transaction goes to one hot address (${hotCount.toLocaleString('en-US')} transactions, the filtered pages); the others to ${(RECIPIENTS - 1).toLocaleString('en-US')} addresses (~${Math.round((total - hotCount) / (RECIPIENTS - 1))} each); each signer has ~${Math.round(total / SIGNERS).toLocaleString('en-US')}.`,
      `Each latency is the median of ${rounds} measurement(s) of ${measureSeconds} s (queries in turn, then in reverse, and so on), after a 1 s warm-up each. Memory: \`heapUsed + external\` after \`gc()\`, before and after the fill.`,
    ],
    sizes: { transactions: total, 'page size': PAGE_SIZE, 'seconds per measurement': measureSeconds, rounds },
  };
};

export default suite;
