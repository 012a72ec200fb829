import { Address, KeyPair, type Network, SymbolFacade } from 'symbol-sdk/symbol';
import { symbolNetwork } from '../../network.js';
import { deriveKeyPair, fromHex, toHex } from '../keys.js';
import { resolveChainOptions, type InMemoryChainOptions, type ResolvedChainOptions } from '../options.js';
import { resolveRules, type ChainRules } from '../rules.js';
import type { ChainOrigin } from './origin.js';
import { nemesisSignerOf, type NemesisSinks } from '../nemesis-block.js';
import { nemesisMosaicIds, type NemesisPlan } from '../genesis.js';

/** The id of the `symbol.xym` namespace, the currency's alias on every network. */
export const CURRENCY_ALIAS = 'E74B99BA41F4AFEE';

/** A test account of the chain: its keys and its address in both forms. */
export interface ChainAccount {
  readonly keyPair: KeyPair;
  readonly publicKey: string;
  readonly privateKey: string;
  /** 39-character base32 form (T... / N...). */
  readonly address: string;
  /** 48-character hex form, as response bodies show it. */
  readonly addressHex: string;
}

/** An account the chain uses without its keys (a sink of the network it forked): its address in both forms. */
export interface ChainAddress {
  /** 39-character base32 form (T... / N...). */
  readonly address: string;
  /** 48-character hex form. */
  readonly addressHex: string;
}

/** The network currency: its mosaic id and the id of its alias (`symbol.xym`), both 16 hex. */
export interface Currency {
  readonly mosaicId: string;
  readonly aliasId: string;
  /** The mosaic whose balances make importance (16 hex): the currency's, or a nemesis plan's second mosaic. */
  readonly harvestingMosaicId: string;
}

/** Where rental fees and the network's share of harvests go. */
export interface ChainSinks {
  readonly mosaicRental: ChainAddress;
  readonly namespaceRental: ChainAddress;
  readonly harvestNetworkFee: ChainAddress;
  /** The sinks blocks below height `until` pay instead (a network's V1 sinks, until its treasury reissuance fork); none on a chain of its own. */
  readonly former?: Omit<ChainSinks, 'former'> & { readonly until: bigint };
}

/** Who a chain is: its options and rules, its network, its accounts and keys, its currency. Nothing of it changes as the chain runs. */
export interface ChainIdentity {
  readonly options: Readonly<ResolvedChainOptions>;
  /** The rules the chain's plugins enforce (the `rules` option over the testnet's). */
  readonly rules: ChainRules;
  /** The symbol-sdk network of this chain (identifier, epoch, generation hash seed). */
  readonly symbolNetwork: Network;
  /** A symbol-sdk facade for this chain's network: sign transactions for it with this. */
  readonly facade: SymbolFacade;
  /** Signs the nemesis block. */
  readonly nemesisAccount: ChainAccount;
  /** Accounts that take turns harvesting blocks. */
  readonly harvesters: readonly ChainAccount[];
  /** The node's identity key, shown by `/node/info`. */
  readonly nodeAccount: ChainAccount;
  /** Test accounts the nemesis block funds with `accountBalance` of the currency each (with a `nemesisPlan`: its mosaics' new accounts, each mosaic's in turn; with a network's `nemesis`: none). */
  readonly fundedAccounts: readonly ChainAccount[];
  /** Where rental fees and the network's share of harvests go (a forked chain's are the upstream's, without keys). */
  readonly sinks: ChainSinks;
  /** The nemesis block's signer (64 hex): `nemesisAccount`'s, or on a forked chain the upstream's. */
  readonly nemesisPublicKey: string;
  /** The network currency's mosaic id (16 hex: the nemesis account's mosaic of nonce 0) and its `symbol.xym` alias. */
  readonly currency: Currency;
}

/** A chain account's keys and addresses, derived from the seed and a label. */
export function deriveAccount(network: Network, seed: string, label: string): ChainAccount {
  const keyPair = deriveKeyPair(seed, label);
  const address = network.publicKeyToAddress(keyPair.publicKey);
  return {
    keyPair,
    // Flat strings: symbol-sdk's toString() builds hex a character at a time.
    publicKey: toHex(keyPair.publicKey.bytes),
    privateKey: toHex(keyPair.privateKey.bytes),
    address: address.toString(),
    addressHex: toHex(address.bytes),
  };
}

/** The labels of the accounts a chain funds itself (harvesters, then funded accounts), from which their keys derive. */
export function ownAccountLabels(options: Pick<ResolvedChainOptions, 'harvesterCount' | 'accountCount'>): string[] {
  return [...Array.from({ length: options.harvesterCount }, (_, i) => `harvester/${i}`), ...Array.from({ length: options.accountCount }, (_, i) => `account/${i}`)];
}

