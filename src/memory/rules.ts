/**
 * The network's rules that the chain's plugins enforce: catapult's config-network.properties
 * values that matter to state, with the public testnet's values as defaults. Durations are
 * in blocks (the testnet's day-based values converted at the chain's block time); amounts
 * in atomic units. Override any of them with the `rules` option of `InMemoryChain`.
 */
export interface ChainRules {
  /** Fee multiplier of blocks when the window holds no paid block (rental fees, `/network/fees/rental`). Default 100. */
  defaultDynamicFeeMultiplier: number;
  /** Blocks whose fee multipliers make the dynamic fee multiplier (their median). Default 60. */
  maxDifficultyBlocks: number;
  /** The node's lowest fee multiplier, reported by `/network/fees/transaction`. Default 10. */
  minFeeMultiplier: number;
  /** Share of a block's fees and inflation for a beneficiary other than the harvester, in percent. Default 25. */
  harvestBeneficiaryPercentage: number;
  /** Share of a block's fees and inflation for the network sink, in percent. Default 5. */
  harvestNetworkPercentage: number;
  /** Currency created by each block from the given height on: `[height, amount]`, ascending. Default: the testnet's schedule. */
  inflation: readonly (readonly [height: bigint, amount: bigint])[];
  /** Currency in existence after the nemesis block. Default 7 842 928 625 000 000 (the public networks'). */
  initialCurrencyAtomicUnits: bigint;
  /** Most atomic units any mosaic may have. Default 8 999 999 999 000 000. */
  maxMosaicAtomicUnits: bigint;
  /** Every this many blocks importances are recalculated (and the block is an importance block). Default 720 (the `importanceGrouping` option). */
  importanceGrouping: number;
  /** Importance the whole chain shares. Default `initialCurrencyAtomicUnits`. */
  totalChainImportance: bigint;
  /** Share of importance given for activity (fees paid, blocks as beneficiary), in percent: catapult's `importanceActivityPercentage`. Default 5. */
  importanceActivityPercentage: number;
  /** Least currency an account must hold to get importance. Default 10 000 XYM. */
  minHarvesterBalance: bigint;
  /** Most voting keys an account may link at once. Default 3. */
  maxVotingKeysPerAccount: number;
  /** Fewest finalization epochs a voting key may be linked for (its start and end epochs included). Default 28. */
  minVotingKeyLifetime: number;
  /** Most finalization epochs a voting key may be linked for (its start and end epochs included). Default 720. */
  maxVotingKeyLifetime: number;
  /** Most bytes of a transfer message, its type byte included. Default 1024. */
  maxMessageSize: number;
  /** Most embedded transactions in an aggregate. Default 100. */
  maxTransactionsPerAggregate: number;
  /** Most cosignatures of an aggregate, its signer counted. Default 25. */
  maxCosignaturesPerAggregate: number;
  /** Most different mosaics an account may hold. Default 1000. */
  maxMosaicsPerAccount: number;
  /** Longest mosaic duration, in blocks. Default 3650 days. */
  maxMosaicDuration: bigint;
  /** Most decimal places of a mosaic. Default 6. */
  maxMosaicDivisibility: number;
  /** Rental fee of a mosaic definition, times the dynamic fee multiplier. Default 500 000 (50 XYM at 100). */
  mosaicRentalFee: bigint;
  /** Longest namespace name part, in bytes. Default 64. */
  maxNameSize: number;
  /** Most namespaces under one root (all levels). Default 100. */
  maxChildNamespaces: number;
  /** Most levels of a namespace (`a.b.c` is 3). Default 3. */
  maxNamespaceDepth: number;
  /** Shortest root namespace rental, in blocks. Default 30 days. */
  minNamespaceDuration: bigint;
  /** Longest root namespace rental, in blocks. Default 1825 days. */
  maxNamespaceDuration: bigint;
  /** Blocks after a root namespace expires during which only its owner may renew it. Default 1 day (the testnet's). */
  namespaceGracePeriod: bigint;
  /** Root names nobody but the nemesis block may register. */
  reservedRootNamespaceNames: readonly string[];
  /** Rental fee of a root namespace per block of duration, times the dynamic fee multiplier. Default 2. */
  rootNamespaceRentalFeePerBlock: bigint;
  /** Rental fee of a child namespace, times the dynamic fee multiplier. Default 100 000 (10 XYM at 100). */
  childNamespaceRentalFee: bigint;
  /** Longest secret lock, in blocks. Default 365 days. */
  maxSecretLockDuration: bigint;
  /** Fewest bytes of a secret proof. Default 0. */
  minProofSize: number;
  /** Most bytes of a secret proof. Default 1024. */
  maxProofSize: number;
  /** Most values of one account restriction, and most additions plus deletions of one restriction transaction. Default 100. */
  maxAccountRestrictionValues: number;
  /** Most rules of a mosaic's global restriction, and most values of one address's restriction of a mosaic. Default 20. */
  maxMosaicRestrictionValues: number;
  /** Most levels of a multisig graph (a multisig account cosigned by multisig accounts…). Default 3. */
  maxMultisigDepth: number;
  /** Most cosignatories of one multisig account. Default 25. */
  maxCosignatoriesPerAccount: number;
  /** Most multisig accounts one account cosigns. Default 25. */
  maxCosignedAccountsPerAccount: number;
  /** Currency a hash lock must lock for an aggregate bonded, in atomic units. Default 10 000 000 (10 XYM). */
  lockedFundsPerAggregate: bigint;
  /** Longest hash lock, in blocks. Default 2 days. */
  maxHashLockDuration: bigint;
  /** Most bytes of a metadata value (an account's, a mosaic's or a namespace's), at most 65 535. Default 1024. */
  maxValueSize: number;
  /**
   * The height from which aggregates must be of version 2 (their transactionsHash computed the
   * strict way) and before which they must be of version 1: catapult's
   * `forkHeights.strictAggregateTransactionHash` (mainnet 1 690 500). Default 0: version 2 always.
   */
  strictAggregateTransactionHashHeight: bigint;
}

