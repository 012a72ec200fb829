import { generateMosaicAliasId, generateNamespaceId, models } from 'symbol-sdk/symbol';
import type { GatewayBackend, TransactionInfoDTO } from '../backend/index.js';
import { rosettaError } from './errors.js';
import { allPages, isAliasMosaic, pageOf } from './pages.js';

/**
 * How Mesh names a mosaic. A block once answered must never change, so a currency's name and
 * decimals follow from nothing that can change later: the network currency is named as its
 * nemesis block names it (`symbol.xym`, 6 decimals); every other mosaic by its id, with 0
 * decimals (its alias can be linked, moved or expire, and its divisibility redefined; amounts
 * are atomic units either way).
 */
export interface RosettaCurrency {
  /** The network currency's name (`symbol.xym`); any other mosaic's id (16 uppercase hex). */
  symbol: string;
  /** The network currency's divisibility as its nemesis block defines it; 0 for any other mosaic. */
  decimals: number;
  /** The mosaic id (16 uppercase hex). */
  metadata: { id: string };
}

/** The network currency: how Mesh names it, and the namespace id (16 hex) transactions may name it by (its alias in the nemesis block). */
export interface NetworkCurrency {
  readonly currency: RosettaCurrency;
  readonly aliasId: string | undefined;
}

/**
 * The name and divisibility every Symbol network gives its currency (mainnet's and testnet's
 * nemesis blocks, and an in-memory chain's unless a nemesis plan names it otherwise): what a
 * backend that does not serve block 1 (a fork, a mirror started at a height) names it.
 */
export const SYMBOL_CURRENCY = Object.freeze({ symbol: 'symbol.xym', decimals: 6 });

const MOSAIC_ID = /^[0-9A-F]{16}$/;
/** Levels of a namespace name (`a.b.c`), catapult's most. */
const MAX_NAMESPACE_DEPTH = 3;
const hex16 = (id: bigint): string => id.toString(16).toUpperCase().padStart(16, '0');

/**
 * A mosaic other than the network currency as a Mesh currency: its id, 0 decimals.
 *
 * @example mosaicCurrency('76E8B2BFD0D5B42E') // { symbol: '76E8B2BFD0D5B42E', decimals: 0, metadata: { id: '76E8B2BFD0D5B42E' } }
 */
export function mosaicCurrency(mosaicId: string): RosettaCurrency {
  return { symbol: mosaicId, decimals: 0, metadata: { id: mosaicId } };
}

/** The nemesis block's transactions of `types`, embedded ones included, in block order. */
function nemesisTransactions(backend: GatewayBackend, types: readonly number[]): Promise<TransactionInfoDTO[]> {
  const { transactions } = backend;
  if (!transactions) return Promise.resolve([]);
  return allPages((page) => transactions.search('confirmed', { ...pageOf(page), height: 1n, type: [...types], embedded: true }));
}

/** The full name (`symbol.xym`) of a namespace the nemesis block registers, checked against its id; undefined when the block does not register it. */
function nemesisName(registrations: readonly Record<string, unknown>[], namespaceId: string): string | undefined {
  const byId = new Map(registrations.map((registration) => [String(registration.id), registration]));
  const parts: string[] = [];
  let parent = 0n;
  for (let id: string | undefined = namespaceId; id !== undefined; ) {
    if (parts.length === MAX_NAMESPACE_DEPTH) return undefined;
    const registration = byId.get(id);
    if (!registration || typeof registration.name !== 'string') return undefined;
    parts.unshift(registration.name);
    id = registration.parentId === undefined ? undefined : String(registration.parentId);
  }
  // A name that does not hash to the id it was read for is not the name.
  for (const part of parts) parent = generateNamespaceId(part, parent);
  return hex16(parent) === namespaceId ? parts.join('.') : undefined;
}

