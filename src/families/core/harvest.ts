/**
 * What every block does to accounts after its transactions (catapult's HarvestFeeObserver
 * and importance recalculation): the fees and the inflation go to the harvester, the
 * network sink and the beneficiary, with a receipt each; every importance grouping,
 * importances are recalculated.
 */
import type { BlockContext } from '../../memory/execution/plugin.js';
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
    [network.sinks.harvestNetworkFee, networkShare],
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
 * Recalculates importances at the first block and at every importance grouping. The rule
 * (catapult's, without its activity part): an account holding at least `minHarvesterBalance`
 * of the currency gets `totalChainImportance × its balance ÷ the balance of all such
 * accounts`, and starts a new activity bucket at this height with that score; every other
 * account that had importance loses it (`withoutImportance`).
 *
 * @param candidates addresses that may hold importance now or did before (the eligible and the formerly eligible)
 */
export function recalculateImportances(context: BlockContext, candidates: Iterable<string>): void {
  const { rules, height, network } = context;
  const accounts = context.state.cache(ACCOUNTS);
  const eligible: AccountState[] = [];
  const dropped: AccountState[] = [];
  let totalBalance = 0n;
  for (const address of candidates) {
    const account = accounts.get(address);
    if (!account) continue;
    const balance = balanceOf(account, network.currencyMosaicId);
    if (balance >= rules.minHarvesterBalance) {
      eligible.push(account);
      totalBalance += balance;
    } else if (account.importance > 0n) {
      dropped.push(account);
    }
  }
  for (const account of eligible) {
    const importance = (rules.totalChainImportance * balanceOf(account, network.currencyMosaicId)) / totalBalance;
    accounts.set(account.address, withImportance(account, importance, height));
  }
  for (const account of dropped) accounts.set(account.address, withoutImportance(account));
}

/** A period with no activity: what catapult pushes for an account that stops being high value. */
const NO_ACTIVITY: ActivityBucket = { startHeight: 0n, totalFeesPaid: 0n, beneficiaryCount: 0, rawScore: 0n };

function withImportance(account: AccountState, importance: bigint, height: bigint): AccountState {
  const bucket: ActivityBucket = { startHeight: height, totalFeesPaid: 0n, beneficiaryCount: 0, rawScore: importance };
  return { ...account, importance, importanceHeight: height, activityBuckets: [bucket, ...account.activityBuckets].slice(0, KEPT_BUCKETS) };
}

/**
 * An account that stops being high value (catapult's AccountStateCacheDelta, for removed
 * high-value accounts): an empty importance snapshot (importance and its height 0, so its
 * state is written in the regular format) and an empty activity bucket pushed before the others.
 */
function withoutImportance(account: AccountState): AccountState {
  return { ...account, importance: 0n, importanceHeight: 0n, activityBuckets: [NO_ACTIVITY, ...account.activityBuckets].slice(0, KEPT_BUCKETS) };
}
