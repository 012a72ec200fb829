/**
 * Announce throughput (announce, announce-aggregate, announce-multisig): signed transactions sent once each with
 * `PUT /transactions`, counted until their `unconfirmedAdded` frame, against a bare loop of
 * symbol-sdk decode + hash + verify over the same payloads, in rounds that take turns; and
 * where the server's CPU goes (the chain's part measured on a shadow chain in-process).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PublicKey, Signature } from 'symbol-sdk';
import { Verifier, models, type SymbolFacade } from 'symbol-sdk/symbol';
import type { ChainEvent } from '../../src/backend/index.js';
import { verifyEd25519 } from '../../src/ed25519.js';
import type { InMemoryChain } from '../../src/index.js';
import type { AnnounceResult } from '../load/http-load.js';
import { assertAnswered } from './http-compare.js';
import { startLoad } from './process.js';
import type { Table } from './report.js';
import { fmt, mean, nowMs } from './stats.js';
import { seconds, type SuiteContext } from './suite.js';
import { startWsGateway, until } from './ws-server.js';

/**
 * The chain's `announceDelay` for a run: the chain's default, or `BENCH_ANNOUNCE_DELAY` ms
 * (`BENCH_ANNOUNCE_DELAY=5 npm run bench -- announce` measures the same code with checks every 5 ms).
 */
export function announceDelayOption(): { announceDelay?: number } {
  const text = process.env.BENCH_ANNOUNCE_DELAY;
  if (text === undefined || text === '') return {};
  const announceDelay = Number(text);
  if (!Number.isSafeInteger(announceDelay) || announceDelay < 0) throw new Error(`BENCH_ANNOUNCE_DELAY must be a whole number of ms, not '${text}'`);
  return { announceDelay };
}

/** A signed transaction as a wallet announces it, and the hash a node gives it. */
export interface SignedPayload {
  payload: string;
  /** 64 uppercase hex. */
  hash: string;
}

/** The hash symbol-sdk computes for a payload. */
export function hashOf(facade: SymbolFacade, payload: string): string {
  return facade.hashTransaction(models.TransactionFactory.deserialize(Buffer.from(payload, 'hex')) as never).toString();
}

export interface BareLoop {
  /** Transactions per second (wall time). */
  perSecond: number;
  /** CPU µs per transaction (user + system). */
  cpuPerTransaction: number;
}

/** What a node must do at least for each transaction: decode, hash, verify the signature and an aggregate's cosignatures (symbol-sdk, in this process). */
export function bareLoop(facade: SymbolFacade, payloads: readonly string[]): BareLoop {
  globalThis.gc?.();
  const cpu = process.cpuUsage();
  const start = nowMs();
  let verified = 0;
  for (const payload of payloads) {
    const transaction = models.TransactionFactory.deserialize(Buffer.from(payload, 'hex')) as InstanceType<typeof models.Transaction>;
    const hash = facade.hashTransaction(transaction);
    if (!facade.verifyTransaction(transaction, new Signature(transaction.signature.bytes))) continue;
    const cosignatures = (transaction as { cosignatures?: InstanceType<typeof models.Cosignature>[] }).cosignatures ?? [];
    if (cosignatures.every((cosignature) => new Verifier(new PublicKey(cosignature.signerPublicKey.bytes)).verify(hash.bytes, new Signature(cosignature.signature.bytes)))) verified++;
  }
  const elapsed = (nowMs() - start) / 1000;
  const used = process.cpuUsage(cpu);
  if (verified !== payloads.length) throw new Error(`${payloads.length - verified} signatures did not verify`);
  return { perSecond: payloads.length / elapsed, cpuPerTransaction: (used.user + used.system) / payloads.length };
}

/** CPU µs per signature check, on the same signed data: symbol-sdk's verifier (the baseline's) and the gateway's. */
export interface SignatureCost {
  sdk: number;
  gateway: number;
}

/**
 * The signature check alone, on `payloads` (each signer's key seen once before the timed
 * loops, so the gateway's once-per-key subgroup check is left out): symbol-sdk's `Verifier`,
 * as the bare loop uses it, against the gateway's `verifyEd25519` (node's Ed25519 and a
 * node's rules).
 */
