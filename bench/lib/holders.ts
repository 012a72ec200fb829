/**
 * A chain on which many accounts hold one mosaic, built through the chain's public path
 * only: signed transactions announced with `chain.announcer.announce(payload)`, then
 * `chain.harvest()` (accounts-balance and post-accounts).
 *
 * 1. the first funded account defines a mosaic (definition + supply change, in one
 *    aggregate complete; the rental fee paid) with the whole supply the recipients get;
 * 2. it sends each of the other signers the share its recipients get (one aggregate);
 * 3. each signer sends its share on in aggregates complete of 100 embedded transfers (an
 *    embedded transfer needs no signature of its own: the aggregate's signer signs them),
 *    `aggregatesPerBlock` aggregates a block.
 *
 * The signers give away every unit they received, so their balance of the mosaic ends at 0
 * (and they hold none, as catapult drops a zero balance): exactly the recipients hold it.
 */
import type { ChainEvent } from '../../src/backend/events.js';
import { InMemoryChain } from '../../src/index.js';
import { manyAddresses, mosaicIdOf, signAggregate, signMosaicDefinition, type EmbeddedTransaction } from './signing.js';
import { fmt, nowMs } from './stats.js';

export interface HolderPlan {
  /** Transfers of the mosaic to make (each to a recipient). */
  transfers: number;
  /** Distinct recipients; transfer i goes to recipient i mod this. Default `transfers` (every transfer to an account of its own). */
  distinctRecipients?: number;
  /** Embedded transfers per aggregate. Default 100 (the network's most). */
  perAggregate?: number;
  /** Funded accounts that sign the aggregates, taking turns. Default 10. */
  signers?: number;
  /** Aggregates announced before each harvest. Default 100 (10 000 transfers a block). */
  aggregatesPerBlock?: number;
  /** Names the recipients' addresses (the same label, the same addresses). Default `'holder'`. */
  label?: string;
  /** Called before and after the transfers (step 3): the heap in bytes (after `gc()`), for `heapGrowth`. */
  heap?: () => number;
}

export interface HolderChain {
  chain: InMemoryChain;
  /** 16 hex. */
  mosaicId: string;
  /** Base32 addresses of the distinct recipients. */
  recipients: string[];
  /** What transfer i sends (distinct for every i). */
  amountOf(i: number): bigint;
  /** Aggregates announced for the transfers (step 3). */
  aggregates: number;
  /** Blocks harvested for the whole build. */
  blocks: number;
  /** Seconds to derive the recipients' addresses, to sign every aggregate, and for the chain to check, run and confirm them. */
  seconds: { addresses: number; signing: number; chain: number };
  /** What `plan.heap` grew by over the transfers (the recipients' accounts, the confirmed aggregates, their blocks). */
  heapGrowth: number | undefined;
}

/** Transfer i sends 1 + (i × 7919 mod n) units: every amount from 1 to n once, in an order unrelated to i. */
const STRIDE = 7919;

