import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // Examples import the package by name, as a user would; in the repository that is src/.
    alias: [
      { find: /^symbol-gateway\/express$/, replacement: fileURLToPath(new URL('./src/frameworks/express.ts', import.meta.url)) },
      { find: /^symbol-gateway\/koa$/, replacement: fileURLToPath(new URL('./src/frameworks/koa.ts', import.meta.url)) },
      { find: /^symbol-gateway$/, replacement: fileURLToPath(new URL('./src/index.ts', import.meta.url)) },
    ],
  },
  test: {
    include: ['test/**/*.test.ts', 'examples/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
