/**
 * announce: signed transfers per second through `PUT /transactions` until their
 * `unconfirmedAdded` notification, divided by a bare loop of decode + hash + verify with
 * symbol-sdk over the same payloads. Target ≥ 0.7.
 */
import { InMemoryChain, type InMemoryChainOptions } from '../../src/index.js';
import { ANNOUNCE_NOTE, announceDelayOption, announceTable, cpuTable, hashOf, measureAnnounces, signatureNote } from '../lib/announce.js';
import { addresses, signTransfer } from '../lib/signing.js';
import { fmt } from '../lib/stats.js';
import type { Suite } from '../lib/suite.js';

const TARGET = 0.7;
const CONNECTIONS = 8;

const suite: Suite = async (context) => {
  const options: InMemoryChainOptions = { blockInterval: false, ...announceDelayOption() };
  const chain = new InMemoryChain(options);
  const shadow = new InMemoryChain(options);
  const { facade } = chain;
  const recipients = addresses(facade, 1000, 'recipient');
  let signedCount = 0;
  const sign = (count: number) => {
    const deadline = chain.networkTime() + 3_600_000n;
    return Array.from({ length: count }, () => {
      const n = signedCount++;
      const payload = signTransfer(facade, { signer: chain.fundedAccounts[n % chain.fundedAccounts.length].keyPair, recipient: recipients[n % recipients.length], amount: BigInt(n + 1), deadline });
      return { payload, hash: hashOf(facade, payload) };
    });
  };
  const run = await measureAnnounces(context, chain, { connections: CONNECTIONS, sign, shadow });
  chain.close();
  shadow.close();
  const { result, baseline, ratio, serverCpu, bareCpu } = run.median;
  return {
    title: 'Announcing signed transfers',
    what: `distinct signed transfers (symbol-sdk, 10 funded signers) sent once each with \`PUT /transactions\` over ${CONNECTIONS} connections; throughput counted from the first request to the last \`unconfirmedAdded\` frame on a WebSocket subscribed to \`unconfirmedAdded\` (every transfer must be notified, each matched by its hash).`,
    baseline: 'a bare in-process loop of decode (`TransactionFactory.deserialize`) + hash (`facade.hashTransaction`) + verify (`facade.verifyTransaction`) with symbol-sdk over the same kind of payloads: for each gateway run, the mean of the baseline run before it and the one after it (the latter on the very payloads announced).',
    target: `≥ ${TARGET} of the baseline's transactions per second`,
    met: ratio >= TARGET,
    verdict: `${fmt(ratio, 3)} (${fmt(result.transfersPerSecond, 0)} vs ${fmt(baseline, 0)} tx/s; median of ${run.rounds.length} round(s)); by CPU per transfer ${fmt(bareCpu / serverCpu)} (${fmt(serverCpu, 0)} vs ${fmt(bareCpu, 0)} µs)`,
    tables: [announceTable(run, 'transfers'), cpuTable(run)],
    notes: [
      `${run.count} transfers per round (after ${run.warmup} for warm-up); the unconfirmed pool grows to ${run.count * run.rounds.length + run.warmup} (no block is harvested during the run).`,
      ANNOUNCE_NOTE,
      signatureNote(run.signatures),
    ],
    sizes: { 'announceDelay ms': chain.options.announceDelay, 'transfers per round': run.count, rounds: run.rounds.length, connections: CONNECTIONS, 'target seconds': run.measureSeconds },
  };
};

export default suite;
