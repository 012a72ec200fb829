import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** The behaviour suite, a folder: what every mount must do the same (test/support/mounts.ts). */
const BEHAVIOUR = ['test/behaviour/**/*.test.ts'];
/** Behaviour that rewrites the chain's history (snapshots, dump loads): refused on a chain a PostgreSQL writer follows. */
const HISTORY_REWRITING = ['test/behaviour/history/**'];
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
        test: { name: 'postgres', include: BEHAVIOUR, exclude: HISTORY_REWRITING, env: { GATEWAY_BACKEND: 'postgres' } },
      },
    ],
  },
});
