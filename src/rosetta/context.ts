import { SymbolFacade } from 'symbol-sdk/symbol';
import type { GatewayBackend } from '../backend/index.js';
import { configMosaicId, networkOfProperties, symbolNetwork } from '../network.js';
import { mosaicCurrency, readNetworkCurrency, type NetworkCurrency, type RosettaCurrency } from './currency.js';
import { rosettaError } from './errors.js';
import { firstBlock } from './first-block.js';

/** A Mesh `NetworkIdentifier`: `{ blockchain: 'Symbol', network: 'testnet' | 'mainnet' }`. */
export interface RosettaNetworkIdentifier {
  blockchain: string;
  network: string;
  sub_network_identifier?: { network: string; metadata?: Record<string, unknown> };
}

/** What every Rosetta route reads: the backend, and what follows from the network it serves (kept once read). */
export interface RosettaContext {
  readonly backend: GatewayBackend;
  /** The one network this gateway serves. */
  networkIdentifier(): Promise<RosettaNetworkIdentifier>;
  /** symbol-sdk's facade for the network (addresses, hashes, signing payloads). */
  facade(): Promise<SymbolFacade>;
  /** The network's currency mosaic (`currencyMosaicId` of its properties), named as its nemesis block names it, and its alias. */
  networkCurrency(): Promise<NetworkCurrency>;
  /** The network currency as a Mesh currency (`networkCurrency().currency`). */
  currency(): Promise<RosettaCurrency>;
  /** A mosaic (16 hex, resolved) as a Mesh currency: the network currency, or any other by its id with 0 decimals (see currency.ts). */
  mosaicCurrency(mosaicId: string): Promise<RosettaCurrency>;
}

/** A Rosetta route's handler: the request body (a JSON object, its network already checked) to the answer. */
export type RosettaHandler = (request: Readonly<Record<string, unknown>>, context: RosettaContext) => unknown;

/** Rosetta routes by path (`/network/list`), all POST. */
export type RosettaRoutes = Readonly<Record<string, RosettaHandler>>;

/** A context over `backend`: the network's facts are read once, when first asked. */
export function createRosettaContext(backend: GatewayBackend): RosettaContext {
  let identifier: Promise<RosettaNetworkIdentifier> | undefined;
  let facade: Promise<SymbolFacade> | undefined;
  let currency: Promise<NetworkCurrency> | undefined;
  // A failed read is not kept: the next request reads again.
  const once = <T>(read: () => Promise<T>, forget: () => void): Promise<T> => {
    const promise = read();
    promise.catch(forget);
    return promise;
  };
  const context: RosettaContext = {
    backend,
    networkIdentifier: () => (identifier ??= once(async () => ({ blockchain: 'Symbol', network: (await backend.network.type()).name }), () => (identifier = undefined))),
    facade: () =>
      (facade ??= once(async () => {
        const properties = await backend.network.properties();
        const { network } = properties;
        // The network's own epoch and seed (a private chain's differ from the public network's): hashes and signatures follow from them.
        return new SymbolFacade(symbolNetwork({ network: networkOfProperties(properties), epochAdjustment: Number.parseInt(network.epochAdjustment, 10), generationHashSeed: network.generationHashSeed }));
      }, () => (facade = undefined))),
    networkCurrency: () =>
      (currency ??= once(async () => {
        const { currencyMosaicId } = (await backend.network.properties()).chain;
        const mosaicId = configMosaicId(currencyMosaicId);
        if (mosaicId === undefined) throw rosettaError('internalServerError', { reason: `the currency mosaic id ${String(currencyMosaicId)} is not a mosaic id` });
        return readNetworkCurrency(backend, mosaicId, BigInt((await firstBlock(backend)).block.height));
      }, () => (currency = undefined))),
    currency: async () => (await context.networkCurrency()).currency,
    mosaicCurrency: async (mosaicId) => {
      const network = await context.currency();
      return mosaicId === network.metadata.id ? network : mosaicCurrency(mosaicId);
    },
  };
  return context;
}