export function signatureCost(facade: SymbolFacade, payloads: readonly string[]): SignatureCost {
  const inputs = payloads.map((payload) => {
    const transaction = models.TransactionFactory.deserialize(Buffer.from(payload, 'hex')) as InstanceType<typeof models.Transaction>;
    return { key: transaction.signerPublicKey, message: facade.extractSigningPayload(transaction), signature: transaction.signature.bytes };
  });
  for (const { key, message, signature } of inputs) verifyEd25519(key.bytes, message, signature);
  const time = (check: (input: (typeof inputs)[number]) => boolean) => {
    globalThis.gc?.();
    const cpu = process.cpuUsage();
    let verified = 0;
    for (const input of inputs) if (check(input)) verified++;
    const used = process.cpuUsage(cpu);
    if (verified !== inputs.length) throw new Error(`${inputs.length - verified} signatures did not verify`);
    return (used.user + used.system) / inputs.length;
  };
  return {
    sdk: time(({ key, message, signature }) => new Verifier(key).verify(message, new Signature(signature))),
    gateway: time(({ key, message, signature }) => verifyEd25519(key.bytes, message, signature)),
  };
}

/** Why the gateway may pass its baseline: the two signature checks, measured in the same run. */
export function signatureNote({ sdk, gateway }: SignatureCost): string {
  return `The gateway checks signatures with node's own Ed25519 (OpenSSL), adding the rules a node applies that OpenSSL does not (S not zero, the key in the prime-order subgroup, checked once per key); the baseline, as the target defines it, verifies with symbol-sdk. Measured in this run on the same signed data: ${fmt(sdk, 0)} µs per signature with symbol-sdk's verifier, ${fmt(gateway, 0)} µs with the gateway's (${fmt(sdk / gateway, 1)} × faster), which is how the gateway's throughput can pass the baseline's.`;
}

/** CPU µs per transaction of the chain's own part, in this process without HTTP or WebSocket. */
export interface ChainCost {
  /** `chain.announcer.announce(payload)`: decode, hash, queue (what `PUT` does before its 202). */
  announce: number;
  /** `chain.processAnnounced()`: the checks (signature, state), the unconfirmed pool, the record and its event. */
  check: number;
}

export interface AnnounceRound {
  result: AnnounceResult;
  /** The mean of the bare-loop runs just before and just after the gateway run, transactions/s. */
  baseline: number;
  ratio: number;
  /** The server process's CPU µs per announced transaction, and the bare loop's (mean of the same two runs). */
  serverCpu: number;
  /** Of `serverCpu`, the kernel's part (system time: sockets, mostly). */
  serverSystemCpu: number;
  bareCpu: number;
  /** The same round's transactions on the shadow chain, in-process. */
  chainCpu: ChainCost;
}

export interface AnnounceRun {
  rounds: AnnounceRound[];
  /** The round of the median ratio. */
  median: AnnounceRound;
  /** Transactions per round, and in the warm-up. */
  count: number;
  warmup: number;
  measureSeconds: number;
  /** The signature check alone, on the last round's transactions. */
  signatures: SignatureCost;
}

export interface AnnounceOptions {
  connections: number;
  /**
   * A second chain made with the same options: it gets every transaction the gateway's chain
   * gets, in the same order, in-process (no HTTP, no subscriber), so the chain's own part of
   * each round is measured on the same transactions in the same state.
   */
  shadow: InMemoryChain;
  /** Signs `count` new transactions (each distinct, each valid on the chain as it will be then). */
  sign(count: number): SignedPayload[];
  /** Rounds in a full run (1 with --quick). */
  rounds?: number;
}

/**
 * Starts a gateway with `/ws` over `chain`, subscribes one WebSocket (in the load process) to
 * `unconfirmedAdded`, and runs rounds: a gateway run (every payload once, over
 * `connections`, until every frame is in, each matched by hash), then a bare-loop run on a
 * sample of the same payloads, then the same payloads on the shadow chain in-process; each
 * gateway run is divided by the mean of the bare-loop runs around it.
 */
