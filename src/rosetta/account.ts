import { Address } from 'symbol-sdk/symbol';
import { hasValidChecksum } from '../address.js';
import type { MosaicAmountDTO } from '../backend/core.js';
import type { RosettaContext, RosettaRoutes } from './context.js';
import { currencyNamed, mosaicCurrency, type RosettaCurrency } from './currency.js';
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

/** Mosaic amounts as Mesh amounts: the network currency first (zero when the account holds none), then the others in the account's order, each by its id. */
function amountsOf(currency: RosettaCurrency, mosaics: readonly MosaicAmountDTO[]): Amount[] {
  const held = mosaics.find((mosaic) => mosaic.id === currency.metadata.id);
  const others = mosaics.filter((mosaic) => mosaic.id !== currency.metadata.id);
  return [{ value: held?.amount ?? '0', currency }, ...others.map((mosaic) => ({ value: mosaic.amount, currency: mosaicCurrency(mosaic.id) }))];
}

/**
 * The mosaic ids a request's `currencies` filter names; undefined without the filter. A
 * currency named otherwise than this gateway names it (a mosaic's alias, another number of
 * decimals) is refused rather than matched to nothing: see `currencyNamed`.
 */
function wantedCurrencies(currencies: unknown, network: RosettaCurrency): Set<string> | undefined {
  if (currencies === undefined || currencies === null) return undefined;
  if (!Array.isArray(currencies)) throw rosettaError('invalidRequestData', { reason: 'currencies must be an array' });
  return new Set(currencies.map((asked) => currencyNamed(asked, network).metadata.id));
}

/** What `/account/balance` and `/account/coins` answer: the head the balances were read at, and the balances. */
async function balances(request: Readonly<Record<string, unknown>>, context: RosettaContext): Promise<{ head: BlockIdentifier; amounts: Amount[] }> {
  const address = await requestedAddress(request, context);
  if (request.include_mempool === true) throw rosettaError('notSupported', { reason: 'balances with the mempool are not supported (mempool_coins is false)' });
  const network = await context.currency();
  const wanted = wantedCurrencies(request.currencies, network);
  const { head, mosaics } = await mosaicsAtHead(context, address);
  checkAtHead(request.block_identifier, head);
  const amounts = amountsOf(network, mosaics);
  return { head, amounts: wanted ? amounts.filter(({ currency }) => wanted.has(currency.metadata.id)) : amounts };
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
