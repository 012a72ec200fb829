// A 2-of-2 multisig account with symbol-sdk v3, against any Symbol gateway: the account makes two
// cosignatories (each opts in by cosigning), then one of them proposes a payment from it in an
// aggregate bonded (its funds locked first by a hash lock), the other cosigns, and it is confirmed.
// Run: npm start   then, with three private keys it printed:
//   MULTISIG_KEY=... COSIGNER_KEYS=...,... npx tsx examples/multisig-bonded.ts   (GATEWAY_URL, default http://localhost:3000; RECIPIENT optional)
import { Hash256, PrivateKey } from 'symbol-sdk';
import { Network, SymbolFacade, calculateTransactionFee, models } from 'symbol-sdk/symbol';
import WebSocket from 'ws';

type Transaction = InstanceType<typeof models.Transaction>;
type Aggregate = InstanceType<typeof models.AggregateCompleteTransactionV3>;
type Frame = { uid?: string; topic: string; data: { meta?: { hash: string; height: string }; hash?: string; code?: string; parentHash?: string } };

export interface Outcome {
  multisig: string; // base32 address
  recipient: string; // base32 address
  hashes: { conversion: string; lock: string; bonded: string };
}

const FEE_MULTIPLIER = 100; // the testnet's usual fee per byte
const PAID = 1_000_000n; // 1 XYM from the multisig account

const UNIT_SECONDS: Record<string, number> = { ms: 0.001, s: 1, m: 60, h: 3600, d: 86400 };
/** Seconds in a duration as network properties write it: "30d", "5s", "1d 2h". */
const seconds = (text: string) => [...text.matchAll(/(\d+)(ms|s|m|h|d)/g)].reduce((sum, [, count, unit]) => sum + Number(count) * UNIT_SECONDS[unit], 0);