/**
 * The identity of a chain made with `options`: a chain of its own, or one that starts at
 * `origin` (whose network, sinks, nemesis signer and currency it takes; its importance grouping
 * unless the options give one; no inputs kept, since a dump could not be played without it).
 */
export function chainIdentity(options: InMemoryChainOptions, origin?: ChainOrigin): ChainIdentity {
  const resolved = Object.freeze(resolveChainOptions(origin ? originOptions(options, origin) : options));
  const network = symbolNetwork(resolved);
  const account = (label: string) => deriveAccount(network, resolved.seed, label);
  const addressOf = (addressHex: string): ChainAddress => ({ address: new Address(fromHex(addressHex)).toString(), addressHex });
  const nemesisAccount = account('nemesis');
  const { nemesis, nemesisPlan: plan } = resolved;
  const sinkOf = (address: string): ChainAddress => addressOf(/^[0-9A-Fa-f]{48}$/.test(address) ? address.toUpperCase() : toHex(new Address(address).bytes));
  return {
    options: resolved,
    rules: Object.freeze(resolveRules(resolved.blockTime, { importanceGrouping: resolved.importanceGrouping, ...resolved.rules })),
    symbolNetwork: network,
    facade: new SymbolFacade(network),
    nemesisAccount,
    nodeAccount: account('node'),
    harvesters: Array.from({ length: resolved.harvesterCount }, (_, i) => account(`harvester/${i}`)),
    // A network's own nemesis block funds none of the chain's accounts (the development controls do).
    fundedAccounts: nemesis ? [] : plan ? planAccountLabels(plan).flat().map(account) : Array.from({ length: resolved.accountCount }, (_, i) => account(`account/${i}`)),
    sinks: nemesis
      ? {
          ...sinksOf(nemesis.sinks, sinkOf),
          ...(nemesis.formerSinks && { former: { ...sinksOf(nemesis.formerSinks, sinkOf), until: nemesis.formerSinks.until } }),
        }
      : origin
      ? { mosaicRental: addressOf(origin.sinks.mosaicRental), namespaceRental: addressOf(origin.sinks.namespaceRental), harvestNetworkFee: addressOf(origin.sinks.harvestNetworkFee) }
      : { mosaicRental: account('sink/mosaic'), namespaceRental: account('sink/namespace'), harvestNetworkFee: account('sink/harvest') },
    nemesisPublicKey: origin?.nemesisPublicKey ?? (nemesis ? nemesisSignerOf(nemesis.block) : nemesisAccount.publicKey),
    currency: Object.freeze(currencyOf(origin?.currencyMosaicId ?? nemesis?.currencyMosaicId.toUpperCase(), nemesisAccount, plan)),
  };
}

/** The labels of a nemesis plan's new accounts, from which their keys derive: each mosaic's, in plan order. */
export function planAccountLabels(plan: NemesisPlan): string[][] {
  return plan.mosaics.map((mosaic) => Array.from({ length: mosaic.accounts }, (_, i) => `${mosaic.name}/${i}`));
}

/** The currency (and harvesting mosaic) of a chain: a network's given id, a plan's first (and second) mosaic, or the nemesis account's mosaic of nonce 0 named `symbol.xym`. */
function currencyOf(given: string | undefined, nemesisAccount: ChainAccount, plan: NemesisPlan | undefined): Currency {
  if (given !== undefined) return { mosaicId: given, aliasId: CURRENCY_ALIAS, harvestingMosaicId: given };
  const mosaics = nemesisMosaicIds(new Address(nemesisAccount.address), plan?.baseNamespace ?? 'symbol', plan?.mosaics.map((mosaic) => mosaic.name) ?? ['xym']);
  return { mosaicId: mosaics[0].id, aliasId: mosaics[0].aliasId, harvestingMosaicId: (mosaics[1] ?? mosaics[0]).id };
}

function sinksOf(sinks: NemesisSinks, sinkOf: (address: string) => ChainAddress): Omit<ChainSinks, 'former'> {
  return { mosaicRental: sinkOf(sinks.mosaicRental), namespaceRental: sinkOf(sinks.namespaceRental), harvestNetworkFee: sinkOf(sinks.harvestNetworkFee) };
}

function originOptions(options: InMemoryChainOptions, origin: ChainOrigin): InMemoryChainOptions {
  return {
    importanceGrouping: origin.importanceGrouping,
    ...options,
    network: origin.network,
    generationHashSeed: origin.generationHashSeed,
    epochAdjustment: origin.epochAdjustment,
    keepInputs: false,
  };
}
