/**
 * ws-fanout: one `block` event to 10 000 `block` subscribers: the time from the event to
 * its last delivery (at the clients, in the load process), and the longest event-loop
 * stall of the server meanwhile. Baseline: a plain loop of `ws.send` of the same bytes to
 * the same server-side sockets. Targets: baseline time / gateway time ≥ 0.8; no stall over 50 ms.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { WaitResult } from '../load/ws-clients.js';
import { InMemoryChain } from '../../src/index.js';
import { startLoad } from '../lib/process.js';
import { fmt, median, nowMs, sleep } from '../lib/stats.js';
import type { Suite } from '../lib/suite.js';
import { captureServerSockets, socketBudget, startWsGateway, until } from '../lib/ws-server.js';

const RATIO_TARGET = 0.8;
const STALL_TARGET_MS = 50;
/** monitorEventLoopDelay's timer interval (ms): its samples are this plus the delay, so it is taken off. */
const RESOLUTION_MS = 1;
/** Sockets per event-loop turn in the chunked variant: the hub's slice (FANOUT_SLICE); BENCH_FANOUT_CHUNK tries another. */
const CHUNK = Number(process.env.BENCH_FANOUT_CHUNK ?? 1000);

type Kind = 'gateway' | 'baseline' | 'chunked';

interface Round {
  fanout: number;
  first: number;
  sync: number;
  stall: number;
}

