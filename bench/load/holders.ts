/**
 * A process that builds a holder chain (bench/lib/holders.ts) and reports the heap its
 * transfers took: a heap measured in a fresh process is not disturbed by an earlier chain
 * that V8 has not let go of yet (accounts-balance's control build). Start it with `--expose-gc`.
 */
import { buildHolderChain, type HolderPlan } from '../lib/holders.js';
import { serve } from '../lib/rpc.js';
import { heapBytes } from '../lib/machine.js';

export interface HolderBuild {
  heapGrowth: number;
  aggregates: number;
  blocks: number;
  seconds: { addresses: number; signing: number; chain: number };
}

serve({
  ping: () => 'pong',

  build(plan: Omit<HolderPlan, 'heap'>): HolderBuild {
    if (!globalThis.gc) throw new Error('start the holders process with --expose-gc');
    const built = buildHolderChain({ ...plan, heap: heapBytes });
    built.chain.close();
    return { heapGrowth: built.heapGrowth!, aggregates: built.aggregates, blocks: built.blocks, seconds: built.seconds };
  },
});
