/**
 * What the in-memory chain takes of a transaction family: its plugin (made once per chain, its
 * caches registered on the chain's state) and the backend repositories it serves over the
 * plugin's stores. A family's descriptor (src/families/<family>/index.ts) carries this besides
 * what the other parts of the system read of it; the chain is given the families it runs and
 * knows none of them by name.
 */
import type { GatewayBackend } from '../../backend/index.js';
import type { Awaitable } from '../../backend/repositories.js';
import type { ChainPlugin, PluginEnvironment } from '../execution/plugin.js';
import type { CacheDescriptor } from '../state/cache.js';
import type { TransactionBody } from '../transactions/json.js';

export interface ChainFamily<P extends ChainPlugin = ChainPlugin, R extends Partial<GatewayBackend> = Partial<GatewayBackend>> {
  /** The family's one name (its folder, its plugin's `name`). */
  readonly name: string;
  /** Makes the family's plugin for one chain. */
  plugin(environment: PluginEnvironment): P;
  /** Its transaction types' bodies in catapult-rest's JSON (what the chain's transaction routes answer). */
  readonly transactions?: readonly TransactionBody[];
  /** The repositories the family's routes read, over its plugin's stores. */
  repositories?(access: RepositoryAccess<P>): R;
}

/** How a family's repositories reach the chain: its plugin as the chain stands now, and the chain's rules for reads. */
export interface RepositoryAccess<P extends ChainPlugin = ChainPlugin> {
  /** The family's plugin on the chain's current core (loading a dump makes a new one). */
  plugin(): P;
  /** Reads chain data: answers 503 while the chain reports its database down. */
  read<T>(read: () => T): T;
  /** Reads entries by key: on a chain over an entry source (a fork), their entries are fetched first. */
  byKey<T>(cache: CacheDescriptor<unknown>, keys: readonly string[], read: () => T): Awaitable<T>;
  /** On a chain over an entry source, fetches the entries of `keys` it does not have yet; undefined on any other chain. */
  fetch(cache: CacheDescriptor<unknown>, keys: readonly string[]): Promise<void> | undefined;
  /** The address (48 hex) of a public key (64 hex) on the chain's network. */
  addressOf(publicKey: string): string;
}
