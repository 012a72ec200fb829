import { models } from 'symbol-sdk/symbol';
import type { HashLockInfoDTO, HashLockRepository, HashLockSearchCriteria } from '../../backend/lock-hash.js';
import { RECEIPT_TYPE } from '../../memory/execution/receipts.js';
import { eachByKey } from '../../upstream/entries.js';
import { hex, object, text } from '../../upstream/field-checks.js';
import { fields } from '../../upstream/shape.js';
import { defineFamily, defineState, listingRepository, proofRoute, type ReceiptChange, type TransactionChange } from '../family.js';
import { lockHashPlugin } from './plugin.js';
import { lockHashRoutes } from './routes.js';
import { HASH_LOCKS, type HashLockEntry } from './state.js';
import { hashLockEntryOf, hashLockFilters, hashLockQueryFilters } from './store.js';
import { LOCK_HASH_TRANSACTIONS } from './transactions.js';

/** Hash locks: the funds an aggregate bonded locks while it waits for its cosignatures. */
export const lockHash = defineFamily({
  name: 'lock-hash',
  plugin: lockHashPlugin,
  transactions: LOCK_HASH_TRANSACTIONS,
  repositories: (access) => ({ hashLocks: listingRepository(access, HASH_LOCKS, (plugin) => plugin.hashLocks) satisfies HashLockRepository }),
  receipts: { [RECEIPT_TYPE.lockHashCreated]: 'hash lock created', [RECEIPT_TYPE.lockHashCompleted]: 'hash lock completed', [RECEIPT_TYPE.lockHashExpired]: 'hash lock expired' },
  states: [
    defineState<ReturnType<typeof lockHashPlugin>, HashLockEntry, HashLockInfoDTO, HashLockSearchCriteria>({
      kind: 'hashLocks',
      cache: HASH_LOCKS,
      layout: 'listed',
      route: '/lock/hash',
      check: fields({ id: text, lock: object, 'lock.hash': hex(32) }),
      keyOf: (dto) => dto.lock.hash.toUpperCase(),
      entryOf: hashLockEntryOf,
      filters: hashLockFilters,
      queryFilters: hashLockQueryFilters,
      store: (plugin) => plugin.hashLocks,
      read: eachByKey((hash) => `/lock/hash/${hash}`, fields<HashLockInfoDTO>({ lock: object })),
      proof: proofRoute('hashLockInfo', '/lock/hash', 'hash', 'hash'),
      changes: {
        transactions: new Map<number, TransactionChange>([[models.TransactionType.HASH_LOCK.value, (_transaction, signer) => ({ lists: [{ address: signer }] })]]),
        // A bonded aggregate confirmed: its lock is used, and its owner credited.
        receipts: new Map<number, ReceiptChange>([[RECEIPT_TYPE.lockHashCompleted, (receipt) => ({ lists: [{ address: String(receipt.targetAddress).toUpperCase() }] })]]),
        ends: { path: ['lock', 'endHeight'], ownerList: (dto) => ({ address: (dto as HashLockInfoDTO).lock.ownerAddress.toUpperCase() }) },
      },
    }),
  ],
  routes: lockHashRoutes,
});
