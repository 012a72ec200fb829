/**
 * genesis: what starting a chain on mainnet's own nemesis block costs (symbol-bootstrap
 * 1.1.10's `presets/mainnet`, 26,017 transactions). The gateway reads the preset and builds the
 * chain: it verifies every signature, executes the block and compares every hash catapult
 * stored. The baseline, in the same run, is symbol-sdk alone deserializing the block and
 * verifying every signature, the least any reader of the block does. Each run is a process of
 * its own (a fresh state, and its RSS is the run's), gateway and baseline taking turns.
 */
import { join } from 'node:path';
import { ensureGenesisPresets, SYMBOL_BOOTSTRAP_VERSION } from '../../scripts/genesis-presets.js';
import { startLoad } from '../lib/process.js';
import { fmt, median } from '../lib/stats.js';
import type { Suite } from '../lib/suite.js';
import type { GenesisRun, GenesisRunArgs } from '../load/genesis-load.js';

/** The gateway's time at most this many times the baseline's. */
const TIME_TARGET = 3;
/** The gateway's RSS after loading (after gc) at most 400 MB (10^6 bytes). */
const RSS_TARGET = 400e6;

type Side = 'gateway' | 'baseline';

/** One run in a new process (`--expose-gc`, so the RSS is read after a full collection). */
async function runOnce(side: Side, args: GenesisRunArgs): Promise<GenesisRun> {
  const child = await startLoad('load/genesis-load.ts', { nodeFlags: ['--expose-gc'] });
  try {
    return await child.call<GenesisRun>(side, args);
  } finally {
    await child.close();
  }
}

const mb = (bytes: number) => fmt(bytes / 1e6, 0);

