/**
 * A transaction family's descriptor: everything the rest of the system needs of one family,
 * declared once in the family's folder (catapult's `plugins/txes/<family>` and catapult-rest's
 * `plugins/<family>` in one). The registry (`index.ts`) lists the descriptors; every part of
 * the system that needs something of the families reads it there:
 *
 * - the in-memory chain: `plugin` and `repositories` (the `ChainFamily` part);
 * - the gateway: `routes`, and each state kind's `proof` route;
 * - the state hash: each state kind's tree, registered by the plugin with catapult's cache id;
 * - the PostgreSQL store and the mirror: each state kind's `kind`, `layout`, filters, inverse
 *   and upstream shape, and the lists its transactions change (`changes`);
 * - a fork: each state kind's `fetch`, how its entries are read from an upstream;
 * - the upstream client and the chain's JSON: `transactions`, each type's body both ways;
 * - the explorer: each transaction and receipt type's name.
 */
import type { GatewayBackend } from '../backend/index.js';
import type { Awaitable, PageResult } from '../backend/repositories.js';
import type { Router } from '../http/router.js';
import type { RouteSettings } from '../routes/settings.js';
import { PROOF_KEYS, type StateProofRoute } from '../routes/state-proofs.js';
import type { StateTreeName } from '../backend/state-proofs.js';
import type { ChainFamily, RepositoryAccess } from '../memory/chain/family.js';
import type { ChainPlugin } from '../memory/execution/plugin.js';
import type { CacheDescriptor } from '../memory/state/cache.js';
import type { Filters } from '../memory/state/entry-listing.js';
import type { Fetched } from '../memory/state/fetched-state.js';
import type { TransactionBody } from '../memory/transactions/json.js';
import type { PageRequest } from '../pagination.js';
import type { UpstreamClient } from '../upstream/client.js';
import type { EntryReader } from '../upstream/entries.js';
import type { Check } from '../upstream/shape.js';
import { UPSTREAM_KEYS } from '../upstream/state-path.js';
import type { BodyReader } from '../upstream/body-fields.js';

export interface FamilyDescriptor<P extends ChainPlugin = ChainPlugin, R extends Partial<GatewayBackend> = Partial<GatewayBackend>> extends ChainFamily<P, R> {
  /** Its transaction types: each one's name and its body in catapult-rest's JSON, written and read back. */
  readonly transactions?: readonly TransactionType[];
  /** Its receipt types' names, by type (the explorer shows them). */
  readonly receipts?: Readonly<Record<number, string>>;
  /** Its state kinds: the caches its routes serve, and how every other part of the system keeps and copies them. */
  readonly states?: readonly FamilyState<P>[];
  /** Registers its REST routes (the state proof routes come from `states`). */
  readonly routes?: (router: Router, backend: GatewayBackend, settings: RouteSettings) => void;
}

/** One transaction type of a family. */
export interface TransactionType extends TransactionBody {
  /** What the explorer calls it (`'transfer'`, `'mosaic definition'` …). */
  readonly name: string;
  /** Its body read back from catapult-rest's JSON into the symbol-sdk model (what `write` wrote); none for the aggregates, which the upstream client reads itself. */
  readonly read?: BodyReader;
}

/**
 * How the PostgreSQL store and the mirror keep a state kind (src/postgres/state.ts):
 * - `listed`: entries with their lists (pages under any combination of the route's filters);
 * - `accounts`: listed, and per mosaic its holders ordered by balance;
 * - `namespaces`: listed, with every name ever registered and the aliases' full names;
 * - `multisig`: entries by account, read a graph level at a time (no route lists them).
 */
export type StoreLayout = 'listed' | 'accounts' | 'namespaces' | 'multisig';

/** A query of a list, by parameter name (addresses as 48 hex): what names a list of a kind a mirror reads again. */
export type ListQuery = Readonly<Record<string, string>>;

/** One state kind of a family: a cache its routes serve. */
export interface FamilyState<P extends ChainPlugin = ChainPlugin, V = unknown, DTO = unknown, Q extends PageRequest = PageRequest> {
  /** The kind's name: the backend repository that serves it and its entries' kind in the PostgreSQL store (`metadata`, `hashLocks` …). */
  readonly kind: keyof GatewayBackend & string;
  readonly cache: CacheDescriptor<V>;
  readonly layout: StoreLayout;
  /** The route that lists the kind's entries (`/metadata`); the mirror pages it. None for a kind no route lists (multisig). */
  readonly route?: string;
  /** An upstream's DTO of one entry: what it must hold to be taken. */
  readonly check: Check<DTO>;
  /** The cache key a DTO is of. */
  keyOf(dto: DTO): string;
  /** The entry a DTO shows: the inverse of the store's rendering (none where an entry needs more than its DTO: a namespace needs its family's). */
  entryOf?(dto: DTO): V;
  /** The filters an entry is listed under (a `listed` or `namespaces` layout). */
  filters?(entry: V): Filters;
  /** The filters a query asks for, named and ordered as `filters` names them: what names its list (a `listed` or `namespaces` layout). */
  queryFilters?(criteria: Q): Filters;
  /** The chain's store of the kind, from the family's plugin: for a `listed` layout an `EntryListing` (its keys and listed entries), else the store the layout reads. */
  store(plugin: P): object;
  /** Reads entries of the kind from an upstream gateway by cache key (a fork's entries it never had, a mirror's entries to copy again). */
  readonly read: EntryReader<DTO>;
  /** How a forked chain reads the entries of keys it never had, where that is more than `read` (a namespace comes with its whole family). */
  fetch?(client: UpstreamClient, keys: readonly string[]): Promise<Fetched<V>>;
  /** Its state proof route. */
  readonly proof: StateProof;
  /** What a mirror reads again of the kind after a batch of blocks. */
  readonly changes?: MirrorChanges;
}

