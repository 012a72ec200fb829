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

/** A catapult config number (`1'000`, `0x72C0'212E'67A0'8BCE`) without its group marks; undefined for anything else. */
export function configNumber(value: unknown): string | undefined {
  if (typeof value !== 'string' || !/^(0x[0-9A-Fa-f']+|[0-9']+)$/.test(value) || !/[0-9A-Fa-f]$/.test(value)) return undefined;
  return value.replaceAll("'", '');
}

/** A config uint64 (`0x72C0'212E'67A0'8BCE`) as a mosaic id, 16 uppercase hex; undefined for anything else. */
export function configMosaicId(value: unknown): string | undefined {
  const number = configNumber(value);
  if (number === undefined) return undefined;
  const id = BigInt(number);
  return id < 1n << 64n ? id.toString(16).toUpperCase().padStart(16, '0') : undefined;
}

/** The network a chain's `/network/properties` names (`network.identifier`: `mainnet`, else a test network). */
export function networkOfProperties(properties: { readonly network: { readonly identifier: string } }): NetworkName {
  return properties.network.identifier === 'mainnet' ? 'mainnet' : 'testnet';
}
