import { Hash256 } from 'symbol-sdk';
import { Network } from 'symbol-sdk/symbol';

/** The Symbol networks a chain can be. */
export type NetworkName = 'testnet' | 'mainnet';

/** Each network's identifier: the first byte of its addresses (T... and N... in base32). */
export const NETWORK_IDENTIFIERS: Readonly<Record<NetworkName, number>> = Object.freeze({ testnet: 0x98, mainnet: 0x68 });

/** The network whose identifier this is; undefined for one no chain here can be. */
export function networkNamed(identifier: number): NetworkName | undefined {
  return identifier === NETWORK_IDENTIFIERS.testnet ? 'testnet' : identifier === NETWORK_IDENTIFIERS.mainnet ? 'mainnet' : undefined;
}

/** What makes a chain's symbol-sdk network: its kind (which fixes its identifier), its epoch and its generation hash seed. */
export interface NetworkSettings {
  readonly network: NetworkName;
  /** Unix seconds of the nemesis block. */
  readonly epochAdjustment: number;
  /** 64 hex. */
  readonly generationHashSeed: string;
}

/**
 * The symbol-sdk network of a chain: addresses, hashes and signatures follow from it.
 *
 * @example symbolNetwork({ network: 'testnet', epochAdjustment: 1667250467, generationHashSeed }).publicKeyToAddress(key)
 */
export function symbolNetwork({ network, epochAdjustment, generationHashSeed }: NetworkSettings): Network {
  return new Network(network, NETWORK_IDENTIFIERS[network], new Date(epochAdjustment * 1000), new Hash256(generationHashSeed));
}
