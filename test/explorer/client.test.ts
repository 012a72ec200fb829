/**
 * The explorer's client outside the browser: its Symbol encodings against symbol-sdk's, and
 * the committed bundle (src/explorer/client-bundle.ts) against a fresh one, so a change to
 * src/explorer/client/ without `npm run build:explorer` fails here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { Address, generateMosaicAliasId, generateNamespaceId } from 'symbol-sdk/symbol';
import { describe, expect, it } from 'vitest';
import { BUNDLE_MODULE, ROOT, bundleExplorerScript, bundleModule } from '../../scripts/explorer-bundle.js';
import { base32, formatAmount, namespaceId, plainMessage } from '../../src/explorer/client/format.js';
import { EXPLORER_SCRIPT } from '../../src/explorer/client-bundle.js';

const hex16 = (id: bigint) => id.toString(16).toUpperCase().padStart(16, '0');
// A namespace name's part as symbol-sdk takes it: a lowercase letter or digit, then those, '_' and '-'.
const part = fc.stringMatching(/^[a-z0-9][a-z0-9_-]{0,63}$/);

describe('explorer client encodings', () => {
  it('gives the namespace id symbol-sdk gives', () => {
    expect(namespaceId('symbol.xym')).toBe('E74B99BA41F4AFEE');
    expect(namespaceId('symbol')).toBe(hex16(generateNamespaceId('symbol')));
    fc.assert(
      fc.property(fc.array(part, { minLength: 1, maxLength: 3 }), (parts) => {
        const name = parts.join('.');
        expect(namespaceId(name)).toBe(hex16(generateMosaicAliasId(name)));
      }),
    );
  });

  it('hashes a name longer than one SHA3 block (136 bytes) as symbol-sdk does', () => {
    const long = 'n'.repeat(300);
    expect(namespaceId(`${long}.a`)).toBe(hex16(generateNamespaceId('a', generateNamespaceId(long))));
  });

  it('writes an address as symbol-sdk does', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 24, maxLength: 24 }), (bytes) => {
        expect(base32(Buffer.from(bytes).toString('hex').toUpperCase())).toBe(new Address(bytes).toString());
      }),
    );
  });

  it('writes amounts in whole units and plain messages as text', () => {
    expect(formatAmount('2500000', 6)).toBe('2.5');
    expect(formatAmount('999998981900', 6)).toBe('999,998.9819');
    expect(formatAmount('1000000', 6)).toBe('1');
    expect(formatAmount('1234567', 0)).toBe('1,234,567');
    expect(plainMessage(`00${Buffer.from('coffee ☕').toString('hex')}`)).toBe('coffee ☕');
    expect(plainMessage('01AB')).toBeUndefined();
    expect(plainMessage(undefined)).toBeUndefined();
  });
});

describe('explorer client bundle', () => {
  it('is committed as npm run build:explorer makes it from src/explorer/client/', async () => {
    const script = await bundleExplorerScript();
    expect(readFileSync(join(ROOT, BUNDLE_MODULE), 'utf8'), 'src/explorer/client-bundle.ts is stale: run npm run build:explorer').toBe(bundleModule(script));
    expect(EXPLORER_SCRIPT).toBe(script);
  });

  it('puts nothing into the page as markup', () => {
    // Values from the chain reach the DOM as text only (src/explorer/client/elements.ts): no HTML parser is ever called.
    expect(EXPLORER_SCRIPT).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write|createContextualFragment|DOMParser|setHTML/);
  });
});