const suite: Suite = async (context) => {
  const rounds = context.quick ? 1 : 3;
  const preset = join(await ensureGenesisPresets(), 'mainnet');
  const runs: Record<Side, GenesisRun[]> = { gateway: [], baseline: [] };
  const order: { side: Side; run: GenesisRun }[] = [];
  for (let round = 0; round < rounds; round++) {
    // Alternate which goes first, so neither always follows the other's process on a warmer or busier machine.
    const sides: Side[] = round % 2 === 0 ? ['gateway', 'baseline'] : ['baseline', 'gateway'];
    for (const side of sides) {
      const run = await runOnce(side, { preset });
      runs[side].push(run);
      order.push({ side, run });
      context.log(`round ${round + 1}, ${side}: ${fmt(run.seconds)} s (CPU ${fmt(run.cpuSeconds)} s), RSS after gc ${mb(run.rssAfterGc)} MB`);
    }
  }
  const gateway = { seconds: median(runs.gateway.map((r) => r.seconds)), cpu: median(runs.gateway.map((r) => r.cpuSeconds)), rss: median(runs.gateway.map((r) => r.rssAfterGc)) };
  const baseline = { seconds: median(runs.baseline.map((r) => r.seconds)), cpu: median(runs.baseline.map((r) => r.cpuSeconds)), rss: median(runs.baseline.map((r) => r.rssAfterGc)) };
  const ratio = gateway.seconds / baseline.seconds;
  const timeMet = ratio <= TIME_TARGET;
  const rssMet = gateway.rss <= RSS_TARGET;
  const transactions = runs.gateway[0].transactions;
  const phases = {
    preset: median(runs.gateway.map((r) => r.phases!.presetSeconds)),
    chain: median(runs.gateway.map((r) => r.phases!.chainSeconds)),
  };
  const heap = median(runs.gateway.map((r) => r.heapUsedAfterGc));
  const heapTotal = median(runs.gateway.map((r) => r.heapTotalAfterGc));
  const before = median(runs.gateway.map((r) => r.rssBefore));

  return {
    title: "Starting on mainnet's nemesis block",
    what:
      `the gateway reads symbol-bootstrap ${SYMBOL_BOOTSTRAP_VERSION}'s \`presets/mainnet\` (\`readGenesisPreset\`) and builds \`new InMemoryChain({ ...preset.options, blockInterval: false })\`: ` +
      `it deserializes mainnet's block 1, verifies the signature of each of its ${fmt(transactions, 0)} transactions, executes them, computes the state and receipts and compares every hash catapult stored (block 1 must be BEED005B…). ` +
      `${rounds} round(s), gateway and baseline taking turns, each run a new process (\`--expose-gc\`) that imports its modules before the clock starts; its resident memory (RSS) is read after the work and a \`gc()\`, with the chain still held.`,
    baseline: `symbol-sdk v3 alone in the same run: \`models.BlockFactory.deserialize\` of the block read from \`seed/00000/00001.dat\`, then \`facade.verifyTransaction(transaction, transaction.signature)\` for each of its ${fmt(transactions, 0)} transactions (every one must verify)`,
    target: `gateway time ≤ ${TIME_TARGET} × the baseline's and gateway RSS after loading ≤ 400 MB (median of the runs)`,
    met: timeMet && rssMet,
    verdict:
      `time ${fmt(ratio)} × the baseline's (${fmt(gateway.seconds)} vs ${fmt(baseline.seconds)} s; ${timeMet ? 'met' : 'MISSED'}); ` +
      `RSS after loading ${mb(gateway.rss)} MB (${rssMet ? 'met' : 'MISSED'}; the baseline's ${mb(baseline.rss)} MB)`,
    tables: [
      {
        caption: 'Medians of the runs:',
        columns: ['side', 'wall s', 'CPU s', 'ratio (wall)', 'RSS after gc MB', 'target'],
        rows: [
          ['symbol-sdk: deserialize + verify (baseline)', fmt(baseline.seconds), fmt(baseline.cpu), '1.00 (baseline)', mb(baseline.rss), '—'],
          ['gateway: readGenesisPreset + new InMemoryChain', fmt(gateway.seconds), fmt(gateway.cpu), fmt(ratio), mb(gateway.rss), `≤ ${TIME_TARGET} × and ≤ 400 MB: ${timeMet && rssMet ? 'met' : `missed (${[timeMet ? '' : 'time', rssMet ? '' : 'RSS'].filter(Boolean).join(', ')})`}`],
        ],
      },
      {
        caption: 'Each run, in the order they ran (MB = 10^6 bytes; RSS before: the process with its modules imported, after gc):',
        columns: ['run', 'side', 'wall s', 'CPU s', 'RSS before MB', 'RSS after MB', 'RSS after gc MB', 'peak RSS MB', 'heap used after gc MB'],
        rows: order.map(({ side, run }, i) => [i + 1, side, fmt(run.seconds), fmt(run.cpuSeconds), mb(run.rssBefore), mb(run.rssAfter), mb(run.rssAfterGc), mb(run.maxRss), mb(run.heapUsedAfterGc)]),
      },
    ],
    notes: [
      `The gateway's time splits into reading the preset (YAML, the seed directory, the nemesis transaction hash check: ${fmt(phases.preset * 1000, 0)} ms) and building the chain (${fmt(phases.chain)} s), medians.`,
      `The gateway's memory after gc: RSS ${mb(gateway.rss)} MB, of which ${mb(before)} MB before loading (node, tsx and the gateway's modules, compiled from src/ by tsx), the V8 heap ${mb(heapTotal)} MB reserved with ${mb(heap)} MB live in it; a built package (dist/) does not carry tsx's share.`,
      "Signatures: the gateway verifies with node's Ed25519 (OpenSSL, with catapult's extra rules: src/ed25519.ts), the baseline with symbol-sdk's JavaScript `Verifier`. Both verify each transaction's own signature, the same set; neither the aggregates' cosignatures (1,077 in the block's 296 aggregates).",
      'CPU s: user + system CPU of the run\'s process over the same work, GC helper threads included; steadier than wall time when the machine is shared.',
    ],
    sizes: { rounds, transactions, preset: `symbol-bootstrap ${SYMBOL_BOOTSTRAP_VERSION} presets/mainnet` },
  };
};

export default suite;
