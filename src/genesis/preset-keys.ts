import { blockSpanMinutes, timeSpanMs, unsigned } from '../memory/network-properties.js';
import type { InMemoryChainOptions } from '../memory/options.js';
import type { ChainRules } from '../memory/rules.js';
import { isMapping, type PresetSettings } from './preset-files.js';

/** The options a preset's settings give the chain (its nemesis aside). */
export type PresetChainOptions = Pick<
  InMemoryChainOptions,
  'network' | 'generationHashSeed' | 'epochAdjustment' | 'blockTime' | 'importanceGrouping' | 'maxTransactionLifetime' | 'networkDescription'
> & { rules: Partial<ChainRules> };

type OptionName = Exclude<keyof PresetChainOptions, 'rules'>;

/** How one preset key is read: an option, a rule (number, bigint, block span, name list, inflation schedule), or a value the chain has only one of. */
export type PresetKeyReading =
  | { readonly option: OptionName }
  | { readonly rule: keyof ChainRules; readonly as: 'number' | 'bigint' | 'blocks' | 'names' | 'inflation' }
  | { readonly fixed: string; readonly same: (value: string, name: string) => boolean; readonly why: string };

const n = (rule: keyof ChainRules): PresetKeyReading => ({ rule, as: 'number' });
const big = (rule: keyof ChainRules): PresetKeyReading => ({ rule, as: 'bigint' });
const blocks = (rule: keyof ChainRules): PresetKeyReading => ({ rule, as: 'blocks' });
const isTrue = (value: string) => /^(true|True|TRUE)$/.test(value);

/**
 * Every preset key that config-network.properties, config-inflation.properties or
 * config-node.properties' `minFeeMultiplier` is rendered from and that the chain models, by its
 * symbol-bootstrap name (mostly catapult's own; `nemesisGenerationHashSeed`, `networkType`,
 * `namespaceGracePeriodDuration`, `strictAggregateTransactionHash` and `inflation` differ). The
 * nemesis keys (signer, currency, sinks, fork height of the former sinks) are read with the seed.
 */
export const CHAIN_KEYS: Readonly<Record<string, PresetKeyReading>> = {
  networkType: { option: 'network' },
  nemesisGenerationHashSeed: { option: 'generationHashSeed' },
  epochAdjustment: { option: 'epochAdjustment' },
  networkDescription: { option: 'networkDescription' },
  blockGenerationTargetTime: { option: 'blockTime' },
  importanceGrouping: { option: 'importanceGrouping' },
  maxTransactionLifetime: { option: 'maxTransactionLifetime' },

  enableVerifiableState: { fixed: 'true', same: isTrue, why: 'the in-memory chain always computes state hashes' },
  enableVerifiableReceipts: { fixed: 'true', same: isTrue, why: 'the in-memory chain always computes receipts hashes' },
  enableBondedAggregateSupport: { fixed: 'true', same: isTrue, why: 'the in-memory chain always takes aggregate bonded transactions' },
  maxBondedTransactionLifetime: {
    fixed: '48h',
    same: (value, name) => timeSpanMs(value, name) === 48n * 3_600_000n,
    why: "the in-memory chain's aggregate bonded deadlines may lie 48 hours ahead",
  },

  importanceActivityPercentage: n('importanceActivityPercentage'),
  maxDifficultyBlocks: n('maxDifficultyBlocks'),
  defaultDynamicFeeMultiplier: n('defaultDynamicFeeMultiplier'),
  minFeeMultiplier: n('minFeeMultiplier'),
  initialCurrencyAtomicUnits: big('initialCurrencyAtomicUnits'),
  maxMosaicAtomicUnits: big('maxMosaicAtomicUnits'),
  totalChainImportance: big('totalChainImportance'),
  minHarvesterBalance: big('minHarvesterBalance'),
  maxVotingKeysPerAccount: n('maxVotingKeysPerAccount'),
  minVotingKeyLifetime: n('minVotingKeyLifetime'),
  maxVotingKeyLifetime: n('maxVotingKeyLifetime'),
  harvestBeneficiaryPercentage: n('harvestBeneficiaryPercentage'),
  harvestNetworkPercentage: n('harvestNetworkPercentage'),
  maxTransactionsPerAggregate: n('maxTransactionsPerAggregate'),
  maxCosignaturesPerAggregate: n('maxCosignaturesPerAggregate'),
  lockedFundsPerAggregate: big('lockedFundsPerAggregate'),
  maxHashLockDuration: blocks('maxHashLockDuration'),
  maxSecretLockDuration: blocks('maxSecretLockDuration'),
  minProofSize: n('minProofSize'),
  maxProofSize: n('maxProofSize'),
  maxValueSize: n('maxValueSize'),
  maxMosaicsPerAccount: n('maxMosaicsPerAccount'),
  maxMosaicDuration: blocks('maxMosaicDuration'),
  maxMosaicDivisibility: n('maxMosaicDivisibility'),
  mosaicRentalFee: big('mosaicRentalFee'),
  maxMultisigDepth: n('maxMultisigDepth'),
  maxCosignatoriesPerAccount: n('maxCosignatoriesPerAccount'),
  maxCosignedAccountsPerAccount: n('maxCosignedAccountsPerAccount'),
  maxNameSize: n('maxNameSize'),
  maxChildNamespaces: n('maxChildNamespaces'),
  maxNamespaceDepth: n('maxNamespaceDepth'),
  minNamespaceDuration: blocks('minNamespaceDuration'),
  maxNamespaceDuration: blocks('maxNamespaceDuration'),
  namespaceGracePeriodDuration: blocks('namespaceGracePeriod'),
  reservedRootNamespaceNames: { rule: 'reservedRootNamespaceNames', as: 'names' },
  rootNamespaceRentalFeePerBlock: big('rootNamespaceRentalFeePerBlock'),
  childNamespaceRentalFee: big('childNamespaceRentalFee'),
  maxAccountRestrictionValues: n('maxAccountRestrictionValues'),
  maxMosaicRestrictionValues: n('maxMosaicRestrictionValues'),
  maxMessageSize: n('maxMessageSize'),
  strictAggregateTransactionHash: big('strictAggregateTransactionHashHeight'),
  inflation: { rule: 'inflation', as: 'inflation' },
};

