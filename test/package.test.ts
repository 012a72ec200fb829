import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { VERSION } from '../src/index.js';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

describe('package', () => {
  it('reports the version package.json declares', () => {
    expect(VERSION).toBe(pkg.version);
  });

  it.each([['.', 'index'], ['./express', 'express'], ['./koa', 'koa']])('exports %s as ESM and CJS, each with its types', (subpath, file) => {
    expect(pkg.exports[subpath].import).toEqual({ types: `./dist/${file}.d.ts`, default: `./dist/${file}.js` });
    expect(pkg.exports[subpath].require).toEqual({ types: `./dist/${file}.d.cts`, default: `./dist/${file}.cjs` });
  });

  it('exports package.json and states the Node range', () => {
    expect(pkg.exports['./package.json']).toBe('./package.json');
    expect(pkg.engines.node).toBe('>=20.19');
  });

  it('keeps frameworks out of the runtime dependencies', () => {
    expect(Object.keys(pkg.dependencies).sort()).toEqual(['path-to-regexp', 'pino', 'prom-client', 'symbol-sdk', 'ws']);
  });
});
