import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

/** The behaviour suite, a folder: what every mount must do the same (test/support/mounts.ts). */
const BEHAVIOUR = ['test/behaviour/**/*.test.ts'];
/** Behaviour that rewrites the chain's history (snapshots, dump loads): refused on a chain a PostgreSQL writer follows. */
const HISTORY_REWRITING = ['test/behaviour/history/**'];
/** Hooks every file needs, run before each file (a support module's own import-time hooks would serve only the first file that imports it). */
const SETUP = ['test/support/setup.ts'];
/** The tests that build chains from real networks' block 1: run after the rest (see the genesis project). */
const GENESIS = ['test/genesis/**/*.test.ts'];
/** The tests that time a wallet's round trip (a latency proxy) against announceDelay: run last, on a quiet machine. */
const TIMED = ['test/wallet/announce.test.ts', 'test/wallet/announce-timer.test.ts'];
/** Test files that replace a module with `vi.mock`: each needs modules of its own. */
const MOCKING = ['test/memory/state/patricia-tree.test.ts'];
const FRAMEWORK_MOUNTS = ['express5', 'express5-prefix', 'express4', 'koa', 'koa-prefix'];

export default defineConfig({
  resolve: {
    // Examples import the package by name, as a user would; in the repository that is src/.
    alias: [
      { find: /^symbol-gateway\/express$/, replacement: fileURLToPath(new URL('./src/frameworks/express.ts', import.meta.url)) },
      { find: /^symbol-gateway\/koa$/, replacement: fileURLToPath(new URL('./src/frameworks/koa.ts', import.meta.url)) },
      { find: /^symbol-gateway\/testing$/, replacement: fileURLToPath(new URL('./src/testing.ts', import.meta.url)) },
      { find: /^symbol-gateway$/, replacement: fileURLToPath(new URL('./src/index.ts', import.meta.url)) },
    ],
  },
  test: {
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Two test files at a time even on two cores (the default would be one): most of a file's time is
    // imports and waits on sockets and PostgreSQL, and the whole run takes about 9 minutes instead of 14.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // A worker keeps the modules it loaded from one test file to the next: imports were three quarters of the
    // files' time (577 of 775 s), and the whole run takes about 6 minutes instead of 12. No test file leans on module
    // state another left; the files that replace a module (`vi.mock`) run apart, each with its own modules.
    isolate: false,
    projects: [
      // Every test, with the gateway on a plain node:http server.
      { extends: true, test: { name: 'node-http', include: ['test/**/*.test.ts', 'examples/**/*.test.ts'], exclude: [...configDefaults.exclude, ...MOCKING, ...GENESIS, ...TIMED], setupFiles: SETUP } },
      // Real networks' block 1 (mainnet's 26,017 transactions, seconds of one core each) once every other project is done:
      // beside them, the tests that time a wallet's round trip against announceDelay lost announces.
      { extends: true, test: { name: 'genesis', include: GENESIS, setupFiles: SETUP, sequence: { groupOrder: 1 } } },
      // Beside files that start processes and clusters, 18 of 200 announces missed their 100 ms (twice in six clean-clone runs).
      { extends: true, test: { name: 'timed', include: TIMED, setupFiles: SETUP, sequence: { groupOrder: 2 } } },
      // Without the setup file: what it imports would load the module a file mocks before the mock applies.
      { extends: true, test: { name: 'node-http-isolated', include: MOCKING, isolate: true } },
      // The behaviour suite again through each framework mount.
      ...FRAMEWORK_MOUNTS.map((mount) => ({
        extends: true as const,
        test: { name: mount, include: BEHAVIOUR, env: { GATEWAY_MOUNT: mount }, setupFiles: SETUP },
      })),
      // The behaviour suite again with every gateway serving from PostgreSQL (test/support/postgres-mount.ts),
      // but for the development controls that rewrite history, which a chain written to PostgreSQL refuses.
      {
        extends: true as const,
        test: { name: 'postgres', include: BEHAVIOUR, exclude: HISTORY_REWRITING, env: { GATEWAY_BACKEND: 'postgres' }, setupFiles: SETUP },
      },
    ],
  },
});