export async function measureAnnounces(context: SuiteContext, chain: InMemoryChain, options: AnnounceOptions): Promise<AnnounceRun> {
  const { facade } = chain;
  const measureSeconds = seconds(context, 6, 2);
  const roundCount = context.quick ? 1 : (options.rounds ?? 5);
  // The baseline first, on its own payloads, to size each measured run (~measureSeconds of load).
  bareLoop(facade, options.sign(300).map((signed) => signed.payload)); // warm-up
  const estimate = bareLoop(facade, options.sign(context.quick ? 500 : 2000).map((signed) => signed.payload));
  const count = Math.round(estimate.perSecond * 0.6 * measureSeconds);
  context.log(`bare loop ~${fmt(estimate.perSecond, 0)} tx/s; ${roundCount} round(s) of ${count} transactions`);
  const warmup = options.sign(context.quick ? 300 : 1000);

  const failures: string[] = [];
  const unsubscribe = chain.events.subscribe((event: ChainEvent) => {
    if (event.channel === 'status') failures.push((event.data as { code: string }).code);
  });
  const dir = mkdtempSync(join(tmpdir(), 'bench-announce-'));
  const files = (name: string, signed: SignedPayload[]) => {
    const bodiesFile = join(dir, `${name}.txt`);
    const hashesFile = join(dir, `${name}.hashes.txt`);
    writeFileSync(bodiesFile, signed.map(({ payload }) => JSON.stringify({ payload })).join('\n'));
    writeFileSync(hashesFile, signed.map(({ hash }) => hash).join('\n'));
    return { bodiesFile, hashesFile };
  };
  const ws = await startWsGateway(chain);
  const load = await startLoad('load/http-load.ts');
  const url = ws.wsUrl.replace('ws://', 'http://').replace(/\/ws$/, '');
  const rounds: AnnounceRound[] = [];
  try {
    await load.call('listen', { url: ws.wsUrl });
    await until(() => ws.gateway.hub.subscriberCount('unconfirmedAdded') === 1, 'the unconfirmedAdded subscription');
    const warm = await load.call<AnnounceResult>('announce', { url, ...files('warmup', warmup), connections: options.connections });
    context.log(`warm-up: ${fmt(warm.transfersPerSecond, 0)} tx/s`);
    runOnShadow(options.shadow, warmup);
    let before = estimate;
    for (let round = 0; round < roundCount; round++) {
      const measured = options.sign(count);
      globalThis.gc?.();
      const cpu = process.cpuUsage();
      const result = await load.call<AnnounceResult>('announce', { url, ...files(`round-${round}`, measured), connections: options.connections });
      const used = process.cpuUsage(cpu);
      assertAnswered(result);
      if (result.notified !== count || result.untilNotified?.count !== count) {
        throw new Error(`${result.notified} unconfirmedAdded notifications (${result.untilNotified?.count} matched by hash) for ${count} transactions; statuses: ${[...new Set(failures)].join(', ') || 'none'}`);
      }
      const after = bareLoop(facade, measured.slice(0, Math.min(measured.length, 3000)).map((signed) => signed.payload));
      const baseline = mean([before.perSecond, after.perSecond]);
      const serverCpu = (used.user + used.system) / count;
      const bareCpu = mean([before.cpuPerTransaction, after.cpuPerTransaction]);
      const chainCpu = runOnShadow(options.shadow, measured);
      rounds.push({ result, baseline, ratio: result.transfersPerSecond / baseline, serverCpu, serverSystemCpu: used.system / count, bareCpu, chainCpu });
      const wait = result.untilNotified!;
      context.log(
        `round ${round + 1}: gateway ${fmt(result.transfersPerSecond, 0)} tx/s (${result.requests} × 202, ${result.notified} notified); PUT → 202 p50 ${fmt(result.latency.p50)} ms, p99 ${fmt(result.latency.p99)} ms; ` +
          `PUT → unconfirmedAdded p50 ${fmt(wait.p50)} ms, p99 ${fmt(wait.p99)} ms; baseline ${fmt(before.perSecond, 0)} and ${fmt(after.perSecond, 0)} tx/s; ratio ${fmt(result.transfersPerSecond / baseline)}; ` +
          `CPU per transaction: server ${fmt(serverCpu, 0)} µs (system ${fmt(used.system / count, 0)} µs; the chain's part in-process: ${fmt(chainCpu.announce + chainCpu.check, 0)} µs), bare loop ${fmt(bareCpu, 0)} µs; server busy ${fmt(((used.user + used.system) / 1e6 / result.seconds) * 100, 0)}%, load generator ${fmt((result.cpuSeconds / result.seconds) * 100, 0)}%`,
      );
      before = after;
    }
  } finally {
    unsubscribe();
    await load.close();
    await ws.close();
    rmSync(dir, { recursive: true, force: true });
  }
  const median = [...rounds].sort((a, b) => a.ratio - b.ratio)[rounds.length >> 1];
  const signatures = signatureCost(facade, options.sign(Math.min(count, 1000)).map((signed) => signed.payload));
  return { rounds, median, count, warmup: warmup.length, measureSeconds, signatures };
}

