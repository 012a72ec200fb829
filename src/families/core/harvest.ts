/**
 * What every block does to accounts after its transactions (catapult's HarvestFeeObserver
 * and importance recalculation): the fees and the inflation go to the harvester, the
 * network sink and the beneficiary, with a receipt each; every importance grouping,
 * importances are recalculated.
 */
import { sinksAt, type BlockContext } from '../../memory/execution/plugin.js';
import { RECEIPT_TYPE } from '../../memory/execution/receipts.js';
import { inflationAt } from '../../memory/rules.js';
import { ACCOUNTS, balanceOf, type AccountState, type ActivityBucket } from '../../memory/account-state.js';
import { changeBalance } from './observers.js';

/** Importance periods an account keeps activity buckets for. */
const KEPT_BUCKETS = 5;

/** Splits the block's fees and inflation between harvester, network sink and beneficiary. */
export function distributeHarvestFees(context: BlockContext): void {
  const { rules, height, network, harvesterAddress, beneficiaryAddress } = context;
  const mosaicId = network.currencyMosaicId;
  const inflation = inflationAt(rules, height);
  const total = context.totalFee + inflation;
  const networkShare = (total * BigInt(rules.harvestNetworkPercentage)) / 100n;
  const beneficiaryShare = beneficiaryAddress !== harvesterAddress ? (total * BigInt(rules.harvestBeneficiaryPercentage)) / 100n : 0n;
  const credits: [string, bigint][] = [
    [harvesterAddress, total - networkShare - beneficiaryShare],
    [sinksAt(network, height).harvestNetworkFee, networkShare],
    [beneficiaryAddress, beneficiaryShare],
  ];
  credits.forEach(([targetAddress, amount], i) => {
    // The harvester's receipt is there even for nothing; the others only when they get something.
    if (amount === 0n && i > 0) return;
    changeBalance(context, targetAddress, mosaicId, amount);
    context.receipt({ kind: 'balanceChange', type: RECEIPT_TYPE.harvestFee, mosaicId, amount, targetAddress });
  });
  if (inflation > 0n) context.receipt({ kind: 'inflation', type: RECEIPT_TYPE.inflation, mosaicId, amount: inflation });
  countBeneficiary(context, beneficiaryAddress);
}

/** The height importances were last calculated at, as of block `height`: catapult's ImportanceHeight. */
export function importanceHeight(height: bigint, grouping: bigint): bigint {
  const grouped = ((height - 1n) / grouping) * grouping;
  return grouped > 1n ? grouped : 1n;
}

/** Adds a fee to the account's activity in the current importance period (accounts with importance only). */
export function recordFeePaid(account: AccountState, fee: bigint, height: bigint, grouping: bigint): AccountState {
  return updateCurrentBucket(account, height, grouping, (bucket) => ({ ...bucket, totalFeesPaid: bucket.totalFeesPaid + fee }));
}

function countBeneficiary(context: BlockContext, address: string): void {
  const accounts = context.state.cache(ACCOUNTS);
  const account = accounts.get(address);
  if (!account) return;
  const updated = updateCurrentBucket(account, context.height, BigInt(context.rules.importanceGrouping), (bucket) => ({ ...bucket, beneficiaryCount: bucket.beneficiaryCount + 1 }));
  if (updated !== account) accounts.set(address, updated);
}

function updateCurrentBucket(account: AccountState, height: bigint, grouping: bigint, update: (bucket: ActivityBucket) => ActivityBucket): AccountState {
  const current = account.activityBuckets[0];
  if (!current || current.startHeight !== importanceHeight(height, grouping)) return account;
  return { ...account, activityBuckets: [update(current), ...account.activityBuckets.slice(1)] };
}

/**
 * Recalculates importances at the first block and at every importance grouping, by catapult's
 * PosImportanceCalculator. Every account holding at least `minHarvesterBalance` of the currency
 * (a high-value account) gets a stake part, `totalChainImportance × balance × (100 − a) ÷
 * (eligible balance × 100)` with `a` the `importanceActivityPercentage`, and an activity part from
 * the fees it paid and the blocks it was beneficiary of over its latest buckets (each in
 * proportion to the chain's, times `minHarvesterBalance ÷ balance`); the activity parts share
 * `a` percent of the total, or, when no account had any, the stake part is scaled up by
 * `100 ÷ (100 − a)`. The importance is kept as the new bucket's raw score; what the account gets
 * is the lower of it and the previous period's raw score (at the first block, the importance
 * itself). Every other account that had importance loses it (`withoutImportance`).
 *
 * @param candidates addresses that may hold importance now or did before (the eligible and the formerly eligible)
 */