const DAY_MS = 86_400_000;

/** The public testnet's rules (symbol-bootstrap's testnet preset), durations at `blockTimeMs` per block. */
export function testnetRules(blockTimeMs: number): ChainRules {
  const days = (count: number) => BigInt(Math.floor((count * DAY_MS) / blockTimeMs));
  const initial = 7_842_928_625_000_000n;
  return {
    defaultDynamicFeeMultiplier: 100,
    maxDifficultyBlocks: 60,
    minFeeMultiplier: 10,
    harvestBeneficiaryPercentage: 25,
    harvestNetworkPercentage: 5,
    inflation: TESTNET_INFLATION,
    initialCurrencyAtomicUnits: initial,
    maxMosaicAtomicUnits: 8_999_999_999_000_000n,
    importanceGrouping: 720,
    totalChainImportance: initial,
    importanceActivityPercentage: 5,
    minHarvesterBalance: 10_000_000_000n,
    maxVotingKeysPerAccount: 3,
    minVotingKeyLifetime: 28,
    maxVotingKeyLifetime: 720,
    maxMessageSize: 1024,
    maxTransactionsPerAggregate: 100,
    maxCosignaturesPerAggregate: 25,
    maxMosaicsPerAccount: 1000,
    maxMosaicDuration: days(3650),
    maxMosaicDivisibility: 6,
    mosaicRentalFee: 500_000n,
    maxNameSize: 64,
    maxChildNamespaces: 100,
    maxNamespaceDepth: 3,
    minNamespaceDuration: days(30),
    maxNamespaceDuration: days(1825),
    namespaceGracePeriod: days(1),
    reservedRootNamespaceNames: ['symbol', 'symbl', 'xym', 'xem', 'nem', 'user', 'account', 'org', 'com', 'biz', 'net', 'edu', 'mil', 'gov', 'info'],
    rootNamespaceRentalFeePerBlock: 2n,
    childNamespaceRentalFee: 100_000n,
    maxSecretLockDuration: days(365),
    minProofSize: 0,
    maxProofSize: 1024,
    maxAccountRestrictionValues: 100,
    maxMosaicRestrictionValues: 20,
    maxMultisigDepth: 3,
    maxCosignatoriesPerAccount: 25,
    maxCosignedAccountsPerAccount: 25,
    lockedFundsPerAggregate: 10_000_000n,
    maxHashLockDuration: days(2),
    maxValueSize: 1024,
    strictAggregateTransactionHashHeight: 0n,
  };
}

