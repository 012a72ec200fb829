import type { SymbolFacade } from 'symbol-sdk/symbol';
import type { RosettaContext } from '../context.js';
import { currencyNamed, type RosettaCurrency } from '../currency.js';
import { rosettaError } from '../errors.js';

/** One transfer of an intent: `amount` (> 0, atomic units) of a mosaic from `sender` to `recipient` (base32 addresses). */
export interface Transfer {
  sender: string;
  recipient: string;
  /** The mosaic (16 hex) and how Mesh names it. */
  currency: RosettaCurrency;
  amount: bigint;
}

/** A Mesh `Operation` of the Construction API (no status: nothing is on the chain yet). */
export interface ConstructionOperation {
  operation_identifier: { index: number };
  type: 'transfer';
  account: { address: string };
  amount: { value: string; currency: RosettaCurrency };
}

const INTEGER = /^-?[0-9]+$/;

type Json = Readonly<Record<string, unknown>>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function invalid(reason: string): Error {
  return rosettaError('invalidRequestData', { reason });
}

/** An operation's account: a plain address of the network (no sub-account). */
function accountOf(operation: Json, facade: SymbolFacade, index: number): string {
  const account = operation.account;
  if (!isObject(account) || typeof account.address !== 'string') throw invalid(`operation ${index} has no account address`);
  if (account.sub_account !== undefined) throw rosettaError('notSupported', { reason: `operation ${index}: sub-accounts are not supported` });
  if (!facade.network.isValidAddressString(account.address)) throw invalid(`operation ${index}: ${account.address} is no address of this network`);
  return account.address;
}

/**
 * The currency a request names, by this gateway's naming (`currencyNamed`: the network
 * currency's symbol and decimals, any other mosaic's id with 0 decimals), and on the chain: a
 * mosaic the chain does not know is refused here rather than announced to fail.
 */
export async function currencyOf(given: unknown, context: RosettaContext): Promise<RosettaCurrency> {
  const network = await context.currency();
  const found = currencyNamed(given, network);
  if (found === network) return found;
  const [mosaic] = context.backend.mosaics ? await context.backend.mosaics.find([found.metadata.id]) : [];
  if (!mosaic) throw invalid(`unknown currency ${found.symbol}: the chain has no mosaic ${found.metadata.id}`);
  return found;
}

/** One leg of a transfer: an account and a signed amount of a currency. */
interface Leg {
  address: string;
  value: bigint;
  currency: RosettaCurrency;
}

async function legOf(operation: unknown, index: number, context: RosettaContext, facade: SymbolFacade): Promise<Leg> {
  if (!isObject(operation)) throw invalid(`operation ${index} is not an object`);
  if (operation.type !== 'transfer') throw rosettaError('notSupported', { reason: `operation ${index}: only transfer operations can be constructed` });
  const address = accountOf(operation, facade, index);
  const amount = operation.amount;
  if (!isObject(amount) || typeof amount.value !== 'string' || !INTEGER.test(amount.value)) throw invalid(`operation ${index} needs an integer amount`);
  const value = BigInt(amount.value);
  if (value === 0n) throw invalid(`operation ${index}: a transfer moves a non-zero amount`);
  return { address, value, currency: await currencyOf(amount.currency, context) };
}

/** A debit and a credit (in either order) as one transfer. */
function pairOf(first: Leg, second: Leg, index: number): Transfer {
  if (first.value + second.value !== 0n) throw invalid(`operations ${index} and ${index + 1} do not balance: a debit and a credit of the same amount`);
  if (first.currency.metadata.id !== second.currency.metadata.id) throw invalid(`operations ${index} and ${index + 1} move different currencies`);
  const [debit, credit] = first.value < 0n ? [first, second] : [second, first];
  return { sender: debit.address, recipient: credit.address, currency: debit.currency, amount: credit.value };
}

/**
 * The transfers of a Construction request's `operations`: consecutive pairs of `transfer`
 * operations, a debit (negative, on the sender) and a credit (positive, on the recipient) of
 * the same amount and currency, in either order, as catapult-rest pairs them.
 */
export async function transfersOf(operations: unknown, context: RosettaContext): Promise<Transfer[]> {
  if (!Array.isArray(operations) || operations.length === 0) throw invalid('operations must be a non-empty array');
  if (operations.length % 2 !== 0) throw invalid('transfer operations come in pairs: a debit and a credit');
  const facade = await context.facade();
  const legs = await Promise.all(operations.map((operation, index) => legOf(operation, index, context, facade)));
  const transfers: Transfer[] = [];
  for (let i = 0; i < legs.length; i += 2) transfers.push(pairOf(legs[i], legs[i + 1], i));
  return transfers;
}

/** The one account that sends every transfer (the signer of what is built), or a Mesh error. */
export function senderOf(transfers: readonly Transfer[]): string {
  const senders = new Set(transfers.map((transfer) => transfer.sender));
  if (senders.size > 1) {
    throw rosettaError('notSupported', { reason: 'every debit must be on one account: a transaction of several senders would need each cosigner to sign after the first signer' });
  }
  return transfers[0].sender;
}

/** The operations of `transfers`: for each, the debit of the sender, then the credit of the recipient. */
export function operationsOf(transfers: readonly Transfer[]): ConstructionOperation[] {
  return transfers.flatMap(({ sender, recipient, currency, amount }, i) => [
    { operation_identifier: { index: 2 * i }, type: 'transfer' as const, account: { address: sender }, amount: { value: (-amount).toString(), currency } },
    { operation_identifier: { index: 2 * i + 1 }, type: 'transfer' as const, account: { address: recipient }, amount: { value: amount.toString(), currency } },
  ]);
}
