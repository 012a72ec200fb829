import type { NemesisMosaicPlan, NemesisPlan } from '../memory/genesis.js';
import { unsigned } from '../memory/network-properties.js';
import { isMapping, type PresetSettings } from './preset-files.js';
import { scalarSetting, settingName } from './preset-keys.js';

/**
 * What a preset without a seed says its nemesis block holds (symbol-bootstrap's own `bootstrap`
 * preset: symbol-bootstrap generates that block with nemgen): the chain's `NemesisPlan` (the base
 * namespace, each mosaic under it with its supply shared out among new accounts, the most of the
 * harvesting mosaic a harvester is given), and the mosaic ids when the preset names them.
 */
export interface NemesisPlanInput extends NemesisPlan {
  /** The currency's mosaic id (16 hex), when the preset gives one. */
  readonly currencyMosaicId?: string;
  /** The harvesting mosaic's id (16 hex), when the preset gives one. */
  readonly harvestingMosaicId?: string;
}

// catapult's namespace name characters: lowercase letters, digits, '-' and '_', not starting with '-' or '_'.
const NAME = /^[a-z0-9][a-z0-9_-]*$/;
const MOSAIC_KEYS = ['name', 'divisibility', 'duration', 'supply', 'isTransferable', 'isSupplyMutable', 'isRestrictable', 'accounts'] as const;

/**
 * Reads the preset's `baseNamespace`, `nemesis.mosaics` and `maxHarvesterBalance`; a missing or bad value (or a key the
 * plan does not take, such as `currencyDistributions`) is a TypeError naming the file and the key.
 *
 * @example
 * readNemesisPlan(settings, ids).mosaics[0]; // { name: 'currency', divisibility: 6, supply: 8998999998000000n, accounts: 5, … }
 */
export function readNemesisPlan(settings: PresetSettings, ids: { currencyMosaicId?: string; harvestingMosaicId?: string }): NemesisPlanInput {
  const baseNamespace = scalarSetting(settings, 'baseNamespace');
  if (!NAME.test(baseNamespace)) throw new TypeError(`${settingName(settings, 'baseNamespace')} = ${baseNamespace} is not a namespace name (a-z, 0-9, - and _)`);
  const section = settings.values.nemesis;
  const name = settingName(settings, 'nemesis');
  if (!isMapping(section)) throw new TypeError(`${name} must be a mapping with mosaics (the preset has no seed, so it must plan its nemesis block)`);
  for (const key of Object.keys(section)) {
    if (key !== 'mosaics') throw new TypeError(`${name}.${key} is not a key the nemesis plan takes (mosaics)`);
  }
  const mosaics = section.mosaics;
  if (!Array.isArray(mosaics) || mosaics.length === 0) throw new TypeError(`${name}.mosaics must be a list of at least one mosaic`);
  const maxHarvesterBalance = Object.hasOwn(settings.values, 'maxHarvesterBalance')
    ? unsigned(scalarSetting(settings, 'maxHarvesterBalance'), settingName(settings, 'maxHarvesterBalance'))
    : undefined;
  return {
    baseNamespace,
    mosaics: mosaics.map((mosaic, index) => readMosaic(mosaic, `${name}.mosaics[${index}]`)),
    ...(maxHarvesterBalance !== undefined && { maxHarvesterBalance }),
    ...(ids.currencyMosaicId !== undefined && { currencyMosaicId: ids.currencyMosaicId }),
    ...(ids.harvestingMosaicId !== undefined && { harvestingMosaicId: ids.harvestingMosaicId }),
  };
}

function readMosaic(mosaic: unknown, name: string): NemesisMosaicPlan {
  if (!isMapping(mosaic)) throw new TypeError(`${name} must be a mapping of ${MOSAIC_KEYS.join(', ')}`);
  for (const key of Object.keys(mosaic)) {
    if (!(MOSAIC_KEYS as readonly string[]).includes(key)) throw new TypeError(`${name}.${key} is not a key the nemesis plan takes (${MOSAIC_KEYS.join(', ')})`);
  }
  const text = (key: (typeof MOSAIC_KEYS)[number]): string => {
    const value = mosaic[key];
    if (typeof value !== 'string' || value === '') {
      const why = key === 'accounts' && Array.isArray(value) ? ' (a count: lists of public keys are not taken)' : '';
      throw new TypeError(`${name}.${key} must be given as a single value${why}`);
    }
    return value;
  };
  const flag = (key: 'isTransferable' | 'isSupplyMutable' | 'isRestrictable'): boolean => {
    const value = text(key);
    if (/^(true|True|TRUE)$/.test(value)) return true;
    if (/^(false|False|FALSE)$/.test(value)) return false;
    throw new TypeError(`${name}.${key} = ${value} is not true or false`);
  };
  const mosaicName = text('name');
  if (!NAME.test(mosaicName)) throw new TypeError(`${name}.name = ${mosaicName} is not a namespace name (a-z, 0-9, - and _)`);
  return {
    name: mosaicName,
    divisibility: Number(unsigned(text('divisibility'), `${name}.divisibility`, 255n)),
    duration: unsigned(text('duration'), `${name}.duration`),
    supply: unsigned(text('supply'), `${name}.supply`),
    isTransferable: flag('isTransferable'),
    isSupplyMutable: flag('isSupplyMutable'),
    isRestrictable: flag('isRestrictable'),
    accounts: Number(unsigned(text('accounts'), `${name}.accounts`, 2n ** 32n - 1n)),
  };
}
