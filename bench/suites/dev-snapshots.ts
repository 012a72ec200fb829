/**
 * dev-snapshots: what the development chain's snapshots and dumps cost. On chains of two
 * lengths, blocks of a few transfers each: a snapshot, k more blocks, a revert to the snapshot,
 * in turns; the revert is timed against building the k blocks it undoes (the baseline, in
 * the same run), and against the same revert on the shorter chain (it should not grow with the
 * chain). Then a dump of the longer chain, and its load (a replay), against building it.
 */
import { InMemoryChain } from '../../src/in-memory-chain.js';
import { signTransfer, addresses } from '../lib/signing.js';
import { fmt, median } from '../lib/stats.js';
import type { Suite } from '../lib/suite.js';

const TRANSFERS_PER_BLOCK = 2;
const BLOCK_MS = 30_000;
/** Blocks whose transfers are signed at once (their deadlines must stay within 6 hours). */
const SIGNED_AHEAD = 100;

interface Grown {
  chain: InMemoryChain;
  setClock(ms: number): void;
  now(): number;
  buildSeconds: number;
}

/** A chain of `blocks` blocks after the nemesis, each with TRANSFERS_PER_BLOCK transfers, on a clock a block time a block. */
function grow(blocks: number): Grown {
  let now = Date.UTC(2026, 0, 1);
  const chain = new InMemoryChain({ blockInterval: false, clock: () => now, accountCount: 20 });
  const grown: Grown = { chain, setClock: (ms) => (now = ms), now: () => now, buildSeconds: 0 };
  let seconds = 0;
  // Signed a hundred blocks at a time: deadlines stay within the chain's transaction lifetime.
  for (let done = 0; done < blocks; done += SIGNED_AHEAD) {
    const batch = signedBlocks(chain, Math.min(SIGNED_AHEAD, blocks - done), `grow ${done}`);
    const started = performance.now();
    for (const payloads of batch) mineBlock(grown, payloads);
    seconds += (performance.now() - started) / 1000;
  }
  grown.buildSeconds = seconds;
  return grown;
}

/** Payloads for `blocks` blocks from now on, signed ahead (deadlines a few hours after the chain's time now). */
function signedBlocks(chain: InMemoryChain, blocks: number, label: string): string[][] {
  const recipients = addresses(chain.facade, blocks * TRANSFERS_PER_BLOCK, label);
  const deadline = chain.networkTime() + BigInt(blocks * BLOCK_MS) + 3_600_000n;
  return Array.from({ length: blocks }, (_, b) =>
    Array.from({ length: TRANSFERS_PER_BLOCK }, (_, t) => {
      const i = b * TRANSFERS_PER_BLOCK + t;
      const signer = chain.fundedAccounts[i % chain.fundedAccounts.length].keyPair;
      return signTransfer(chain.facade, { signer, recipient: recipients[i], amount: 1_000n + BigInt(i), deadline, message: label });
    }),
  );
}

function mineBlock(grown: Grown, payloads: readonly string[]): void {
  for (const payload of payloads) grown.chain.announcer.announce(payload);
  grown.setClock(grown.now() + BLOCK_MS);
  if (grown.chain.harvest().meta.transactionsCount !== payloads.length) throw new Error('a block lost its transfers');
}

/** Snapshot, k blocks, revert, `rounds` times: the medians (ms) of each step. */
function snapshotRounds(grown: Grown, k: number, rounds: number): { snapshot: number; build: number; revert: number } {
  const payloads = signedBlocks(grown.chain, k, `rounds ${k}`);
  const start = grown.now();
  const times = { snapshot: [] as number[], build: [] as number[], revert: [] as number[] };
  const head = grown.chain.latestBlock.meta.hash;
  for (let round = 0; round < rounds; round++) {
    let t = performance.now();
    const { id } = grown.chain.dev.snapshot();
    times.snapshot.push(performance.now() - t);
    t = performance.now();
    for (const block of payloads) mineBlock(grown, block);
    times.build.push(performance.now() - t);
    t = performance.now();
    grown.chain.dev.revert(id);
    times.revert.push(performance.now() - t);
    grown.chain.dev.dropSnapshot(id);
    grown.setClock(start);
    if (grown.chain.latestBlock.meta.hash !== head) throw new Error('the revert did not go back to the snapshot');
  }
  // The first round warms the code up.
  const rest = (values: number[]) => median(values.length > 1 ? values.slice(1) : values);
  return { snapshot: rest(times.snapshot), build: rest(times.build), revert: rest(times.revert) };
}

