import type { HashLockRepository } from '../../backend/locks.js';
import { defineFamily, listingRepository } from '../family.js';
import { hashLockPlugin } from './plugin.js';
import { HASH_LOCKS } from './state.js';

/** Hash locks: the funds an aggregate bonded locks while it waits for its cosignatures. */
export const lockHash = defineFamily({
  name: 'lock-hash',
  plugin: hashLockPlugin,
  repositories: (access) => ({ hashLocks: listingRepository(access, HASH_LOCKS, (plugin) => plugin.hashLocks) satisfies HashLockRepository }),
});
