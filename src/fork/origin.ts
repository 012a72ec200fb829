import { Address } from 'symbol-sdk/symbol';
import type { BlockInfoDTO, NetworkConfigurationDTO } from '../backend/dto.js';
import { InvalidArgumentError } from '../errors.js';
import { ACCOUNTS, newAccount, type AccountState } from '../memory/account-state.js';
import { deriveAccount, ownAccountLabels } from '../memory/chain/identity.js';
import type { ChainOrigin } from '../memory/chain/origin.js';
import { toHex } from '../memory/keys.js';
import { resolveChainOptions, type InMemoryChainOptions } from '../memory/options.js';
import { accountStateOf } from '../families/core/account-store.js';
import { MOSAICS } from '../families/mosaic/state.js';
import { mosaicEntryOf } from '../families/mosaic/store.js';
import { configMosaicId, configNumber, NETWORK_IDENTIFIERS, networkNamed, symbolNetwork } from '../network.js';
import { UpstreamClient } from '../upstream/client.js';
import type { UpstreamNetwork } from '../upstream/network.js';
import type { UpstreamClientOptions } from '../upstream/options.js';
import { UpstreamError } from '../upstream/upstream-error.js';
import { upstreamEntrySource } from './sources.js';

/** What a fork forks: an upstream gateway, at its latest finalized block or at `height`. */
export interface ForkOptions {
  /** The upstream gateway's base URL (ours or the reference, on testnet or mainnet). */
  url: string;
  /** A finalized height of the upstream to fork at. Default: its latest finalized block. */
  height?: bigint;
  /** How the upstream is read (timeout, retries, request rate): see `UpstreamClientOptions`. */
  upstream?: Omit<UpstreamClientOptions, 'url'>;
}

/** The options of a forked chain: the network (its kind, generation hash seed and epoch) is the upstream's. */
export type ForkedChainOptions = Omit<InMemoryChainOptions, 'network' | 'generationHashSeed' | 'epochAdjustment' | 'keepInputs'>;

/**
 * Reads where a fork of an upstream gateway starts (at `fork.height`, a finalized height of the
 * upstream, or at its latest finalized block) as a chain's origin: the upstream's network, its
 * block there, and the upstream's state of the accounts the chain uses itself and of the
 * currency, the rest of its state to be read from it on first use.
 *
 * @throws InvalidArgumentError for a height the upstream has not finalized, or a network the chain cannot be
 * @throws UpstreamError when the upstream cannot be read
 */
export async function readForkOrigin(fork: ForkOptions | string, options: ForkedChainOptions = {}): Promise<ChainOrigin> {
  const { url, height: forkHeight, upstream } = typeof fork === 'string' ? { url: fork } : fork;
  const client = new UpstreamClient({ ...upstream, url });
  const { seed, harvesterCount, accountCount } = resolveChainOptions(options);
  const network = await client.connect();
  const name = networkNamed(network.networkIdentifier);
  if (name === undefined) throw new InvalidArgumentError(`${client.url} runs network ${network.networkIdentifier}; a fork can be testnet (${NETWORK_IDENTIFIERS.testnet}) or mainnet (${NETWORK_IDENTIFIERS.mainnet})`);
  const chainInfo = await client.chainInfo();
  const latest = chainInfo.latestFinalizedBlock;
  const height = forkHeight ?? BigInt(latest.height);
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
  // The chain's own accounts, as the chain derives them (an address follows from the key and the network byte alone).
  const ownNetwork = symbolNetwork({ network: name, epochAdjustment: 0, generationHashSeed: '0'.repeat(64) });
  const own = ownAccountLabels({ harvesterCount, accountCount }).map((label) => deriveAccount(ownNetwork, seed, label).addressHex);
  const [accounts, [currency]] = await Promise.all([client.accounts([...own, ...Object.values(sinks)]), client.mosaics([currencyMosaicId])]);
  if (!currency) throw new UpstreamError('garbage', `${client.url} has no mosaic ${currencyMosaicId}, the currency its /network/properties names`);
  return {
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
    entries: upstreamEntrySource(client),
    // The upstream's state of the chain's own accounts and of the currency, then the own accounts credited on top of it.
    seed(state, change, ownAddresses, credit) {
      state.cache(ACCOUNTS).load([...ownAddresses, ...Object.values(sinks)], new Map(accounts.map((info) => [info.account.address.toUpperCase(), accountStateOf(info)])));
      state.cache(MOSAICS).load([currencyMosaicId], new Map([[currencyMosaicId, mosaicEntryOf(currency)]]));
      change((delta) => {
        const cache = delta.cache(ACCOUNTS);
        const mosaics = delta.cache(MOSAICS);
        const entry = mosaics.get(currencyMosaicId)!;
        for (const address of ownAddresses) {
          const account: AccountState = cache.get(address) ?? newAccount(address, height);
          const balances = new Map(account.balances);
          balances.set(currencyMosaicId, (balances.get(currencyMosaicId) ?? 0n) + credit);
          cache.set(address, { ...account, balances });
        }
        mosaics.set(currencyMosaicId, { ...entry, supply: entry.supply + credit * BigInt(ownAddresses.length) });
      });
    },
  };
}

async function requiredBlock(client: UpstreamClient, height: bigint): Promise<BlockInfoDTO> {
  const block = await client.block(height);
  if (!block) throw new UpstreamError('garbage', `${client.url} reports block ${height} finalized but has no such block`);
  return block;
}

/** A catapult config number (`1'000`, `0x72C0'212E'67A0'8BCE`) without its group marks. */
function numberOf(value: unknown, name: string): string {
  const number = configNumber(value);
  if (number === undefined) throw new UpstreamError('garbage', `/network/properties ${name} is not a number: ${JSON.stringify(value)}`);
  return number;
}

function mosaicIdOf(value: unknown, name: string): string {
  const id = configMosaicId(value);
  if (id === undefined) throw new UpstreamError('garbage', `/network/properties ${name} is not a mosaic id: ${JSON.stringify(value)}`);
  return id;
}

function addressOf(value: unknown, name: string): string {
  try {
    return toHex(new Address(String(value)).bytes);
  } catch {
    throw new UpstreamError('garbage', `/network/properties ${name} is not an address: ${JSON.stringify(value)}`);
  }
}

function sinksOf(properties: NetworkConfigurationDTO): ChainOrigin['sinks'] {
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
