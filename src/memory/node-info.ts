import type { NetworkConfigurationDTO, RentalFeesDTO, ServerInfoDTO, TransactionFeesDTO } from '../backend/dto.js';
import type { ChainIdentity } from './chain/identity.js';
import type { ChainRules } from './rules.js';
import { VERSION } from '../version.js';
import type { Deployment } from './options.js';

/** The version of the reference REST gateway whose wire protocol this package speaks. */
const REST_VERSION = '2.5.0';

/** `/node/server`: the protocol's version, this package's, and how the node was deployed. */
export function serverInfo(deployment: Deployment): ServerInfoDTO {
  return {
    serverInfo: {
      restVersion: REST_VERSION,
      sdkVersion: VERSION,
      deployment: { ...deployment },
    },
  };
}

/** Network properties as a node's config-network.properties gives them (strings with ' separators, as catapult writes). */
export function networkConfiguration(chain: ChainIdentity): NetworkConfigurationDTO {
  const { network, generationHashSeed, epochAdjustment, blockTime, finalizationInterval } = chain.options;
  const { rules, sinks } = chain;
  // catapult writes ids as 0x with a quote every four digits: 0x72C0'212E'67A0'8BCE.
  const configId = (id: string) => `0x${id.match(/.{4}/g)!.join("'")}`;
  const currency = configId(chain.currency.mosaicId);
  const lifetime = chain.options.maxTransactionLifetime;
  const blocks = (count: bigint) => duration(Number(count) * blockTime, true);
  return {
    network: {
      identifier: network,
      nodeEqualityStrategy: 'host',
      nemesisSignerPublicKey: chain.nemesisPublicKey,
      generationHashSeed,
      epochAdjustment: `${epochAdjustment}s`,
    },
    chain: {
      enableVerifiableState: true,
      enableVerifiableReceipts: true,
      currencyMosaicId: currency,
      harvestingMosaicId: configId(chain.currency.harvestingMosaicId),
      // Exact, as the rules' durations in blocks are counted at it (a wallet converts days to blocks with it).
      blockGenerationTargetTime: duration(blockTime),
      blockTimeSmoothingFactor: "3'000",
      blockFinalizationInterval: String(finalizationInterval),
      importanceGrouping: String(rules.importanceGrouping),
      importanceActivityPercentage: '5',
      maxRollbackBlocks: '0',
      maxDifficultyBlocks: String(rules.maxDifficultyBlocks),
      defaultDynamicFeeMultiplier: grouped(rules.defaultDynamicFeeMultiplier),
      maxTransactionLifetime: duration(lifetime),
      maxBlockFutureTime: '300ms',
      initialCurrencyAtomicUnits: grouped(rules.initialCurrencyAtomicUnits),
      maxMosaicAtomicUnits: grouped(rules.maxMosaicAtomicUnits),
      totalChainImportance: grouped(rules.totalChainImportance),
      minHarvesterBalance: grouped(rules.minHarvesterBalance),
      maxHarvesterBalance: "50'000'000'000'000",
      minVoterBalance: "3'000'000'000'000",
      maxVotingKeysPerAccount: String(rules.maxVotingKeysPerAccount),
      minVotingKeyLifetime: String(rules.minVotingKeyLifetime),
      maxVotingKeyLifetime: String(rules.maxVotingKeyLifetime),
      harvestBeneficiaryPercentage: String(rules.harvestBeneficiaryPercentage),
      harvestNetworkPercentage: String(rules.harvestNetworkPercentage),
      harvestNetworkFeeSinkAddress: sinks.harvestNetworkFee.address,
      blockPruneInterval: '360',
      maxTransactionsPerBlock: "6'000",
    },
    plugins: {
      accountlink: { dummy: 'to trigger plugin load' },
      aggregate: {
        maxTransactionsPerAggregate: grouped(rules.maxTransactionsPerAggregate),
        maxCosignaturesPerAggregate: String(rules.maxCosignaturesPerAggregate),
        enableStrictCosignatureCheck: false,
        enableBondedAggregateSupport: true,
        maxBondedTransactionLifetime: duration(lifetime * 8),
      },
      lockhash: { lockedFundsPerAggregate: grouped(rules.lockedFundsPerAggregate), maxHashLockDuration: blocks(rules.maxHashLockDuration) },
      locksecret: { maxSecretLockDuration: blocks(rules.maxSecretLockDuration), minProofSize: String(rules.minProofSize), maxProofSize: grouped(rules.maxProofSize) },
      metadata: { maxValueSize: grouped(rules.maxValueSize) },
      mosaic: {
        maxMosaicsPerAccount: grouped(rules.maxMosaicsPerAccount),
        maxMosaicDuration: blocks(rules.maxMosaicDuration),
        maxMosaicDivisibility: String(rules.maxMosaicDivisibility),
        mosaicRentalFeeSinkAddress: sinks.mosaicRental.address,
        mosaicRentalFee: grouped(rules.mosaicRentalFee),
      },
      multisig: {
        maxMultisigDepth: String(rules.maxMultisigDepth),
        maxCosignatoriesPerAccount: String(rules.maxCosignatoriesPerAccount),
        maxCosignedAccountsPerAccount: String(rules.maxCosignedAccountsPerAccount),
      },
      namespace: {
        maxNameSize: String(rules.maxNameSize),
        maxChildNamespaces: grouped(rules.maxChildNamespaces),
        maxNamespaceDepth: String(rules.maxNamespaceDepth),
        minNamespaceDuration: blocks(rules.minNamespaceDuration),
        maxNamespaceDuration: blocks(rules.maxNamespaceDuration),
        namespaceGracePeriodDuration: blocks(rules.namespaceGracePeriod),
        reservedRootNamespaceNames: rules.reservedRootNamespaceNames.join(', '),
        namespaceRentalFeeSinkAddress: sinks.namespaceRental.address,
        rootNamespaceRentalFeePerBlock: grouped(rules.rootNamespaceRentalFeePerBlock),
        childNamespaceRentalFee: grouped(rules.childNamespaceRentalFee),
      },
      restrictionaccount: { maxAccountRestrictionValues: grouped(rules.maxAccountRestrictionValues) },
      restrictionmosaic: { maxMosaicRestrictionValues: grouped(rules.maxMosaicRestrictionValues) },
      transfer: { maxMessageSize: grouped(rules.maxMessageSize) },
    },
    forkHeights: {},
  };
}

