/**
 * traces: what keeping transactions' traces (`chain.dev.trace`, on by default) costs a chain that
 * makes blocks. Two chains made alike, one keeping traces (the default 10,000 transactions) and one
 * not (`traces: 0`, the baseline), build the same blocks of transfers, some of which fail (a failure
 * is explained by running its checks again); rounds alternate between them and the medians compare.
 */
import { InMemoryChain } from '../../src/in-memory-chain.js';
import { addresses, signTransfer } from '../lib/signing.js';
import { fmt, median } from '../lib/stats.js';
import type { Suite } from '../lib/suite.js';

const TARGET = 0.9;
const BLOCK_MS = 30_000;

interface Runner {
  chain: InMemoryChain;
  now: number;
}

function runner(traces: number | undefined): Runner {
  const state = { now: Date.UTC(2026, 0, 1) } as Runner;
  state.chain = new InMemoryChain({ blockInterval: false, clock: () => state.now, accountCount: 20, ...(traces === undefined ? {} : { traces }) });
  return state;
}

/** Builds the blocks (each a list of payloads) on `run`'s chain: the seconds it took. */
function build(run: Runner, blocks: readonly string[][]): number {
  const started = performance.now();
  for (const payloads of blocks) {
    for (const payload of payloads) run.chain.announcer.announce(payload);
    run.now += BLOCK_MS;
    run.chain.harvest();
  }
  return (performance.now() - started) / 1000;
}

const suite: Suite = async (context) => {
  const rounds = context.quick ? 3 : 7;
  const blocksPerRound = context.quick ? 20 : 60;
  const perBlock = 40;
  /** One transfer in `failEvery` asks more than its signer holds. */
  const failEvery = 10;
  const [traced, untraced] = [runner(undefined), runner(0)];
  const { facade } = traced.chain;
  const recipients = addresses(facade, 2_000, 'traces');
  const times = { traced: [] as number[], untraced: [] as number[] };
  let transfers = 0;
  for (let round = 0; round < rounds; round++) {
    // Both chains start each round at the same time and height: the same payloads pass and fail alike.
    const deadline = traced.chain.networkTime() + BigInt(blocksPerRound * BLOCK_MS) + 3_600_000n;
    const blocks = Array.from({ length: blocksPerRound }, () =>
      Array.from({ length: perBlock }, () => {
        const n = transfers++;
        const signer = traced.chain.fundedAccounts[n % traced.chain.fundedAccounts.length].keyPair;
        const amount = n % failEvery === 0 ? 10n ** 15n : 1_000n + BigInt(n);
        return signTransfer(facade, { signer, recipient: recipients[n % recipients.length], amount, deadline, message: `traces ${n}` });
      }),
    );
    // Alternate which goes first, so neither always runs on a warmer or a colder process.
    const order = round % 2 === 0 ? (['traced', 'untraced'] as const) : (['untraced', 'traced'] as const);
    for (const which of order) times[which].push(build(which === 'traced' ? traced : untraced, blocks));
    context.log(`round ${round + 1}: traced ${fmt(times.traced.at(-1)! * 1000, 0)} ms, untraced ${fmt(times.untraced.at(-1)! * 1000, 0)} ms`);
  }
  if (traced.chain.latestBlock.meta.hash !== untraced.chain.latestBlock.meta.hash) throw new Error('the two chains differ');
  const latest = (await traced.chain.transactions!.search('confirmed', { pageSize: 1, pageNumber: 1, order: 'desc', orderBy: 'id', embedded: false })).data[0];
  if (!traced.chain.dev.trace((latest.meta as { hash: string }).hash).kept) throw new Error('the traced chain kept no trace of its latest transaction');
  traced.chain.close();
  untraced.chain.close();
  const [withTraces, without] = [median(times.traced), median(times.untraced)];
  const blocks = blocksPerRound;
  const ratio = without / withTraces;
  return {
    title: 'Transaction traces while making blocks',
    what: `Two in-memory chains made alike build the same ${fmt(blocks, 0)} blocks of ${perBlock} transfers a round (one transfer in ${failEvery} asks more than its signer holds and fails as it is checked), ${rounds} rounds, alternating which chain goes first; each round timed from the first announce to the last block.`,
    baseline: 'the same chain with `traces: 0` (no trace kept, none of the work done), in the same run',
    target: `blocks/s with traces kept ≥ ${TARGET} × the baseline's`,
    met: ratio >= TARGET,
    verdict: `${fmt(ratio)} × (${fmt(blocks / withTraces, 1)} vs ${fmt(blocks / without, 1)} blocks/s of ${perBlock} transfers; median of ${rounds} rounds)`,
    tables: [
      {
        caption: `A round of ${fmt(blocks, 0)} blocks, ${perBlock} transfers each:`,
        columns: ['chain', 'median ms', 'fastest ms', 'slowest ms', 'blocks/s', 'ratio'],
        rows: [
          ['traces: 0 (baseline)', fmt(without * 1000, 0), fmt(Math.min(...times.untraced) * 1000, 0), fmt(Math.max(...times.untraced) * 1000, 0), fmt(blocks / without, 1), '1.00 (baseline)'],
          ['traces: 10,000 (the default)', fmt(withTraces * 1000, 0), fmt(Math.min(...times.traced) * 1000, 0), fmt(Math.max(...times.traced) * 1000, 0), fmt(blocks / withTraces, 1), fmt(ratio)],
        ],
      },
    ],
    notes: [
      'A confirmed transaction\'s trace keeps references to what the block made anyway (its notifications, the entries before and after it, its receipts); a failed one\'s runs its checks again on a layer that is dropped, with every state read recorded. Traces become JSON only when asked for.',
    ],
    sizes: { rounds, 'blocks a round': blocks, 'transfers a block': perBlock, 'failing share': `1 in ${failEvery}` },
  };
};

export default suite;
