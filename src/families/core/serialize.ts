import { StateWriter, hashedTreeKey, hexBytes } from '../../memory/state/state-writer.js';
import { ACCOUNT_TYPE, type AccountState } from '../../memory/account-state.js';

/** catapult's `AccountStateNonHistoricalSerializer::State_Version`. */
export const ACCOUNT_STATE_VERSION = 1;

/** Activity buckets catapult writes (`Activity_Bucket_History_Size - Rollback_Buffer_Size`). */
export const ACCOUNT_STATE_BUCKETS = 5;

/** `AccountKeyTypeFlags`. */
const KEY_FLAGS = { linked: 1, node: 2, vrf: 4 } as const;

const ZERO_KEY = '0'.repeat(64);

/**
 * An account's state as the account state cache's Patricia tree hashes it (catapult's
 * `AccountStateNonHistoricalSerializer`, the catbuffer `AccountState`): address, address
 * height, public key (zeros while unknown) and its height, account type, format, the
 * supplemental public keys, then for a high value account (`importanceHeight` not 0) the
 * current importance snapshot and the five newest activity buckets (newest first, missing
 * ones zero), then the balances.
 *
 * Balances are in catapult's `CompactMosaicMap` order: the currency mosaic (the map's
 * optimized id, `AccountStateCacheTypes::Options::CurrencyMosaicId`) first, then by id.
 *
 * @param currencyMosaicId 16 hex: the network's currency mosaic
 */
export function serializeAccountState(account: AccountState, currencyMosaicId: string): Uint8Array {
  if (account.accountType < ACCOUNT_TYPE.unlinked || account.accountType > ACCOUNT_TYPE.remoteUnlinked) throw new RangeError(`no account type ${account.accountType}`);
  const writer = new StateWriter(ACCOUNT_STATE_VERSION)
    .hex(account.address, 24)
    .u64(account.addressHeight)
    .hex(account.publicKey ?? ZERO_KEY, 32)
    .u64(account.publicKeyHeight)
    .u8(account.accountType);
  const highValue = account.importanceHeight !== 0n;
  writer.u8(highValue ? 1 : 0);

  const keys = account.supplementalPublicKeys;
  const voting = keys.voting ?? [];
  if (voting.length > 0xff) throw new RangeError(`${voting.length} voting keys`);
  writer.u8((keys.linked ? KEY_FLAGS.linked : 0) | (keys.node ? KEY_FLAGS.node : 0) | (keys.vrf ? KEY_FLAGS.vrf : 0)).u8(voting.length);
  if (keys.linked) writer.hex(keys.linked, 32);
  if (keys.node) writer.hex(keys.node, 32);
  if (keys.vrf) writer.hex(keys.vrf, 32);
  for (const key of voting) writer.hex(key.publicKey, 32).u32(key.startEpoch).u32(key.endEpoch);

  if (highValue) {
    writer.u64(account.importance).u64(account.importanceHeight);
    for (let i = 0; i < ACCOUNT_STATE_BUCKETS; i++) {
      const bucket = account.activityBuckets[i];
      if (bucket) writer.u64(bucket.startHeight).u64(bucket.totalFeesPaid).u32(bucket.beneficiaryCount).u64(bucket.rawScore);
      else writer.u64(0n).u64(0n).u32(0).u64(0n);
    }
  }

  const balances = [...account.balances].filter(([, amount]) => amount !== 0n);
  if (balances.length > 0xffff) throw new RangeError(`${balances.length} balances`);
  const currency = BigInt(`0x${currencyMosaicId}`);
  const order = (id: string) => {
    const value = BigInt(`0x${id}`);
    return value === currency ? -1n : value;
  };
  balances.sort(([a], [b]) => {
    const difference = order(a) - order(b);
    return difference < 0n ? -1 : difference > 0n ? 1 : 0;
  });
  writer.u16(balances.length);
  for (const [mosaicId, amount] of balances) writer.id(mosaicId).u64(amount);
  return writer.finish();
}

/** The account state tree's key: SHA3-256 of the address (24 bytes). */
export function accountStateTreeKey(address: string): Uint8Array {
  return hashedTreeKey(hexBytes(address, 24));
}
