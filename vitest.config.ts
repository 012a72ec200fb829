import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** The behaviour suite: what every mount must do the same (test/support/mounts.ts). */
const BEHAVIOUR = [
  'test/http.test.ts',
  'test/blocks.test.ts',
  'test/block-merkle.test.ts',
  'test/node.test.ts',
  'test/transactions.test.ts',
  'test/lifecycle.test.ts',
  'test/ws-chain.test.ts',
  'test/finalization.test.ts',
  'test/unknown-type.test.ts',
  'test/limits.test.ts',
  'test/accounts.test.ts',
  'test/mosaics.test.ts',
  'test/account-restrictions.test.ts',
  'test/mosaic-restrictions.test.ts',
  'test/metadata.test.ts',
  'test/namespaces.test.ts',
  'test/secret-locks.test.ts',
  'test/statements.test.ts',
  'test/network-node.test.ts',
  'test/account-links.test.ts',
  'test/multisig.test.ts',
  'test/hash-locks.test.ts',
  'test/state-proofs.test.ts',
  'test/dev-controls.test.ts',
  'test/snapshots.test.ts',
  'test/chain-dump.test.ts',
];
/** Behaviour that rewrites the chain's history (snapshots, dump loads): refused on a chain a PostgreSQL writer follows. */
const HISTORY_REWRITING = ['test/snapshots.test.ts', 'test/chain-dump.test.ts'];
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
    projects: [
      // Every test, with the gateway on a plain node:http server.
      { extends: true, test: { name: 'node-http', include: ['test/**/*.test.ts', 'examples/**/*.test.ts'] } },
      // The behaviour suite again through each framework mount.
      ...FRAMEWORK_MOUNTS.map((mount) => ({
        extends: true as const,
        test: { name: mount, include: BEHAVIOUR, env: { GATEWAY_MOUNT: mount } },
      })),
      // The behaviour suite again with every gateway serving from PostgreSQL (test/support/postgres-mount.ts),
      // but for the development controls that rewrite history, which a chain written to PostgreSQL refuses.
      {
        extends: true as const,
        test: { name: 'postgres', include: BEHAVIOUR.filter((file) => !HISTORY_REWRITING.includes(file)), env: { GATEWAY_BACKEND: 'postgres' } },
      },
    ],
  },
});
