/**
 * announce: signed transfers per second through `PUT /transactions` until their
 * `unconfirmedAdded` notification, divided by a bare loop of decode + hash + verify with
 * symbol-sdk over the same payloads. Target ≥ 0.7.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Signature } from 'symbol-sdk';
import { models, type SymbolFacade } from 'symbol-sdk/symbol';
import { InMemoryChain } from '../../src/index.js';
import type { AnnounceResult } from '../load/http-load.js';
import { startLoad } from '../lib/process.js';
import { addresses, signTransfer } from '../lib/signing.js';
import { fmt, mean, nowMs } from '../lib/stats.js';
import { seconds, type Suite } from '../lib/suite.js';
import { startWsGateway, until } from '../lib/ws-server.js';

const TARGET = 0.7;
const CONNECTIONS = 8;

/** What a node must do at least for each transaction: decode, hash, verify the signature. Transactions per second. */
function bareLoop(facade: SymbolFacade, payloads: string[]): number {
  globalThis.gc?.();
  const start = nowMs();
  let verified = 0;
  for (const payload of payloads) {
    const transaction = models.TransactionFactory.deserialize(Buffer.from(payload, 'hex')) as InstanceType<typeof models.Transaction>;
    facade.hashTransaction(transaction);
    if (facade.verifyTransaction(transaction, new Signature(transaction.signature.bytes))) verified++;
  }
  if (verified !== payloads.length) throw new Error(`${payloads.length - verified} signatures did not verify`);
  return payloads.length / ((nowMs() - start) / 1000);
}

const suite: Suite = async (context) => {
  const chain = new InMemoryChain({ blockInterval: false });
  const { facade } = chain;
  const recipients = addresses(facade, 1000, 'recipient');
  let signedCount = 0;
  const sign = (count: number) => {
    const deadline = chain.networkTime() + 3_600_000n;
    return Array.from({ length: count }, () => {
      const n = signedCount++;
      return signTransfer(facade, { signer: chain.fundedAccounts[n % chain.fundedAccounts.length].keyPair, recipient: recipients[n % recipients.length], amount: BigInt(n + 1), deadline });
    });
  };

  // The baseline first, on its own payloads, to size each measured run (~measureSeconds of load).
  const measureSeconds = seconds(context, 6, 2);
  const roundCount = context.quick ? 1 : 5;
  bareLoop(facade, sign(300)); // warm-up
  const estimate = bareLoop(facade, sign(context.quick ? 500 : 2000));
  const count = Math.round(estimate * 0.6 * measureSeconds);
  context.log(`bare loop ~${fmt(estimate, 0)} tx/s; ${roundCount} round(s) of ${count} transfers`);
  const warmup = sign(context.quick ? 300 : 1000);

  const dir = mkdtempSync(join(tmpdir(), 'bench-announce-'));
  const file = (name: string, payloads: string[]) => {
    const path = join(dir, name);
    writeFileSync(path, payloads.map((payload) => JSON.stringify({ payload })).join('\n'));
    return path;
  };
  const ws = await startWsGateway(chain);
  const load = await startLoad('load/http-load.ts');
  const url = ws.wsUrl.replace('ws://', 'http://').replace(/\/ws$/, '');
  // Gateway runs and baseline runs take turns: each gateway run is divided by the mean of the
  // baseline run before it and the one after it (on the very payloads it announced), so a
  // machine that speeds up or slows down between runs moves both sides of a ratio alike.
  const rounds: { result: AnnounceResult; baseline: number; ratio: number; busy: number }[] = [];
  try {
    await load.call('listen', { url: ws.wsUrl });
    await until(() => ws.gateway.hub.subscriberCount('unconfirmedAdded') === 1, 'the unconfirmedAdded subscription');
    const warm = await load.call<AnnounceResult>('announce', { url, bodiesFile: file('warmup.txt', warmup), connections: CONNECTIONS });
    context.log(`warm-up: ${fmt(warm.transfersPerSecond, 0)} tx/s`);
    let before = estimate;
    for (let round = 0; round < roundCount; round++) {
      const measured = sign(count);
      globalThis.gc?.();
      const cpu = process.cpuUsage();
      const result = await load.call<AnnounceResult>('announce', { url, bodiesFile: file(`round-${round}.txt`, measured), connections: CONNECTIONS });
      const used = process.cpuUsage(cpu);
      const busy = (used.user + used.system) / 1e6 / result.seconds;
      if (result.errors > 0 || result.non2xx > 0) throw new Error(`${result.errors} errors, ${result.non2xx} non-2xx`);
      if (result.notified !== count) throw new Error(`${result.notified} unconfirmedAdded notifications for ${count} transfers`);
      const after = bareLoop(facade, measured.slice(0, Math.min(measured.length, 3000)));
      const baseline = mean([before, after]);
      rounds.push({ result, baseline, ratio: result.transfersPerSecond / baseline, busy });
      context.log(
        `round ${round + 1}: gateway ${fmt(result.transfersPerSecond, 0)} tx/s (${result.requests} × 202, ${result.notified} notified), p50 ${fmt(result.latency.p50)} ms, p99 ${fmt(result.latency.p99)} ms; ` +
          `baseline ${fmt(before, 0)} and ${fmt(after, 0)} tx/s; ratio ${fmt(result.transfersPerSecond / baseline)}; server busy ${fmt(busy * 100, 0)}%, load generator ${fmt((result.cpuSeconds / result.seconds) * 100, 0)}%`,
      );
      before = after;
    }
  } finally {
    await load.close();
    await ws.close();
    rmSync(dir, { recursive: true, force: true });
  }
  const median = [...rounds].sort((a, b) => a.ratio - b.ratio)[rounds.length >> 1];
  const { result, baseline, ratio } = median;
  return {
    title: 'Announcing signed transfers',
    what: `distinct signed transfers (symbol-sdk, 10 funded signers) sent once each with \`PUT /transactions\` over ${CONNECTIONS} connections; throughput counted from the first request to the last \`unconfirmedAdded\` frame on a WebSocket subscribed to \`unconfirmedAdded\` (every transfer must be notified).`,
    baseline: 'a bare in-process loop of decode (`TransactionFactory.deserialize`) + hash (`facade.hashTransaction`) + verify (`facade.verifyTransaction`) with symbol-sdk over the same kind of payloads: for each gateway run, the mean of the baseline run before it and the one after it (the latter on the very payloads announced).',
    target: `≥ ${TARGET} of the baseline's transactions per second`,
    met: ratio >= TARGET,
    verdict: `${fmt(ratio)} (${fmt(result.transfersPerSecond, 0)} vs ${fmt(baseline, 0)} tx/s; median of ${rounds.length} round(s))`,
    tables: [
      {
        columns: ['round', 'decode + hash + verify loop (baseline), transfers/s', '`PUT /transactions` → `unconfirmedAdded`, transfers/s', 'p50 ms', 'p99 ms', 'ratio to baseline'],
        rows: rounds.map((r, i) => [
          r === median ? `${i + 1} (median)` : String(i + 1),
          fmt(r.baseline, 0),
          fmt(r.result.transfersPerSecond, 0),
          fmt(r.result.latency.p50),
          fmt(r.result.latency.p99),
          fmt(r.ratio),
        ]),
      },
    ],
    notes: [
      `${count} transfers per round (after ${warmup.length} for warm-up); the unconfirmed pool grows to ${count * rounds.length + warmup.length} (no block is harvested during the run).`,
    ],
    sizes: { 'transfers per round': count, rounds: rounds.length, connections: CONNECTIONS, 'target seconds': measureSeconds },
  };
};

export default suite;
