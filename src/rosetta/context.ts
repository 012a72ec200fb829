import { SymbolFacade } from 'symbol-sdk/symbol';
import type { GatewayBackend } from '../backend/index.js';
import { configMosaicId, networkOfProperties, symbolNetwork } from '../network.js';
import { rosettaError } from './errors.js';

/** A Mesh `NetworkIdentifier`: `{ blockchain: 'Symbol', network: 'testnet' | 'mainnet' }`. */
export interface RosettaNetworkIdentifier {
  blockchain: string;
  network: string;
  sub_network_identifier?: { network: string; metadata?: Record<string, unknown> };
}

/** A Mesh `Currency`: a mosaic, named by its alias where it has one (`symbol.xym`), else by its id (16 hex). */
export interface RosettaCurrency {
  symbol: string;
  decimals: number;
  metadata: { id: string };
}

/** What every Rosetta route reads: the backend, and what follows from the network it serves (kept once read). */
export interface RosettaContext {
  readonly backend: GatewayBackend;
  /** The one network this gateway serves. */
  networkIdentifier(): Promise<RosettaNetworkIdentifier>;
  /** symbol-sdk's facade for the network (addresses, hashes, signing payloads). */
  facade(): Promise<SymbolFacade>;
  /** The network's currency mosaic (`currencyMosaicId` of its properties). */
  currency(): Promise<RosettaCurrency>;
  /** A mosaic (16 hex) as a Mesh currency: its alias and divisibility; undefined for a mosaic the chain does not know. */
  mosaicCurrency(mosaicId: string): Promise<RosettaCurrency | undefined>;
}

/** A Rosetta route's handler: the request body (a JSON object, its network already checked) to the answer. */
export type RosettaHandler = (request: Readonly<Record<string, unknown>>, context: RosettaContext) => unknown;

/** Rosetta routes by path (`/network/list`), all POST. */
export type RosettaRoutes = Readonly<Record<string, RosettaHandler>>;

/** A context over `backend`: the network's facts are read once, when first asked. */
export function createRosettaContext(backend: GatewayBackend): RosettaContext {
  let identifier: Promise<RosettaNetworkIdentifier> | undefined;
  let facade: Promise<SymbolFacade> | undefined;
  let currency: Promise<RosettaCurrency> | undefined;
  const currencies = new Map<string, RosettaCurrency>();
  // A failed read is not kept: the next request reads again.
  const once = <T>(read: () => Promise<T>, forget: () => void): Promise<T> => {
    const promise = read();
    promise.catch(forget);
    return promise;
  };
  const mosaicCurrency = async (mosaicId: string): Promise<RosettaCurrency | undefined> => {
    const known = currencies.get(mosaicId);
    if (known) return known;
    const [mosaic] = backend.mosaics ? await backend.mosaics.find([mosaicId]) : [];
    if (!mosaic) return undefined;
    const [named] = backend.namespaces ? await backend.namespaces.mosaicNames([mosaicId]) : [];
    const found: RosettaCurrency = { symbol: named?.names[0] ?? mosaicId, decimals: mosaic.mosaic.divisibility, metadata: { id: mosaicId } };
    currencies.set(mosaicId, found);
    return found;
  };
  return {
    backend,
    networkIdentifier: () => (identifier ??= once(async () => ({ blockchain: 'Symbol', network: (await backend.network.type()).name }), () => (identifier = undefined))),
    facade: () =>
      (facade ??= once(async () => {
        const properties = await backend.network.properties();
        const { network } = properties;
        // The network's own epoch and seed (a private chain's differ from the public network's): hashes and signatures follow from them.
        return new SymbolFacade(symbolNetwork({ network: networkOfProperties(properties), epochAdjustment: Number.parseInt(network.epochAdjustment, 10), generationHashSeed: network.generationHashSeed }));
      }, () => (facade = undefined))),
    currency: () =>
      (currency ??= once(async () => {
        const { currencyMosaicId } = (await backend.network.properties()).chain;
        const mosaicId = configMosaicId(currencyMosaicId);
        if (mosaicId === undefined) throw rosettaError('internalServerError', { reason: `the currency mosaic id ${String(currencyMosaicId)} is not a mosaic id` });
        const found = await mosaicCurrency(mosaicId);
        if (!found) throw rosettaError('internalServerError', { reason: `the currency mosaic ${mosaicId} is not on the chain` });
        return found;
      }, () => (currency = undefined))),
    mosaicCurrency,
  };
}