/**
 * `/network/fees/transaction`, as the reference computes it from the latest blocks' fee
 * multipliers: the average and the median (the mean of the two middle values for an even
 * count) with blocks that asked no fee counted at the default multiplier, both rounded
 * down; the highest and lowest as they are; and the node's minimum.
 */
export function transactionFees(multipliers: readonly number[], rules: ChainRules): TransactionFeesDTO {
  const defaulted = multipliers.map((multiplier) => (multiplier === 0 ? rules.defaultDynamicFeeMultiplier : multiplier));
  return {
    averageFeeMultiplier: Math.floor(defaulted.reduce((sum, multiplier) => sum + multiplier, 0) / defaulted.length),
    medianFeeMultiplier: Math.floor(median(defaulted)),
    highestFeeMultiplier: Math.max(...multipliers),
    lowestFeeMultiplier: Math.min(...multipliers),
    minFeeMultiplier: rules.minFeeMultiplier,
  };
}

/**
 * `/network/fees/rental`: the rental fees times the dynamic fee multiplier the next block
 * charges them at (the median of the latest `maxDifficultyBlocks` blocks' multipliers), so the
 * quote is what a registration pays. (The reference gateway takes a plain median of the blocks
 * there are; on a full window of paid blocks the two agree.)
 */
export function rentalFees(multiplier: bigint, rules: ChainRules): RentalFeesDTO {
  return {
    effectiveRootNamespaceRentalFeePerBlock: (rules.rootNamespaceRentalFeePerBlock * multiplier).toString(),
    effectiveChildNamespaceRentalFee: (rules.childNamespaceRentalFee * multiplier).toString(),
    effectiveMosaicRentalFee: (rules.mosaicRentalFee * multiplier).toString(),
  };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** A number as catapult's configuration writes it: a quote every three digits. */
function grouped(value: number | bigint): string {
  return value.toString().replace(/\B(?=(\d{3})+(?!\d))/g, "'");
}

/** A duration as catapult's configuration writes it: `6h`, `90m`, `30s`, `500ms`; block spans in whole days as `30d`. */
function duration(ms: number, days = false): string {
  for (const [unit, size] of [['d', 86_400_000], ['h', 3_600_000], ['m', 60_000], ['s', 1000]] as const) {
    if ((days || unit !== 'd') && ms % size === 0 && ms >= size) return `${ms / size}${unit}`;
  }
  return `${ms}ms`;
}
