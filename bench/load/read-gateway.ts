/**
 * The gateway of the read-limit suite, in a process of its own as `npm start` runs it: an
 * in-memory chain with a history of transfers and a namespace, then a block every 40 ms,
 * served by `createGateway` on node:http. Commands come over IPC (lib/rpc.ts).
 */
import http from 'node:http';
import { generateNamespaceId } from 'symbol-sdk/symbol';
import { createGateway } from '../../src/index.js';
import { InMemoryChain } from '../../src/in-memory-chain.js';
import { heapBytes } from '../lib/machine.js';
import { serve } from '../lib/rpc.js';
import { addresses, signTransfer } from '../lib/signing.js';
import { listen } from '../lib/suite.js';

export interface ReadGatewayArgs {
  /** Blocks of history, each with `transfers` transfers. */
  blocks: number;
  transfers: number;
  /** ms between blocks once the history is built (what the reads run beside). */
  blockInterval: number;
  /** Prometheus metrics on (`createGateway({ metrics: true })`), scraped once a second as a Prometheus would (more often than its default 15 s). */
  metrics?: boolean;
}

/** What reading every confirmed transaction once kept. */
export interface KeptBytes {
  transactions: number;
  /** Heap and off-heap bytes kept per transaction read, once the bounded caches are forgotten. */
  bytesPerTransaction: number;
  /** Bytes the bounded caches of the unchanged chain held (remembered pages, kept answers), forgotten at the next block. */
  cachedBytes: number;
}

/** The gateway's URL and keys to read by. */
export interface ReadGateway {
  url: string;
  /** A recipient (base32) with more than a page of transfers. */
  address: string;
  /** A namespace id (16 hex) aliasing that recipient's sender. */
  namespaceId: string;
}

let chain: InMemoryChain | undefined;
let url = '';
let blockInterval = 0;

serve({
  ping: () => 'pong',

  async start(args: ReadGatewayArgs): Promise<ReadGateway> {
    chain = new InMemoryChain({ blockInterval: false, accountCount: 20 });
    const { facade } = chain;
    // Few recipients: each has many pages of transfers.
    const recipients = addresses(facade, 10, 'read-limit');
    const deadline = chain.networkTime() + 3_600_000n;
    for (let b = 0; b < args.blocks; b++) {
      for (let i = 0; i < args.transfers; i++) {
        const signer = chain.fundedAccounts[i % chain.fundedAccounts.length];
        const payload = signTransfer(facade, { signer: signer.keyPair, recipient: recipients[(b + i) % recipients.length], amount: 1_000n + BigInt(i), deadline, message: `read ${b}/${i}` });
        chain.announcer.announce(payload);
      }
      chain.processAnnounced();
      chain.harvest();
    }
    const owner = chain.fundedAccounts[0];
    const registration = facade.transactionFactory.create({ type: 'namespace_registration_transaction_v1', signerPublicKey: owner.keyPair.publicKey, fee: 1_000_000n, deadline, registrationType: 'root', duration: 100_000n, name: 'reads' });
    const alias = facade.transactionFactory.create({ type: 'address_alias_transaction_v1', signerPublicKey: owner.keyPair.publicKey, fee: 1_000_000n, deadline, namespaceId: generateNamespaceId('reads'), address: owner.address, aliasAction: 'link' });
    for (const transaction of [registration, alias]) {
      const body = facade.transactionFactory.static.attachSignature(transaction, facade.signTransaction(owner.keyPair, transaction));
      chain.announcer.announce((JSON.parse(body) as { payload: string }).payload);
      chain.processAnnounced();
      chain.harvest();
    }
    blockInterval = args.blockInterval;
    chain.dev.setMining({ interval: args.blockInterval });
    const gateway = createGateway({ backend: chain, metrics: args.metrics === true });
    if (gateway.metrics) {
      const registry = gateway.metrics.registry;
      setInterval(() => void registry.metrics(), 1_000).unref();
    }
    const server = http.createServer(gateway.handle);
    url = await listen(server);
    const namespaceId = generateNamespaceId('reads').toString(16).toUpperCase().padStart(16, '0');
    return { url, address: recipients[0], namespaceId };
  },

  /**
   * What keeping the wire form of confirmed transactions costs: the heap and off-heap bytes
   * (after gc) before and after every confirmed transaction is read once through the pages of
   * `GET /transactions/confirmed` (blocks paused meanwhile), per transaction read. The bounded
   * caches of an unchanged chain (the pages the chain remembers, the answers the gateway kept)
   * are measured apart: what a block then forgets.
   */
  async keptBytesPerTransaction(): Promise<KeptBytes> {
    chain!.dev.setMining({ interval: 0 });
    const before = heapBytes();
    let transactions = 0;
    for (let page = 1; ; page++) {
      const { data } = (await (await fetch(`${url}/transactions/confirmed?pageSize=100&pageNumber=${page}`)).json()) as { data: unknown[] };
      transactions += data.length;
      if (data.length < 100) break;
    }
    const cached = heapBytes();
    // A block: the next reads forget the remembered pages and the kept answers (both are dropped on the first read after a change).
    chain!.harvest();
    await (await fetch(`${url}/transactions/confirmed?pageSize=10`)).arrayBuffer();
    const after = heapBytes();
    chain!.dev.setMining({ interval: blockInterval });
    return { transactions, bytesPerTransaction: (after - before) / transactions, cachedBytes: cached - after };
  },
});
