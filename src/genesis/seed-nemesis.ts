import { join } from 'node:path';
import { SymbolFacade } from 'symbol-sdk/symbol';
import { nemesisSignerOf, type NemesisBlockInput, type NemesisSinks } from '../memory/nemesis-block.js';
import { sha3, toHex } from '../memory/keys.js';
import { finalizationProofDto } from '../storage/index.js';
import { unsigned } from '../memory/network-properties.js';
import { symbolNetwork } from '../network.js';
import { BLOCK_TYPE_OFFSET } from '../storage/block-entity.js';
import { storageFilePath, type SeedDirectory } from '../storage/index.js';
import type { PresetSettings } from './preset-files.js';
import { mosaicIdSetting, scalarSetting, settingName, type PresetChainOptions } from './preset-keys.js';

/** The network byte of a block: right before its type (catbuffer's BlockHeader). */
const BLOCK_NETWORK_OFFSET = BLOCK_TYPE_OFFSET - 1;
const NETWORK_TYPES = { mainnet: 104, testnet: 152 } as const;

/** Each sink of `NemesisSinks` by its preset key (the V1 key is the same with `V1` after it). */
const SINK_KEYS: Readonly<Record<keyof NemesisSinks, string>> = {
  mosaicRental: 'mosaicRentalFeeSinkAddress',
  namespaceRental: 'namespaceRentalFeeSinkAddress',
  harvestNetworkFee: 'harvestNetworkFeeSinkAddress',
};

/** The keys the seed's nemesis block is read with. */
export const NEMESIS_KEYS = ['nemesisSignerPublicKey', 'currencyMosaicId', ...Object.values(SINK_KEYS), ...Object.values(SINK_KEYS).map((key) => `${key}V1`), 'treasuryReissuance'];

/**
 * The seed's nemesis block as the chain executes it, with what the preset says of it: its
 * currency, its sinks, and (when the preset has V1 sinks) the former sinks in force below the
 * `treasuryReissuance` fork height. Refuses a preset that disagrees with the block: its
 * `nemesisSignerPublicKey`, `nemesisGenerationHashSeed` or `networkType`. Returns the keys it read.
 */
export function nemesisOfSeed(seed: SeedDirectory, seedDirectory: string, settings: PresetSettings, options: PresetChainOptions): { nemesis: NemesisBlockInput; keys: string[] } {
  const element = seed.blocks[0];
  const blockFile = join(seedDirectory, storageFilePath(1n, '.dat'));
  const keys: string[] = [];
  const disagree = (key: string, value: string, block: string) =>
    new TypeError(`${settingName(settings, key)} = ${value} differs from the seed's nemesis block (${blockFile}: ${block})`);

  const network = options.network ?? 'testnet';
  const blockNetwork = element.block[BLOCK_NETWORK_OFFSET];
  if (blockNetwork !== NETWORK_TYPES[network]) throw disagree('networkType', String(NETWORK_TYPES[network]), `network ${blockNetwork}`);
  const generationHashSeed = options.generationHashSeed;
  if (generationHashSeed === undefined) throw new TypeError(`${settingName(settings, 'nemesisGenerationHashSeed')} is missing: a preset with a seed must give its generation hash seed`);
  // A transaction's entity hash covers the seed: the block's first (not an aggregate in a nemgen block) must hash to what the seed stored.
  const facade = new SymbolFacade(symbolNetwork({ network, epochAdjustment: options.epochAdjustment ?? 0, generationHashSeed }));
  const first = firstTransactionHash(element.block, facade);
  if (first !== undefined && element.transactions[0] && first !== element.transactions[0].entityHash) {
    throw disagree('nemesisGenerationHashSeed', generationHashSeed, `its first transaction's hash ${element.transactions[0].entityHash} is not computed with this seed, which makes ${first}`);
  }
  if (Object.hasOwn(settings.values, 'nemesisSignerPublicKey')) {
    const signer = scalarSetting(settings, 'nemesisSignerPublicKey');
    const blockSigner = nemesisSignerOf(element.block);
    if (signer.toUpperCase() !== blockSigner) throw disagree('nemesisSignerPublicKey', signer, `signer ${blockSigner}`);
    keys.push('nemesisSignerPublicKey');
  }

  const currencyMosaicId = mosaicIdSetting(settings, 'currencyMosaicId');
  if (currencyMosaicId === undefined) throw new TypeError(`${settingName(settings, 'currencyMosaicId')} is missing: a preset with a seed must name its currency`);
  keys.push('currencyMosaicId');

  const address = (key: string): string => {
    const value = scalarSetting(settings, key);
    if (/^[0-9A-Fa-f]{48}$/.test(value) || facade.network.isValidAddressString(value)) return value;
    throw new TypeError(`${settingName(settings, key)} = ${value} is not a ${network} address`);
  };
  const sinks = {} as Record<keyof NemesisSinks, string>;
  for (const [sink, key] of Object.entries(SINK_KEYS) as [keyof NemesisSinks, string][]) {
    if (!Object.hasOwn(settings.values, key)) throw new TypeError(`${settingName(settings, key)} is missing: a preset with a seed must name its sinks`);
    sinks[sink] = address(key);
    keys.push(key);
  }

  // catapult's V1 sinks are each in force below the fork height; a sink without one is the same on both sides of it.
  const formerKeys = Object.values(SINK_KEYS).filter((key) => Object.hasOwn(settings.values, `${key}V1`) && settings.values[`${key}V1`] !== '');
  let formerSinks: NemesisBlockInput['formerSinks'];
  if (formerKeys.length > 0) {
    const former = { ...sinks };
    for (const [sink, key] of Object.entries(SINK_KEYS) as [keyof NemesisSinks, string][]) {
      if (formerKeys.includes(key)) former[sink] = address(`${key}V1`);
    }
    const until = unsigned(scalarSetting(settings, 'treasuryReissuance'), settingName(settings, 'treasuryReissuance'));
    formerSinks = { ...former, until };
    keys.push(...formerKeys.map((key) => `${key}V1`), 'treasuryReissuance');
  }

  const nemesis: NemesisBlockInput = {
    block: element.block,
    hash: element.entityHash,
    generationHash: element.generationHash,
    transactions: element.transactions,
    subCacheMerkleRoots: element.subCacheMerkleRoots,
    currencyMosaicId,
    sinks,
    ...(formerSinks && { formerSinks }),
    ...(seed.proof && { proof: finalizationProofDto(seed.proof) }),
  };
  return { nemesis, keys };
}

/** Bytes of a nemesis block's header, where its transactions start. */
const NEMESIS_HEADER_SIZE = 424;
const AGGREGATE_TYPES = [0x4141, 0x4241];

/** The entity hash of a nemesis block's first transaction under the facade's seed; undefined when it has none or it is an aggregate (whose hash covers only its header). */
function firstTransactionHash(block: Uint8Array, facade: SymbolFacade): string | undefined {
  if (block.length < NEMESIS_HEADER_SIZE + 128) return undefined;
  const view = new DataView(block.buffer, block.byteOffset, block.byteLength);
  const size = view.getUint32(NEMESIS_HEADER_SIZE, true);
  if (AGGREGATE_TYPES.includes(view.getUint16(NEMESIS_HEADER_SIZE + 110, true)) || NEMESIS_HEADER_SIZE + size > block.length) return undefined;
  const transaction = block.subarray(NEMESIS_HEADER_SIZE, NEMESIS_HEADER_SIZE + size);
  return toHex(sha3(transaction.subarray(8, 72), transaction.subarray(72, 104), facade.network.generationHashSeed.bytes, transaction.subarray(108)));
}
