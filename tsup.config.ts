import { defineConfig } from 'tsup';

export default defineConfig([
  {
    entry: { index: 'src/index.ts', express: 'src/frameworks/express.ts', koa: 'src/frameworks/koa.ts', testing: 'src/testing.ts', postgres: 'src/postgres.ts', genesis: 'src/genesis.ts' },
    format: ['esm', 'cjs'],
    // Shared code in shared chunks, for CommonJS too: one InMemoryChain class whichever entry a chain comes from.
    splitting: true,
    // What is marked @internal (the chain's constructor with its families, the store-following interface) stays out of the declarations.
    dts: { compilerOptions: { stripInternal: true } },
    sourcemap: true,
    clean: true,
    target: 'node20',
  },
  {
    // The command-line entry is ESM only and carries a shebang.
    entry: { cli: 'src/cli.ts' },
    format: ['esm'],
    sourcemap: true,
    target: 'node20',
    banner: { js: '#!/usr/bin/env node' },
  },
]);