/** Announces `signed` to the shadow chain in-process, then checks them: CPU µs per transaction of each step. */
function runOnShadow(shadow: InMemoryChain, signed: readonly SignedPayload[]): ChainCost {
  const cpuNow = () => {
    const used = process.cpuUsage();
    return used.user + used.system;
  };
  let failed = 0;
  const unsubscribe = shadow.events.subscribe((event: ChainEvent) => {
    if (event.channel === 'status') failed++;
  });
  globalThis.gc?.();
  let start = cpuNow();
  for (const { payload } of signed) shadow.announcer.announce(payload);
  const announce = (cpuNow() - start) / signed.length;
  start = cpuNow();
  shadow.processAnnounced();
  const check = (cpuNow() - start) / signed.length;
  unsubscribe();
  if (failed > 0) throw new Error(`${failed} of ${signed.length} transactions failed on the shadow chain`);
  return { announce, check };
}

/** One row per round: baseline and gateway throughput, the latencies, the ratio, CPU per transaction. */
export function announceTable(run: AnnounceRun, unit: string): Table {
  return {
    columns: [
      'round',
      `decode + hash + verify loop (baseline), ${unit}/s`,
      `\`PUT /transactions\` → \`unconfirmedAdded\`, ${unit}/s`,
      'PUT → 202 p50 / p99 ms',
      'PUT → `unconfirmedAdded` p50 / p99 ms',
      'CPU µs per transaction: server / bare loop',
      'ratio to baseline',
    ],
    rows: run.rounds.map((r, i) => [
      r === run.median ? `${i + 1} (median)` : String(i + 1),
      fmt(r.baseline, 0),
      fmt(r.result.transfersPerSecond, 0),
      `${fmt(r.result.latency.p50)} / ${fmt(r.result.latency.p99)}`,
      `${fmt(r.result.untilNotified!.p50)} / ${fmt(r.result.untilNotified!.p99)}`,
      `${fmt(r.serverCpu, 0)} / ${fmt(r.bareCpu, 0)}`,
      fmt(r.ratio),
    ]),
  };
}

/** Where the server's CPU time per transaction goes, in the median round: the chain's part (on the shadow chain), the rest is HTTP and WebSocket. */
export function cpuTable(run: AnnounceRun): Table {
  const { serverCpu: server, bareCpu: bare, chainCpu } = run.median;
  const rest = server - chainCpu.announce - chainCpu.check;
  const share = (value: number) => `${fmt((value / server) * 100, 0)}%`;
  return {
    caption:
      'CPU µs per transaction in the median round: the gateway\'s server process, and the chain\'s part alone, measured on a second chain of the same options that gets the same transactions in the same order in-process (`chain.announcer.announce`, then `chain.processAnnounced()`; no HTTP, no subscriber):',
    columns: ['part', 'CPU µs per transaction', 'share of the server\'s'],
    rows: [
      ['bare loop: decode + hash + verify (the baseline)', fmt(bare, 0), '—'],
      ['`chain.announcer.announce`: decode, hash, queue', fmt(chainCpu.announce, 0), share(chainCpu.announce)],
      ['`chain.processAnnounced()`: signature, stateless and stateful checks, the unconfirmed pool, the record and its event', fmt(chainCpu.check, 0), share(chainCpu.check)],
      ['the rest: HTTP (request, body, 202), the WebSocket frame, and what batching costs (garbage)', fmt(rest, 0), share(rest)],
      ['gateway server process, all', fmt(server, 0), '100%'],
      ['… of which system time (the kernel: sockets, mostly)', fmt(run.median.serverSystemCpu, 0), share(run.median.serverSystemCpu)],
    ],
  };
}

/** What the latency and CPU columns of `announceTable` mean. */
export const ANNOUNCE_NOTE =
  "PUT → 202: the answer (the gateway checks the envelope, queues the transaction and answers). PUT → `unconfirmedAdded`: from the moment the load generator handed the request to a connection until the frame with that transaction's hash arrived. Each transaction is checked from the inbound queue once `announceDelay` ms have passed since it arrived, the checks running in slices of about 10 ms between requests, so a transaction waits `announceDelay` ms, then for the checks queued before it; the last transaction's wait is part of the run's time. CPU µs per transaction: the server process's CPU time over the gateway run divided by its transactions, and the bare loop's (mean of the runs before and after): unlike throughput, it does not depend on how much of the two cores other processes left to the server and the load generator.";
