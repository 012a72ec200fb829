/**
 * symbol-sdk 2.0.7 (the reactive "v2" SDK) used as a wallet uses it against a test gateway:
 * `RepositoryFactoryHttp` for every repository and the network's parameters, its `Listener`
 * over the gateway's `/ws`, `TransactionService` to announce, and the SDK's own signing.
 */
import {
  Account,
  CosignatureTransaction,
  Deadline,
  LockFundsTransaction,
  Mosaic,
  MosaicId,
  RepositoryFactoryHttp,
  SignedTransaction,
  Transaction,
  TransactionService,
  UInt64,
  type AggregateTransaction,
  type IListener,
  type NetworkType,
} from 'symbol-sdk-v2';
import net from 'node:net';
import type { Observable } from 'rxjs'; // symbol-sdk 2's own dependency: the type its repositories return
import { afterAll, afterEach, expect, vi } from 'vitest';
import { InMemoryChain } from '../../src/in-memory-chain.js';
import type { InMemoryChainOptions } from '../../src/memory/options.js';
import { startGateway, type TestServer } from './server.js';

/** Subscribes to `observable` and resolves with its first value (or rejects with its error). */
export function firstValue<T>(observable: Observable<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let done = false;
    let subscription: { unsubscribe(): void } | undefined;
    subscription = observable.subscribe({
      next(value) {
        done = true;
        resolve(value);
        subscription?.unsubscribe();
      },
      error: reject,
    });
    if (done) subscription.unsubscribe();
  });
}

/** A wallet built on symbol-sdk 2.0.7, with the network's parameters read from the gateway. */
export interface Sdk2Wallet {
  readonly url: string;
  readonly factory: RepositoryFactoryHttp;
  /** From `/node/info` (`networkIdentifier`). */
  readonly networkType: NetworkType;
  /** From `/node/info` (`networkGenerationHashSeed`): what the SDK signs with. */
  readonly generationHash: string;
  /** From `/network/properties` (`network.epochAdjustment`), in seconds. */
  readonly epochAdjustment: number;
  readonly transactionService: TransactionService;
  /** The account of a private key on this network. */
  account(privateKey: string): Account;
  /** A deadline two hours from now, as wallets set it. */
  deadline(): Deadline;
  /** A listener on the gateway's `/ws`, opened (it has the uid). */
  openListener(): Promise<IListener>;
}

/** Reads the network's parameters from the gateway at `url`, exactly as the SDK does. */
export async function sdk2Wallet(url: string): Promise<Sdk2Wallet> {
  const factory = new RepositoryFactoryHttp(url);
  const [networkType, generationHash, epochAdjustment] = await Promise.all([
    firstValue(factory.getNetworkType()),
    firstValue(factory.getGenerationHash()),
    firstValue(factory.getEpochAdjustment()),
  ]);
  return {
    url,
    factory,
    networkType,
    generationHash,
    epochAdjustment,
    transactionService: new TransactionService(factory.createTransactionRepository(), factory.createReceiptRepository()),
    account: (privateKey) => Account.createFromPrivateKey(privateKey, networkType),
    deadline: () => Deadline.create(epochAdjustment),
    async openListener() {
      const listener = factory.createListener();
      await listener.open();
      return listener;
    },
  };
}

/**
 * An announceDelay no test waits for: the test checks the inbound queue itself
 * (`chain.processAnnounced()`), once the SDK listens.
 */
export const UNTIL_TOLD = 3_600_000;

/** A gateway a symbol-sdk 2 test started, and the wallet that read its network. */
export interface Sdk2Started {
  readonly server: TestServer & { chain: InMemoryChain };
  readonly chain: InMemoryChain;
  readonly wallet: Sdk2Wallet;
  /** The chain's funded accounts, as the SDK's accounts on its network. */
  readonly accounts: Account[];
}

export interface Sdk2Harness {
  /** Starts a gateway over a chain with `options` (over the harness's own) and hands it to `onStart`. */
  start(options?: InMemoryChainOptions): Promise<Sdk2Started>;
  /** A listener on `on` (the started wallet by default), opened, and closed with the gateway. */
  openListener(on?: Sdk2Wallet): Promise<IListener>;
  /** Runs `cleanup` when the gateway closes, after its listeners and before the gateway. */
  onClose(cleanup: () => void): void;
}

