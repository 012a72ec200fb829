import { testnetRules, type ChainRules } from './rules.js';

// Which rules are bigints, numbers or lists: read off the defaults, so a new rule needs no line here.
const SHAPES = testnetRules(30_000);

/**
 * `ChainRules` from JSON (a `--rules` file, the config file's `rules`): numbers as numbers, bigint
 * rules as decimal strings, `inflation` as `[height, amount]` pairs of decimal strings,
 * `reservedRootNamespaceNames` as strings. Throws a TypeError naming the first key that is
 * unknown or of the wrong type; the values' ranges are checked by the chain (`resolveRules`).
 *
 * @example
 * rulesFromJson({ minNamespaceDuration: '10', maxMessageSize: 256 })
 * // → { minNamespaceDuration: 10n, maxMessageSize: 256 }
 */
export function rulesFromJson(value: unknown, where = 'rules'): Partial<ChainRules> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new TypeError(`${where} must be an object of chain rules`);
  const rules: Record<string, unknown> = {};
  for (const [name, given] of Object.entries(value)) {
    const shape = (SHAPES as unknown as Record<string, unknown>)[name];
    if (shape === undefined || !Object.hasOwn(SHAPES, name)) throw new TypeError(`${where}.${name} is not a chain rule`);
    const key = `${where}.${name}`;
    if (name === 'inflation') rules[name] = inflationOf(given, key);
    else if (name === 'reservedRootNamespaceNames') {
      if (!Array.isArray(given) || !given.every((entry) => typeof entry === 'string')) throw new TypeError(`${key} must be an array of strings`);
      rules[name] = [...given];
    } else if (typeof shape === 'bigint') rules[name] = decimal(given, key);
    else {
      if (typeof given !== 'number' || !Number.isSafeInteger(given)) throw new TypeError(`${key} must be a whole number`);
      rules[name] = given;
    }
  }
  return rules as Partial<ChainRules>;
}

function decimal(value: unknown, key: string): bigint {
  if (typeof value !== 'string' || !/^(0|[1-9][0-9]{0,19})$/.test(value) || BigInt(value) > 0xffff_ffff_ffff_ffffn) {
    throw new TypeError(`${key} must be a decimal string of an unsigned 64-bit integer (like "1000")`);
  }
  return BigInt(value);
}

function inflationOf(value: unknown, key: string): [bigint, bigint][] {
  if (!Array.isArray(value)) throw new TypeError(`${key} must be an array of [height, amount] pairs of decimal strings`);
  return value.map((entry, i) => {
    if (!Array.isArray(entry) || entry.length !== 2) throw new TypeError(`${key}[${i}] must be a [height, amount] pair of decimal strings`);
    return [decimal(entry[0], `${key}[${i}][0]`), decimal(entry[1], `${key}[${i}][1]`)];
  });
}
