import type { InMemoryChainOptions } from './options.js';
import type { ChainRules } from './rules.js';

/**
 * A catapult `config-network.properties` (the file symbol-bootstrap renders for a network) read
 * as the in-memory chain's options: its identity where the chain can take it (identifier,
 * generation hash seed, epoch adjustment), its block time, and every rule `ChainRules` has,
 * values parsed as catapult parses them (`1'000` digit separators, durations `500ms`/`30s`/`1m`/`6h`,
 * block spans `1m`/`2h`/`30d` turned into blocks at the file's `blockGenerationTargetTime`).
 */
export interface NetworkProperties {
  /** What the chain takes of the file. */
  options: Pick<InMemoryChainOptions, 'network' | 'generationHashSeed' | 'epochAdjustment' | 'blockTime' | 'importanceGrouping' | 'maxTransactionLifetime'> & { rules: Partial<ChainRules> };
  /** Identity keys the chain derives from its seed instead (nemesis signer, currency ids, sinks): read and not used, for the caller to say so. */
  identity: string[];
  /** Consensus settings the in-memory chain has no counterpart for (smoothing, rollbacks, voting sets, fork heights…), read and not used. */
  unmodelled: string[];
}

/** How one key is read: a rule (number, bigint or block span), an option, or what the chain does with it. */
type Reading =
  | { rule: keyof ChainRules; as: 'number' | 'bigint' | 'blocks' | 'names' }
  | { option: 'network' | 'generationHashSeed' | 'epochAdjustment' | 'blockTime' | 'importanceGrouping' | 'maxTransactionLifetime' }
  | { identity: true }
  | { unmodelled: true }
  // A setting the chain has one value of: any other value is refused.
  | { fixed: string; why: string };

const n = (rule: keyof ChainRules): Reading => ({ rule, as: 'number' });
const big = (rule: keyof ChainRules): Reading => ({ rule, as: 'bigint' });
const blocks = (rule: keyof ChainRules): Reading => ({ rule, as: 'blocks' });
const IDENTITY: Reading = { identity: true };
const UNMODELLED: Reading = { unmodelled: true };

