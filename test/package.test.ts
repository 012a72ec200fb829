import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { VERSION } from '../src/index.js';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

describe('package', () => {
  it('reports the version package.json declares', () => {
    expect(VERSION).toBe(pkg.version);
  });

  it('exports ESM and CJS entry points with types, and package.json', () => {
    expect(pkg.exports['.'].import).toEqual({ types: './dist/index.d.ts', default: './dist/index.js' });
    expect(pkg.exports['.'].require).toEqual({ types: './dist/index.d.cts', default: './dist/index.cjs' });
    expect(pkg.exports['./package.json']).toBe('./package.json');
    expect(pkg.engines.node).toBe('>=20.19');
  });

  it('keeps frameworks out of the runtime dependencies', () => {
    expect(Object.keys(pkg.dependencies).sort()).toEqual(['path-to-regexp', 'symbol-sdk', 'ws']);
  });
});
