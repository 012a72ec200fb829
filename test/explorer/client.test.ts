/**
 * The explorer's client outside the browser: its Symbol encodings against symbol-sdk's, the
 * figures it writes (shares, ages, chart axes), and the committed bundle
 * (src/explorer/client-bundle.ts) against a fresh one, so a change to src/explorer/client/
 * without `npm run build:explorer` fails here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { Address, generateMosaicAliasId, generateNamespaceId } from 'symbol-sdk/symbol';
import { describe, expect, it } from 'vitest';
import { BUNDLE_MODULE, ROOT, bundleExplorerScript, bundleModule } from '../../scripts/explorer-bundle.js';
import { ago, base32, formatAmount, mosaicFlagNames, namespaceId, percentOf, plainMessage, printableText } from '../../src/explorer/client/format.js';
import { axis } from '../../src/explorer/client/scale.js';
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

describe('explorer client figures', () => {
  it('writes an importance as its share of the total, to 3 significant digits', () => {
    const total = 7_842_928_625_000_000n; // the test chain's totalChainImportance
    expect(percentOf('1000000000000', total)).toBe('0.0128 %');
    expect(percentOf('3921464312500000', total)).toBe('50 %');
    expect(percentOf(String(total), total)).toBe('100 %');
    expect(percentOf('0', total)).toBe('0 %');
    // Exact however small: BigInt to 1e-18 %, not a float's 1e-16.
    expect(percentOf('1', total)).toBe('0.0000000000000128 %');
    // A network that does not say its total: no share.
    expect(percentOf('5', 0n)).toBeUndefined();
  });

  it('says how long ago in the largest whole unit', () => {
    expect([0, 999, 12_400, 300_000, 3 * 3_600_000 + 5, 2 * 86_400_000, -5_000].map(ago)).toEqual(['just now', 'just now', '12 s ago', '5 min ago', '3 h ago', '2 d ago', 'just now']);
  });

  it('reads printable UTF-8 as text, and names mosaic flags', () => {
    expect(printableText(Buffer.from('verified ✓').toString('hex'))).toBe('verified ✓');
    expect(printableText('00FF')).toBeUndefined();
    expect(printableText('C328')).toBeUndefined();
    expect(mosaicFlagNames(15)).toEqual(['supply mutable', 'transferable', 'restrictable', 'revokable']);
    expect(mosaicFlagNames(0)).toEqual([]);
  });

  it('puts a chart\'s value axis on round ticks from 0 to the first at or above the highest value', () => {
    const cases: [number, boolean, number[]][] = [
      [3, true, [0, 1, 2, 3]],
      [18, true, [0, 5, 10, 15, 20]],
      [10, true, [0, 5, 10]],
      [1, true, [0, 1]],
      [26_017, true, [0, 10_000, 20_000, 30_000]], // mainnet's nemesis block, were it drawn
      [90, false, [0, 25, 50, 75, 100]],
      [9, false, [0, 2.5, 5, 7.5, 10]],
      [0.07, false, [0, 0.02, 0.04, 0.06, 0.08]],
      [0, true, [0, 1]],
    ];
    for (const [max, whole, ticks] of cases) expect(axis(max, whole), `axis(${max}, ${whole})`).toEqual({ top: ticks.at(-1), ticks });
    // Whole ticks (counts, atomic units) never step by a fraction.
    fc.assert(fc.property(fc.integer({ min: 1, max: 10 ** 12 }), (max) => {
      const { top, ticks } = axis(max, true);
      expect(top).toBeGreaterThanOrEqual(max);
      expect(ticks.length).toBeLessThanOrEqual(6);
      expect(ticks.every(Number.isInteger)).toBe(true);
    }));
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
