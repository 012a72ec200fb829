/**
 * Builds and signs transactions with symbol-sdk exactly as a wallet does, for tests that
 * announce them to a gateway over the in-memory chain.
 */
import { SymbolFacade, models, type KeyPair } from 'symbol-sdk/symbol';
import type { ChainAccount } from '../../src/memory/chain/identity.js';
import type { InMemoryChain } from '../../src/in-memory-chain.js';

type Transaction = InstanceType<typeof models.Transaction>;
type EmbeddedTransaction = InstanceType<typeof models.EmbeddedTransaction>;
type Cosignature = InstanceType<typeof models.Cosignature>;
type Aggregate = Transaction & { cosignatures: Cosignature[] };

/** The id of the `symbol.xym` namespace, as wallets put it in transfers. */
export const XYM_ALIAS = 0xe74b99ba41f4afeen;

/** A signed transaction, as a wallet holds it before announcing. */
export interface Signed {
  /** The SDK's model, signature attached. */
  transaction: Transaction;
  /** Uppercase hex of the whole transaction. */
  payload: string;
  /** The request body of an announce: `{"payload":"..."}`. */
  body: string;
  /** The hash the SDK computed (64 uppercase hex). */
  hash: string;
}

/** A detached cosignature as `PUT /transactions/cosignature` takes it. */
export interface CosignatureBody {
  version: string;
  signerPublicKey: string;
  signature: string;
  parentHash: string;
}

export interface TransferOptions {
  amount?: bigint;
  /** Default: the `symbol.xym` alias. */
  mosaicId?: bigint;
  fee?: bigint;
  /** Default: an hour after the chain's time now (which moves the test clock 5 s). */
  deadline?: bigint;
  /** Plain text, sent as a plain message (a leading 0 byte). */
  message?: string;
  /** Sign for another network (a wallet configured for the wrong network). */
  facade?: SymbolFacade;
}

/** A deadline an hour ahead of the chain's network time (reading it moves the test clock). */
export function inAnHour(chain: InMemoryChain): bigint {
  return chain.networkTime() + 3_600_000n;
}

/** Signs and serializes `transaction` with `keyPair`, as a wallet does before announcing. */
export function sign(facade: SymbolFacade, keyPair: KeyPair, transaction: Transaction): Signed {
  const signature = facade.signTransaction(keyPair, transaction);
  const body = facade.transactionFactory.static.attachSignature(transaction, signature);
  return { transaction, body, payload: JSON.parse(body).payload, hash: facade.hashTransaction(transaction).toString() };
}

/** A signed transfer of `amount` (default 1 XYM) from `from` to `to`. */
export function transfer(chain: InMemoryChain, from: ChainAccount, to: ChainAccount, options: TransferOptions = {}): Signed {
  const facade = options.facade ?? chain.facade;
  const transaction = facade.transactionFactory.create({
    type: 'transfer_transaction_v1',
    signerPublicKey: from.keyPair.publicKey,
    fee: options.fee ?? 1_000_000n,
    deadline: options.deadline ?? inAnHour(chain),
    recipientAddress: facade.network.publicKeyToAddress(to.keyPair.publicKey),
    mosaics: [{ mosaicId: options.mosaicId ?? XYM_ALIAS, amount: options.amount ?? 1_000_000n }],
    message: new Uint8Array([0, ...Buffer.from(options.message ?? 'test')]),
  });
  return sign(facade, from.keyPair, transaction);
}

/** An embedded transfer for an aggregate. */
export function embeddedTransfer(chain: InMemoryChain, from: ChainAccount, to: ChainAccount, amount = 1_000_000n, mosaicId = XYM_ALIAS): EmbeddedTransaction {
  return chain.facade.transactionFactory.createEmbedded({
    type: 'transfer_transaction_v1',
    signerPublicKey: from.keyPair.publicKey,
    recipientAddress: to.address,
    mosaics: [{ mosaicId, amount }],
  });
}

export interface AggregateOptions {
  fee?: bigint;
  deadline?: bigint;
  /** Accounts whose cosignatures go inside the payload (a complete aggregate). */
  cosigners?: readonly ChainAccount[];
}

/** A signed aggregate (bonded or complete) of `embedded`, with the cosignatures of `cosigners` attached. */
export function aggregate(
  chain: InMemoryChain,
  kind: 'bonded' | 'complete',
  signer: ChainAccount,
  embedded: EmbeddedTransaction[],
  options: AggregateOptions = {},
): Signed {
  const { facade } = chain;
  const transaction = facade.transactionFactory.create({
    type: kind === 'bonded' ? 'aggregate_bonded_transaction_v3' : 'aggregate_complete_transaction_v3',
    signerPublicKey: signer.keyPair.publicKey,
    fee: options.fee ?? 2_000_000n,
    deadline: options.deadline ?? inAnHour(chain),
    transactionsHash: SymbolFacade.hashEmbeddedTransactions(embedded),
    transactions: embedded,
  }) as Aggregate;
  // Cosigners sign the hash, which covers the signature: sign first, cosign, then serialize again.
  let body = facade.transactionFactory.static.attachSignature(transaction, facade.signTransaction(signer.keyPair, transaction));
  for (const cosigner of options.cosigners ?? []) {
    transaction.cosignatures.push(facade.cosignTransaction(cosigner.keyPair, transaction, false) as Cosignature);
  }
  if (options.cosigners?.length) body = facade.transactionFactory.static.toJson(transaction);
  return { transaction, body, payload: JSON.parse(body).payload, hash: facade.hashTransaction(transaction).toString() };
}

/** `account`'s detached cosignature of `parent`, as `PUT /transactions/cosignature` takes it. */
export function cosign(chain: InMemoryChain, account: ChainAccount, parent: Signed): CosignatureBody {
  return chain.facade.cosignTransaction(account.keyPair, parent.transaction, true).toJson() as CosignatureBody;
}

/** The size a wallet computes for `parent` once the cosignatures of `cosigners` are attached. */
export function sizeWithCosignatures(chain: InMemoryChain, parent: Signed, cosigners: readonly ChainAccount[]): number {
  const copy = models.TransactionFactory.deserialize(Buffer.from(parent.payload, 'hex')) as Aggregate;
  for (const cosigner of cosigners) copy.cosignatures.push(chain.facade.cosignTransaction(cosigner.keyPair, copy, false) as Cosignature);
  return copy.size;
}

/** The hash a node computes for a payload it received (a tampered one included). */
export function hashOfPayload(chain: InMemoryChain, payload: string): string {
  return chain.facade.hashTransaction(models.TransactionFactory.deserialize(Buffer.from(payload, 'hex'))).toString();
}

/** `payload` with the byte at `offset` XORed with 1. */
export function flipByte(payload: string, offset: number): string {
  const bytes = Buffer.from(payload, 'hex');
  bytes[offset] ^= 1;
  return bytes.toString('hex').toUpperCase();
}

/** Byte offsets in every transaction's header (size, reserved, signature, signer, reserved, version, network, type). */
export const OFFSET = { signature: 8, type: 110, maxFee: 112 } as const;