/** Every key of catapult's config-network.properties, by section (catapult's BlockchainConfiguration and its plugins' configurations). */
const KEYS: Readonly<Record<string, Readonly<Record<string, Reading>>>> = {
  network: {
    identifier: { option: 'network' },
    nodeEqualityStrategy: UNMODELLED,
    nemesisSignerPublicKey: IDENTITY,
    generationHashSeed: { option: 'generationHashSeed' },
    epochAdjustment: { option: 'epochAdjustment' },
  },
  chain: {
    enableVerifiableState: { fixed: 'true', why: 'the in-memory chain always computes state hashes' },
    enableVerifiableReceipts: { fixed: 'true', why: 'the in-memory chain always computes receipts hashes' },
    currencyMosaicId: IDENTITY,
    harvestingMosaicId: IDENTITY,
    blockGenerationTargetTime: { option: 'blockTime' },
    blockTimeSmoothingFactor: UNMODELLED,
    importanceGrouping: { option: 'importanceGrouping' },
    importanceActivityPercentage: n('importanceActivityPercentage'),
    maxRollbackBlocks: UNMODELLED,
    maxDifficultyBlocks: n('maxDifficultyBlocks'),
    defaultDynamicFeeMultiplier: n('defaultDynamicFeeMultiplier'),
    maxTransactionLifetime: { option: 'maxTransactionLifetime' },
    maxBlockFutureTime: UNMODELLED,
    initialCurrencyAtomicUnits: big('initialCurrencyAtomicUnits'),
    maxMosaicAtomicUnits: big('maxMosaicAtomicUnits'),
    totalChainImportance: big('totalChainImportance'),
    minHarvesterBalance: big('minHarvesterBalance'),
    maxHarvesterBalance: UNMODELLED,
    minVoterBalance: UNMODELLED,
    votingSetGrouping: UNMODELLED,
    maxVotingKeysPerAccount: n('maxVotingKeysPerAccount'),
    minVotingKeyLifetime: n('minVotingKeyLifetime'),
    maxVotingKeyLifetime: n('maxVotingKeyLifetime'),
    harvestBeneficiaryPercentage: n('harvestBeneficiaryPercentage'),
    harvestNetworkPercentage: n('harvestNetworkPercentage'),
    harvestNetworkFeeSinkAddressV1: IDENTITY,
    harvestNetworkFeeSinkAddress: IDENTITY,
    maxTransactionsPerBlock: UNMODELLED,
  },
  fork_heights: {
    totalVotingBalanceCalculationFix: UNMODELLED,
    treasuryReissuance: UNMODELLED,
    strictAggregateTransactionHash: big('strictAggregateTransactionHashHeight'),
    skipSecretLockUniquenessChecks: UNMODELLED,
    skipSecretLockExpirations: UNMODELLED,
    forceSecretLockExpirations: UNMODELLED,
  },
  'plugin:catapult.plugins.accountlink': { dummy: UNMODELLED },
  'plugin:catapult.plugins.aggregate': {
    maxTransactionsPerAggregate: n('maxTransactionsPerAggregate'),
    maxCosignaturesPerAggregate: n('maxCosignaturesPerAggregate'),
    enableStrictCosignatureCheck: UNMODELLED,
    enableBondedAggregateSupport: { fixed: 'true', why: 'the in-memory chain always takes aggregate bonded transactions' },
    maxBondedTransactionLifetime: { fixed: '48h', why: "the in-memory chain's aggregate bonded deadlines may lie 48 hours ahead" },
  },
  'plugin:catapult.plugins.lockhash': { lockedFundsPerAggregate: big('lockedFundsPerAggregate'), maxHashLockDuration: blocks('maxHashLockDuration') },
  'plugin:catapult.plugins.locksecret': { maxSecretLockDuration: blocks('maxSecretLockDuration'), minProofSize: n('minProofSize'), maxProofSize: n('maxProofSize') },
  'plugin:catapult.plugins.metadata': { maxValueSize: n('maxValueSize') },
  'plugin:catapult.plugins.mosaic': {
    maxMosaicsPerAccount: n('maxMosaicsPerAccount'),
    maxMosaicDuration: blocks('maxMosaicDuration'),
    maxMosaicDivisibility: n('maxMosaicDivisibility'),
    mosaicRentalFeeSinkAddressV1: IDENTITY,
    mosaicRentalFeeSinkAddress: IDENTITY,
    mosaicRentalFee: big('mosaicRentalFee'),
  },
  'plugin:catapult.plugins.multisig': {
    maxMultisigDepth: n('maxMultisigDepth'),
    maxCosignatoriesPerAccount: n('maxCosignatoriesPerAccount'),
    maxCosignedAccountsPerAccount: n('maxCosignedAccountsPerAccount'),
  },
  'plugin:catapult.plugins.namespace': {
    maxNameSize: n('maxNameSize'),
    maxChildNamespaces: n('maxChildNamespaces'),
    maxNamespaceDepth: n('maxNamespaceDepth'),
    minNamespaceDuration: blocks('minNamespaceDuration'),
    maxNamespaceDuration: blocks('maxNamespaceDuration'),
    namespaceGracePeriodDuration: blocks('namespaceGracePeriod'),
    reservedRootNamespaceNames: { rule: 'reservedRootNamespaceNames', as: 'names' },
    namespaceRentalFeeSinkAddressV1: IDENTITY,
    namespaceRentalFeeSinkAddress: IDENTITY,
    rootNamespaceRentalFeePerBlock: big('rootNamespaceRentalFeePerBlock'),
    childNamespaceRentalFee: big('childNamespaceRentalFee'),
  },
  'plugin:catapult.plugins.restrictionaccount': { maxAccountRestrictionValues: n('maxAccountRestrictionValues') },
  'plugin:catapult.plugins.restrictionmosaic': { maxMosaicRestrictionValues: n('maxMosaicRestrictionValues') },
  'plugin:catapult.plugins.transfer': { maxMessageSize: n('maxMessageSize') },
};

// Sections of heights and hashes that fix up the public networks' history: nothing of them applies to a chain of its own.
const UNMODELLED_SECTIONS = new Set(['treasury_reissuance_transaction_signatures', 'corrupt_aggregate_transaction_hashes']);

/**
 * Reads a config-network.properties text; throws a TypeError naming the key (and its line) that is
 * unknown, malformed, or that the chain cannot honour.
 *
 * @example
 * readNetworkProperties(text).options.rules.minNamespaceDuration // 4n at 15 s for 1m
 */
export function readNetworkProperties(text: string): NetworkProperties {
  const entries = parseProperties(text);
  const result: NetworkProperties = { options: { rules: {} }, identity: [], unmodelled: [] };
  const rules = result.options.rules as Record<string, unknown>;
  const spans: [entry: Entry, rule: keyof ChainRules][] = [];
  for (const entry of entries) {
    const { section, key, value } = entry;
    const name = `${key} (line ${entry.line})`;
    if (UNMODELLED_SECTIONS.has(section)) {
      result.unmodelled.push(`${section}.${key}`);
      continue;
    }
    const keys = KEYS[section];
    if (keys === undefined) throw new TypeError(`[${section}] (line ${entry.line}) is not a section of config-network.properties`);
    const reading = Object.hasOwn(keys, key) ? keys[key] : undefined;
    if (reading === undefined) throw new TypeError(`${name} is not a key of [${section}] in config-network.properties`);
    if ('identity' in reading) result.identity.push(key);
    else if ('unmodelled' in reading) result.unmodelled.push(key);
    else if ('fixed' in reading) {
      if (value !== reading.fixed) throw new TypeError(`${name} = ${value} cannot be honoured: ${reading.why} (${reading.fixed})`);
    } else if ('option' in reading) setOption(result.options, reading.option, value, name);
    else if (reading.as === 'number') rules[reading.rule] = Number(unsigned(value, name, 2n ** 32n - 1n));
    else if (reading.as === 'bigint') rules[reading.rule] = unsigned(value, name);
    else if (reading.as === 'names') rules[reading.rule] = value.split(',').map((part) => part.trim()).filter((part) => part !== '');
    else spans.push([entry, reading.rule]);
  }
  if (spans.length > 0) {
    const blockTime = result.options.blockTime;
    if (blockTime === undefined) throw new TypeError(`${spans[0][0].key} (line ${spans[0][0].line}) is a duration in time: the file must give blockGenerationTargetTime to count it in blocks`);
    // As catapult's BlockSpan: whole minutes times 60 000 over the target time in ms, rounded down.
    for (const [entry, rule] of spans) rules[rule] = (blockSpanMinutes(entry.value, `${entry.key} (line ${entry.line})`) * 60_000n) / BigInt(blockTime);
  }
  return result;
}