const suite: Suite = async (context) => {
  const { sockets, note } = socketBudget(context.quick ? 2000 : 10_000);
  const rounds = context.quick ? 3 : 11;
  const captured = captureServerSockets();
  // No finalization rounds: the stall measured is the fan-out's, not a finalization proof's.
  const chain = new InMemoryChain({ blockInterval: false, finalizationInterval: 1_000_000 });
  // Subscribed before the gateway's hub, so it hears each block event first: the event's time.
  let eventAt = 0;
  let eventData: unknown;
  chain.events.subscribe((event) => {
    if (event.channel !== 'block') return;
    eventAt = nowMs();
    eventData = event.data;
  });
  const ws = await startWsGateway(chain);
  const load = await startLoad('load/ws-clients.ts', { openFiles: sockets + 256 });
  const results: Record<Kind, Round[]> = { gateway: [], baseline: [], chunked: [] };
  try {
    const connected = await load.call<{ seconds: number }>('connect', { url: ws.wsUrl, topics: new Array(sockets).fill('block'), concurrency: 100 });
    await until(() => ws.gateway.hub.subscriberCount('block') === sockets, `${sockets} block subscriptions`);
    if (captured.size !== sockets) throw new Error(`captured ${captured.size} server sockets, expected ${sockets}`);
    context.log(`${sockets} sockets subscribed to block in ${fmt(connected.seconds)} s`);

    let frames = 0;
    const round = async (kind: Kind | 'warm-up'): Promise<void> => {
      // The baseline writes the bytes the hub wrote for the previous block.
      const frame = Buffer.from(`{"topic":"block","data":${JSON.stringify(eventData)}}`);
      const delay = monitorEventLoopDelay({ resolution: 1 });
      delay.enable();
      await sleep(30);
      let start: number;
      if (kind === 'baseline') {
        start = nowMs();
        for (const socket of captured) socket.send(frame, { binary: false });
      } else if (kind === 'chunked') {
        // The same loop, yielding to the event loop every CHUNK sockets.
        start = nowMs();
        const list = [...captured];
        const sendFrom = (from: number) => {
          for (let i = from; i < Math.min(list.length, from + CHUNK); i++) list[i].send(frame, { binary: false });
          if (from + CHUNK < list.length) setImmediate(sendFrom, from + CHUNK);
        };
        sendFrom(0);
      } else {
        chain.harvest();
        start = eventAt;
      }
      const sync = nowMs() - start;
      frames++;
      const delivered = await load.call<WaitResult>('waitFor', { from: 0, to: sockets, count: frames });
      delay.disable();
      if (!delivered.complete) throw new Error(`${kind}: ${delivered.reached} of ${sockets} sockets got the frame`);
      if (kind === 'warm-up') return;
      const result = { fanout: delivered.last - start, first: delivered.first - start, sync, stall: Math.max(0, delay.max / 1e6 - RESOLUTION_MS) };
      results[kind].push(result);
      context.log(`${kind}: last delivery ${fmt(result.fanout)} ms after the event, first ${fmt(result.first)} ms, loop held ${fmt(sync)} ms, stall ${fmt(result.stall)} ms`);
      await sleep(200);
    };
    await round('warm-up');
    await round('warm-up');
    for (let i = 0; i < rounds; i++) {
      const order: Kind[] = i % 2 === 0 ? ['gateway', 'baseline', 'chunked'] : ['chunked', 'baseline', 'gateway'];
      for (const kind of order) await round(kind);
    }
  } finally {
    await load.call('closeAll').catch(() => {});
    await load.close();
    await ws.close();
  }

  const summary = (kind: Kind) => {
    const list = results[kind];
    return {
      fanout: median(list.map((r) => r.fanout)),
      first: median(list.map((r) => r.first)),
      sync: median(list.map((r) => r.sync)),
      stall: Math.max(...list.map((r) => r.stall)),
    };
  };
  const gateway = summary('gateway');
  const baseline = summary('baseline');
  const chunked = summary('chunked');
  const ratio = baseline.fanout / gateway.fanout;
  return {
    title: 'Block fan-out to 10 000 WebSockets',
    what: `one \`block\` event (a harvested block) to ${sockets.toLocaleString('en-US')} sockets subscribed to \`block\`, clients in a separate process; time from the event to the last socket's delivery, measured on the machine's monotonic clock in both processes; the server's longest event-loop stall (\`monitorEventLoopDelay\`, 1 ms resolution) from just before the event until every socket had its frame.`,
    baseline: 'a plain loop of `ws.send` of the same bytes (the frame the hub sent for the previous block) to the same server-side sockets (the hub\'s own, captured as `ws` accepted them).',
    target: `baseline time / gateway time ≥ ${RATIO_TARGET}; no stall over ${STALL_TARGET_MS} ms`,
    met: ratio >= RATIO_TARGET && gateway.stall <= STALL_TARGET_MS,
    verdict: `ratio ${fmt(ratio)}; longest stall ${fmt(gateway.stall)} ms (baseline's ${fmt(baseline.stall)} ms)`,
    tables: [
      {
        columns: ['sender', 'event → last delivery ms (median)', 'event → first delivery ms', 'event loop held ms', 'longest stall ms', 'ratio to baseline'],
        rows: [
          ['plain `ws.send` loop (baseline)', fmt(baseline.fanout), fmt(baseline.first), fmt(baseline.sync), fmt(baseline.stall), '1.00 (baseline)'],
          ['gateway: `chain.harvest()` → hub', fmt(gateway.fanout), fmt(gateway.first), fmt(gateway.sync), fmt(gateway.stall), fmt(ratio)],
          [`for comparison: the plain loop yielding every ${CHUNK} sockets (\`setImmediate\`)`, fmt(chunked.fanout), fmt(chunked.first), fmt(chunked.sync), fmt(chunked.stall), fmt(baseline.fanout / chunked.fanout)],
        ],
      },
    ],
    notes: [
      `${rounds} rounds of each, taking turns, after two warm-up blocks; medians, and the longest stall of any round. "Event loop held" is how long the synchronous send (the hub's \`publish\`, or the plain loop; for the chunked loop, its first turn) kept the loop. Stalls are \`monitorEventLoopDelay\`'s max less its ${RESOLUTION_MS} ms timer interval.`,
      `The chunked row is not the gateway: it is the plain loop sent in turns of ${CHUNK} sockets, the shape of the hub's sliced delivery (src/ws/delivery-queue.ts), to tell the cost of slicing from the hub's own.`,
      'The client process reads 10 000 frames on one core, so the delivery times include its reading; it reads the same bytes in both cases.',
      ...(note ? [note] : []),
    ],
    sizes: { sockets, rounds },
  };
};

export default suite;
