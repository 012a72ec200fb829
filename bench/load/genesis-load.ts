/**
 * The genesis suite's runs, one per process (a fresh state each, and the process's RSS is the
 * run's own): `gateway` builds mainnet's chain from its symbol-bootstrap preset, `baseline`
 * deserializes the same nemesis block with symbol-sdk and verifies every transaction's signature.
 * Each imports only what it runs (before the clock starts), so neither's RSS counts the other's
 * modules. Started with `--expose-gc`: the RSS is read after a full collection.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { models } from 'symbol-sdk/symbol';
import { serve } from '../lib/rpc.js';

/** mainnet's block 1 (symbol-bootstrap 1.1.10's `presets/mainnet/seed`). */
export const MAINNET_BLOCK_1 = 'BEED005B82B22FC32DA6FDF4DFEB7C11BA6A8C5C504EB7B9CCF91B9B2A09E020';

export interface GenesisRunArgs {
  /** The `presets/mainnet` folder. */
  preset: string;
}

/** What one run measured; memory in bytes, after `gc()`, with the chain (or the block) still held. */
export interface GenesisRun {
  /** Wall seconds of the work, modules already imported. */
  seconds: number;
  /** The process's CPU seconds (user + system) over the same work: GC helper threads included. */
  cpuSeconds: number;
  /** The gateway's: reading the preset (`readGenesisPreset`) and building the chain, apart. */
  phases?: { presetSeconds: number; chainSeconds: number };
  transactions: number;
  /** RSS before the work (the modules imported, after gc), right after it (before gc) and after gc. */
  rssBefore: number;
  rssAfter: number;
  rssAfterGc: number;
  /** The process's peak RSS so far (getrusage's maxrss). */
  maxRss: number;
  heapUsedAfterGc: number;
  heapTotalAfterGc: number;
  externalAfterGc: number;
}

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('genesis-load.ts needs node --expose-gc');

/** Kept until the process ends, so that the memory read after gc still holds what the run built. */
let kept: unknown;

async function measure(work: () => Promise<{ transactions: number; phases?: GenesisRun['phases'] }>): Promise<GenesisRun> {
  gc!();
  const rssBefore = process.memoryUsage.rss();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const { transactions, phases } = await work();
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const rssAfter = process.memoryUsage.rss();
  gc!();
  const memory = process.memoryUsage();
  return {
    seconds,
    cpuSeconds: (used.user + used.system) / 1e6,
    ...(phases && { phases }),
    transactions,
    rssBefore,
    rssAfter,
    rssAfterGc: memory.rss,
    maxRss: process.resourceUsage().maxRSS * 1024,
    heapUsedAfterGc: memory.heapUsed,
    heapTotalAfterGc: memory.heapTotal,
    externalAfterGc: memory.external,
  };
}

serve({
  ping: () => 'pong',

  async gateway({ preset }: GenesisRunArgs): Promise<GenesisRun> {
    const { readGenesisPreset } = await import('../../src/genesis/index.js');
    const { InMemoryChain } = await import('../../src/index.js');
    return measure(async () => {
      const started = performance.now();
      const options = await readGenesisPreset(preset);
      const read = performance.now();
      // Throws NemesisMismatchError if any hash catapult stored differs from the chain's.
      const chain = new InMemoryChain({ ...options.options, blockInterval: false });
      const built = performance.now();
      if (chain.latestBlock.meta.hash !== MAINNET_BLOCK_1) throw new Error(`block 1 is ${chain.latestBlock.meta.hash}, not mainnet's ${MAINNET_BLOCK_1}`);
      kept = chain;
      return {
        transactions: chain.latestBlock.meta.transactionsCount,
        phases: { presetSeconds: (read - started) / 1000, chainSeconds: (built - read) / 1000 },
      };
    });
  },

  async baseline({ preset }: GenesisRunArgs): Promise<GenesisRun> {
    const { models, SymbolFacade } = await import('symbol-sdk/symbol');
    return measure(async () => {
      const facade = new SymbolFacade('mainnet');
      const file = await readFile(join(preset, 'seed', '00000', '00001.dat'));
      // The block element starts with the block entity; its size field says how long it is.
      const bytes = file.subarray(0, file.readUInt32LE(0));
      const block: { transactions: models.Transaction[] } = models.BlockFactory.deserialize(bytes);
      let verified = 0;
      for (const transaction of block.transactions) if (facade.verifyTransaction(transaction, transaction.signature)) verified++;
      if (verified !== block.transactions.length) throw new Error(`${block.transactions.length - verified} of ${block.transactions.length} signatures do not verify`);
      kept = block;
      return { transactions: verified };
    });
  },
});
