/**
 * Driving the in-memory chain as a wallet does, for tests: sign any transaction, announce it
 * over HTTP, read the node's answer on /ws, confirm it in a block.
 */
import { createHash } from 'node:crypto';
import { PrivateKey } from 'symbol-sdk';
import { KeyPair, models } from 'symbol-sdk/symbol';
import { afterEach, expect } from 'vitest';
import type { ChainAccount } from '../../src/memory/chain/identity.js';
import type { InMemoryChain } from '../../src/in-memory-chain.js';
import type { InMemoryChainOptions } from '../../src/memory/options.js';
import type { ChainRules } from '../../src/memory/rules.js';
import { startGateway, testChain, type TestServer } from './server.js';
import { inAnHour, sign, type Signed } from './signing.js';
import { Client, openSockets } from './ws-client.js';

type Server = TestServer & { chain: InMemoryChain };

const JSON_HEADERS = { 'content-type': 'application/json' };

/** A mosaic or namespace id as the gateway writes it: 16 uppercase hex. */
export const hex = (id: bigint): string => id.toString(16).toUpperCase().padStart(16, '0');

export interface SignOptions {
  /** The fee (default: the descriptor's `fee`, else `feeMultiplier` × the transaction's size). */
  fee?: bigint;
  /** Default 100, the testnet's usual fee per byte. */
  feeMultiplier?: number;
  /** Changes the model before it is signed (a field the factory would not set so). */
  edit?: (transaction: any) => void;
}

/** Any transaction of `signer`, from a symbol-sdk descriptor, with a deadline an hour ahead, signed. */
export function signedBy(chain: InMemoryChain, signer: ChainAccount, descriptor: Record<string, unknown>, options: SignOptions = {}): Signed {
  const transaction = chain.facade.transactionFactory.create({ fee: 0n, deadline: inAnHour(chain), ...descriptor, signerPublicKey: signer.keyPair.publicKey } as never);
  if (descriptor.fee === undefined) transaction.fee = new models.Amount(options.fee ?? BigInt(options.feeMultiplier ?? 100) * BigInt(transaction.size));
  options.edit?.(transaction);
  return sign(chain.facade, signer.keyPair, transaction);
}

/** Announces over HTTP, harvests one block and checks that every transaction was confirmed in it; returns its height. */
export async function confirm(server: Server, ...transactions: Signed[]): Promise<bigint> {
  for (const transaction of transactions) {
    expect((await server.request('PUT', '/transactions', { body: transaction.body, headers: JSON_HEADERS })).status).toBe(202);
  }
  server.chain.processAnnounced();
  const height = BigInt(server.chain.harvest().block.height);
  const statuses = await server.chain.transactionStatus.find(transactions.map((transaction) => transaction.hash));
  expect(statuses.map((status) => `${status.group} ${status.code} ${status.height}`)).toEqual(transactions.map(() => `confirmed Success ${height}`));
  return height;
}

/**
 * Announces over HTTP and answers what the node tells the signer over /ws: 'Success' once
 * the transaction is unconfirmed (`unconfirmedAdded`), else the code on `status`.
 */
export async function outcomeOf(server: Server, transaction: Signed, signer: ChainAccount): Promise<string> {
  const client = await Client.connect(server.wsUrl);
  await client.subscribe(`status/${signer.address}`, `unconfirmedAdded/${signer.address}`);
  const reply = await server.request('PUT', '/transactions', { body: transaction.body, headers: JSON_HEADERS });
  expect(reply.status).toBe(202);
  server.chain.processAnnounced();
  const frame = await client.next();
  client.socket.terminate();
  if (frame.topic === `status/${signer.address}`) {
    expect(frame.data.hash).toBe(transaction.hash);
    return frame.data.code;
  }
  expect(frame.data.meta.hash).toBe(transaction.hash);
  return 'Success';
}

/** An account the nemesis block did not fund (and that has signed nothing), from a label. */
export function unfundedAccount(chain: InMemoryChain, label: string): ChainAccount {
  const keyPair = new KeyPair(new PrivateKey(createHash('sha3-256').update(label).digest()));
  const address = chain.facade.network.publicKeyToAddress(keyPair.publicKey);
  return {
    keyPair,
    publicKey: keyPair.publicKey.toString(),
    privateKey: keyPair.privateKey.toString(),
    address: address.toString(),
    addressHex: Buffer.from(address.bytes).toString('hex').toUpperCase(),
  };
}