export function recalculateImportances(context: BlockContext, candidates: Iterable<string>): void {
  const { rules, height, network } = context;
  const accounts = context.state.cache(ACCOUNTS);
  const grouping = BigInt(rules.importanceGrouping);
  const activityPercentage = BigInt(rules.importanceActivityPercentage);
  const eligible: { account: AccountState; balance: bigint; activity: ActivitySummary }[] = [];
  const dropped: AccountState[] = [];
  let totalBalance = 0n;
  let totalFeesPaid = 0n;
  let totalBeneficiaryCount = 0n;
  for (const address of candidates) {
    const account = accounts.get(address);
    if (!account) continue;
    const balance = balanceOf(account, network.harvestingMosaicId);
    if (balance >= rules.minHarvesterBalance) {
      const activity = summarizeActivity(account.activityBuckets, height, grouping);
      eligible.push({ account, balance, activity });
      totalBalance += balance;
      totalFeesPaid += activity.totalFeesPaid;
      totalBeneficiaryCount += activity.beneficiaryCount;
    } else if (account.importance > 0n) {
      dropped.push(account);
    }
  }
  const { totalChainImportance, minHarvesterBalance } = rules;
  const parts = eligible.map(({ balance, activity }) => {
    const stake = (totalChainImportance * balance * (100n - activityPercentage)) / (totalBalance * 100n);
    let fees = 0n;
    if (activityPercentage > 0n && totalFeesPaid > 0n) {
      fees = (((totalChainImportance * activity.totalFeesPaid * activityPercentage * minHarvesterBalance * 8n) / (totalFeesPaid * 1000n)) / balance);
    }
    let beneficiary = 0n;
    if (activityPercentage > 0n && totalBeneficiaryCount > 0n) {
      beneficiary = (((totalChainImportance * activity.beneficiaryCount * activityPercentage * minHarvesterBalance * 2n) / (totalBeneficiaryCount * 1000n)) / balance);
    }
    // catapult keeps the activity part in 64 bits.
    return { stake, activity: (fees + beneficiary) & 0xffff_ffff_ffff_ffffn };
  });
  const totalActivity = parts.reduce((sum, part) => sum + part.activity, 0n);
  const targetActivity = (totalChainImportance * activityPercentage) / 100n;
  eligible.forEach(({ account, activity }, i) => {
    const { stake, activity: activityPart } = parts[i];
    const importance =
      totalActivity === 0n ? (activityPercentage > 0n ? (stake * 100n) / (100n - activityPercentage) : stake) : stake + (activityPart * targetActivity) / totalActivity;
    const effective = height === 1n ? importance : importance < activity.previousImportance ? importance : activity.previousImportance;
    accounts.set(account.address, withImportance(account, importance, effective, height));
  });
  for (const account of dropped) accounts.set(account.address, withoutImportance(account));
}

/** What an account did over the buckets an importance recalculation looks at (catapult's AccountActivitySummary). */
interface ActivitySummary {
  readonly totalFeesPaid: bigint;
  readonly beneficiaryCount: bigint;
  /** The raw score of the previous period's bucket (0 without one). */
  readonly previousImportance: bigint;
}

/** catapult's SummarizeAccountActivity at importance height `height`: the buckets from four groupings back on, and the previous grouping's raw score. */
function summarizeActivity(buckets: readonly ActivityBucket[], height: bigint, grouping: bigint): ActivitySummary {
  const back = (count: bigint) => (height > grouping * count ? height - grouping * count : 1n);
  const previousHeight = height === 1n ? 0n : back(1n);
  const minHeight = back(BigInt(KEPT_BUCKETS - 1));
  let totalFeesPaid = 0n;
  let beneficiaryCount = 0n;
  let previousImportance = 0n;
  for (const bucket of buckets) {
    if (bucket.startHeight < minHeight) break;
    totalFeesPaid += bucket.totalFeesPaid;
    beneficiaryCount += BigInt(bucket.beneficiaryCount);
    if (bucket.startHeight === previousHeight) previousImportance = bucket.rawScore;
  }
  return { totalFeesPaid, beneficiaryCount, previousImportance };
}

/** A period with no activity: what catapult pushes for an account that stops being high value. */
const NO_ACTIVITY: ActivityBucket = { startHeight: 0n, totalFeesPaid: 0n, beneficiaryCount: 0, rawScore: 0n };

/** The account's importance snapshot at `height` (`effective`), and the period's bucket with the calculated importance as its raw score. */
function withImportance(account: AccountState, importance: bigint, effective: bigint, height: bigint): AccountState {
  const current = account.activityBuckets[0];
  // catapult updates the bucket of this height if the account has one already, else pushes a new one.
  const bucket: ActivityBucket = current?.startHeight === height ? { ...current, rawScore: importance } : { startHeight: height, totalFeesPaid: 0n, beneficiaryCount: 0, rawScore: importance };
  const older = current?.startHeight === height ? account.activityBuckets.slice(1) : account.activityBuckets;
  return { ...account, importance: effective, importanceHeight: height, activityBuckets: [bucket, ...older].slice(0, KEPT_BUCKETS) };
}

/**
 * An account that stops being high value (catapult's AccountStateCacheDelta, for removed
 * high-value accounts): an empty importance snapshot (importance and its height 0, so its
 * state is written in the regular format) and an empty activity bucket pushed before the others.
 */
function withoutImportance(account: AccountState): AccountState {
  return { ...account, importance: 0n, importanceHeight: 0n, activityBuckets: [NO_ACTIVITY, ...account.activityBuckets].slice(0, KEPT_BUCKETS) };
}