/**
 * The network currency (`mosaicId`, 16 hex) as the nemesis block defines it: named by the
 * namespace the block links to it, else by its id; its decimals the divisibility the block
 * gives it. Without block 1 (`genesisHeight` above 1), the Symbol networks' `SYMBOL_CURRENCY`.
 * What the nemesis block says never changes, so neither does the answer.
 */
export async function readNetworkCurrency(backend: GatewayBackend, mosaicId: string, genesisHeight: bigint): Promise<NetworkCurrency> {
  if (genesisHeight !== 1n) return { currency: { ...SYMBOL_CURRENCY, metadata: { id: mosaicId } }, aliasId: hex16(generateMosaicAliasId(SYMBOL_CURRENCY.symbol)) };
  const { MOSAIC_DEFINITION, MOSAIC_ALIAS, NAMESPACE_REGISTRATION } = models.TransactionType;
  const nemesis = (await nemesisTransactions(backend, [MOSAIC_DEFINITION.value, MOSAIC_ALIAS.value, NAMESPACE_REGISTRATION.value])).map(({ transaction }) => transaction);
  const ofType = (type: { value: number }) => nemesis.filter((transaction) => Number(transaction.type) === type.value);
  const definition = ofType(MOSAIC_DEFINITION).find((transaction) => transaction.id === mosaicId);
  const link = ofType(MOSAIC_ALIAS).find((transaction) => transaction.mosaicId === mosaicId && Number(transaction.aliasAction) === models.AliasAction.LINK.value);
  const aliasId = link === undefined ? undefined : String(link.namespaceId);
  const name = aliasId === undefined ? undefined : nemesisName(ofType(NAMESPACE_REGISTRATION), aliasId);
  const decimals = definition === undefined ? 0 : Number(definition.divisibility);
  return { currency: { symbol: name ?? mosaicId, decimals, metadata: { id: mosaicId } }, aliasId: name === undefined ? undefined : aliasId };
}

/** What a request may name a currency by, for the reason of a refusal. */
const namingRule = (network: RosettaCurrency): string =>
  `the network currency is ${network.symbol} (${network.decimals} decimals); any other mosaic is its id (16 uppercase hex) with 0 decimals, never its alias`;

/**
 * The currency a request's Mesh `Currency` names, by this gateway's naming only: the network
 * currency's symbol and decimals, or a mosaic id (16 uppercase hex) with 0 decimals; its
 * `metadata.id`, when given, must be that mosaic's. Anything else (a mosaic's alias, another
 * divisibility) is a Mesh `invalidRequestData` that says how currencies are named.
 *
 * @example currencyNamed({ symbol: '76E8B2BFD0D5B42E', decimals: 0 }, network) // mosaicCurrency('76E8B2BFD0D5B42E')
 */
export function currencyNamed(given: unknown, network: RosettaCurrency): RosettaCurrency {
  const asked = (typeof given === 'object' && given !== null ? given : {}) as { symbol?: unknown; decimals?: unknown; metadata?: unknown };
  if (typeof asked.symbol !== 'string' || typeof asked.decimals !== 'number') throw rosettaError('invalidRequestData', { reason: 'a currency needs a symbol and decimals' });
  const { symbol, decimals } = asked;
  let found: RosettaCurrency | undefined;
  if (symbol === network.symbol && decimals === network.decimals) found = network;
  else if (MOSAIC_ID.test(symbol) && decimals === 0 && symbol !== network.metadata.id && !isAliasMosaic(symbol)) found = mosaicCurrency(symbol);
  if (!found) throw rosettaError('invalidRequestData', { reason: `${symbol} (${decimals} decimals) names no currency: ${namingRule(network)}` });
  const metadataId = typeof asked.metadata === 'object' && asked.metadata !== null ? (asked.metadata as { id?: unknown }).id : undefined;
  if (metadataId !== undefined && (typeof metadataId !== 'string' || metadataId.toUpperCase() !== found.metadata.id)) {
    throw rosettaError('invalidRequestData', { reason: `${symbol} is mosaic ${found.metadata.id}, not the metadata.id ${String(metadataId)}` });
  }
  return found;
}
