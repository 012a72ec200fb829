import type { SecretLockRepository } from '../../backend/locks.js';
import { defineFamily, listingRepository } from '../family.js';
import { secretLockPlugin } from './plugin.js';
import { SECRET_LOCKS } from './state.js';

/** Secret locks and proofs: a mosaic locked for a recipient until the secret is shown. */
export const lockSecret = defineFamily({
  name: 'lock-secret',
  plugin: secretLockPlugin,
  repositories: (access) => ({ secretLocks: listingRepository(access, SECRET_LOCKS, (plugin) => plugin.secretLocks) satisfies SecretLockRepository }),
});
