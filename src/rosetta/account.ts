import { Address } from 'symbol-sdk/symbol';
import { hasValidChecksum } from '../address.js';
import type { MosaicAmountDTO } from '../backend/core.js';
import type { RosettaCurrency, RosettaContext, RosettaRoutes } from './context.js';
import { rosettaError } from './errors.js';
import { blockAt, blockIdentifier, type BlockIdentifier } from './network.js';

/** A Mesh `Amount`: a signed integer in the currency's atomic units. */
export interface Amount {
  value: string;
  currency: RosettaCurrency;
}

/** How often a balance is read again when the head moved while it was read, before a `syncDuringOperation` error. */
const READ_ATTEMPTS = 3;

const BASE32 = /^[A-Z2-7]{39}$/;

/** The account a request names (`account_identifier.address`, a Symbol address of this network) as 48 hex; a Mesh error with the reason otherwise. */
export async function requestedAddress(request: Readonly<Record<string, unknown>>, context: RosettaContext): Promise<string> {
  const account = request.account_identifier as { address?: unknown; sub_account?: unknown } | undefined;
  if (typeof account !== 'object' || account === null || typeof account.address !== 'string') throw rosettaError('invalidRequestData', { reason: 'account_identifier.address is required' });
  if (account.sub_account !== undefined) throw rosettaError('invalidRequestData', { reason: 'Symbol accounts have no sub-accounts' });
  const { address } = account;
  if (!BASE32.test(address)) throw rosettaError('invalidRequestData', { reason: `${address} is no Symbol address (39 characters of base32)` });
  const bytes = new Address(address).bytes;
  if (bytes[0] !== (await context.facade()).network.identifier) throw rosettaError('invalidRequestData', { reason: `${address} is an address of another network` });
  if (!hasValidChecksum(bytes)) throw rosettaError('invalidRequestData', { reason: `${address} has a wrong checksum` });
  return Buffer.from(bytes).toString('hex').toUpperCase();
}

/** Refuses a `block_identifier` that names a block other than the head (the backends keep no past balances). */
function checkAtHead(asked: unknown, head: BlockIdentifier): void {
  if (asked === undefined || asked === null) return;
  const { index, hash } = asked as { index?: unknown; hash?: unknown };
  if ((index !== undefined && index !== head.index) || (hash !== undefined && hash !== head.hash)) {
    throw rosettaError('notSupported', { reason: `historical balance lookup is not supported: only the head (${head.index}) is answered` });
  }
}

/** An account's mosaics read at one head: the head moved while they were read → read again. */
async function mosaicsAtHead(context: RosettaContext, address: string): Promise<{ head: BlockIdentifier; mosaics: readonly MosaicAmountDTO[] }> {
  const { accounts } = context.backend;
  if (!accounts) throw rosettaError('notSupported', { reason: 'this backend serves no accounts' });
  for (let attempt = 0; attempt < READ_ATTEMPTS; attempt++) {
    const before = (await context.backend.chain.info()).height;
    const [found] = await accounts.find([{ address }]);
    const after = (await context.backend.chain.info()).height;
    if (before === after) return { head: blockIdentifier(await blockAt(context, BigInt(before))), mosaics: found?.account.mosaics ?? [] };
  }
  throw rosettaError('syncDuringOperation', { reason: 'the chain grew while the balance was read' });
}

/** Mosaic amounts as Mesh amounts: the network currency first (zero when the account holds none), then the others in the account's order. */
async function amountsOf(context: RosettaContext, mosaics: readonly MosaicAmountDTO[]): Promise<Amount[]> {
  const currency = await context.currency();
  const held = mosaics.find((mosaic) => mosaic.id === currency.metadata.id);
  const amounts: Amount[] = [{ value: held?.amount ?? '0', currency }];
  for (const mosaic of mosaics) {
    if (mosaic.id === currency.metadata.id) continue;
    // A mosaic whose definition the backend no longer has (expired) still counts, by its id.
    const other = (await context.mosaicCurrency(mosaic.id)) ?? { symbol: mosaic.id, decimals: 0, metadata: { id: mosaic.id } };
    amounts.push({ value: mosaic.amount, currency: other });
  }
  return amounts;
}

/** Keeps the amounts of the currencies a request's `currencies` names (by symbol and decimals); all without the filter. */
function filtered(amounts: Amount[], currencies: unknown): Amount[] {
  if (currencies === undefined || currencies === null) return amounts;
  if (!Array.isArray(currencies)) throw rosettaError('invalidRequestData', { reason: 'currencies must be an array' });
  const wanted = currencies as { symbol?: unknown; decimals?: unknown }[];
  return amounts.filter(({ currency }) => wanted.some((asked) => asked.symbol === currency.symbol && asked.decimals === currency.decimals));
}

/** What `/account/balance` and `/account/coins` answer: the head the balances were read at, and the balances. */
async function balances(request: Readonly<Record<string, unknown>>, context: RosettaContext): Promise<{ head: BlockIdentifier; amounts: Amount[] }> {
  const address = await requestedAddress(request, context);
  if (request.include_mempool === true) throw rosettaError('notSupported', { reason: 'balances with the mempool are not supported (mempool_coins is false)' });
  const { head, mosaics } = await mosaicsAtHead(context, address);
  checkAtHead(request.block_identifier, head);
  return { head, amounts: filtered(await amountsOf(context, mosaics), request.currencies) };
}

/**
 * `/account/balance`, `/account/coins`. Symbol is account-based: a coin is an account's
 * holding of one mosaic, named by the mosaic id (as catapult-rest answers).
 */
export const accountRoutes: RosettaRoutes = {
  '/account/balance': async (request, context) => {
    const { head, amounts } = await balances(request, context);
    return { block_identifier: head, balances: amounts };
  },
  '/account/coins': async (request, context) => {
    const { head, amounts } = await balances(request, context);
    return { block_identifier: head, coins: amounts.map((amount) => ({ coin_identifier: { identifier: amount.currency.metadata.id }, amount })) };
  },
};