export async function payFromMultisig(
  gatewayUrl: string,
  multisigKey: string,
  cosignerKeys: readonly [string, string],
  options: { recipient?: string; log?: (line: string) => void } = {},
): Promise<Outcome> {
  const log = options.log ?? console.log;
  const get = async (path: string) => (await fetch(`${gatewayUrl}${path}`)).json() as Promise<any>;
  const put = async (path: string, body: string) => {
    const response = await fetch(`${gatewayUrl}${path}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body });
    if (response.status !== 202) throw new Error(`announce failed: ${response.status} ${await response.text()}`);
  };
  // The network, as the node describes it.
  const node = await get('/node/info');
  const { network, chain, plugins } = await get('/network/properties');
  const epoch = new Date(seconds(network.epochAdjustment) * 1000);
  const facade = new SymbolFacade(new Network(network.identifier, node.networkIdentifier, epoch, new Hash256(node.networkGenerationHashSeed)));
  const multisig = facade.createAccount(new PrivateKey(multisigKey));
  const [first, second] = cosignerKeys.map((key) => facade.createAccount(new PrivateKey(key)));
  const recipient = options.recipient ?? facade.createAccount(PrivateKey.random()).address.toString();

  // What happens to each account's transactions arrives on the WebSocket, by hash.
  const socket = new WebSocket(`${gatewayUrl.replace(/^http/, 'ws')}/ws`);
  const waiting = new Map<string, { resolve: (height: string) => void; reject: (error: Error) => void }>();
  const uid = await new Promise<string>((resolve, reject) => {
    socket.once('error', reject);
    socket.on('message', (text) => {
      const frame = JSON.parse(String(text)) as Frame;
      if (frame.uid) return resolve(frame.uid);
      const hash = frame.data.meta?.hash ?? frame.data.hash!;
      const channel = frame.topic.split('/')[0];
      if (channel === 'status') waiting.get(hash)?.reject(new Error(`${hash} rejected: ${frame.data.code}`));
      else waiting.get(`${channel} ${hash}`)?.resolve(frame.data.meta!.height);
    });
  });
  for (const address of [multisig.address, first.address]) {
    for (const channel of ['confirmedAdded', 'partialAdded', 'status']) socket.send(JSON.stringify({ uid, subscribe: `${channel}/${address}` }));
  }
  /** Resolves with the height when `channel` tells of `hash` (rejects on its status). */
  const when = (channel: 'confirmedAdded' | 'partialAdded', hash: string) =>
    new Promise<string>((resolve, reject) => {
      waiting.set(`${channel} ${hash}`, { resolve, reject });
      waiting.set(hash, { resolve, reject });
    });

  const common = (signer: typeof multisig) => ({ signerPublicKey: signer.publicKey, deadline: facade.now().addHours(2).timestamp });
  /** An aggregate of `embedded`, its fee paid for `cosignatures` cosignatures too, signed by `signer`. */
  function aggregate(type: 'aggregate_complete_transaction_v3' | 'aggregate_bonded_transaction_v3', signer: typeof multisig, embedded: object[], cosignatures: number): Aggregate {
    const transactions = embedded.map((descriptor) => facade.transactionFactory.createEmbedded(descriptor as never));
    const transaction = facade.transactionFactory.create({ type, ...common(signer), transactionsHash: SymbolFacade.hashEmbeddedTransactions(transactions), transactions }) as Aggregate;
    transaction.fee = new models.Amount(calculateTransactionFee(transaction, FEE_MULTIPLIER, cosignatures));
    facade.transactionFactory.static.attachSignature(transaction, signer.signTransaction(transaction));
    return transaction;
  }
  const hashOf = (transaction: Transaction) => facade.hashTransaction(transaction).toString();
  const payload = (transaction: Transaction) => facade.transactionFactory.static.toJson(transaction);

  try {
    // 1. The account makes the two its cosignatories, both needed to approve and to remove; each opts in by cosigning.
    const conversion = aggregate(
      'aggregate_complete_transaction_v3',
      multisig,
      [{ type: 'multisig_account_modification_transaction_v1', signerPublicKey: multisig.publicKey, minApprovalDelta: 2, minRemovalDelta: 2, addressAdditions: [first.address, second.address], addressDeletions: [] }],
      2,
    );
    for (const cosigner of [first, second]) conversion.cosignatures.push(cosigner.cosignTransaction(conversion) as never);
    const conversionHash = hashOf(conversion);
    const converted = when('confirmedAdded', conversionHash);
    await put('/transactions', payload(conversion));
    log(`made ${multisig.address} a 2-of-2 multisig account in block ${await converted}`);

    // 2. The first cosignatory proposes a payment from it, in an aggregate bonded: other cosignatories sign later.
    const bonded = aggregate(
      'aggregate_bonded_transaction_v3',
      first,
      [{ type: 'transfer_transaction_v1', signerPublicKey: multisig.publicKey, recipientAddress: recipient, mosaics: [{ mosaicId: BigInt(chain.currencyMosaicId.replace(/'/g, '')), amount: PAID }] }],
      1,
    );
    const bondedHash = hashOf(bonded);

    // 3. A hash lock of the network's locked funds must be confirmed before it may wait for cosignatures.
    const lockedFunds = BigInt(plugins.lockhash.lockedFundsPerAggregate.replace(/'/g, ''));
    const duration = BigInt(Math.floor(seconds(plugins.lockhash.maxHashLockDuration) / seconds(chain.blockGenerationTargetTime)));
    const lock = facade.transactionFactory.create({
      type: 'hash_lock_transaction_v1',
      ...common(first),
      mosaic: { mosaicId: BigInt(chain.currencyMosaicId.replace(/'/g, '')), amount: lockedFunds },
      duration,
      hash: bondedHash,
    });
    lock.fee = new models.Amount(calculateTransactionFee(lock, FEE_MULTIPLIER));
    const lockBody = facade.transactionFactory.static.attachSignature(lock, first.signTransaction(lock));
    const lockHash = hashOf(lock);
    const locked = when('confirmedAdded', lockHash);
    await put('/transactions', lockBody);
    log(`locked ${lockedFunds} atomic XYM for ${duration} blocks in block ${await locked}`);

    const waitingForCosignatures = when('partialAdded', bondedHash);
    const confirmed = when('confirmedAdded', bondedHash);
    await put('/transactions/partial', payload(bonded));
    await waitingForCosignatures;
    log(`proposed ${PAID} atomic XYM from ${multisig.address} to ${recipient}: waiting for cosignatures`);

    // 4. The second cosignatory cosigns the hash: the payment is approved and confirmed, and the lock returns.
    const cosignature = second.cosignTransactionHash(new Hash256(bondedHash), true) as unknown as { toJson(): object };
    await put('/transactions/cosignature', JSON.stringify(cosignature.toJson()));
    log(`cosigned and confirmed in block ${await confirmed}`);
    return { multisig: multisig.address.toString(), recipient, hashes: { conversion: conversionHash, lock: lockHash, bonded: bondedHash } };
  } finally {
    socket.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const multisigKey = process.env.MULTISIG_KEY;
  const cosignerKeys = (process.env.COSIGNER_KEYS ?? '').split(',').filter(Boolean);
  if (!multisigKey || cosignerKeys.length !== 2) {
    console.error('MULTISIG_KEY and COSIGNER_KEYS (two, comma separated) are required: private keys of funded accounts (npm start prints some)');
    process.exit(2);
  }
  payFromMultisig(process.env.GATEWAY_URL ?? 'http://localhost:3000', multisigKey, [cosignerKeys[0], cosignerKeys[1]], { recipient: process.env.RECIPIENT }).catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
}