/** Applies overrides to the defaults and rejects values the chain cannot run with. */
export function resolveRules(blockTimeMs: number, overrides: Partial<ChainRules> = {}): ChainRules {
  const rules: ChainRules = { ...testnetRules(blockTimeMs), ...overrides };
  if (overrides.totalChainImportance === undefined) rules.totalChainImportance = rules.initialCurrencyAtomicUnits;
  for (const [name, value] of Object.entries(rules)) {
    if (name === 'inflation' || name === 'reservedRootNamespaceNames') continue;
    const valid = typeof value === 'bigint' ? value >= 0n : Number.isSafeInteger(value) && (value as number) >= 0;
    if (!valid) throw new TypeError(`rules.${name} must be a non-negative ${typeof value === 'bigint' ? 'bigint' : 'integer'}`);
  }
  for (const name of ['harvestBeneficiaryPercentage', 'harvestNetworkPercentage'] as const) {
    if (rules[name] > 100) throw new TypeError(`rules.${name} must be at most 100`);
  }
  // The stake part is scaled by 100 ÷ (100 − it).
  if (rules.importanceActivityPercentage > 99) throw new TypeError('rules.importanceActivityPercentage must be below 100');
  if (rules.harvestNetworkPercentage + rules.harvestBeneficiaryPercentage > 100) throw new TypeError('the harvest percentages add up to more than 100');
  for (const name of ['maxNamespaceDepth', 'maxNameSize', 'importanceGrouping', 'maxDifficultyBlocks'] as const) {
    if (rules[name] < 1) throw new TypeError(`rules.${name} must be positive`);
  }
  if (rules.minVotingKeyLifetime > rules.maxVotingKeyLifetime) throw new TypeError('rules.minVotingKeyLifetime must not exceed rules.maxVotingKeyLifetime');
  if (rules.maxVotingKeysPerAccount > 255) throw new TypeError('rules.maxVotingKeysPerAccount must be at most 255');
  if (rules.maxMosaicRestrictionValues > 255) throw new TypeError('rules.maxMosaicRestrictionValues must be at most 255 (a byte, as in catapult)');
  // A metadata value's size is a uint16 on the wire.
  if (rules.maxValueSize > 0xffff) throw new TypeError('rules.maxValueSize must be at most 65535');
  if (rules.minNamespaceDuration > rules.maxNamespaceDuration) throw new TypeError('rules.minNamespaceDuration must not exceed rules.maxNamespaceDuration');
  if (rules.minProofSize > rules.maxProofSize) throw new TypeError('rules.minProofSize must not exceed rules.maxProofSize');
  // What the nemesis block creates must fit the rules: the currency (six decimal places, its supply) and `symbol.xym`.
  if (rules.maxMosaicDivisibility < 6) throw new TypeError('rules.maxMosaicDivisibility must be at least 6: the currency has six decimal places');
  if (rules.maxMosaicAtomicUnits < rules.initialCurrencyAtomicUnits) throw new TypeError('rules.maxMosaicAtomicUnits must be at least rules.initialCurrencyAtomicUnits');
  if (rules.maxNameSize < 6 || rules.maxNamespaceDepth < 2 || rules.maxChildNamespaces < 1) {
    throw new TypeError('the rules must allow symbol.xym: rules.maxNameSize at least 6, rules.maxNamespaceDepth at least 2, rules.maxChildNamespaces at least 1');
  }
  let previous = 0n;
  for (const entry of rules.inflation) {
    if (!Array.isArray(entry) || entry.length !== 2 || typeof entry[0] !== 'bigint' || typeof entry[1] !== 'bigint' || entry[0] < previous || entry[1] < 0n) {
      throw new TypeError('rules.inflation must be [height, amount] pairs of bigints, heights ascending');
    }
    previous = entry[0];
  }
  return rules;
}

/** Currency a block at `height` creates: the amount of the last inflation step at or below it. */
export function inflationAt(rules: ChainRules, height: bigint): bigint {
  let amount = 0n;
  for (const [from, value] of rules.inflation) {
    if (from > height) break;
    amount = value;
  }
  return amount;
}