/** A state kind's proof route (`GET /metadata/{compositeHash}/merkle`), and where an upstream gateway serves the same proof. */
export interface StateProof extends StateProofRoute {
  /** The route an upstream gateway serves the proof of a key at (`/metadata/{hex}/merkle`), from the key's bytes. */
  upstream(key: Buffer): string;
}

/**
 * The state proof route of a key (`{base}/:{param}{suffix}`, suffix `/merkle` by default), the
 * key read from the route as `form` says (a hash, a mosaic or namespace id, an address, or an
 * account by address or public key), and the same route at an upstream gateway.
 *
 * @example proofRoute('metadata', '/metadata', 'compositeHash', 'hash') // GET /metadata/:compositeHash/merkle
 */
export function proofRoute(tree: StateTreeName, base: string, param: string, form: keyof typeof PROOF_KEYS, suffix = '/merkle'): StateProof {
  const upstreamKey = UPSTREAM_KEYS[form === 'account' ? 'address' : form];
  return { tree, path: `${base}/:${param}${suffix}`, key: PROOF_KEYS[form](param), upstream: (key) => `${base}/${upstreamKey(key)}${suffix}` };
}

/**
 * What a batch of blocks changed of a state kind: lists to read again (named by the queries that
 * page them, under filters an entry never leaves), entries to read again by key (for the
 * `namespaces` layout, a namespace whose family to read again), and names it registered.
 */
export interface Changed {
  readonly lists?: readonly ListQuery[];
  readonly keys?: readonly string[];
  /** The names a transaction registers (a namespace's): stored as registered, as a node's names are never removed. */
  readonly names?: readonly { readonly id: string; readonly name: string; readonly parentId: string }[];
}

/** What a transaction changed (an embedded one's too), from its JSON and its signer's address (48 hex). */
export type TransactionChange = (transaction: Readonly<Record<string, unknown>>, signer: string, resolve: Resolve) => Changed;
/** What a receipt changed, from its JSON. */
export type ReceiptChange = (receipt: Readonly<Record<string, unknown>>) => Changed;

/** What a mirror reads again of a state kind after a batch of blocks (all of it at the start and after a fork switch). */
export interface MirrorChanges {
  /** By transaction type. */
  readonly transactions?: ReadonlyMap<number, TransactionChange>;
  /** By receipt type. */
  readonly receipts?: ReadonlyMap<number, ReceiptChange>;
  /** Where an entry's end height is in its JSON (`['lock', 'endHeight']`): once final there, a node may have pruned it; then the list `ownerList` names is read again. */
  readonly ends?: { readonly path: readonly string[]; ownerList(dto: unknown): ListQuery };
}

/** What an unresolved address (48 hex) or mosaic id (16 hex) stood for in a batch, as its resolution statements say. */
export interface Resolve {
  address(unresolved: string): string[];
  mosaic(unresolved: string): string[];
}

/** A listed store (an `EntryListing`): pages by a query, entries by key. */
export interface Listing<DTO, Q> {
  search(criteria: Q): PageResult<DTO>;
  find(keys: readonly string[]): DTO[];
}

/** The repository of a listed cache: its pages read from the store, its entries by key (fetched first on a chain over an entry source). */
export function listingRepository<DTO, Q extends PageRequest, P extends ChainPlugin>(
  access: RepositoryAccess<P>,
  cache: CacheDescriptor<unknown>,
  listing: (plugin: P) => Listing<DTO, Q>,
): { search(criteria: Q): Awaitable<PageResult<DTO>>; find(keys: readonly string[]): Awaitable<DTO[]> } {
  return {
    search: (criteria) => access.read(() => listing(access.plugin()).search(criteria)),
    find: (keys) => access.byKey(cache, keys, () => listing(access.plugin()).find(keys)),
  };
}

/** A family's descriptor, with its plugin's and repositories' types kept (what `RepositoriesOf` reads). */
export function defineFamily<P extends ChainPlugin, R extends Partial<GatewayBackend> = Record<never, never>>(descriptor: FamilyDescriptor<P, R>): FamilyDescriptor<P, R> {
  return descriptor;
}

/** A state kind, typed by its entries, DTOs and queries where it is declared (the registry holds them as `FamilyState`). */
export function defineState<P extends ChainPlugin, V, DTO, Q extends PageRequest>(state: FamilyState<P, V, DTO, Q>): FamilyState<P> {
  return state as FamilyState<P>;
}
