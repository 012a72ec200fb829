import type { NetworkConfigurationDTO, ServerInfoDTO } from '../backend/dto.js';
import type { InMemoryChain } from './chain.js';
import { RELEASE_DATE, VERSION } from '../version.js';

/** The version of the reference REST gateway whose wire protocol this package speaks. */
const REST_VERSION = '2.5.0';

export function serverInfo(): ServerInfoDTO {
  return {
    serverInfo: {
      restVersion: REST_VERSION,
      sdkVersion: VERSION,
      deployment: { deploymentTool: 'symbol-gateway', deploymentToolVersion: VERSION, lastUpdatedDate: RELEASE_DATE },
    },
  };
}

/** Network properties as a node's config-network.properties gives them (strings with ' separators, as catapult writes). */
export function networkConfiguration(chain: InMemoryChain): NetworkConfigurationDTO {
  const { network, generationHashSeed, epochAdjustment, blockInterval, importanceGrouping, finalizationInterval } = chain.options;
  const sinkAddress = chain.nemesisAccount.address;
  // catapult writes ids as 0x with a quote every four digits: 0x72C0'212E'67A0'8BCE.
  const currency = `0x${chain.currency.mosaicId.match(/.{4}/g)!.join("'")}`;
  const lifetime = chain.options.maxTransactionLifetime;
  return {
    network: {
      identifier: network,
      nodeEqualityStrategy: 'host',
      nemesisSignerPublicKey: chain.nemesisAccount.publicKey,
      generationHashSeed,
      epochAdjustment: `${epochAdjustment}s`,
    },
    chain: {
      enableVerifiableState: true,
      enableVerifiableReceipts: true,
      currencyMosaicId: currency,
      harvestingMosaicId: currency,
      blockGenerationTargetTime: `${Math.max(1, Math.round((blockInterval || 30_000) / 1000))}s`,
      blockTimeSmoothingFactor: "3'000",
      blockFinalizationInterval: String(finalizationInterval),
      importanceGrouping: String(importanceGrouping),
      importanceActivityPercentage: '5',
      maxRollbackBlocks: '0',
      maxDifficultyBlocks: '60',
      defaultDynamicFeeMultiplier: "100",
      maxTransactionLifetime: duration(lifetime),
      maxBlockFutureTime: '300ms',
      initialCurrencyAtomicUnits: "7'842'928'625'000'000",
      maxMosaicAtomicUnits: "8'999'999'999'000'000",
      totalChainImportance: "7'842'928'625'000'000",
      minHarvesterBalance: "10'000'000'000",
      maxHarvesterBalance: "50'000'000'000'000",
      minVoterBalance: "3'000'000'000'000",
      maxVotingKeysPerAccount: '3',
      minVotingKeyLifetime: '112',
      maxVotingKeyLifetime: '360',
      harvestBeneficiaryPercentage: '25',
      harvestNetworkPercentage: '5',
      harvestNetworkFeeSinkAddress: sinkAddress,
      blockPruneInterval: '360',
      maxTransactionsPerBlock: "6'000",
    },
    plugins: {
      accountlink: { dummy: 'to trigger plugin load' },
      aggregate: {
        maxTransactionsPerAggregate: '100',
        maxCosignaturesPerAggregate: '25',
        enableStrictCosignatureCheck: false,
        enableBondedAggregateSupport: true,
        maxBondedTransactionLifetime: duration(lifetime * 8),
      },
      lockhash: { lockedFundsPerAggregate: "10'000'000", maxHashLockDuration: '2d' },
      locksecret: { maxSecretLockDuration: '365d', minProofSize: '0', maxProofSize: '1024' },
      metadata: { maxValueSize: '1024' },
      mosaic: {
        maxMosaicsPerAccount: "1'000",
        maxMosaicDuration: '3650d',
        maxMosaicDivisibility: '6',
        mosaicRentalFeeSinkAddress: sinkAddress,
        mosaicRentalFee: '500',
      },
      multisig: { maxMultisigDepth: '3', maxCosignatoriesPerAccount: '25', maxCosignedAccountsPerAccount: '25' },
      namespace: {
        maxNameSize: '64',
        maxChildNamespaces: '100',
        maxNamespaceDepth: '3',
        minNamespaceDuration: '30d',
        maxNamespaceDuration: '1825d',
        namespaceGracePeriodDuration: '30d',
        reservedRootNamespaceNames: 'symbol, symbl, xym, xem, nem, user, account, org, com, biz, net, edu, mil, gov, info',
        namespaceRentalFeeSinkAddress: sinkAddress,
        rootNamespaceRentalFeePerBlock: '1',
        childNamespaceRentalFee: '100',
      },
      restrictionaccount: { maxAccountRestrictionValues: '100' },
      restrictionmosaic: { maxMosaicRestrictionValues: '20' },
      transfer: { maxMessageSize: '1024' },
    },
    forkHeights: {},
  };
}

/** A duration as catapult's configuration writes it: `6h`, `90m`, `30s`, `500ms`. */
function duration(ms: number): string {
  for (const [unit, size] of [['h', 3_600_000], ['m', 60_000], ['s', 1000]] as const) {
    if (ms % size === 0) return `${ms / size}${unit}`;
  }
  return `${ms}ms`;
}