/** The testnet's amounts per block, step after step (heights 172 799 + 262 500 × i). */
const INFLATION_STEPS = (
  '183764522 175884998 168343336 161125048 154216270 147603728 141274720 135217090 129419202 123869918 ' +
  '118558578 113474978 108609356 103952364 99495056 95228870 91145612 87237436 83496838 79916630 76489934 ' +
  '73210170 70071038 67066506 64190804 61438406 58804028 56282608 53869300 51559472 49348686 47232696 45207434 ' +
  '43269014 41413708 39637956 37938346 36311610 34754628 33264406 31838082 30472918 29166288 27915686 26718706 ' +
  '25573052 24476520 23427008 22422496 21461056 20540840 19660082 18817090 18010244 17237994 16498858 15791412 ' +
  '15114302 14466226 13845938 13252246 12684012 12140142 11619592 11121364 10644498 10188078 9751230 9333114 ' +
  '8932924 8549896 8183290 7832404 7496562 7175122 6867464 6573000 6291160 6021404 5763216 5516100 5279578 ' +
  '5053198 4836526 4629144 4430652 4240674 4058840 3884804 3718230 3558798 3406202 3260150 3120360 2986564 ' +
  '2858506 2735938 2618624 2506342 2398874 2296014 2197564 2103336 2013150 1926828 1844210 1765132 1689446 ' +
  '1617006 1547672 1481310 1417794 1357000 1298814 1243124 1189820 1138802 1089972 1043236 998504 955690 914712 ' +
  '875490 837950 802020 767630 734716 703212 673060 644200 616578 590140 564836 540616 517436 495248 474014 ' +
  '453688 434234 415616 397794 380738 364412 348786 333832 319518 305816 292704 280154 268140 256644 245638 ' +
  '235106 225026 215376 206142 197302 188842 180744 172994 165578 158478 151682 145178 138954 132994 127292 ' +
  '121834 116610 111610 106824 102244 97860 93664 89648 85804 82124 78602 75232 72006 68920 65964 63136 60428 ' +
  '57838 55358 52984 50712 48538 46456 44464 42558 40732 38986 37314 35714 34182 32716 31314 29972 28686 27456 ' +
  '26278 25152 24074 23042 22054 21108 20202 19336 18506 17714 16954 16226 15532 14866 14228 13618 13034 12474 ' +
  '11940 11428 10938 10468 10020 9590 9178 8786 8408 8048 7702 7372 7056 6754 6464 6186 5922 5668 5424 5192 ' +
  '4970 4756 4552 4356 4170 3992 3820 3656 3500 3350 3206 3068 2936 2810 2690 2574 2464 2358 2258 2160 2068 ' +
  '1980 1894 1812 1736 1660 1590 1522 1456 1394 1334 1276 1222 1170 1120 1072 1026 982 938 898 860 824 788 754 ' +
  '722 690 662 632 606 580 554 530 508 486 466 446 426 408 390 374 358 342 328 314 300 286 274 262 252 240 230 ' +
  '220 210 202 194 184 176 170 162 154 148 142 136 130 124 118 114 108 104 100 96 92 88 84 80 76 72 70 66 64 62 ' +
  '58 56 54 52 48 46 44 42 40 40 38 36 34 32 32 30 28 28 26 24 24 22 22 20 20 18 18 18 16 16 14 14 14 12 12 12 ' +
  '12 10 10 10 10 8 8 8 8 8 6 6 6 6 6 6 6 4 4 4 4 4 4 4 4 4 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 1 0'
).split(' ').map(Number);

/**
 * The testnet's inflation schedule (config-inflation.properties): nothing until height 5760,
 * then an amount per block that drops every 262 500 blocks from height 172 799 on.
 */
const TESTNET_INFLATION: readonly (readonly [bigint, bigint])[] = (() => {
  const steps: [bigint, bigint][] = [[2n, 0n], [5760n, 191_997_042n]];
  INFLATION_STEPS.forEach((amount, i) => steps.push([172_799n + 262_500n * BigInt(i), BigInt(amount)]));
  return steps;
})();
