import { Network } from 'symbol-sdk/symbol';
import type { NodeInfoDTO, ServerInfoDTO } from '../backend/dto.js';
import { RELEASE_DATE, VERSION } from '../version.js';
import { DEFAULT_TRACES } from './execution/trace.js';
import type { ChainRules } from './rules.js';
import type { NemesisBlockInput } from './nemesis-block.js';
import type { NemesisPlan } from './genesis.js';

/** Options of `InMemoryChain`; every one has a default. */
export interface InMemoryChainOptions {
  /** Everything the chain derives (keys, nemesis, ids) follows from this. Default `'symbol-gateway'`. */
  seed?: string;
  /** Which Symbol network the chain is: testnet (152, addresses T...) or mainnet (104, N...). Default `'testnet'`. */
  network?: 'testnet' | 'mainnet';
  /**
   * 64 hex characters. Default: the public network's seed, so a wallet built with
   * `new SymbolFacade('testnet')` signs transactions this chain accepts.
   */
  generationHashSeed?: string;
  /** Unix seconds of the nemesis block. Default: the public network's (testnet 1667250467). */
  epochAdjustment?: number;
  /** Milliseconds between harvested blocks, or `false` to harvest only on `chain.harvest()`. Default 5000. */
  blockInterval?: number | false;
  /**
   * The block time (ms) the rules count durations with (`/network/properties`' `blockGenerationTargetTime`,
   * time travel's blocks). Default: `blockInterval`, or the testnet's 30 000 without a timer.
   */
  blockTime?: number;
  /**
   * Keep what the chain is given (announced payloads as they are checked, each block's time,
   * the controls used) so `chain.dev.dump()` can write the chain out; false saves about the
   * size of the payloads, and dumps are refused. Default true.
   */
  keepInputs?: boolean;
  /**
   * Harvest a block as soon as a transaction enters the unconfirmed pool (after `announceDelay`),
   * besides any `blockInterval` timer; change it later with `chain.dev.setMining`. Default false.
   */
  automine?: boolean;
  /** The chain's clock in Unix milliseconds. Default `Date.now`; pass a fixed clock for identical hashes run after run. */
  clock?: () => number;
  /** Every this many blocks is an importance block. Default 720. */
  importanceGrouping?: number;
  /** Every this many blocks a finalization round finalizes the chain's tip. Default 10. */
  finalizationInterval?: number;
  /** How many accounts take turns harvesting. Default 3. */
  harvesterCount?: number;
  /** How many test accounts the nemesis block funds (`chain.fundedAccounts`). Default 10. */
  accountCount?: number;
  /** Currency each funded account starts with, in atomic units (6 decimals). Default 1 000 000 XYM. */
  accountBalance?: bigint;
  /** Longest a transaction's deadline may lie ahead, in ms. Default 6 hours (48 hours for aggregate bonded). */
  maxTransactionLifetime?: number;
  /** The node's name in `/node/info`. Default `'symbol-gateway'`. */
  friendlyName?: string;
  /**
   * Milliseconds between an announce (answered 202 at once) and its checks, as a node checks
   * transactions after it accepted them: a client that subscribes to `status/{address}`
   * right after the 202 sees the outcome, so the delay must be longer than a client's round
   * trip (measured: 5 ms lost one outcome in eight to symbol-sdk in the same process).
   * `chain.harvest()` and `chain.processAnnounced()` check whatever is waiting at once. Default 100.
   */
  announceDelay?: number;
  /** The network's rules, over the testnet's (durations in blocks, amounts in atomic units): see `ChainRules`. */
  rules?: Partial<ChainRules>;
  /** What `/node/peers` lists. Default `[]` (a lone node). */
  peers?: readonly NodeInfoDTO[];
  /** What `/node/metadata` answers: the operator's own fields. Default `{}`. */
  nodeMetadata?: Readonly<Record<string, string>>;
  /**
   * What `/node/server` reports of how the node was deployed (catapult-rest's `deployment` setting).
   * Default `{ deploymentTool: 'symbol-gateway', deploymentToolVersion: <this package's version>, lastUpdatedDate: <its release date> }`.
   */
  deployment?: Readonly<Deployment>;
  /** What `/network` answers as the network's `description` (catapult-rest's `network.description`). Default `'symbol-gateway in-memory <network>'`. */
  networkDescription?: string;
  /** Latest blocks whose fee multipliers `/network/fees/transaction` summarizes (catapult-rest's `numBlocksTransactionFeeStats`). Default 300. */
  feeStatisticsBlocks?: number;
  /**
   * How many of the latest transactions the chain keeps a trace of (`chain.dev.trace`,
   * `GET /dev/transactions/{hash}/trace`): the notifications each raised, the rule that refused a
   * failed one, the state a confirmed one changed. 0 keeps none (and spares the work). Default 10 000.
   */
  traces?: number;
  /**
   * The chain's block 1: a network's own nemesis block (mainnet's, testnet's), executed as
   * catapult's nemesis block loader does and kept as it is; its signer is the chain's nemesis
   * signer, its currency and sinks the chain's. `readGenesisPreset` reads one, with the options
   * of its network, from symbol-bootstrap's preset. Default: a nemesis block of the chain's own
   * (the currency, `accountCount` funded accounts).
   */
  nemesis?: NemesisBlockInput;
  /**
   * A nemesis block of the chain's own planned as symbol-bootstrap plans one (`NemesisPlan`: a base
   * namespace, mosaics under it, their supplies shared out among new accounts and the harvesters);
   * `readGenesisPreset` reads it from symbol-bootstrap's `bootstrap` preset. The first mosaic is the
   * currency, the second (if any) the harvesting mosaic; `fundedAccounts` are the new accounts, and
   * `accountCount` and `accountBalance` do not apply. Default: `symbol.xym` and `accountCount`
   * accounts with `accountBalance` each.
   */
  nemesisPlan?: NemesisPlan;
}