/** catapult's network identifiers by symbol-bootstrap's `networkType`. */
const NETWORKS: Readonly<Record<string, 'mainnet' | 'testnet'>> = { '104': 'mainnet', '152': 'testnet' };

/** `file: key`, how every error names a setting. */
export function settingName(settings: PresetSettings, key: string): string {
  return `${settings.files[key] ?? settings.read[settings.read.length - 1]}: ${key}`;
}

/** A setting's text; a list, a mapping or an empty value is a TypeError naming it. */
export function scalarSetting(settings: PresetSettings, key: string): string {
  const value = settings.values[key];
  const name = settingName(settings, key);
  if (Array.isArray(value) || isMapping(value)) throw new TypeError(`${name} must be a single value, not a ${Array.isArray(value) ? 'list' : 'mapping'}`);
  if (typeof value !== 'string' || value === '') throw new TypeError(`${name} has no value`);
  return value;
}

/**
 * Reads every key of `CHAIN_KEYS` the settings give into the chain's options and rules, values
 * parsed as catapult parses them; block spans are counted in blocks at the preset's block time.
 * Returns the keys it read. A bad value is a TypeError naming the file and the key.
 */
export function readChainSettings(settings: PresetSettings): { options: PresetChainOptions; keys: string[] } {
  const options: PresetChainOptions = { rules: {} };
  const rules = options.rules as Record<string, unknown>;
  const keys: string[] = [];
  const spans: [key: string, rule: keyof ChainRules][] = [];
  for (const [key, reading] of Object.entries(CHAIN_KEYS)) {
    if (!Object.hasOwn(settings.values, key)) continue;
    keys.push(key);
    const name = settingName(settings, key);
    if ('rule' in reading && reading.as === 'inflation') {
      rules[reading.rule] = readInflation(settings);
      continue;
    }
    const value = scalarSetting(settings, key);
    if ('fixed' in reading) {
      if (!reading.same(value, name)) throw new TypeError(`${name} = ${value} cannot be honoured: ${reading.why} (${reading.fixed})`);
    } else if ('option' in reading) setOption(options, reading.option, value, name);
    else if (reading.as === 'number') rules[reading.rule] = Number(unsigned(value, name, 2n ** 32n - 1n));
    else if (reading.as === 'bigint') rules[reading.rule] = unsigned(value, name);
    else if (reading.as === 'names') rules[reading.rule] = value.split(',').map((part) => part.trim()).filter((part) => part !== '');
    else spans.push([key, reading.rule]);
  }
  // A preset without an inflation schedule renders an empty config-inflation.properties: no inflation.
  if (!keys.includes('inflation')) rules.inflation = [];
  if (spans.length > 0) {
    const blockTime = options.blockTime;
    if (blockTime === undefined) throw new TypeError(`${settingName(settings, spans[0][0])} is a duration in time: the preset must give blockGenerationTargetTime to count it in blocks`);
    // As catapult's BlockSpan: whole minutes times 60 000 over the target time in ms, rounded down.
    for (const [key, rule] of spans) rules[rule] = (blockSpanMinutes(scalarSetting(settings, key), settingName(settings, key)) * 60_000n) / BigInt(blockTime);
  }
  return { options, keys };
}

