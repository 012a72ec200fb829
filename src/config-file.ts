import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { UsageError } from './command-line.js';

/**
 * The `symbol-gateway` command's settings: each is a flag (`--page-size-max`) and a key of the
 * `--config` file (`pageSizeMax`), with what the file's JSON holds for it. A flag given on the
 * command line overrides the file. Adding a setting is one line here, and its use in cli-gateway.ts.
 *
 * - `number`, `string`, `boolean`: a JSON value of that type (`"port": 3000`, not `"3000"`);
 *   a number or string becomes the flag's text. `number or all`: a number, or the string `"all"`.
 * - `path`: a file name, relative to the config file in the file.
 * - `array`, `object`: the flag names a JSON file holding one; the config file holds the value itself.
 * - `list`: a comma-separated list (`--cors`: or `*`, `none`), or in the file an array of strings.
 */
export const SETTINGS = {
  port: 'number',
  host: 'string',
  dev: 'boolean',
  tlsCert: 'path',
  tlsKey: 'path',
  tlsPort: 'number',
  blockTime: 'number',
  automine: 'boolean',
  accounts: 'number',
  balance: 'string',
  seed: 'string',
  network: 'string',
  state: 'path',
  store: 'string',
  reader: 'boolean',
  primary: 'string',
  poolSize: 'number',
  statementTimeout: 'number',
  fork: 'string',
  forkHeight: 'string',
  cors: 'list',
  pageSizeMin: 'number',
  pageSizeMax: 'number',
  pageSizeDefault: 'number',
  defaultOrder: 'string',
  nodeMetadata: 'object',
  peers: 'array',
  deployment: 'object',
  networkDescription: 'string',
  feeStatisticsBlocks: 'number',
  rules: 'object',
  networkProperties: 'path',
  genesis: 'path',
  uncirculatingAccounts: 'list',
  metalSizeLimit: 'number',
  metalCacheTtl: 'number',
  throttleBurst: 'number',
  throttleRate: 'number',
  trustedProxies: 'list',
  throttleAll: 'boolean',
  metricsPort: 'number',
  metricsPath: 'string',
  rosetta: 'boolean',
  nodeList: 'boolean',
  rosettaPort: 'number',
  logLevel: 'string',
  staleAfter: 'number',
  eventRetention: 'number or all',
} as const satisfies Record<string, 'number' | 'number or all' | 'string' | 'boolean' | 'path' | 'array' | 'object' | 'list'>;

export type SettingName = keyof typeof SETTINGS;

/** A setting's value as the command reads it: a flag's text or switch, or (from the config file) the JSON value of an `array` or `object` setting. */
export type SettingValue = string | boolean | { json: unknown };

/** `pageSizeMax` → `--page-size-max`. */
export function flagOf(name: SettingName): string {
  return `--${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
}

/** The flags of every setting, as `parseArgs` declares them. */
export function settingFlags(): Record<string, { type: 'string' | 'boolean' }> {
  return Object.fromEntries((Object.keys(SETTINGS) as SettingName[]).map((name) => [flagOf(name).slice(2), { type: SETTINGS[name] === 'boolean' ? 'boolean' : 'string' }]));
}

/**
 * The settings of a `--config` JSON file, as flag values (keyed by setting name); a key that is
 * unknown or of the wrong type is a UsageError naming the file, the key and the type it takes.
 */
export function readConfigFile(path: string): Partial<Record<SettingName, SettingValue>> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new UsageError(`--config ${path}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : `not JSON (${(error as Error).message})`}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new UsageError(`--config ${path}: must hold a JSON object of settings`);
  const values: Partial<Record<SettingName, SettingValue>> = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (!Object.hasOwn(SETTINGS, key)) throw new UsageError(`--config ${path}: unknown key '${key}' (the keys are ${Object.keys(SETTINGS).join(', ')})`);
    const name = key as SettingName;
    const kind = SETTINGS[name];
    const wrong = (what: string) => new UsageError(`--config ${path}: ${key} must be ${what}, not ${shown(value)}`);
    switch (kind) {
      case 'number':
        // A number in quotes is refused: the file's types are checked, as a schema would.
        if (typeof value !== 'number' || !Number.isFinite(value)) throw wrong('a number');
        values[name] = String(value);
        break;
      case 'number or all':
        if ((typeof value !== 'number' || !Number.isFinite(value)) && value !== 'all') throw wrong('a number or "all"');
        values[name] = String(value);
        break;
      case 'string':
        if (typeof value !== 'string') throw wrong('a string');
        values[name] = value;
        break;
      case 'path':
        if (typeof value !== 'string' || value === '') throw wrong('a file name');
        values[name] = resolve(dirname(path), value);
        break;
      case 'boolean':
        if (typeof value !== 'boolean') throw wrong('true or false');
        values[name] = value;
        break;
      case 'list':
        if (typeof value === 'string') values[name] = value;
        else if (Array.isArray(value) && value.every((item) => typeof item === 'string')) values[name] = value.join(',');
        else throw wrong('a string or an array of strings');
        break;
      case 'array':
        if (!Array.isArray(value)) throw wrong('an array');
        values[name] = { json: value };
        break;
      case 'object':
        if (typeof value !== 'object' || value === null || Array.isArray(value)) throw wrong('an object');
        values[name] = { json: value };
        break;
    }
  }
  return values;
}

/** A value as a message shows it: its JSON, cut short. */
function shown(value: unknown): string {
  const json = JSON.stringify(value) ?? String(value);
  return json.length > 60 ? `${json.slice(0, 59)}…` : json;
}

/** The JSON of an `array` or `object` setting: the file a flag names, or the config file's value. */
export function jsonSetting(name: SettingName, value: SettingValue): unknown {
  if (typeof value === 'object') return value.json;
  const flag = flagOf(name);
  if (value === '' || typeof value !== 'string') throw new UsageError(`${flag} must name a JSON file`);
  try {
    return JSON.parse(readFileSync(value, 'utf8'));
  } catch (error) {
    throw new UsageError(`${flag} ${value}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : `not JSON (${(error as Error).message})`}`);
  }
}
