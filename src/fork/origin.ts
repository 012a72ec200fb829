import { Address } from 'symbol-sdk/symbol';
import type { AccountInfoDTO } from '../backend/accounts.js';
import type { MosaicInfoDTO } from '../backend/mosaics.js';
import type { BlockInfoDTO, FinalizedBlockDTO, NetworkConfigurationDTO } from '../backend/dto.js';
import { InvalidArgumentError } from '../errors.js';
import { toHex } from '../memory/keys.js';
import type { UpstreamClient } from '../upstream/client.js';
import type { UpstreamNetwork } from '../upstream/network.js';
import { UpstreamError } from '../upstream/upstream-error.js';

/** The networks an in-memory chain can be, by network byte. */
const NETWORKS = new Map<number, 'testnet' | 'mainnet'>([
  [152, 'testnet'],
  [104, 'mainnet'],
]);

/** Where a forked chain starts: the upstream's network, its block at the fork height, and what the chain needs of its state at once. */
export interface ForkOrigin {
  readonly client: UpstreamClient;
  readonly url: string;
  readonly network: 'testnet' | 'mainnet';
  /** 64 uppercase hex. */
  readonly generationHashSeed: string;
  readonly epochAdjustment: number;
  /** The upstream's block at the fork height, as it answered it: the first block of the forked chain. */
  readonly block: BlockInfoDTO;
  /** The fork block as the finalized block (with the upstream's finalization epoch and point). */
  readonly finalized: FinalizedBlockDTO;
  /** The upstream's chain score at the time of the fork. */
  readonly score: bigint;
  /** The hash of the latest importance block at or below the fork height, 64 hex. */
  readonly lastImportanceHash: string;
  readonly importanceGrouping: number;
  /** The currency's mosaic id (16 hex), the nemesis signer (64 hex), the sinks (48 hex each). */
  readonly currencyMosaicId: string;
  readonly nemesisPublicKey: string;
  readonly sinks: { readonly mosaicRental: string; readonly namespaceRental: string; readonly harvestNetworkFee: string };
  /** The upstream's state of the accounts the chain itself uses (funded, harvesters, sinks): those it has. */
  readonly accounts: readonly AccountInfoDTO[];
  /** The upstream's currency mosaic. */
  readonly currency: MosaicInfoDTO;
}

/**
 * Reads where a fork of `client`'s network starts: at `height` (a finalized height of the
 * upstream), or at its latest finalized block.
 *
 * @param addresses the addresses (48 hex) of the accounts the forked chain uses itself, read at once
 * @throws InvalidArgumentError for a height the upstream has not finalized, or a network the chain cannot be
 * @throws UpstreamError when the upstream cannot be read
 */
export async function readForkOrigin(client: UpstreamClient, options: { height?: bigint; addresses: (network: 'testnet' | 'mainnet') => readonly string[] }): Promise<ForkOrigin> {
  const network = await client.connect();
  const name = NETWORKS.get(network.networkIdentifier);
  if (name === undefined) throw new InvalidArgumentError(`${client.url} runs network ${network.networkIdentifier}; a fork can be testnet (152) or mainnet (104)`);
  const chainInfo = await client.chainInfo();
  const latest = chainInfo.latestFinalizedBlock;
  const height = options.height ?? BigInt(latest.height);
  if (height < 1n || height > BigInt(latest.height)) {
    throw new InvalidArgumentError(`the fork height must be a finalized height of ${client.url} (1 to ${latest.height}), not ${height}`);
  }
  const properties = network.properties;
  const importanceGrouping = Number(numberOf(properties.chain.importanceGrouping, 'chain.importanceGrouping'));
  const importanceHeight = (height / BigInt(importanceGrouping)) * BigInt(importanceGrouping);
  const [block, importanceBlock, proof] = await Promise.all([
    requiredBlock(client, height),
    importanceHeight >= 1n ? requiredBlock(client, importanceHeight) : undefined,
    height === BigInt(latest.height) ? undefined : client.finalizationProofAtHeight(height),
  ]);
  const currencyMosaicId = mosaicIdOf(properties.chain.currencyMosaicId, 'chain.currencyMosaicId');
  const sinks = sinksOf(properties);
  const addresses = [...options.addresses(name), ...Object.values(sinks)];
  const [accounts, [currency]] = await Promise.all([client.accounts(addresses), client.mosaics([currencyMosaicId])]);
  if (!currency) throw new UpstreamError('garbage', `${client.url} has no mosaic ${currencyMosaicId}, the currency its /network/properties names`);
  return {
    client,
    url: client.url,
    network: name,
    generationHashSeed: network.generationHash,
    epochAdjustment: network.epochAdjustment,
    block,
    finalized: {
      finalizationEpoch: proof?.finalizationEpoch ?? latest.finalizationEpoch,
      finalizationPoint: proof?.finalizationPoint ?? latest.finalizationPoint,
      height: block.block.height,
      hash: block.meta.hash,
    },
    score: (BigInt(chainInfo.scoreHigh) << 64n) + BigInt(chainInfo.scoreLow),
    lastImportanceHash: importanceBlock?.meta.hash ?? '0'.repeat(64),
    importanceGrouping,
    currencyMosaicId,
    nemesisPublicKey: nemesisOf(network),
    sinks,
    accounts,
    currency,
  };
}

async function requiredBlock(client: UpstreamClient, height: bigint): Promise<BlockInfoDTO> {
  const block = await client.block(height);
  if (!block) throw new UpstreamError('garbage', `${client.url} reports block ${height} finalized but has no such block`);
  return block;
}

/** A catapult config number (`1'000`, `0x72C0'212E'67A0'8BCE`) without its group marks. */
function numberOf(value: unknown, name: string): string {
  if (typeof value !== 'string' || !/^(0x)?[0-9A-Fa-f']+$/.test(value)) throw new UpstreamError('garbage', `/network/properties ${name} is not a number: ${JSON.stringify(value)}`);
  return value.replaceAll("'", '');
}

function mosaicIdOf(value: unknown, name: string): string {
  const hex = numberOf(value, name).replace(/^0x/, '').toUpperCase().padStart(16, '0');
  if (hex.length !== 16) throw new UpstreamError('garbage', `/network/properties ${name} is not a mosaic id: ${JSON.stringify(value)}`);
  return hex;
}

function addressOf(value: unknown, name: string): string {
  try {
    return toHex(new Address(String(value)).bytes);
  } catch {
    throw new UpstreamError('garbage', `/network/properties ${name} is not an address: ${JSON.stringify(value)}`);
  }
}

function sinksOf(properties: NetworkConfigurationDTO): ForkOrigin['sinks'] {
  return {
    mosaicRental: addressOf(properties.plugins.mosaic?.mosaicRentalFeeSinkAddress, 'plugins.mosaic.mosaicRentalFeeSinkAddress'),
    namespaceRental: addressOf(properties.plugins.namespace?.namespaceRentalFeeSinkAddress, 'plugins.namespace.namespaceRentalFeeSinkAddress'),
    harvestNetworkFee: addressOf(properties.chain.harvestNetworkFeeSinkAddress, 'chain.harvestNetworkFeeSinkAddress'),
  };
}

function nemesisOf(network: UpstreamNetwork): string {
  const key = network.properties.network.nemesisSignerPublicKey;
  if (typeof key !== 'string' || !/^[0-9A-Fa-f]{64}$/.test(key)) throw new UpstreamError('garbage', `/network/properties network.nemesisSignerPublicKey is not a public key: ${JSON.stringify(key)}`);
  return key.toUpperCase();
}
