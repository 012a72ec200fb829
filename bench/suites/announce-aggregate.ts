/**
 * announce-aggregate: aggregates complete that each define a mosaic (a definition with its
 * own nonce + a supply change, the 50 XYM rental fee paid), signed by 100 funded accounts,
 * per second through `PUT /transactions` until their `unconfirmedAdded` notification,
 * divided by a bare loop of symbol-sdk decode + hash + verify over the same payloads.
 * Target ≥ 0.7.
 */
import { InMemoryChain, type InMemoryChainOptions } from '../../src/index.js';
import { ANNOUNCE_NOTE, announceDelayOption, announceTable, cpuTable, hashOf, measureAnnounces, signatureNote } from '../lib/announce.js';
import { signMosaicDefinition } from '../lib/signing.js';
import { fmt } from '../lib/stats.js';
import type { Suite } from '../lib/suite.js';

const TARGET = 0.7;
const CONNECTIONS = 8;
/**
 * Signers taking turns. An account may hold at most 1 000 mosaics (`maxMosaicsPerAccount`, the
 * currency included), and every balance change copies the account's balances (≈ 0.08 µs per
 * mosaic held, bench/notes.md): 100 signers keep each under ≈ 300 in a full run.
 */
const SIGNERS = 100;
const FEE = 1_000_000n;
/** Each signer's currency: the 50 XYM rental fee and the 1 XYM fee of as many mosaics as an account may hold. */
const BALANCE = 1000n * 51_000_000n;

const suite: Suite = async (context) => {
  const options: InMemoryChainOptions = { blockInterval: false, accountCount: SIGNERS, accountBalance: BALANCE, ...announceDelayOption() };
  const chain = new InMemoryChain(options);
  const shadow = new InMemoryChain(options);
  const { facade } = chain;
  // What one announce costs its signer while unconfirmed: the rental fee at the dynamic fee multiplier, and its max fee.
  const rental = chain.rules.mosaicRentalFee * BigInt(chain.rules.defaultDynamicFeeMultiplier);
  const nonces = new Array<number>(SIGNERS).fill(0);
  let signedCount = 0;
  let size = 0;
  const sign = (count: number) => {
    const deadline = chain.networkTime() + 3_600_000n;
    return Array.from({ length: count }, () => {
      const k = signedCount++ % SIGNERS;
      const nonce = ++nonces[k];
      if (nonce >= chain.rules.maxMosaicsPerAccount) throw new Error(`signer ${k} would hold more than ${chain.rules.maxMosaicsPerAccount} mosaics: raise SIGNERS`);
      if (BigInt(nonce) * (rental + FEE) > BALANCE) throw new Error(`signer ${k} cannot pay for mosaic ${nonce}: raise BALANCE`);
      const payload = signMosaicDefinition(facade, { signer: chain.fundedAccounts[k].keyPair, nonce, supply: 1_000_000n + BigInt(nonce), deadline, fee: FEE });
      size = payload.length / 2;
      return { payload, hash: hashOf(facade, payload) };
    });
  };
  const run = await measureAnnounces(context, chain, { connections: CONNECTIONS, sign, shadow });
  chain.close();
  shadow.close();
  const { result, baseline, ratio, serverCpu, bareCpu } = run.median;
  const announced = run.count * run.rounds.length + run.warmup;
  return {
    title: 'Announcing aggregates that define mosaics',
    what: `distinct aggregates complete (symbol-sdk, ${SIGNERS} funded signers taking turns), each a mosaic definition with the signer's next nonce and a supply change of that mosaic (${size} bytes, two embedded transactions; the chain charges the ${fmt(Number(rental) / 1e6, 0)} XYM rental fee), sent once each with \`PUT /transactions\` over ${CONNECTIONS} connections; throughput counted from the first request to the last \`unconfirmedAdded\` frame on a WebSocket subscribed to \`unconfirmedAdded\` (every aggregate must be notified, each matched by its hash).`,
    baseline: 'a bare in-process loop of decode (`TransactionFactory.deserialize`) + hash (`facade.hashTransaction`) + verify (`facade.verifyTransaction`) with symbol-sdk over the same kind of payloads: for each gateway run, the mean of the baseline run before it and the one after it (the latter on the very payloads announced).',
    target: `≥ ${TARGET} of the baseline's transactions per second`,
    met: ratio >= TARGET,
    verdict: `${fmt(ratio, 3)} (${fmt(result.transfersPerSecond, 0)} vs ${fmt(baseline, 0)} aggregates/s; median of ${run.rounds.length} round(s)); by CPU per aggregate ${fmt(bareCpu / serverCpu)} (${fmt(serverCpu, 0)} vs ${fmt(bareCpu, 0)} µs)`,
    tables: [announceTable(run, 'aggregates'), cpuTable(run)],
    notes: [
      `${run.count} aggregates per round (after ${run.warmup} for warm-up); ${fmt(announced, 0)} mosaics defined in all (≈ ${fmt(announced / SIGNERS, 0)} per signer at the end), each signer paying ${fmt(Number(rental + FEE) / 1e6, 0)} XYM per aggregate on the unconfirmed state (funded with ${fmt(Number(BALANCE / 1_000_000n), 0)} XYM each); no block is harvested during the run.`,
      'Beyond the baseline\'s decode + hash + verify, the gateway checks what a node checks before an aggregate enters the unconfirmed pool: its transactionsHash against the embedded transactions, the mosaic id against the signer\'s address and nonce, the rental fee and fee against the signer\'s balance, the mosaic\'s properties; it renders the aggregate\'s JSON with both embedded transactions for the frame.',
      ANNOUNCE_NOTE,
      signatureNote(run.signatures),
    ],
    sizes: { 'announceDelay ms': chain.options.announceDelay, 'aggregates per round': run.count, rounds: run.rounds.length, signers: SIGNERS, connections: CONNECTIONS, 'target seconds': run.measureSeconds },
  };
};

export default suite;
