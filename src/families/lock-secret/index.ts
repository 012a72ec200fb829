import { models } from 'symbol-sdk/symbol';
import type { SecretLockInfoDTO, SecretLockRepository, SecretLockSearchCriteria } from '../../backend/lock-secret.js';
import { RECEIPT_TYPE } from '../../memory/execution/receipts.js';
import { eachByKey } from '../../upstream/entries.js';
import { hex, object, text } from '../../upstream/field-checks.js';
import { fields } from '../../upstream/shape.js';
import { defineFamily, defineState, listingRepository, proofRoute, type TransactionChange } from '../family.js';
import { lockSecretPlugin } from './plugin.js';
import { lockSecretRoutes } from './routes.js';
import { SECRET_LOCKS, type SecretLockEntry } from './state.js';
import { secretLockEntryOf, secretLockFilters, secretLockQueryFilters } from './store.js';
import { LOCK_SECRET_TRANSACTIONS } from './transactions.js';

const T = models.TransactionType;

/** Secret locks and proofs: a mosaic locked for a recipient until the secret is shown. */
export const lockSecret = defineFamily({
  name: 'lock-secret',
  plugin: lockSecretPlugin,
  transactions: LOCK_SECRET_TRANSACTIONS,
  repositories: (access) => ({ secretLocks: listingRepository(access, SECRET_LOCKS, (plugin) => plugin.secretLocks) satisfies SecretLockRepository }),
  receipts: { [RECEIPT_TYPE.lockSecretCreated]: 'secret lock created', [RECEIPT_TYPE.lockSecretCompleted]: 'secret lock completed', [RECEIPT_TYPE.lockSecretExpired]: 'secret lock expired' },
  states: [
    defineState<ReturnType<typeof lockSecretPlugin>, SecretLockEntry, SecretLockInfoDTO, SecretLockSearchCriteria>({
      kind: 'secretLocks',
      cache: SECRET_LOCKS,
      layout: 'listed',
      route: '/lock/secret',
      check: fields({ id: text, lock: object, 'lock.compositeHash': hex(32) }),
      keyOf: (dto) => dto.lock.compositeHash.toUpperCase(),
      entryOf: secretLockEntryOf,
      filters: secretLockFilters,
      queryFilters: secretLockQueryFilters,
      store: (plugin) => plugin.secretLocks,
      read: eachByKey((compositeHash) => `/lock/secret/${compositeHash}`, fields<SecretLockInfoDTO>({ lock: object })),
      proof: proofRoute('secretLockInfo', '/lock/secret', 'compositeHash', 'hash'),
      changes: {
        transactions: new Map<number, TransactionChange>([
          [T.SECRET_LOCK.value, (_transaction, signer) => ({ lists: [{ address: signer }] })],
          [T.SECRET_PROOF.value, (transaction) => ({ lists: [{ secret: String(transaction.secret).toUpperCase() }] })],
        ]),
        ends: { path: ['lock', 'endHeight'], ownerList: (dto) => ({ address: (dto as SecretLockInfoDTO).lock.ownerAddress.toUpperCase() }) },
      },
    }),
  ],
  routes: lockSecretRoutes,
});
