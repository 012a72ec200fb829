/**
 * symbol-sdk 2.0.7's `TransactionService.announce` against a chain that harvests by itself (its
 * block timer, automine), over real sockets from a wallet a round trip away.
 *
 * The SDK subscribes to `confirmedAdded/{signer}` only once the PUT answered 202, and waits
 * forever for a confirmation it missed. So a block the chain harvests by itself must not take
 * an announce before `announceDelay` ms after its 202: a transaction announced just before the
 * timer fires waits for the next block.
 */
import { Mosaic, NamespaceId, PlainMessage, TransferTransaction, type Account } from 'symbol-sdk-v2';
import { describe, expect, it } from 'vitest';
import type { InMemoryChain } from '../../src/in-memory-chain.js';
import { firstValue, latencyProxy, sdk2Harness, sdk2Wallet, xym, type Sdk2Wallet } from '../support/sdk2.js';

/** One way of the wallet's round trip: its subscription reaches the gateway 60 ms after the 202 left it, within the default announceDelay (100 ms). */
const LATENCY_MS = 30;
/** Wallets announcing at once, and the transfers each announces one after the other. */
const WALLETS = 20;
const TRANSFERS_EACH = 10;
/** Longer than two blocks of the timer: an announce still unresolved then waits for a frame it missed. */
const HANG_MS = 4_000;

describe('symbol-sdk 2.0.7 TransactionService.announce with a block timer', () => {
  let chain: InMemoryChain;
  let accounts: Account[];
  const { start, openListener, onClose } = sdk2Harness((started) => {
    ({ chain, accounts } = started);
  });

  /** Announces `count` transfers from `from` one after the other; resolves with how many never resolved (each given HANG_MS). */
  async function announceInTurn(remote: Sdk2Wallet, from: Account, to: Account, count: number): Promise<number> {
    const listener = await openListener(remote);
    let hung = 0;
    for (let i = 0; i < count; i++) {
      const signed = from.sign(
        TransferTransaction.create(remote.deadline(), to.address, [new Mosaic(new NamespaceId('symbol.xym'), xym(0.001))], PlainMessage.create(`t${i}`), remote.networkType, xym(0.1)),
        remote.generationHash,
      );
      const outcome = firstValue(remote.transactionService.announce(signed, listener)).then(
        (confirmed) => confirmed.transactionInfo?.hash === signed.hash,
        () => false,
      );
      const timedOut = new Promise<false>((resolve) => setTimeout(() => resolve(false), HANG_MS).unref());
      if (!(await Promise.race([outcome, timedOut]))) hung++;
    }
    return hung;
  }

  async function announceMany(options: { blockInterval: number | false; automine?: boolean }): Promise<{ hung: number; blocks: bigint }> {
    const { server } = await start(options);
    const proxy = await latencyProxy(server.base, LATENCY_MS);
    onClose(proxy.close);
    const remote = await sdk2Wallet(proxy.url);
    const hung = await Promise.all(
      Array.from({ length: WALLETS }, (_, i) => announceInTurn(remote, accounts[i % accounts.length], accounts[(i + 1) % accounts.length], TRANSFERS_EACH)),
    );
    return { hung: hung.reduce((sum, count) => sum + count, 0), blocks: chain.height };
  }

  it('resolves each of 200 announces with the block timer at 1 s (none is confirmed before announceDelay)', { timeout: 60_000 }, async () => {
    const { hung, blocks } = await announceMany({ blockInterval: 1_000 });
    expect(hung).toBe(0);
    expect(blocks).toBeGreaterThan(2n);
  });

  it('resolves each of 200 announces with automine', { timeout: 60_000 }, async () => {
    const { hung, blocks } = await announceMany({ blockInterval: false, automine: true });
    expect(hung).toBe(0);
    expect(blocks).toBeGreaterThan(2n);
  });
});