export interface Sdk2HarnessOptions {
  /** Options every chain of the harness starts with (a test's own `start` options go over them). */
  chain?: InMemoryChainOptions;
  /** When the harness closes the gateway: after each test (default), or after all (a describe that starts once in `beforeAll`). */
  closeAfter?: 'each' | 'all';
}

/**
 * The set-up the symbol-sdk 2 tests share: a gateway over a chain that harvests only when told
 * but runs on the wall clock (the SDK's deadlines are two hours from now), and the SDK's wallet
 * on it; `onStart` gets both, for the file's own variables. It registers the hook that closes
 * the listeners, the cleanups and the gateway: call it at the top of a `describe`.
 */
export function sdk2Harness(onStart: (started: Sdk2Started) => void, { chain: defaults = {}, closeAfter = 'each' }: Sdk2HarnessOptions = {}): Sdk2Harness {
  let started: Sdk2Started | undefined;
  const listeners: IListener[] = [];
  const cleanups: (() => void)[] = [];

  (closeAfter === 'all' ? afterAll : afterEach)(async () => {
    for (const listener of listeners.splice(0)) listener.close();
    for (const cleanup of cleanups.splice(0)) cleanup();
    await started?.server.close();
    started = undefined;
  });

  return {
    async start(options = {}) {
      const chain = new InMemoryChain({ blockInterval: false, ...defaults, ...options });
      const server = await startGateway({ backend: chain });
      const wallet = await sdk2Wallet(server.base);
      started = { server, chain, wallet, accounts: chain.fundedAccounts.map((account) => wallet.account(account.privateKey)) };
      onStart(started);
      return started;
    },
    async openListener(on) {
      const wallet = on ?? started?.wallet;
      if (!wallet) throw new Error('the test has not started a gateway (call start() first)');
      const listener = await wallet.openListener();
      listeners.push(listener);
      return listener;
    },
    onClose(cleanup) {
      cleanups.push(cleanup);
    },
  };
}

/** The SDK's hash of a payload, as a node computes it with the chain's generation hash. */
export function sdk2Hash(wallet: Sdk2Wallet, payload: string): string {
  return Transaction.createTransactionHash(payload, Array.from(Buffer.from(wallet.generationHash, 'hex')));
}

/** `signed` with the byte at `offset` XORed with 1, carrying the SDK's hash of the tampered payload. */
export function tampered(wallet: Sdk2Wallet, signed: SignedTransaction, offset: number): SignedTransaction {
  const bytes = Buffer.from(signed.payload, 'hex');
  bytes[offset] ^= 1;
  const payload = bytes.toString('hex').toUpperCase();
  return new SignedTransaction(payload, sdk2Hash(wallet, payload), signed.signerPublicKey, signed.type, signed.networkType);
}

/** Waits until exactly `count` connections are subscribed to `topic` on the gateway's hub. */
export async function subscribers(server: TestServer, topic: string, count: number): Promise<void> {
  await vi.waitFor(() => expect(server.gateway.hub.subscriberCount(topic)).toBe(count), { timeout: 5_000, interval: 2 });
}

/**
 * Announces `signed` with `TransactionService.announce` on a fresh listener, harvests a
 * block once the SDK has subscribed (the SDK never unsubscribes, so a listener per
 * transaction is how a test knows), and resolves with the confirmed transaction.
 */
export async function announceConfirmed<T extends Transaction = Transaction>(server: TestServer & { chain: InMemoryChain }, wallet: Sdk2Wallet, signed: SignedTransaction): Promise<T> {
  const signer = signed.getSignerAddress().plain();
  const listener = await wallet.openListener();
  try {
    const outcome = firstValue(wallet.transactionService.announce(signed, listener));
    outcome.catch(() => {}); // awaited below; a status rejection may come before the harvest
    await subscribers(server, `confirmedAdded/${signer}`, 1);
    await subscribers(server, `status/${signer}`, 1);
    server.chain.harvest();
    return (await Promise.race([outcome, explainHang(wallet, signed.hash, 3_000)])) as T;
  } finally {
    listener.close();
    await subscribers(server, `confirmedAdded/${signer}`, 0);
  }
}

