/**
 * state-trees: what verifiable state costs a block. A state of 1 000 000 accounts (the core
 * plugin's account cache, store and indexes, as the chain registers them), then blocks that
 * each change the balance of 1 000 of them: the block's changes, its nine roots and its commit,
 * timed with the Patricia trees and in the same state built without them (`new ChainState({
 * trees: false })`), the two taking turns. Then `GET /accounts/{address}/merkle` through the
 * gateway at that size, against the same route over a chain of a few dozen accounts.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import { Address } from 'symbol-sdk/symbol';
import { createGateway } from '../../src/index.js';
import { InMemoryChain } from '../../src/in-memory-chain.js';
import { ACCOUNTS, newAccount, type AccountState } from '../../src/memory/account-state.js';
import { FAMILIES } from '../../src/families/index.js';
import { resolveRules } from '../../src/memory/rules.js';
import { ChainState } from '../../src/memory/state/chain-state.js';
import { caseRows, CASE_COLUMNS, compareCases, CPU_NOTE, type Case } from '../lib/http-compare.js';
import { startLoad } from '../lib/process.js';
import { fmt, median } from '../lib/stats.js';
import { closeServer, listen, seconds, type Suite } from '../lib/suite.js';
import { heapBytes } from '../lib/machine.js';

const CHANGED = 1_000;
/** The testnet's block time: the tree work of a block should stay within 1% of it. */
const BLOCK_TIME_MS = 30_000;
const TARGET_MS = BLOCK_TIME_MS / 100;
const CURRENCY = '72C0212E67A08BCE';
const TESTNET = 0x98;
const PROOF_PATHS = 200;
const CONNECTIONS = 8;

const sha3 = (...parts: (string | Uint8Array)[]) => {
  const hash = createHash('sha3-256');
  for (const part of parts) hash.update(part);
  return hash.digest();
};

/** The i-th account's address: a testnet address with a valid checksum, 24 bytes. */
function addressBytes(i: number): Buffer {
  const bytes = Buffer.alloc(24);
  bytes[0] = TESTNET;
  sha3('account', String(i)).copy(bytes, 1, 0, 20);
  sha3(bytes.subarray(0, 21)).copy(bytes, 21, 0, 3);
  return bytes;
}

/** A deterministic stream of numbers in [0, 1). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** The chain's plugins over a state with or without trees, filled with `count` accounts in one commit. */
function buildState(trees: boolean, addresses: readonly string[]): { state: ChainState; seconds: number } {
  const started = performance.now();
  const state = new ChainState({ trees });
  let id = 0;
  const environment = {
    state,
    rules: resolveRules(30_000),
    network: { identifier: TESTNET, currencyMosaicId: CURRENCY, harvestingMosaicId: CURRENCY, nemesisPublicKey: '00'.repeat(32), sinks: { mosaicRental: addresses[0], namespaceRental: addresses[1], harvestNetworkFee: addresses[2] } },
    nextId: () => (id++).toString(16).toUpperCase().padStart(24, '0'),
    height: () => 1n,
  };
  for (const family of FAMILIES) family.plugin(environment);
  const delta = state.delta();
  const accounts = delta.cache(ACCOUNTS);
  addresses.forEach((address, i) => {
    const account = newAccount(address, 1n);
    accounts.set(address, { ...account, balances: new Map([[CURRENCY, 1_000_000n + BigInt(i)]]) });
  });
  state.roots(delta);
  delta.commit();
  return { state, seconds: (performance.now() - started) / 1000 };
}

/** One block: `changed` accounts get one more unit; its roots, then its commit. Times in ms. */
function block(state: ChainState, changed: readonly string[]): { total: number; roots: number } {
  const started = performance.now();
  const delta = state.delta();
  const accounts = delta.cache(ACCOUNTS);
  for (const address of changed) {
    const account = accounts.get(address) as AccountState;
    accounts.set(address, { ...account, balances: new Map([[CURRENCY, account.balances.get(CURRENCY)! + 1n]]) });
  }
  const rootsStarted = performance.now();
  state.roots(delta);
  const roots = performance.now() - rootsStarted;
  delta.commit();
  return { total: performance.now() - started, roots };
}