interface Entry {
  section: string;
  key: string;
  value: string;
  line: number;
}

/** Catapult's properties format: `[section]` headers, `key = value` lines, `#` comments; a key once per section. */
function parseProperties(text: string): Entry[] {
  const entries: Entry[] = [];
  const seen = new Set<string>();
  let section: string | undefined;
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const header = /^\[(.+)\]$/.exec(line);
    if (header) {
      section = header[1].trim();
      return;
    }
    const equals = line.indexOf('=');
    if (equals <= 0) throw new TypeError(`line ${i + 1} is neither [section] nor key = value: '${line.slice(0, 80)}'`);
    const key = line.slice(0, equals).trim();
    if (section === undefined) throw new TypeError(`${key} (line ${i + 1}) comes before any [section]`);
    if (seen.has(`${section}\n${key}`)) throw new TypeError(`${key} (line ${i + 1}) is given twice in [${section}]`);
    seen.add(`${section}\n${key}`);
    entries.push({ section, key, value: line.slice(equals + 1).trim(), line: i + 1 });
  });
  return entries;
}

function setOption(options: NetworkProperties['options'], option: Extract<Reading, { option: string }>['option'], value: string, name: string): void {
  switch (option) {
    case 'network':
      if (value !== 'testnet' && value !== 'mainnet') throw new TypeError(`${name} = ${value} cannot be honoured: the in-memory chain is testnet or mainnet`);
      options.network = value;
      return;
    case 'generationHashSeed':
      if (!/^[0-9A-Fa-f]{64}$/.test(value)) throw new TypeError(`${name} must be 64 hex characters`);
      options.generationHashSeed = value.toUpperCase();
      return;
    case 'epochAdjustment': {
      const ms = timeSpanMs(value, name);
      if (ms % 1000n !== 0n) throw new TypeError(`${name} = ${value} must be whole seconds`);
      options.epochAdjustment = safe(ms / 1000n, name);
      return;
    }
    case 'blockTime': {
      const ms = timeSpanMs(value, name);
      if (ms === 0n) throw new TypeError(`${name} must be more than 0`);
      options.blockTime = safe(ms, name);
      return;
    }
    case 'maxTransactionLifetime':
      options.maxTransactionLifetime = safe(timeSpanMs(value, name), name);
      return;
    case 'importanceGrouping':
      options.importanceGrouping = safe(unsigned(value, name), name);
      return;
  }
}

/** An unsigned integer as catapult reads one: digits with single `'` separators between them. */
export function unsigned(value: string, name: string, max = 0xffff_ffff_ffff_ffffn): bigint {
  if (!/^[0-9]+('[0-9]+)*$/.test(value)) throw new TypeError(`${name} = ${value} is not an unsigned integer (digits, optionally grouped with ')`);
  const parsed = BigInt(value.replaceAll("'", ''));
  if (parsed > max) throw new TypeError(`${name} = ${value} is more than ${max}`);
  return parsed;
}

/** catapult's TimeSpan: `<n>ms`, `<n>s`, `<n>m` or `<n>h`, in ms. */
export function timeSpanMs(value: string, name: string): bigint {
  const match = /^(.+?)(ms|s|m|h)$/.exec(value);
  if (!match) throw new TypeError(`${name} = ${value} is not a duration (like 500ms, 30s, 1m or 6h)`);
  const unit = { ms: 1n, s: 1000n, m: 60_000n, h: 3_600_000n }[match[2] as 'ms' | 's' | 'm' | 'h'];
  return unsigned(match[1], name) * unit;
}

/** catapult's BlockSpan: `<n>m`, `<n>h` or `<n>d`, in minutes. */
export function blockSpanMinutes(value: string, name: string): bigint {
  const match = /^(.+)([mhd])$/.exec(value);
  if (!match) throw new TypeError(`${name} = ${value} is not a block span (like 1m, 2h or 30d)`);
  const unit = { m: 1n, h: 60n, d: 1440n }[match[2] as 'm' | 'h' | 'd'];
  return unsigned(match[1], name) * unit;
}

function safe(value: bigint, name: string): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new TypeError(`${name} is too large`);
  return Number(value);
}
