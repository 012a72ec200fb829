import { PublicKey } from 'symbol-sdk';
import type { Network } from 'symbol-sdk/symbol';
import { toHex } from './keys.js';

/** An account address in both wire forms. */
export interface AccountAddress {
  /** 39-character base32 (T... / N...), as channels and query parameters take it. */
  readonly base32: string;
  /** 48-character uppercase hex, as response bodies show it. */
  readonly hex: string;
}

/**
 * Addresses of public keys, derived once each: the derivation (SHA3 and RIPEMD-160 in
 * JavaScript) costs more than anything else the chain does per transfer but the
 * signature check. Bounded: past `capacity` keys the oldest is forgotten.
 */
export class AddressBook {
  readonly #network: Network;
  readonly #capacity: number;
  readonly #byKey = new Map<string, AccountAddress>();

  constructor(network: Network, capacity = 100_000) {
    this.#network = network;
    this.#capacity = capacity;
  }

  /** The address of a public key given as 64 hex characters. */
  of(publicKey: string): AccountAddress {
    const key = publicKey.toUpperCase();
    let address = this.#byKey.get(key);
    if (!address) {
      const derived = this.#network.publicKeyToAddress(new PublicKey(key));
      address = { base32: derived.toString(), hex: toHex(derived.bytes) };
      if (this.#byKey.size >= this.#capacity) this.#byKey.delete(this.#byKey.keys().next().value!);
      this.#byKey.set(key, address);
    }
    return address;
  }
}