export function buildHolderChain(plan: HolderPlan, log: (message: string) => void = () => {}): HolderChain {
  const { transfers } = plan;
  const distinct = plan.distinctRecipients ?? transfers;
  const perAggregate = plan.perAggregate ?? 100;
  const signerCount = plan.signers ?? 10;
  const aggregatesPerBlock = plan.aggregatesPerBlock ?? 100;
  if (transfers % STRIDE === 0) throw new RangeError(`the number of transfers must not be a multiple of ${STRIDE}`);

  const chain = new InMemoryChain({ blockInterval: false, accountCount: Math.max(10, signerCount) });
  const { facade } = chain;
  const signers = chain.fundedAccounts.slice(0, signerCount);
  const owner = signers[0];
  const nonce = 1;
  const mosaicId = mosaicIdOf(owner.address, nonce);
  const mosaic = BigInt(`0x${mosaicId}`);
  const amountOf = (i: number) => BigInt(1 + ((i * STRIDE) % transfers));
  const supply = (BigInt(transfers) * BigInt(transfers + 1)) / 2n;
  const failures: string[] = [];
  const unsubscribe = chain.events.subscribe((event: ChainEvent) => {
    if (event.channel === 'status') failures.push((event.data as { code: string }).code);
  });
  const fail = (what: string) => {
    if (failures.length > 0) throw new Error(`${what}: ${failures.length} transaction(s) failed (${[...new Set(failures)].join(', ')})`);
  };

  let started = nowMs();
  const recipients = manyAddresses(facade, distinct, plan.label ?? 'holder');
  const addressSeconds = (nowMs() - started) / 1000;

  // Long enough a deadline for the whole build (the chain's clock is the wall clock).
  const deadline = chain.networkTime() + 5n * 3_600_000n;
  const fee = 2_000_000n;
  let blocks = 0;
  const harvest = () => {
    chain.harvest();
    blocks++;
  };

  // 1. The mosaic, with the whole supply.
  chain.announcer.announce(signMosaicDefinition(facade, { signer: owner.keyPair, nonce, supply, deadline, fee }));
  harvest();
  fail('the mosaic definition');
  if (chain.ledger.balance(owner.addressHex, mosaicId) !== supply) throw new Error(`the owner holds ${chain.ledger.balance(owner.addressHex, mosaicId)} of ${mosaicId}, not ${supply}`);

  // Which signer sends which aggregate, and what each signer needs.
  const aggregates = Math.ceil(transfers / perAggregate);
  const signerOf = (aggregate: number) => aggregate % signerCount;
  const shares = new Array<bigint>(signerCount).fill(0n);
  for (let i = 0; i < transfers; i++) shares[signerOf(Math.floor(i / perAggregate))] += amountOf(i);

  // 2. Each other signer's share, from the owner.
  const embeddedTransfer = (signer: (typeof signers)[number], recipient: string, amount: bigint): EmbeddedTransaction =>
    facade.transactionFactory.createEmbedded({ type: 'transfer_transaction_v1', signerPublicKey: signer.keyPair.publicKey, recipientAddress: recipient, mosaics: [{ mosaicId: mosaic, amount }] });
  if (signerCount > 1) {
    const embedded = signers.slice(1).map((signer, k) => embeddedTransfer(owner, signer.address, shares[k + 1]));
    chain.announcer.announce(signAggregate(facade, { signer: owner.keyPair, embedded, deadline, fee }));
    harvest();
    fail('the shares of the signers');
  }

  // 3. The transfers: each aggregate signed, then announced (signing and the chain's work timed apart).
  const heapBefore = plan.heap?.();
  let signingMs = 0;
  started = nowMs();
  for (let a = 0; a < aggregates; a++) {
    const signStarted = nowMs();
    const signer = signers[signerOf(a)];
    const embedded: EmbeddedTransaction[] = [];
    for (let i = a * perAggregate; i < Math.min(transfers, (a + 1) * perAggregate); i++) embedded.push(embeddedTransfer(signer, recipients[i % distinct], amountOf(i)));
    const payload = signAggregate(facade, { signer: signer.keyPair, embedded, deadline, fee });
    signingMs += nowMs() - signStarted;
    chain.announcer.announce(payload);
    if ((a + 1) % aggregatesPerBlock === 0 || a === aggregates - 1) {
      harvest();
      fail(`the block of aggregates up to ${a + 1}`);
      if (blocks % 5 === 0) log(`  ${fmt(Math.min(transfers, (a + 1) * perAggregate), 0)} transfers confirmed after ${fmt((nowMs() - started) / 1000)} s`);
    }
  }
  const heapAfter = plan.heap?.();
  const signingSeconds = signingMs / 1000;
  const chainSeconds = (nowMs() - started - signingMs) / 1000;
  unsubscribe();
  for (const signer of signers) {
    const left = chain.ledger.balance(signer.addressHex, mosaicId);
    if (left !== 0n) throw new Error(`signer ${signer.address} still holds ${left} of ${mosaicId}`);
  }
  const heapGrowth = heapBefore === undefined || heapAfter === undefined ? undefined : heapAfter - heapBefore;
  return { chain, mosaicId, recipients, amountOf, aggregates, blocks, seconds: { addresses: addressSeconds, signing: signingSeconds, chain: chainSeconds }, heapGrowth };
}
