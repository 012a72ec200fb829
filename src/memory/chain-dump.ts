import { renameSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { InvalidArgumentError } from '../errors.js';
import type { InMemoryChainOptions, ResolvedChainOptions } from './options.js';
import type { AnnouncedInput } from './transactions/lifecycle.js';
import { nemesisHashOf } from './nemesis-block.js';

/**
 * One thing the chain was given, in the order it was given: an announce as it was checked, a
 * block and the time it was asked for, a development control. `times` holds the network times
 * (ms) the chain's validators read while it ran (deadlines are checked against them), so playing
 * the inputs again needs no clock.
 */
export type ChainInput = (
  | AnnouncedInput
  | { op: 'block'; at: string }
  | { op: 'balance'; address: string; mosaicId: string; amount: string }
  | { op: 'impersonation'; addresses: string[] }
  | { op: 'readmit' }
  | { op: 'drop'; hash: string }
) & { times?: string[] };

/** The options that decide what the chain holds: a dump loads only on a chain made with the same ones. */
export const STATE_OPTIONS = [
  'seed',
  'network',
  'generationHashSeed',
  'epochAdjustment',
  'blockTime',
  'importanceGrouping',
  'finalizationInterval',
  'harvesterCount',
  'accountCount',
  'accountBalance',
  'maxTransactionLifetime',
  'rules',
  'nemesis',
  'nemesisPlan',
] as const satisfies readonly (keyof ResolvedChainOptions)[];

export type StateOptionName = (typeof STATE_OPTIONS)[number];

/** The state options in JSON: bigints as `{"bigint": "…"}`; a network's nemesis block as `{"hash": …}` (null for the chain's own). */
export type DumpedOptions = Record<StateOptionName, unknown>;

/**
 * A whole in-memory chain as JSON (`chain.dev.dump()`, `GET /dev/state`): the options that decide
 * its state and every input it was given. Loading plays the inputs again on a fresh chain
 * (the chain is deterministic), so the loaded chain has the same blocks, hashes, state, pools,
 * statuses and entry ids; `head` is checked at the end.
 */
export interface ChainDump {
  format: typeof DUMP_FORMAT;
  version: typeof DUMP_VERSION;
  options: DumpedOptions;
  /** How far the development controls had moved the clock (ms, decimal). */
  timeOffset: string;
  /** The latest block when the dump was made: what a load must reach. */
  head: { height: string; hash: string; stateHash: string };
  inputs: ChainInput[];
}

export const DUMP_FORMAT = 'symbol-gateway/chain';
export const DUMP_VERSION = 1;

/** The state options of resolved chain options, as a dump keeps them. */
export function dumpedOptions(options: ResolvedChainOptions): DumpedOptions {
  return Object.fromEntries(
    STATE_OPTIONS.map((name) => [name, name === 'nemesis' ? (options.nemesis ? { hash: nemesisHashOf(options.nemesis) } : null) : (toJsonValue(options[name]) ?? null)]),
  ) as DumpedOptions;
}

/**
 * Chain options from a dump's state options, but its nemesis block: a dump names a network's
 * nemesis block by its hash (`dumpedNemesis`), and the chain that loads it is given the block.
 */
export function optionsOfDump(options: DumpedOptions): Omit<InMemoryChainOptions, 'nemesis'> {
  // A dump from before an option was made without it (null or absent: the default).
  return Object.fromEntries(
    STATE_OPTIONS.filter((name) => name !== 'nemesis' && options[name] !== null && options[name] !== undefined).map((name) => [name, fromJsonValue(options[name])]),
  ) as InMemoryChainOptions;
}

/** The hash of the network's nemesis block a dump was made on (64 hex), or undefined for a chain of its own. */
export function dumpedNemesis(options: DumpedOptions): string | undefined {
  const nemesis = options.nemesis as { hash?: unknown } | null | undefined;
  return typeof nemesis?.hash === 'string' ? nemesis.hash : undefined;
}

/** The state options a dump was made with that differ from `options`: empty when it loads on that chain. */
export function differingOptions(dump: ChainDump, options: ResolvedChainOptions): StateOptionName[] {
  const own = dumpedOptions(options);
  // A dump from before the nemesis option was made on a nemesis block of the chain's own.
  return STATE_OPTIONS.filter((name) => JSON.stringify(own[name]) !== JSON.stringify(dump.options[name] ?? null));
}

const HEX = /^(?:[0-9A-Fa-f]{2})*$/;
const DECIMAL = /^(?:0|[1-9][0-9]{0,19})$/;

/**
 * Checks that `value` has a chain dump's shape (format, version, options, inputs), throwing
 * `InvalidArgumentError` (409) that names the first field that is not; what the inputs mean is
 * checked by playing them.
 */
export function parseChainDump(value: unknown): ChainDump {
  const dump = object(value, 'the dump');
  if (dump.format !== DUMP_FORMAT) throw new InvalidArgumentError(`not a chain dump: format must be '${DUMP_FORMAT}'`);
  if (dump.version !== DUMP_VERSION) throw new InvalidArgumentError(`a chain dump of version ${JSON.stringify(dump.version)} cannot be loaded (this version reads ${DUMP_VERSION})`);
  const options = object(dump.options, 'options');
  for (const name of STATE_OPTIONS) if (!(name in options) && name !== 'nemesis' && name !== 'nemesisPlan') throw new InvalidArgumentError(`options.${name} is missing`);
  if (options.nemesis !== undefined && options.nemesis !== null && dumpedNemesis(options as DumpedOptions) === undefined) throw new InvalidArgumentError('options.nemesis must be null or {"hash": …}');
  const head = object(dump.head, 'head');
  for (const name of ['height', 'hash', 'stateHash'] as const) text(head[name], `head.${name}`);
  decimal(dump.timeOffset, 'timeOffset');
  if (!Array.isArray(dump.inputs)) throw new InvalidArgumentError('inputs must be an array');
  dump.inputs.forEach((input, i) => checkInput(input, `inputs[${i}]`));
  return dump as unknown as ChainDump;
}

function checkInput(value: unknown, at: string): void {
  const input = object(value, at);
  if (input.times !== undefined) {
    if (!Array.isArray(input.times)) throw new InvalidArgumentError(`${at}.times must be an array`);
    input.times.forEach((time, i) => decimal(time, `${at}.times[${i}]`));
  }
  switch (input.op) {
    case 'transaction':
      if (!HEX.test(text(input.payload, `${at}.payload`))) throw new InvalidArgumentError(`${at}.payload must be hex`);
      if (input.partial !== undefined && input.partial !== true) throw new InvalidArgumentError(`${at}.partial must be true or absent`);
      return;
    case 'cosignature': {
      const cosignature = object(input.cosignature, `${at}.cosignature`);
      for (const name of ['version', 'signerPublicKey', 'signature', 'parentHash'] as const) text(cosignature[name], `${at}.cosignature.${name}`);
      return;
    }
    case 'block':
      decimal(input.at, `${at}.at`);
      return;
    case 'balance':
      text(input.address, `${at}.address`);
      text(input.mosaicId, `${at}.mosaicId`);
      decimal(input.amount, `${at}.amount`);
      return;
    case 'impersonation':
      if (!Array.isArray(input.addresses)) throw new InvalidArgumentError(`${at}.addresses must be an array`);
      input.addresses.forEach((address, i) => text(address, `${at}.addresses[${i}]`));
      return;
    case 'readmit':
      return;
    case 'drop':
      if (!/^[0-9A-F]{64}$/.test(text(input.hash, `${at}.hash`))) throw new InvalidArgumentError(`${at}.hash must be 64 uppercase hex`);
      return;
    default:
      throw new InvalidArgumentError(`${at}.op ${JSON.stringify(input.op)} is not an input a chain takes`);
  }
}

function object(value: unknown, name: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new InvalidArgumentError(`${name} must be an object`);
  return value as Record<string, unknown>;
}

function text(value: unknown, name: string): string {
  if (typeof value !== 'string') throw new InvalidArgumentError(`${name} must be a string`);
  return value;
}

function decimal(value: unknown, name: string): string {
  if (typeof value !== 'string' || !DECIMAL.test(value)) throw new InvalidArgumentError(`${name} must be a whole number as a decimal string`);
  return value;
}

// JSON with bigints: each as {"bigint": "<decimal>"}, wherever it sits (the rules hold bigints in arrays too).
function toJsonValue(value: unknown): unknown {
  if (typeof value === 'bigint') return { bigint: value.toString() };
  if (Array.isArray(value)) return value.map(toJsonValue);
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, toJsonValue(inner)]));
  return value;
}

function fromJsonValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(fromJsonValue);
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value);
    if (entries.length === 1 && entries[0][0] === 'bigint' && typeof entries[0][1] === 'string' && /^-?[0-9]+$/.test(entries[0][1])) return BigInt(entries[0][1]);
    return Object.fromEntries(entries.map(([key, inner]) => [key, fromJsonValue(inner)]));
  }
  return value;
}

/**
 * Writes a dump to a file, through a temporary file beside it so a crash never leaves half a
 * dump. Synchronous, so a process can write its chain as it exits.
 */
export function writeChainDump(path: string, dump: ChainDump): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(dump));
  renameSync(temporary, path);
}

/** Reads a dump from a file; `InvalidArgumentError` when it is not JSON or not a dump. */
export async function readChainDump(path: string): Promise<ChainDump> {
  const text = await readFile(path, 'utf8');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new InvalidArgumentError(`${path} is not JSON: ${(error as Error).message}`);
  }
  return parseChainDump(value);
}