const suite: Suite = async (context) => {
  const count = context.quick ? 100_000 : 1_000_000;
  const blocks = context.quick ? 6 : 30;
  if (!globalThis.gc) throw new Error('run with --expose-gc (bench/run.ts does)');

  const raw = Array.from({ length: count }, (_, i) => addressBytes(i));
  const addresses = raw.map((bytes) => bytes.toString('hex').toUpperCase());
  const heapStart = heapBytes();
  context.log(`building ${fmt(count, 0)} accounts without trees`);
  const plain = buildState(false, addresses);
  const heapPlain = heapBytes();
  context.log(`built in ${fmt(plain.seconds)} s; building them with trees`);
  const merkle = buildState(true, addresses);
  const heapMerkle = heapBytes();
  context.log(`built in ${fmt(merkle.seconds)} s`);
  const treeBytes = heapMerkle - heapPlain - (heapPlain - heapStart);

  // Blocks take turns (with, without, without, with, ...), each pair changing the same accounts.
  const next = random(7919);
  const timings = { with: [] as { total: number; roots: number }[], without: [] as { total: number; roots: number }[] };
  for (let i = 0; i < blocks; i++) {
    const changed = new Set<string>();
    while (changed.size < CHANGED) changed.add(addresses[Math.floor(next() * count)]);
    const list = [...changed];
    const order: ['with' | 'without', ChainState][] = i % 2 === 0 ? [['with', merkle.state], ['without', plain.state]] : [['without', plain.state], ['with', merkle.state]];
    for (const [name, state] of order) timings[name].push(block(state, list));
  }
  // The first blocks warm the code up; the medians are over the rest.
  const measured = (name: 'with' | 'without') => timings[name].slice(2);
  const withTotal = median(measured('with').map((t) => t.total));
  const withoutTotal = median(measured('without').map((t) => t.total));
  const rootsMs = median(measured('with').map((t) => t.roots));
  context.log(`block of ${CHANGED} changed accounts: ${fmt(withTotal)} ms with trees, ${fmt(withoutTotal)} ms without (roots ${fmt(rootsMs)} ms)`);

  // The proof route at that size, against the same route over a small chain.
  const small = new InMemoryChain({ blockInterval: false });
  const big = { ...pick(small), stateProofs: { statePath: merkle.state.statePath.bind(merkle.state) } };
  const gateways = [createGateway({ backend: big }), createGateway({ backend: small })];
  const servers = gateways.map((gateway) => http.createServer(gateway.handle));
  const [bigUrl, smallUrl] = await Promise.all(servers.map((server) => listen(server)));
  const pick100 = random(104_729);
  const bigPaths = Array.from({ length: PROOF_PATHS }, () => `/accounts/${new Address(raw[Math.floor(pick100() * count)]).toString()}/merkle`);
  const smallPaths = small.fundedAccounts.map((account) => `/accounts/${account.address}/merkle`);
  const sample = (await (await fetch(bigUrl + bigPaths[0])).json()) as { raw: string; tree: { type: number }[] };
  const smallSample = (await (await fetch(smallUrl + smallPaths[0])).json()) as { raw: string; tree: { type: number }[] };
  if (sample.tree.at(-1)?.type !== 255 || smallSample.tree.at(-1)?.type !== 255) throw new Error('a proof route did not end at a leaf');
  const cases: Case[] = [
    { name: `/accounts/{address}/merkle, ${fmt(count, 0)} accounts (${sample.tree.length} nodes, ${sample.raw.length / 2} bytes)`, url: bigUrl, paths: bigPaths },
    { name: `/accounts/{address}/merkle, ${small.fundedAccounts.length + small.harvesters.length + 4} accounts (${smallSample.tree.length} nodes, ${smallSample.raw.length / 2} bytes)`, url: smallUrl, paths: smallPaths },
  ];
  const load = await startLoad('load/http-load.ts');
  const measureSeconds = seconds(context, 5, 2);
  const rounds = context.quick ? 1 : 3;
  let routes;
  try {
    routes = await compareCases(load, cases, { connections: CONNECTIONS, seconds: measureSeconds, warmupSeconds: seconds(context, 2, 1), rounds, log: context.log });
  } finally {
    await load.close();
    await Promise.all(servers.map((server) => closeServer(server)));
    await Promise.all(gateways.map((gateway) => gateway.close()));
    small.close();
  }

  const ratio = withTotal / withoutTotal;
  const mib = (bytes: number) => `${fmt(bytes / 2 ** 20)} MiB`;
  const row = (name: string, values: { total: number; roots: number }[]) => {
    const totals = values.map((t) => t.total);
    return [name, fmt(median(totals)), fmt(Math.min(...totals)), fmt(Math.max(...totals)), fmt(median(values.map((t) => t.roots)))];
  };
  return {
    title: 'Verifiable state: the cost of the state trees',
    what: `Blocks that each change the balance of ${fmt(CHANGED, 0)} random accounts of ${fmt(count, 0)}: the block's state changes, its nine state roots (\`ChainState.roots\`) and its commit (the account store's indexes follow), with the Patricia trees and in the same state built without them, taking turns; and \`GET /accounts/{address}/merkle\` at that size (autocannon, ${CONNECTIONS} connections).`,
    baseline: `the same blocks on the same state without trees (\`new ChainState({ trees: false })\`), in the same run; for the route, the same route over a chain of a few dozen accounts.`,
    target: `a block's tree work at ${fmt(count, 0)} accounts within 1% of the testnet's ${BLOCK_TIME_MS / 1000} s block time (${TARGET_MS} ms)`,
    met: withTotal - withoutTotal <= TARGET_MS,
    verdict: `a block of ${fmt(CHANGED, 0)} changed accounts takes ${fmt(withTotal)} ms with trees, ${fmt(withoutTotal)} ms without (${fmt(ratio)} ×; the roots ${fmt(rootsMs)} ms); a proof at ${fmt(count, 0)} accounts serves at ${fmt(routes[0].requestsPerSecond, 0)} req/s, p50 ${fmt(routes[0].p50)} ms (${fmt(routes[0].requestsPerSecond / routes[1].requestsPerSecond)} × the small chain's)`,
    tables: [
      {
        caption: `Blocks of ${fmt(CHANGED, 0)} changed accounts (ms; medians over ${blocks - 2} blocks each, after 2 warm-up blocks):`,
        columns: ['state', 'block median', 'min', 'max', 'of which the nine roots'],
        rows: [row('with the state trees', measured('with')), row('without (`trees: false`)', measured('without'))],
      },
      { caption: 'The proof route:', columns: CASE_COLUMNS, rows: caseRows(routes) },
      {
        caption: `Building the state (one commit of ${fmt(count, 0)} new accounts) and its heap (\`heapUsed + external\` after \`gc()\`):`,
        columns: ['state', 'build', 'heap'],
        rows: [
          ['without trees', `${fmt(plain.seconds)} s`, mib(heapPlain - heapStart)],
          ['with trees', `${fmt(merkle.seconds)} s`, mib(heapMerkle - heapPlain)],
          ['the trees alone', '—', `${mib(treeBytes)} (${fmt(treeBytes / count, 0)} bytes a key)`],
        ],
      },
    ],
    notes: [
      `The state is the chain's own: every family's plugin (the registry's) over a \`ChainState\`, so the account cache, the account store and its indexes, and (with trees) the account state tree with catapult's serialization of each account, exactly as \`InMemoryChain\` registers them. The accounts are put in directly (testnet addresses with valid checksums, each holding some currency), not through transactions: building a million through the announce path would take most of an hour. A block here is only the accounts' changes; a real block also runs its transactions, whose cost is the same with or without trees.`,
      `Each tree is persistent: a block's changes make a new tree sharing every node off the changed keys' paths, so a block costs ${fmt(CHANGED, 0)} × (the depth, about ${fmt(Math.log(count) / Math.log(16) + 1, 0)} at ${fmt(count, 0)} keys) new nodes, each hashed once; nothing is rebuilt.`,
      `Each route number is the mean of ${rounds} measurement(s) of ${measureSeconds} s, the two routes in turn, after a warm-up each; ${PROOF_PATHS} different accounts are asked in turn at the large size.`,
      CPU_NOTE,
    ],
    sizes: { accounts: count, 'changed accounts a block': CHANGED, blocks, connections: CONNECTIONS, 'seconds per measurement': measureSeconds, rounds },
  };
};

/** The repositories a gateway needs besides the proofs, from a small chain. */
function pick(chain: InMemoryChain) {
  return { blocks: chain.blocks, chain: chain.chain, node: chain.node, network: chain.network };
}

export default suite;