/** How a node was deployed, as `/node/server` reports it. */
export type Deployment = ServerInfoDTO['serverInfo']['deployment'];

export type ResolvedChainOptions = Required<Omit<InMemoryChainOptions, 'blockInterval' | 'rules' | 'nemesis' | 'nemesisPlan'>> & {
  blockInterval: number;
  rules: Partial<ChainRules>;
  nemesis?: NemesisBlockInput;
  nemesisPlan?: NemesisPlan;
};

/** The `deployment` a chain reports unless told otherwise: this package. */
export const DEFAULT_DEPLOYMENT: Deployment = Object.freeze({ deploymentTool: 'symbol-gateway', deploymentToolVersion: VERSION, lastUpdatedDate: RELEASE_DATE });

/** Applies defaults and rejects values the chain cannot run with. */
export function resolveChainOptions(options: InMemoryChainOptions): ResolvedChainOptions {
  const network = options.network ?? 'testnet';
  if (network !== 'testnet' && network !== 'mainnet') throw new TypeError(`network must be 'testnet' or 'mainnet', not '${String(network)}'`);
  const publicNetwork = network === 'mainnet' ? Network.MAINNET : Network.TESTNET;
  const blockInterval = options.blockInterval === false ? 0 : (options.blockInterval ?? 5000);
  const resolved: ResolvedChainOptions = {
    seed: options.seed ?? 'symbol-gateway',
    network,
    generationHashSeed: (options.generationHashSeed ?? publicNetwork.generationHashSeed.toString()).toUpperCase(),
    epochAdjustment: options.epochAdjustment ?? Math.floor(publicNetwork.datetimeConverter.epoch.getTime() / 1000),
    blockInterval,
    // The timer's interval, or the testnet's 30 s without a timer.
    blockTime: options.blockTime ?? (blockInterval || 30_000),
    keepInputs: options.keepInputs ?? true,
    automine: options.automine ?? false,
    clock: options.clock ?? Date.now,
    importanceGrouping: options.importanceGrouping ?? 720,
    finalizationInterval: options.finalizationInterval ?? 10,
    harvesterCount: options.harvesterCount ?? 3,
    accountCount: options.accountCount ?? 10,
    accountBalance: options.accountBalance ?? 1_000_000_000_000n,
    maxTransactionLifetime: options.maxTransactionLifetime ?? 6 * 3600_000,
    friendlyName: options.friendlyName ?? 'symbol-gateway',
    announceDelay: options.announceDelay ?? 100,
    rules: options.rules ?? {},
    peers: options.peers ?? [],
    nodeMetadata: options.nodeMetadata ?? {},
    deployment: options.deployment ?? DEFAULT_DEPLOYMENT,
    feeStatisticsBlocks: options.feeStatisticsBlocks ?? 300,
    traces: options.traces ?? DEFAULT_TRACES,
    networkDescription: options.networkDescription ?? `symbol-gateway in-memory ${network}`,
    nemesis: options.nemesis,
    nemesisPlan: options.nemesisPlan,
  };
  if (resolved.nemesis && resolved.nemesisPlan) throw new TypeError('nemesis and nemesisPlan are two nemesis blocks: give one');
  if (typeof resolved.networkDescription !== 'string') throw new TypeError('networkDescription must be a string');
  if (!/^[0-9A-F]{64}$/.test(resolved.generationHashSeed)) throw new TypeError('generationHashSeed must be 64 hex characters');
  if (typeof resolved.accountBalance !== 'bigint' || resolved.accountBalance < 0n) throw new TypeError('accountBalance must be a non-negative bigint');
  for (const name of ['epochAdjustment', 'blockInterval', 'accountCount', 'announceDelay', 'traces'] as const) {
    if (!Number.isSafeInteger(resolved[name]) || resolved[name] < 0) throw new TypeError(`${name} must be a non-negative integer`);
  }
  if (typeof resolved.keepInputs !== 'boolean') throw new TypeError('keepInputs must be true or false');
  for (const key of ['deploymentTool', 'deploymentToolVersion', 'lastUpdatedDate'] as const) {
    if (typeof resolved.deployment?.[key] !== 'string') throw new TypeError(`deployment.${key} must be a string`);
  }
  for (const name of ['importanceGrouping', 'finalizationInterval', 'harvesterCount', 'maxTransactionLifetime', 'blockTime', 'feeStatisticsBlocks'] as const) {
    if (!Number.isSafeInteger(resolved[name]) || resolved[name] < 1) throw new TypeError(`${name} must be a positive integer`);
  }
  return resolved;
}