const suite: Suite = async (context) => {
  const lengths = context.quick ? [200, 1_000] : [1_000, 5_000];
  const ks = context.quick ? [10, 50] : [10, 100];
  const rounds = context.quick ? 3 : 7;

  const chains = lengths.map((length) => {
    context.log(`growing a chain of ${fmt(length, 0)} blocks`);
    const grown = grow(length);
    context.log(`grown in ${fmt(grown.buildSeconds)} s`);
    return grown;
  });
  const rows: (string | number)[][] = [];
  const measured = new Map<string, { snapshot: number; build: number; revert: number }>();
  for (const k of ks) {
    for (const [i, grown] of chains.entries()) {
      const result = snapshotRounds(grown, k, rounds);
      measured.set(`${lengths[i]}/${k}`, result);
      context.log(`${fmt(lengths[i], 0)} blocks, ${k} more: snapshot ${fmt(result.snapshot, 3)} ms, build ${fmt(result.build)} ms, revert ${fmt(result.revert)} ms`);
      rows.push([fmt(lengths[i], 0), k, fmt(result.snapshot, 3), fmt(result.build), fmt(result.revert), fmt(result.revert / result.build, 3)]);
    }
  }

  // Dump and load of the longer chain.
  const longest = chains.at(-1)!;
  let t = performance.now();
  const json = JSON.stringify(longest.chain.dev.dump());
  const dumpMs = performance.now() - t;
  t = performance.now();
  const loaded = InMemoryChain.load(JSON.parse(json), { blockInterval: false, clock: longest.now });
  const loadSeconds = (performance.now() - t) / 1000;
  if (loaded.latestBlock.meta.hash !== longest.chain.latestBlock.meta.hash) throw new Error('the loaded chain has another head');
  loaded.close();
  for (const grown of chains) grown.chain.close();

  const largestK = ks.at(-1)!;
  const short = measured.get(`${lengths[0]}/${largestK}`)!;
  const long = measured.get(`${lengths[1]}/${largestK}`)!;
  const growth = long.revert / short.revert;
  const share = Math.max(...[...measured.values()].map((result) => result.revert / result.build));
  return {
    title: 'Development snapshots and dumps',
    what: `Chains of ${lengths.map((length) => fmt(length, 0)).join(' and ')} blocks of ${TRANSFERS_PER_BLOCK} transfers each (signed with symbol-sdk ahead of the timing, every one confirmed); on each, ${rounds} rounds of: \`chain.dev.snapshot()\`, k more such blocks (announced and harvested), \`chain.dev.revert(id)\`. Then \`chain.dev.dump()\` of the longer chain and \`InMemoryChain.load\` of it.`,
    baseline: 'building the k blocks that the revert undoes, in the same round; and the same revert on the shorter chain. For the load: building the same chain block by block, in the same run.',
    target: `a revert costs at most a fifth of building what it undoes, and no more on the ${fmt(lengths[1], 0)}-block chain than 1.5 × on the ${fmt(lengths[0], 0)}-block one`,
    met: share <= 0.2 && growth <= 1.5,
    verdict: `reverting ${largestK} blocks takes ${fmt(long.revert)} ms on ${fmt(lengths[1], 0)} blocks and ${fmt(short.revert)} ms on ${fmt(lengths[0], 0)} (${fmt(growth)} ×), at most ${fmt(share * 100, 1)} % of building those blocks; a snapshot takes ${fmt(long.snapshot, 3)} ms; loading ${fmt(lengths[1], 0)} blocks from a dump takes ${fmt(loadSeconds)} s (building them took ${fmt(longest.buildSeconds)} s)`,
    tables: [
      {
        caption: `Snapshot, k blocks, revert (medians of ${rounds - 1} rounds after a warm-up round, ms):`,
        columns: ['chain (blocks)', 'k', 'snapshot', 'build k blocks', 'revert', 'revert / build'],
        rows,
      },
      {
        caption: `Dump and load of the ${fmt(lengths[1], 0)}-block chain:`,
        columns: ['step', 'time', 'size'],
        rows: [
          ['build block by block (announce + harvest)', `${fmt(longest.buildSeconds)} s`, '—'],
          ['`chain.dev.dump()` + `JSON.stringify`', `${fmt(dumpMs)} ms`, `${fmt(json.length / 2 ** 20, 2)} MiB (${fmt(json.length / lengths[1], 0)} bytes a block)`],
          ['`InMemoryChain.load` (the inputs played again)', `${fmt(loadSeconds)} s`, '—'],
        ],
      },
    ],
    notes: [
      'A snapshot opens a mark in the state journal (from then on each cache commit records how to undo itself), notes the lengths of the append-only stores (blocks, statements, merkle leaves, proofs, confirmed transactions) and copies the unconfirmed and partial pools and the failures `/transactionStatus` remembers (at most 10 000: about 1.5 ms when full, measured on an earlier version of this suite whose transfers failed). A revert runs the undo records back and truncates the stores: its cost follows what it undoes, not the chain.',
      'A load replays every input (the announces are checked again, signatures included), so it costs about what building the chain did; the dump is the inputs, so its size is about the payloads announced plus a few dozen bytes a block.',
    ],
    sizes: { 'chain lengths': lengths.join(', '), 'transfers a block': TRANSFERS_PER_BLOCK, 'k (blocks after the snapshot)': ks.join(', '), rounds },
  };
};

export default suite;
