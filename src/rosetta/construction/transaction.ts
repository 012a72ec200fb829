import { PublicKey } from 'symbol-sdk';
import { Address, SymbolFacade, models } from 'symbol-sdk/symbol';
import type { RosettaContext } from '../context.js';
import type { RosettaCurrency } from '../currency.js';
import { isAliasMosaic } from '../operations.js';
import { rosettaError } from '../errors.js';
import type { Transfer } from './intent.js';

type Transaction = InstanceType<typeof models.Transaction>;
type EmbeddedTransaction = InstanceType<typeof models.EmbeddedTransaction>;
/** A transfer's fields, top-level or embedded. */
type TransferFields = { signerPublicKey: InstanceType<typeof models.PublicKey>; recipientAddress: InstanceType<typeof models.UnresolvedAddress>; mosaics: InstanceType<typeof models.UnresolvedMosaic>[] };
type Aggregate = Transaction & { transactions: (EmbeddedTransaction & TransferFields)[]; cosignatures: InstanceType<typeof models.Cosignature>[] };

const TRANSFER = models.TransactionType.TRANSFER.value;
const AGGREGATE_COMPLETE = models.TransactionType.AGGREGATE_COMPLETE.value;
/** How long a built transaction stays valid after the network time `/construction/metadata` read, as catapult-rest sets it. */
export const DEADLINE_MS = 3_600_000n;

/** What `/construction/payloads` needs besides the intent: the network time and the fee multiplier `/construction/metadata` answered. */
export interface BuildParameters {
  /** Network time (ms since the nemesis block): the deadline is an hour after it. */
  networkTime: bigint;
  /** Atomic units of the currency per byte of the transaction. */
  feeMultiplier: bigint;
}

function transferDescriptor(transfer: Transfer, signerPublicKey: PublicKey): Record<string, unknown> {
  return {
    type: 'transfer_transaction_v1',
    signerPublicKey,
    recipientAddress: new Address(transfer.recipient),
    mosaics: [{ mosaicId: BigInt(`0x${transfer.currency.metadata.id}`), amount: transfer.amount }],
  };
}

/**
 * The unsigned transaction of `transfers`, all sent by the account of `signerPublicKey`: a
 * `TransferTransactionV1` for one transfer; for several, an aggregate complete (v3) of
 * embedded transfers that the sender alone signs, so it needs no cosignature. Its max fee is
 * its size times the fee multiplier, which a block of it alone charges in full.
 *
 * Several senders are not built: catapult-rest makes such an aggregate the transaction of a
 * server-side fee payer key (`aggregateSignerPrivateKey`) that signs at `/payloads`, because
 * a cosignature signs the transaction's hash, which covers the signer's signature: without
 * that key, the cosigners could sign only after the signer, which one round of
 * payloads/combine does not allow. This gateway holds no key.
 */
export function buildTransaction(facade: SymbolFacade, transfers: readonly Transfer[], signerPublicKey: PublicKey, parameters: BuildParameters): Transaction {
  const header = { signerPublicKey, deadline: parameters.networkTime + DEADLINE_MS };
  let transaction: Transaction;
  if (transfers.length === 1) {
    transaction = facade.transactionFactory.create({ ...transferDescriptor(transfers[0], signerPublicKey), ...header });
  } else {
    const embedded = transfers.map((transfer) => facade.transactionFactory.createEmbedded(transferDescriptor(transfer, signerPublicKey)));
    transaction = facade.transactionFactory.create({
      type: 'aggregate_complete_transaction_v3',
      ...header,
      transactionsHash: SymbolFacade.hashEmbeddedTransactions(embedded),
      transactions: embedded,
    });
  }
  transaction.fee = new models.Amount(BigInt(transaction.size) * parameters.feeMultiplier);
  return transaction;
}

/** The size in bytes of the transaction of `count` transfers of one mosaic each (what its fee is computed from). */
export function transactionSize(facade: SymbolFacade, count: number, currency: RosettaCurrency): number {
  const placeholder: Transfer = { sender: '', recipient: facade.network.publicKeyToAddress(new PublicKey(new Uint8Array(32))).toString(), currency, amount: 1n };
  return buildTransaction(facade, Array<Transfer>(count).fill(placeholder), new PublicKey(new Uint8Array(32)), { networkTime: 0n, feeMultiplier: 0n }).size;
}

/** The transfers of a top-level or embedded transfer transaction, one per mosaic. */
async function transfersIn(transaction: TransferFields, facade: SymbolFacade, context: RosettaContext): Promise<Transfer[]> {
  const sender: string = facade.network.publicKeyToAddress(new PublicKey(transaction.signerPublicKey.bytes)).toString();
  const recipient = new Address(transaction.recipientAddress.bytes).toString();
  if ((transaction.recipientAddress.bytes[0] & 1) === 1) throw rosettaError('notSupported', { reason: 'a transfer to a namespace alias cannot be parsed' });
  return Promise.all(
    transaction.mosaics.map(async (mosaic) => ({ sender, recipient, currency: await mosaicOf(BigInt(mosaic.mosaicId.value), context), amount: BigInt(mosaic.amount.value) })),
  );
}

/**
 * A mosaic id of a transaction as a currency: the network currency by its id or its alias
 * (`symbol.xym`, as wallets send it), any other mosaic by its id; another alias is not parsed
 * (what it names can change).
 */
async function mosaicOf(id: bigint, context: RosettaContext): Promise<RosettaCurrency> {
  const mosaicId = id.toString(16).toUpperCase().padStart(16, '0');
  const { currency, aliasId } = await context.networkCurrency();
  if (mosaicId === aliasId) return currency;
  if (isAliasMosaic(mosaicId)) throw rosettaError('notSupported', { reason: `a transfer of the mosaic alias ${mosaicId} cannot be parsed: only the currency's alias names a currency for good` });
  return context.mosaicCurrency(mosaicId);
}

/**
 * The transfers a transaction makes: a transfer, or an aggregate complete of transfers (what
 * `/construction/payloads` builds); any other transaction is not supported.
 */
export async function transfersOfTransaction(transaction: Transaction, facade: SymbolFacade, context: RosettaContext): Promise<Transfer[]> {
  const type = transaction.type.value;
  if (type === TRANSFER) return transfersIn(transaction as Transaction & TransferFields, facade, context);
  if (type !== AGGREGATE_COMPLETE) throw rosettaError('notSupported', { reason: 'only transfers and aggregate complete transactions of transfers can be parsed' });
  const embedded = (transaction as Aggregate).transactions;
  if (embedded.some((inner) => inner.type.value !== TRANSFER)) throw rosettaError('notSupported', { reason: 'only aggregates of transfers can be parsed' });
  return (await Promise.all(embedded.map((inner) => transfersIn(inner, facade, context)))).flat();
}

/** The public keys of an aggregate's cosignatures (none for another transaction). */
export function cosignerKeys(transaction: Transaction): PublicKey[] {
  if (transaction.type.value !== AGGREGATE_COMPLETE) return [];
  return (transaction as Aggregate).cosignatures.map((cosignature) => new PublicKey(cosignature.signerPublicKey.bytes));
}
