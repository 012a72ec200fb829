// A newcomer's first token with symbol-sdk v3, against any Symbol gateway: register a namespace,
// create a mosaic with a supply, link the namespace to it, and send some of it by that name.
// Run: npm start   then, with a private key it printed:
//   PRIVATE_KEY=... npx tsx examples/namespace-and-mosaic.ts   (GATEWAY_URL, default http://localhost:3000; RECIPIENT optional)
import { randomInt } from 'node:crypto';
import { Hash256, PrivateKey } from 'symbol-sdk';
import { Network, SymbolFacade, calculateTransactionFee, generateMosaicId, generateNamespaceId, models } from 'symbol-sdk/symbol';
import WebSocket from 'ws';

type Transaction = InstanceType<typeof models.Transaction>;
type Frame = { uid?: string; topic: string; data: { meta?: { hash: string; height: string }; hash?: string; code?: string } };

export interface Outcome {
  namespace: string; // the name, e.g. shop-lq2x8k1a
  namespaceId: string; // 16 hex
  mosaicId: string; // 16 hex
  recipient: string; // base32 address
  hashes: string[]; // one per step, in order
}

const FEE_MULTIPLIER = 100; // the testnet's usual fee per byte
const SUPPLY = 1_000_000n; // 10 000.00 at divisibility 2
const SENT = 2_500n; // 25.00

const UNIT_SECONDS: Record<string, number> = { ms: 0.001, s: 1, m: 60, h: 3600, d: 86400 };
/** Seconds in a duration as network properties write it: "30d", "5s", "1d 2h". */
const seconds = (text: string) => [...text.matchAll(/(\d+)(ms|s|m|h|d)/g)].reduce((sum, [, count, unit]) => sum + Number(count) * UNIT_SECONDS[unit], 0);

export async function createNamedMosaic(gatewayUrl: string, privateKey: string, options: { name?: string; recipient?: string; log?: (line: string) => void } = {}): Promise<Outcome> {
  const log = options.log ?? console.log;
  const get = async (path: string) => (await fetch(`${gatewayUrl}${path}`)).json() as Promise<any>;
  // The network, as the node describes it: the same code works on testnet, mainnet or a test chain.
  const node = await get('/node/info');
  const { network, chain, plugins } = await get('/network/properties');
  const epoch = new Date(seconds(network.epochAdjustment) * 1000);
  const facade = new SymbolFacade(new Network(network.identifier, node.networkIdentifier, epoch, new Hash256(node.networkGenerationHashSeed)));
  const account = facade.createAccount(new PrivateKey(privateKey));
  const address = account.address.toString();
  const recipient = options.recipient ?? facade.createAccount(PrivateKey.random()).address.toString();

  // Confirmations and rejections of the account's transactions arrive on the WebSocket.
  const socket = new WebSocket(`${gatewayUrl.replace(/^http/, 'ws')}/ws`);
  const waiting = new Map<string, { resolve: (height: string) => void; reject: (error: Error) => void }>();
  const uid = await new Promise<string>((resolve, reject) => {
    socket.once('error', reject);
    socket.on('message', (text) => {
      const frame = JSON.parse(String(text)) as Frame;
      if (frame.uid) return resolve(frame.uid);
      const hash = frame.data.meta?.hash ?? frame.data.hash!;
      if (frame.topic.startsWith('status/')) waiting.get(hash)?.reject(new Error(`${hash} rejected: ${frame.data.code}`));
      else waiting.get(hash)?.resolve(frame.data.meta!.height);
    });
  });
  for (const channel of ['confirmedAdded', 'status']) socket.send(JSON.stringify({ uid, subscribe: `${channel}/${address}` }));

  const hashes: string[] = [];
  /** Signs, announces and waits for the block that confirms it; returns its height. */
  async function announce(transaction: Transaction): Promise<string> {
    transaction.fee = new models.Amount(calculateTransactionFee(transaction, FEE_MULTIPLIER));
    const body = facade.transactionFactory.static.attachSignature(transaction, account.signTransaction(transaction));
    const hash = facade.hashTransaction(transaction).toString();
    const confirmed = new Promise<string>((resolve, reject) => waiting.set(hash, { resolve, reject }));
    const response = await fetch(`${gatewayUrl}/transactions`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body });
    if (response.status !== 202) throw new Error(`announce failed: ${response.status} ${await response.text()}`);
    hashes.push(hash);
    return confirmed;
  }
  const common = () => ({ signerPublicKey: account.publicKey, deadline: facade.now().addHours(2).timestamp });

  try {
    // 1. A root namespace, rented for the network's shortest duration (given in time, paid in blocks).
    const name = options.name ?? `shop-${Date.now().toString(36)}`;
    const namespaceId = generateNamespaceId(name);
    const duration = BigInt(Math.ceil(seconds(plugins.namespace.minNamespaceDuration) / seconds(chain.blockGenerationTargetTime)));
    const rental = await get('/network/fees/rental');
    let height = await announce(facade.transactionFactory.create({ type: 'namespace_registration_transaction_v1', ...common(), registrationType: 'root', name, id: namespaceId, duration }));
    log(`registered ${name} for ${duration} blocks (rent ${BigInt(rental.effectiveRootNamespaceRentalFeePerBlock) * duration} atomic XYM) in block ${height}`);

    // 2. A mosaic and its supply, in one aggregate.
    const nonce = randomInt(2 ** 32);
    const mosaicId = generateMosaicId(account.address, nonce);
    const embedded = [
      { type: 'mosaic_definition_transaction_v1', id: mosaicId, nonce, flags: 'supply_mutable transferable', divisibility: 2, duration: 0n },
      { type: 'mosaic_supply_change_transaction_v1', mosaicId, action: 'increase', delta: SUPPLY },
    ].map((descriptor) => facade.transactionFactory.createEmbedded({ ...descriptor, signerPublicKey: account.publicKey }));
    height = await announce(
      facade.transactionFactory.create({ type: 'aggregate_complete_transaction_v3', ...common(), transactionsHash: SymbolFacade.hashEmbeddedTransactions(embedded), transactions: embedded }),
    );
    const mosaicHex = mosaicId.toString(16).toUpperCase().padStart(16, '0');
    log(`created mosaic ${mosaicHex} with a supply of ${SUPPLY} in block ${height}`);

    // 3. The namespace now names the mosaic.
    height = await announce(facade.transactionFactory.create({ type: 'mosaic_alias_transaction_v1', ...common(), namespaceId, mosaicId, aliasAction: 'link' }));
    log(`linked ${name} to ${mosaicHex} in block ${height}`);

    // 4. Send some of it by its name.
    height = await announce(
      facade.transactionFactory.create({ type: 'transfer_transaction_v1', ...common(), recipientAddress: recipient, mosaics: [{ mosaicId: namespaceId, amount: SENT }] }),
    );
    log(`sent ${SENT} ${name} to ${recipient} in block ${height}`);
    return { namespace: name, namespaceId: namespaceId.toString(16).toUpperCase().padStart(16, '0'), mosaicId: mosaicHex, recipient, hashes };
  } finally {
    socket.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const privateKey = process.env.PRIVATE_KEY;
  if (!privateKey) {
    console.error('PRIVATE_KEY is required: the private key of a funded account (npm start prints some)');
    process.exit(2);
  }
  createNamedMosaic(process.env.GATEWAY_URL ?? 'http://localhost:3000', privateKey, { recipient: process.env.RECIPIENT }).catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
}
