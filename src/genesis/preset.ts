import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { resolveChainOptions, type InMemoryChainOptions } from '../memory/options.js';
import { resolveRules } from '../memory/rules.js';
import { readSeedDirectory, type SeedDirectory } from '../storage/index.js';
import { readNemesisPlan, type NemesisPlanInput } from './nemesis-plan.js';
import { readPresetSettings, type PresetSettings } from './preset-files.js';
import { CHAIN_KEYS, mosaicIdSetting, readChainSettings, settingName } from './preset-keys.js';
import { nemesisOfSeed } from './seed-nemesis.js';

/** A symbol-bootstrap preset, read as the in-memory chain's options. */
export interface GenesisPreset {
  /** The preset folder, absolute. */
  readonly directory: string;
  /** `networkDescription` ('' when the preset gives none). */
  readonly description: string;
  /**
   * The `InMemoryChain` options of the preset's network: `network`, `generationHashSeed`,
   * `epochAdjustment`, `blockTime`, `importanceGrouping`, `maxTransactionLifetime`,
   * `networkDescription`, every rule the preset sets (durations in blocks at its block time) and,
   * when the preset has a seed, `nemesis`: the seed's nemesis block with its currency and sinks;
   * without one, `nemesisPlan`: the nemesis block symbol-bootstrap would generate.
   * No `blockInterval`: the caller chooses whether blocks come on a timer.
   */
  readonly options: InMemoryChainOptions;
  /** The seed directory read, when the preset has one: its statement and finalization proof are served as they are. */
  readonly seed?: SeedDirectory;
  /**
   * The preset's `nemesis:` section and base namespace, when it has no seed (symbol-bootstrap's
   * own `bootstrap` preset, whose nemesis block symbol-bootstrap generates).
   */
  readonly nemesisPlan?: NemesisPlanInput;
  /** The harvesting mosaic id (16 hex) when the preset names one. */
  readonly harvestingMosaicId?: string;
  /** Keys read and not modelled by the chain (consensus-only settings, node settings, URLs, peers…), for a caller that wants to say so. */
  readonly unmodelled: readonly string[];
}

/**
 * Reads a symbol-bootstrap preset folder (the folder of `network.yml`, and for a public network
 * `seed/`), merged over the `shared.yml` of its parent folder and of its own, as symbol-bootstrap
 * merges them. A missing `network.yml`, a bad value, a seed without `nemesisGenerationHashSeed`,
 * or a preset that disagrees with its seed's nemesis block is a TypeError naming the file and
 * the key; a damaged seed is a StorageFormatError naming the seed's file.
 *
 * @example
 * const preset = await readGenesisPreset('node_modules/.cache/…/presets/mainnet');
 * const chain = new InMemoryChain({ ...preset.options, blockInterval: false });
 * chain.latestBlock.meta.hash; // 'BEED005B…09E020', mainnet's block 1
 */
export async function readGenesisPreset(directory: string): Promise<GenesisPreset> {
  const folder = resolve(directory);
  const settings = await readPresetSettings(folder);
  if (!Object.hasOwn(settings.values, 'networkType')) throw new TypeError(`${settingName(settings, 'networkType')} is missing: the preset must say its network (104 mainnet, 152 testnet)`);
  const { options: chainOptions, keys: chainKeys } = readChainSettings(settings);
  const used = new Set(chainKeys);

  const seedDirectory = join(folder, 'seed');
  const seed = (await isDirectory(seedDirectory)) ? await readSeedDirectory(seedDirectory) : undefined;
  const harvestingMosaicId = mosaicIdSetting(settings, 'harvestingMosaicId');
  if (harvestingMosaicId !== undefined) used.add('harvestingMosaicId');

  let options: InMemoryChainOptions = chainOptions;
  let nemesisPlan: NemesisPlanInput | undefined;
  if (seed) {
    const { nemesis, keys } = nemesisOfSeed(seed, seedDirectory, settings, chainOptions);
    options = { ...chainOptions, nemesis };
    keys.forEach((key) => used.add(key));
  } else {
    const currencyMosaicId = mosaicIdSetting(settings, 'currencyMosaicId');
    nemesisPlan = readNemesisPlan(settings, { currencyMosaicId, harvestingMosaicId });
    // The plan's mosaic ids are the chain's nemesis signer's (nonces 0 and 1), as symbol-bootstrap makes them.
    const { baseNamespace, mosaics, maxHarvesterBalance } = nemesisPlan;
    options = { ...chainOptions, nemesisPlan: { baseNamespace, mosaics, ...(maxHarvesterBalance !== undefined && { maxHarvesterBalance }) } };
    ['baseNamespace', 'nemesis', 'maxHarvesterBalance', ...(currencyMosaicId === undefined ? [] : ['currencyMosaicId'])].forEach((key) => used.add(key));
  }
  checkChainCanRun(options, settings);

  return {
    directory: folder,
    description: options.networkDescription ?? '',
    options,
    ...(seed && { seed }),
    ...(nemesisPlan && { nemesisPlan }),
    ...(harvestingMosaicId !== undefined && { harvestingMosaicId }),
    unmodelled: Object.keys(settings.values).filter((key) => !used.has(key)),
  };
}

/** The chain's own checks of its options and rules, run now so that the error names the preset's file and key. */
function checkChainCanRun(options: InMemoryChainOptions, settings: PresetSettings): void {
  try {
    const resolved = resolveChainOptions({ ...options, blockInterval: false });
    resolveRules(resolved.blockTime, { importanceGrouping: resolved.importanceGrouping, ...options.rules });
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    // `rules.maxNameSize must be positive`: the preset key of the rule (or the option) and its file.
    const named = /\b(?:rules\.)?(\w+)/.exec(error.message)?.[1];
    const key = Object.entries(CHAIN_KEYS).find(([key, reading]) => key === named || ('rule' in reading && reading.rule === named) || ('option' in reading && reading.option === named))?.[0];
    if (key === undefined) throw new TypeError(`${settings.read[settings.read.length - 1]}: ${error.message}`);
    const value = settings.values[key];
    throw new TypeError(`${settingName(settings, key)}${typeof value === 'string' ? ` = ${value}` : ''} is refused: ${error.message}`);
  }
}

async function isDirectory(path: string): Promise<boolean> {
  return stat(path).then(
    (found) => found.isDirectory(),
    () => false,
  );
}
