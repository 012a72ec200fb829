import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';

/**
 * A symbol-bootstrap preset's settings as symbol-bootstrap merges them: `shared.yml` (the
 * folder's parent's, then the folder's own), then the folder's `network.yml` over it.
 * Every scalar is kept as the text the file has (YAML's failsafe schema), so `1'690'500`,
 * `30d` and a 64-bit amount reach their parsers untouched.
 */
export interface PresetSettings {
  /** The merged settings: strings, lists and mappings. */
  readonly values: Readonly<Record<string, unknown>>;
  /** The file each top-level key's value came from (the last to give it). */
  readonly files: Readonly<Record<string, string>>;
  /** The files read, in merge order; the last is `network.yml`. */
  readonly read: readonly string[];
}

/** A YAML mapping, as the failsafe schema reads one. */
export type Mapping = Record<string, unknown>;

// symbol-bootstrap's mergePresets: lodash's deep merge, except that these keys come whole from the last preset that gives a non-empty value.
const REPLACED_WHOLE = ['inflation', 'knownRestGateways', 'knownPeers'];

/**
 * Reads and merges a preset folder's settings; a missing `network.yml` or a file that is not a
 * YAML mapping is a TypeError naming the file.
 *
 * @example
 * const settings = await readPresetSettings('presets/testnet');
 * settings.values.blockGenerationTargetTime; // '30s' (network.yml over shared.yml's '15s')
 */
export async function readPresetSettings(directory: string): Promise<PresetSettings> {
  const folder = resolve(directory);
  const candidates = [join(dirname(folder), 'shared.yml'), join(folder, 'shared.yml')];
  const layers: { file: string; values: Mapping }[] = [];
  for (const file of candidates) {
    const text = await readOptionalText(file);
    if (text !== undefined) layers.push({ file, values: await parseMapping(text, file) });
  }
  const networkFile = join(folder, 'network.yml');
  const networkText = await readOptionalText(networkFile);
  if (networkText === undefined) throw new TypeError(`${networkFile}: no such file (a symbol-bootstrap preset folder holds network.yml)`);
  layers.push({ file: networkFile, values: await parseMapping(networkText, networkFile) });

  let values: Mapping = {};
  const files: Record<string, string> = {};
  for (const layer of layers) {
    values = merge(values, layer.values) as Mapping;
    for (const key of Object.keys(layer.values)) files[key] = layer.file;
  }
  for (const key of REPLACED_WHOLE) {
    const last = [...layers].reverse().find((layer) => !isEmpty(layer.values[key]));
    if (last === undefined) continue;
    define(values, key, last.values[key]);
    files[key] = last.file;
  }
  return { values, files, read: layers.map(({ file }) => file) };
}

async function readOptionalText(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

async function parseMapping(text: string, file: string): Promise<Mapping> {
  // Loaded here, not at the top: only a caller that reads a preset needs a YAML parser.
  const { parse } = await import('yaml');
  let parsed: unknown;
  try {
    parsed = parse(text, { schema: 'failsafe', uniqueKeys: true });
  } catch (error) {
    throw new TypeError(`${file}: not YAML: ${(error as Error).message.split('\n')[0]}`);
  }
  if (parsed === null || parsed === undefined || parsed === '') return {};
  if (!isMapping(parsed)) throw new TypeError(`${file}: not a YAML mapping of settings`);
  return parsed;
}

/** lodash's `merge` as symbol-bootstrap uses it: mappings key by key, lists index by index, anything else replaced. */
function merge(target: unknown, source: unknown): unknown {
  if (Array.isArray(source)) {
    const merged: unknown[] = Array.isArray(target) ? [...target] : [];
    source.forEach((value, index) => (merged[index] = merge(merged[index], value)));
    return merged;
  }
  if (isMapping(source)) {
    const merged: Mapping = isMapping(target) ? { ...target } : {};
    for (const [key, value] of Object.entries(source)) define(merged, key, merge(merged[key], value));
    return merged;
  }
  return source;
}

/** Sets a key as an own property, even one named `__proto__`. */
function define(mapping: Mapping, key: string, value: unknown): void {
  Object.defineProperty(mapping, key, { value, enumerable: true, writable: true, configurable: true });
}

export function isMapping(value: unknown): value is Mapping {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** lodash's `isEmpty` for what the failsafe schema yields. */
function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (isMapping(value)) return Object.keys(value).length === 0;
  return false;
}
