import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VERSION } from '../src/index.js';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

describe('package', () => {
  it('reports the version package.json declares', () => {
    expect(VERSION).toBe(pkg.version);
  });

  it.each([['.', 'index'], ['./express', 'express'], ['./koa', 'koa'], ['./genesis', 'genesis']])('exports %s as ESM and CJS, each with its types', (subpath, file) => {
    expect(pkg.exports[subpath].import).toEqual({ types: `./dist/${file}.d.ts`, default: `./dist/${file}.js` });
    expect(pkg.exports[subpath].require).toEqual({ types: `./dist/${file}.d.cts`, default: `./dist/${file}.cjs` });
  });

  it('exports package.json and states the Node range', () => {
    expect(pkg.exports['./package.json']).toBe('./package.json');
    expect(pkg.engines.node).toBe('>=20.19');
  });

  it('installs without an engine warning on the oldest Node it supports: no package in the lock asks for a newer one', () => {
    const semver = createRequire(import.meta.url)('semver') as { satisfies(version: string, range: string): boolean; minVersion(range: string): { version: string } };
    const oldest = semver.minVersion(pkg.engines.node).version;
    const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8')) as { packages: Record<string, { engines?: { node?: string } | string[] }> };
    const refusing = Object.entries(lock.packages).flatMap(([path, entry]) => {
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      return range !== undefined && !semver.satisfies(oldest, range) ? [`${path} (node ${range})`] : [];
    });
    expect(oldest).toBe('20.19.0');
    expect(refusing).toEqual([]);
  });

  it('packs no prepare script (scripts/ is not packed), and has it back after the pack', () => {
    // npm pack: prepack builds and strips the line, postpack restores it (scripts/packed-manifest.mjs); npm run check:package checks the tarball.
    expect(pkg.scripts.prepack).toBe('npm run build && node scripts/packed-manifest.mjs strip');
    expect(pkg.scripts.postpack).toBe('node scripts/packed-manifest.mjs restore');
    expect(pkg.files).not.toContain('scripts');
    const directory = mkdtempSync(join(tmpdir(), 'packed-manifest-'));
    try {
      const file = join(directory, 'package.json');
      const text = readFileSync(new URL('../package.json', import.meta.url), 'utf8');
      writeFileSync(file, text);
      const step = (name: string) => spawnSync(process.execPath, [new URL('../scripts/packed-manifest.mjs', import.meta.url).pathname, name, file], { encoding: 'utf8' });
      expect(step('strip').status).toBe(0);
      const packed = JSON.parse(readFileSync(file, 'utf8'));
      expect(packed.scripts.prepare).toBeUndefined();
      expect({ ...packed, scripts: { ...packed.scripts, prepare: pkg.scripts.prepare } }).toEqual(pkg);
      // Restored twice (a pack that failed before its postpack, then another): the file as it was.
      expect([step('restore').status, step('restore').status]).toEqual([0, 0]);
      expect(readFileSync(file, 'utf8')).toBe(text);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it('names pg and its types as optional peer dependencies', () => {
    expect(pkg.peerDependencies).toEqual({ '@types/pg': '^8.11.0', pg: '^8.11.0' });
    expect(pkg.peerDependenciesMeta).toEqual({ '@types/pg': { optional: true }, pg: { optional: true } });
  });

  it('keeps frameworks out of the runtime dependencies', () => {
    // pino and prom-client: the command's access log and /metrics (the library takes an app's own logger and registry);
    // yaml: symbol-bootstrap's presets (readGenesisPreset, --genesis), loaded only when one is read.
    expect(Object.keys(pkg.dependencies).sort()).toEqual(['path-to-regexp', 'pino', 'prom-client', 'symbol-sdk', 'ws', 'yaml']);
  });
});