function setOption(options: PresetChainOptions, option: OptionName, value: string, name: string): void {
  switch (option) {
    case 'network': {
      const network = NETWORKS[String(unsigned(value, name, 255n))];
      if (network === undefined) throw new TypeError(`${name} = ${value} cannot be honoured: the in-memory chain is mainnet (104) or testnet (152)`);
      options.network = network;
      return;
    }
    case 'generationHashSeed':
      if (!/^[0-9A-Fa-f]{64}$/.test(value)) throw new TypeError(`${name} = ${value} is not 64 hex characters`);
      options.generationHashSeed = value.toUpperCase();
      return;
    case 'epochAdjustment': {
      const ms = timeSpanMs(value, name);
      if (ms % 1000n !== 0n) throw new TypeError(`${name} = ${value} must be whole seconds`);
      options.epochAdjustment = safe(ms / 1000n, name);
      return;
    }
    case 'networkDescription':
      options.networkDescription = value;
      return;
    case 'blockTime': {
      const ms = timeSpanMs(value, name);
      if (ms === 0n) throw new TypeError(`${name} = ${value} must be more than 0`);
      options.blockTime = safe(ms, name);
      return;
    }
    case 'importanceGrouping': {
      const grouping = unsigned(value, name);
      if (grouping === 0n) throw new TypeError(`${name} = ${value} must be more than 0`);
      options.importanceGrouping = safe(grouping, name);
      return;
    }
    case 'maxTransactionLifetime':
      options.maxTransactionLifetime = safe(timeSpanMs(value, name), name);
      return;
  }
}

/** `inflation: { starting-at-height-<height>: <amount> }`, heights ascending, as config-inflation.properties has it. */
function readInflation(settings: PresetSettings): [bigint, bigint][] {
  const value = settings.values.inflation;
  const name = settingName(settings, 'inflation');
  if (value === '' || value === undefined) return [];
  if (!isMapping(value)) throw new TypeError(`${name} must be a mapping of starting-at-height-<height>: <amount>`);
  const schedule: [bigint, bigint][] = [];
  for (const [key, amount] of Object.entries(value)) {
    const entry = `${name}.${key}`;
    const match = /^starting-at-height-([0-9]+)$/.exec(key);
    if (!match) throw new TypeError(`${entry} is not starting-at-height-<height>`);
    if (typeof amount !== 'string') throw new TypeError(`${entry} must be an amount`);
    const height = BigInt(match[1]);
    if (schedule.length > 0 && height <= schedule[schedule.length - 1][0]) throw new TypeError(`${entry} comes after height ${schedule[schedule.length - 1][0]}: heights must ascend`);
    schedule.push([height, unsigned(amount, entry)]);
  }
  return schedule;
}

function safe(value: bigint, name: string): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new TypeError(`${name} is too large`);
  return Number(value);
}

/**
 * A mosaic id setting as symbol-bootstrap's `toHex` renders it (`0x` and `'` separators
 * dropped), as 16 uppercase hex; undefined when the preset does not give it.
 */
export function mosaicIdSetting(settings: PresetSettings, key: string): string | undefined {
  if (!Object.hasOwn(settings.values, key)) return undefined;
  const value = scalarSetting(settings, key);
  const hex = value.replaceAll("'", '').replace(/^0x/i, '');
  if (!/^[0-9A-Fa-f]{1,16}$/.test(hex)) throw new TypeError(`${settingName(settings, key)} = ${value} is not a mosaic id (up to 16 hex digits)`);
  return hex.toUpperCase().padStart(16, '0');
}