/**
 * Rejects after `ms` with the transaction's status, so a step the SDK would wait on forever
 * (its failure reported before it subscribed) fails with the reason instead of a timeout.
 */
async function explainHang(wallet: Sdk2Wallet, hash: string, ms: number): Promise<never> {
  await new Promise((resolve) => setTimeout(resolve, ms).unref());
  const status = await firstValue(wallet.factory.createTransactionStatusRepository().getTransactionStatus(hash));
  throw new Error(`the SDK got no outcome for ${hash} within ${ms} ms; its status is ${status.group} ${status.code}`);
}

/**
 * A TCP proxy to `target` that holds every chunk `ms` milliseconds in each direction: a
 * client a `2 × ms` round trip away from the gateway (HTTP and WebSocket alike).
 */
export function latencyProxy(target: string, ms: number): Promise<{ url: string; close(): void }> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    return socket;
  };
  const proxy = net.createServer((client) => {
    const upstream = track(net.connect(Number(port), hostname));
    track(client);
    client.on('data', (chunk) => setTimeout(() => upstream.write(chunk), ms));
    upstream.on('data', (chunk) => setTimeout(() => client.write(chunk), ms));
    client.on('close', () => setTimeout(() => upstream.destroy(), ms));
    upstream.on('close', () => setTimeout(() => client.destroy(), ms));
  });
  return new Promise((resolve) => {
    proxy.listen(0, '127.0.0.1', () => {
      const url = `http://127.0.0.1:${(proxy.address() as net.AddressInfo).port}`;
      resolve({
        url,
        close() {
          for (const socket of sockets) socket.destroy();
          proxy.close();
        },
      });
    });
  });
}

/** An amount of the network currency in atomic units (6 decimals): `xym(1.5)` is 1 500 000. */
export function xym(whole: number): UInt64 {
  return UInt64.fromUint(Math.round(whole * 1_000_000));
}

/**
 * `account` cosigns the partial aggregate with the SDK, announces the cosignature on `server`'s
 * gateway and has the chain check it at once.
 */
export async function cosignWith(server: TestServer & { chain: InMemoryChain }, wallet: Sdk2Wallet, account: Account, partial: AggregateTransaction): Promise<void> {
  const signed = account.signCosignatureTransaction(CosignatureTransaction.create(partial));
  await firstValue(wallet.factory.createTransactionRepository().announceAggregateBondedCosignature(signed));
  server.chain.processAnnounced();
}

/**
 * Announces `aggregate` (an aggregate bonded `signer` signed) as a wallet does, with
 * `TransactionService.announceHashLockAggregateBonded` on `listener`: `signer`'s hash lock of 10
 * XYM for 480 blocks is confirmed in a block once the SDK listens, then the aggregate is checked.
 * Resolves with the partial aggregate the SDK received (`partialAdded`), or rejects after 3 s.
 */
export async function announcePartial(
  server: TestServer & { chain: InMemoryChain },
  wallet: Sdk2Wallet,
  signer: Account,
  aggregate: SignedTransaction,
  listener: IListener,
): Promise<AggregateTransaction> {
  const { chain } = server;
  const lock = signer.sign(
    LockFundsTransaction.create(wallet.deadline(), new Mosaic(new MosaicId(chain.currency.mosaicId), xym(10)), UInt64.fromUint(480), aggregate, wallet.networkType, xym(0.1)),
    wallet.generationHash,
  );
  const outcome = firstValue(wallet.transactionService.announceHashLockAggregateBonded(lock, aggregate, listener));
  await subscribers(server, `confirmedAdded/${signer.address.plain()}`, 1);
  chain.harvest();
  await subscribers(server, `partialAdded/${signer.address.plain()}`, 1);
  chain.processAnnounced();
  return Promise.race([outcome, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no partialAdded within 3 s')), 3_000).unref())]);
}
