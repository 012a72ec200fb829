import type { NetworkConfigurationDTO, NodeInfoDTO } from '../backend/dto.js';
import { UpstreamError } from './upstream-error.js';

/** The network an upstream follows, as `UpstreamClient.connect()` reads it. */
export interface UpstreamNetwork {
  /** The network's generation hash seed (`/node/info` `networkGenerationHashSeed`), 64 uppercase hex: what transactions are signed for. */
  generationHash: string;
  /** The network byte: 104 mainnet, 152 testnet. */
  networkIdentifier: number;
  /** `/network/properties` `network.identifier`: `mainnet`, `testnet`... */
  networkName: string;
  /** Seconds from the Unix epoch to the network's epoch (network timestamps count ms from there). */
  epochAdjustment: number;
  /** The whole answers, for anything else the caller needs. */
  node: NodeInfoDTO;
  properties: NetworkConfigurationDTO;
}

/** A catapult time span as config files write it: `1615853185s`, `300ms`, `2h` (digits may be grouped with `'`). */
export const TIME_SPAN = /^([0-9']+)(ms|s|m|h)$/;

/** Seconds per unit of a time span. */
const TIME_UNITS: Record<string, number> = { ms: 0.001, s: 1, m: 60, h: 3600 };

/**
 * What `/node/info` and `/network/properties` (already checked, the epoch adjustment a
 * `TIME_SPAN`) say of the network, checked against the generation hash the caller expects.
 *
 * @throws UpstreamError kind `network` when the generation hash differs from `expected.generationHash`
 */
export function networkOf(url: string, node: NodeInfoDTO, properties: NetworkConfigurationDTO, expected: { generationHash?: string }): UpstreamNetwork {
  const generationHash = node.networkGenerationHashSeed.toUpperCase();
  const wanted = expected.generationHash?.toUpperCase();
  if (wanted !== undefined && wanted !== generationHash) {
    throw new UpstreamError('network', `${url} follows another network: its generation hash is ${generationHash}, expected ${wanted}`);
  }
  const [, digits, unit] = properties.network.epochAdjustment.match(TIME_SPAN)!;
  return {
    generationHash,
    networkIdentifier: node.networkIdentifier,
    networkName: properties.network.identifier,
    epochAdjustment: Number(digits.replaceAll("'", '')) * TIME_UNITS[unit],
    node,
    properties,
  };
}
