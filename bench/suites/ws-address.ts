/**
 * ws-address: sockets each subscribed to `confirmedAdded/{its own address}`; blocks of
 * 1 000 transfers, each to one subscriber's address. Measures the hub's dispatch time per
 * transaction at 1 000 and at 10 000 sockets: it must not grow with the number of sockets
 * (topics are looked up in a map, never by scanning sockets).
 */
import type { ChainEvent } from '../../src/backend/index.js';
import { InMemoryChain } from '../../src/index.js';
import type { WaitResult } from '../load/ws-clients.js';
import { startLoad } from '../lib/process.js';
import { addresses, signTransfer } from '../lib/signing.js';
import { fmt, median, nowMs, sleep } from '../lib/stats.js';
import type { Suite } from '../lib/suite.js';
import { socketBudget, startWsGateway, until } from '../lib/ws-server.js';

/** "Does not grow": dispatch per transaction at the largest size within this factor of the smallest's. */
const GROWTH_LIMIT = 1.25;

interface BlockRun {
  dispatchMs: number;
  otherPublishMs: number;
  harvestMs: number;
  lastDeliveryMs: number;
}

const suite: Suite = async (context) => {
  const perBlock = 1000;
  const wanted = context.quick ? [1000, 2000] : [1000, 10_000];
  const { sockets: most, note } = socketBudget(wanted[wanted.length - 1]);
  const sizes = wanted.map((size) => Math.min(size, Math.floor(most / perBlock) * perBlock));
  const blocks = context.quick ? 2 : 4;

  const chain = new InMemoryChain({ blockInterval: false, finalizationInterval: 1_000_000 });
  const ws = await startWsGateway(chain);
  const hub = ws.gateway.hub;
  // Time the hub's publish, per channel (the feed calls hub.publish for each event).
  const timing = { confirmedAdded: 0, other: 0 };
  const publish = hub.publish.bind(hub);
  hub.publish = (event: ChainEvent) => {
    const start = nowMs();
    publish(event);
    timing[event.channel === 'confirmedAdded' ? 'confirmedAdded' : 'other'] += nowMs() - start;
  };

  const subscriberAddresses = addresses(chain.facade, sizes[sizes.length - 1], 'subscriber');
  const received = new Array<number>(subscriberAddresses.length).fill(0);
  const load = await startLoad('load/ws-clients.ts', { openFiles: most + 256 });
  const runs = new Map<number, BlockRun[]>();
  let signed = 0;
  try {
    let opened = 0;
    for (const size of sizes) {
      const topics = subscriberAddresses.slice(opened, size).map((address) => `confirmedAdded/${address}`);
      const connected = await load.call<{ seconds: number }>('connect', { url: ws.wsUrl, topics, concurrency: 100 });
      opened = size;
      await until(() => hub.topicCount === size, `${size} address subscriptions`);
      context.log(`${size} sockets, each on confirmedAdded/<its address> (${fmt(connected.seconds)} s to connect)`);
      runs.set(size, []);
      // A warm-up block, then the measured ones; each block's transfers go to 1 000 consecutive subscribers.
      for (let b = -1; b < blocks; b++) {
        const from = (((b + 1) * perBlock) % size);
        const deadline = chain.networkTime() + 3_600_000n;
        for (let i = 0; i < perBlock; i++) {
          const payload = signTransfer(chain.facade, {
            signer: chain.fundedAccounts[i % chain.fundedAccounts.length].keyPair,
            recipient: subscriberAddresses[from + i],
            amount: BigInt(++signed),
            deadline,
          });
          await chain.announcer.announce(payload);
        }
        for (let i = from; i < from + perBlock; i++) received[i]++;
        timing.confirmedAdded = 0;
        timing.other = 0;
        await sleep(50);
        const start = nowMs();
        const block = chain.harvest();
        const harvestMs = nowMs() - start;
        // The frames go out right after the code that published them: their sends are dispatch too.
        const sending = nowMs();
        await hub.delivered();
        const sendMs = nowMs() - sending;
        if (block.meta.transactionsCount !== perBlock) throw new Error(`block has ${block.meta.transactionsCount} transactions, expected ${perBlock}`);
        const delivered = await load.call<WaitResult>('waitFor', { from, to: from + perBlock, count: received[from] });
        if (!delivered.complete) throw new Error(`${delivered.reached} of ${perBlock} subscribers got their confirmedAdded`);
        if (b < 0) continue;
        const run = { dispatchMs: timing.confirmedAdded + sendMs, otherPublishMs: timing.other, harvestMs, lastDeliveryMs: delivered.last - start };
        runs.get(size)!.push(run);
        context.log(
          `  block of ${perBlock}: confirmedAdded dispatch ${fmt((run.dispatchMs * 1000) / perBlock)} µs/tx, harvest ${fmt(harvestMs)} ms, last delivery ${fmt(run.lastDeliveryMs)} ms after harvest began`,
        );
      }
    }
  } finally {
    await load.call('closeAll').catch(() => {});
    await load.close();
    await ws.close();
  }

  const perSize = sizes.map((size) => {
    const list = runs.get(size)!;
    return {
      size,
      dispatchUs: (median(list.map((r) => r.dispatchMs)) * 1000) / perBlock,
      otherUs: (median(list.map((r) => r.otherPublishMs)) * 1000) / perBlock,
      harvestMs: median(list.map((r) => r.harvestMs)),
      deliveryMs: median(list.map((r) => r.lastDeliveryMs)),
    };
  });
  const growth = perSize[perSize.length - 1].dispatchUs / perSize[0].dispatchUs;
  return {
    title: 'Per-address notifications at 1 000 and 10 000 sockets',
    what: `${sizes.map((s) => s.toLocaleString('en-US')).join(' and ')} sockets (clients in a separate process), each subscribed to \`confirmedAdded/{its own address}\`; blocks of ${perBlock} transfers signed with symbol-sdk and announced, each to one subscriber, then \`chain.harvest()\`. Dispatch = time in the hub's \`publish\` for the block's \`confirmedAdded\` events (topic lookup, serialization once, queueing) plus the sends that follow it until \`hub.delivered()\` resolves, per transaction.`,
    baseline: `none: the dispatch per transaction at ${sizes[0].toLocaleString('en-US')} sockets is the reference for ${sizes[sizes.length - 1].toLocaleString('en-US')}.`,
    target: `dispatch time per transaction does not grow with the sockets (≤ ${GROWTH_LIMIT} × at ${sizes[sizes.length - 1].toLocaleString('en-US')} what it is at ${sizes[0].toLocaleString('en-US')})`,
    met: growth <= GROWTH_LIMIT,
    verdict: perSize.map((s) => `${fmt(s.dispatchUs)} µs/tx at ${s.size.toLocaleString('en-US')}`).join(', ') + ` (× ${fmt(growth)})`,
    tables: [
      {
        columns: ['sockets', 'confirmedAdded dispatch µs/tx', 'other events µs/tx', 'harvest ms/block', 'harvest start → last delivery ms', 'µs/tx end to end', 'ratio to first size'],
        rows: perSize.map((s) => [
          s.size.toLocaleString('en-US'),
          fmt(s.dispatchUs),
          fmt(s.otherUs),
          fmt(s.harvestMs),
          fmt(s.deliveryMs),
          fmt((s.deliveryMs * 1000) / perBlock),
          fmt(s.dispatchUs / perSize[0].dispatchUs),
        ]),
      },
    ],
    notes: [
      `Medians of ${blocks} blocks per size, after a warm-up block. "Other events" are the block's \`unconfirmedRemoved\` and \`block\` events (no subscribers). "Harvest" is the whole \`chain.harvest()\`: block building and signing, balance updates, the lifecycle's notification objects and the publish calls (the sends come right after it).`,
      ...(note ? [note] : []),
    ],
    sizes: { sockets: sizes.join(' / '), 'transactions per block': perBlock, 'blocks per size': blocks },
  };
};

export default suite;