/** A hash lock of `signer` for an aggregate bonded's hash: the network's locked funds (10 XYM by default) for `duration` blocks. */
export function hashLockFor(chain: InMemoryChain, signer: ChainAccount, hash: string, options: { duration?: bigint; amount?: bigint; mosaicId?: bigint } = {}): Signed {
  return signedBy(chain, signer, {
    type: 'hash_lock_transaction_v1',
    mosaic: { mosaicId: options.mosaicId ?? BigInt(`0x${chain.currency.mosaicId}`), amount: options.amount ?? chain.rules.lockedFundsPerAggregate },
    duration: options.duration ?? 100n,
    hash,
  });
}

/**
 * Locks funds for an aggregate bonded and confirms the lock in a block, as a wallet does
 * before it announces the aggregate (with no socket: call it before a test subscribes).
 */
export function lockFunds(chain: InMemoryChain, signer: ChainAccount, bonded: { hash: string }, duration?: bigint): Signed {
  const lock = hashLockFor(chain, signer, bonded.hash, { duration });
  chain.announcer.announce(lock.payload);
  chain.harvest();
  const [status] = chain.transactionStatus.find([lock.hash]) as Awaited<ReturnType<InMemoryChain['transactionStatus']['find']>>;
  if (status?.group !== 'confirmed') throw new Error(`the hash lock was not confirmed: ${JSON.stringify(status)}`);
  return lock;
}

/** What a plugin's rule test drives: the gateway of the test, and the steps every such test takes on it. */
export interface PluginHarness {
  /**
   * Starts a gateway over a test chain with `rules` (over the harness's own) and hands it to
   * the harness's `onStart`; it is closed, with every socket the test opened, after the test.
   */
  start(rules?: Partial<ChainRules>, options?: Omit<InMemoryChainOptions, 'rules'>): Promise<Server>;
  /** A transaction of `signer` paying 1 XYM; `edit` changes the model before it is signed. */
  signed(signer: ChainAccount, descriptor: Record<string, unknown>, edit?: (transaction: any) => void): Signed;
  /** Announces and answers what the node tells the signer: 'Success' or the failure code. */
  announce(transaction: Signed, signer: ChainAccount): Promise<string>;
  /** Announces and expects it accepted (unconfirmed). */
  accept(transaction: Signed, signer: ChainAccount): Promise<void>;
  /** Announces, expects it accepted, and confirms it in a block of its own. */
  confirmOne(transaction: Signed, signer: ChainAccount): Promise<void>;
}

/**
 * The set-up every plugin rule test shares: a gateway per test (each test starts its own,
 * with the rules it checks), closed after it, and the announce helpers bound to it. `onStart`
 * gets each new gateway, for the file's own variables (its chain, its accounts).
 * Call it at the top of a test file: it registers an `afterEach`.
 */
export function pluginHarness(onStart: (server: Server) => void, defaults: Partial<ChainRules> = {}): PluginHarness {
  let server: Server | undefined;
  const started = (): Server => {
    if (!server) throw new Error('the test has not started a gateway (call start() first)');
    return server;
  };

  afterEach(async () => {
    for (const socket of openSockets.splice(0)) socket.terminate();
    await server?.close();
    server = undefined;
  });

  const harness: PluginHarness = {
    async start(rules = {}, options = {}) {
      server = await startGateway({ backend: testChain({ ...options, rules: { ...defaults, ...rules } }) });
      onStart(server);
      return server;
    },
    signed: (signer, descriptor, edit) => signedBy(started().chain, signer, descriptor, { fee: 1_000_000n, edit }),
    announce: (transaction, signer) => outcomeOf(started(), transaction, signer),
    async accept(transaction, signer) {
      expect(await harness.announce(transaction, signer)).toBe('Success');
    },
    async confirmOne(transaction, signer) {
      await harness.accept(transaction, signer);
      started().chain.harvest();
    },
  };
  return harness;
}
