/**
 * announce-multisig: aggregates complete in which a 4-of-4 multisig account sends currency,
 * signed by one of its cosigners and carrying the other three's cosignatures, per second
 * through `PUT /transactions` until their `unconfirmedAdded` notification, divided by a bare
 * loop of symbol-sdk decode + hash + verify of every signature over the same payloads.
 * Target ≥ 0.7.
 */
import type { ChainEvent } from '../../src/backend/index.js';
import { InMemoryChain, type InMemoryChainOptions } from '../../src/index.js';
import { ANNOUNCE_NOTE, announceDelayOption, announceTable, cpuTable, hashOf, measureAnnounces, signatureNote } from '../lib/announce.js';
import { addresses, signMultisigConversion, signMultisigTransfer } from '../lib/signing.js';
import { fmt } from '../lib/stats.js';
import type { Suite } from '../lib/suite.js';

const TARGET = 0.7;
const CONNECTIONS = 8;
/** Multisig accounts taking turns, and the cosigners of each. */
const MULTISIGS = 25;
const COSIGNERS = 4;
const FEE = 500_000n;

/** Makes funded accounts 0 … MULTISIGS − 1 multisig accounts of the funded accounts after them, on each chain, in one block. */
function convert(chains: readonly InMemoryChain[]): void {
  const [chain] = chains;
  const deadline = chain.networkTime() + 3_600_000n;
  const failures: string[] = [];
  const unsubscribes = chains.map((each) => each.events.subscribe((event: ChainEvent) => {
    if (event.channel === 'status') failures.push((event.data as { code: string }).code);
  }));
  for (let i = 0; i < MULTISIGS; i++) {
    const payload = signMultisigConversion(chain.facade, { account: chain.fundedAccounts[i].keyPair, cosigners: cosignersOf(chain, i).map((account) => account.keyPair), deadline, fee: FEE });
    for (const each of chains) each.announcer.announce(payload);
  }
  for (const each of chains) each.harvest();
  for (const unsubscribe of unsubscribes) unsubscribe();
  if (failures.length > 0) throw new Error(`the multisig conversions failed: ${[...new Set(failures)].join(', ')}`);
}

function cosignersOf(chain: InMemoryChain, multisig: number) {
  const first = MULTISIGS + multisig * COSIGNERS;
  return chain.fundedAccounts.slice(first, first + COSIGNERS);
}

const suite: Suite = async (context) => {
  const options: InMemoryChainOptions = { blockInterval: false, accountCount: MULTISIGS * (1 + COSIGNERS), ...announceDelayOption() };
  const chain = new InMemoryChain(options);
  const shadow = new InMemoryChain(options);
  convert([chain, shadow]);
  const { facade } = chain;
  const recipients = addresses(facade, 1000, 'recipient');
  let signedCount = 0;
  let size = 0;
  const sign = (count: number) => {
    const deadline = chain.networkTime() + 3_600_000n;
    return Array.from({ length: count }, () => {
      const n = signedCount++;
      const k = n % MULTISIGS;
      const payload = signMultisigTransfer(facade, {
        multisig: chain.fundedAccounts[k].keyPair.publicKey,
        cosigners: cosignersOf(chain, k).map((account) => account.keyPair),
        recipient: recipients[n % recipients.length],
        amount: BigInt(n + 1),
        deadline,
        fee: FEE,
      });
      size = payload.length / 2;
      return { payload, hash: hashOf(facade, payload) };
    });
  };
  const run = await measureAnnounces(context, chain, { connections: CONNECTIONS, sign, shadow });
  chain.close();
  shadow.close();
  const { result, baseline, ratio, serverCpu, bareCpu } = run.median;
  return {
    title: 'Announcing multisig transfers with three cosignatures',
    what: `distinct aggregates complete (symbol-sdk), each an embedded transfer from one of ${MULTISIGS} ${COSIGNERS}-of-${COSIGNERS} multisig accounts, signed by one of its cosigners and carrying the other ${COSIGNERS - 1} cosignatures (${size} bytes), sent once each with \`PUT /transactions\` over ${CONNECTIONS} connections; throughput counted from the first request to the last \`unconfirmedAdded\` frame on a WebSocket subscribed to \`unconfirmedAdded\` (every aggregate must be notified, each matched by its hash).`,
    baseline: `a bare in-process loop of decode (\`TransactionFactory.deserialize\`) + hash (\`facade.hashTransaction\`) + verify of the signature (\`facade.verifyTransaction\`) and of the ${COSIGNERS - 1} cosignatures (symbol-sdk's \`Verifier\` over the hash) over the same kind of payloads: for each gateway run, the mean of the baseline run before it and the one after it (the latter on the very payloads announced).`,
    target: `≥ ${TARGET} of the baseline's transactions per second`,
    met: ratio >= TARGET,
    verdict: `${fmt(ratio, 3)} (${fmt(result.transfersPerSecond, 0)} vs ${fmt(baseline, 0)} aggregates/s; median of ${run.rounds.length} round(s)); by CPU per aggregate ${fmt(bareCpu / serverCpu)} (${fmt(serverCpu, 0)} vs ${fmt(bareCpu, 0)} µs)`,
    tables: [announceTable(run, 'aggregates'), cpuTable(run)],
    notes: [
      `${run.count} aggregates per round (after ${run.warmup} for warm-up); the multisig accounts were made in one block before the run (each an aggregate signed by the account and cosigned by its ${COSIGNERS} new cosigners); no block is harvested during the run.`,
      'Beyond the baseline\'s decode + hash + verify, the gateway checks what a node checks before such an aggregate enters the unconfirmed pool: its transactionsHash, that the cosignatures satisfy the multisig account (a walk of the multisig graph: the sender\'s cosigners and their own multisig entries), that every cosigner is eligible, the balances; it renders the aggregate\'s JSON with its cosignatures for the frame.',
      ANNOUNCE_NOTE,
      signatureNote(run.signatures),
    ],
    sizes: { 'announceDelay ms': chain.options.announceDelay, 'aggregates per round': run.count, rounds: run.rounds.length, 'multisig accounts': MULTISIGS, cosigners: COSIGNERS, connections: CONNECTIONS, 'target seconds': run.measureSeconds },
  };
};

export default suite;
