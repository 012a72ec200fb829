import { models } from 'symbol-sdk/symbol';
import { BALANCE_DEBIT, TRANSACTION } from '../../memory/execution/core-notifications.js';
import { observer, validator, type ChainPlugin, type PluginEnvironment, type TransactionSupport } from '../../memory/execution/plugin.js';
import { toHex } from '../../memory/keys.js';
import { idHex } from '../../memory/symbol-ids.js';
import { observeCompletedAggregate, observeExpiredLocks, observeLock } from './observers.js';
import { validateAggregateHashPresent, validateLockDuration, validateLockMosaic, validateUniqueLock } from './validators.js';
import { HASH_LOCK, HASH_LOCK_DURATION, HASH_LOCK_MOSAIC, HASH_LOCKS } from './state.js';
import { HashLockStore } from './store.js';
import { entryTree } from '../../memory/state/state-tree.js';
import { hashLockTreeKey, serializeHashLockInfo } from './serialize.js';

type HashLock = InstanceType<typeof models.HashLockTransactionV1>;

const hashLock: TransactionSupport = {
  type: models.TransactionType.HASH_LOCK.value,
  publish({ model, signerAddress }, publish) {
    const { mosaic, duration, hash } = model as HashLock;
    const unresolvedMosaicId = idHex(mosaic.mosaicId.value);
    const amount = BigInt(mosaic.amount.value);
    publish(HASH_LOCK_DURATION, { duration: BigInt(duration.value) });
    publish(HASH_LOCK_MOSAIC, { unresolvedMosaicId, amount });
    publish(BALANCE_DEBIT, { address: signerAddress, unresolvedMosaicId, amount });
    publish(HASH_LOCK, { ownerAddress: signerAddress, unresolvedMosaicId, amount, duration: BigInt(duration.value), hash: toHex(hash.bytes) });
  },
};

/**
 * Hash locks (catapult's lock_hash plugin): the funds an aggregate bonded locks before it may
 * wait for cosignatures, back to the owner when it is confirmed, to the harvester when the
 * lock expires unused.
 */
export function lockHashPlugin(environment: PluginEnvironment): ChainPlugin & { readonly hashLocks: HashLockStore } {
  const hashLocks = new HashLockStore(environment.state.register(HASH_LOCKS, { tree: 'hashLockInfo', cacheId: 6, source: entryTree((key) => hashLockTreeKey(key), serializeHashLockInfo) }), environment.nextId);
  return {
    name: 'lock-hash',
    hashLocks,
    transactions: [hashLock],
    statelessValidators: [validator(HASH_LOCK_DURATION, validateLockDuration)],
    validators: [
      validator(TRANSACTION, validateAggregateHashPresent),
      validator(HASH_LOCK, validateUniqueLock),
      validator(HASH_LOCK_MOSAIC, validateLockMosaic),
    ],
    observers: [observer(HASH_LOCK, observeLock), observer(TRANSACTION, observeCompletedAggregate)],
    blockObservers: [observeExpiredLocks(hashLocks)],
    partialsEnding: (height) => hashLocks.expiries.at(height),
  };
}
