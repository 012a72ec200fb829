/**
 * The contract between routes and chain data. A backend author reads this folder and
 * nothing else: implement `GatewayBackend`, throw `ServiceUnavailableError` when the
 * node or database is unreachable, and return wire-shaped DTOs. The chain's own resources
 * are in dto.ts and repositories.ts; each transaction family's are in the file named for the
 * family (core.ts: accounts; mosaic.ts, namespace.ts, lock-hash.ts …), as in src/families/.
 */
import type { AccountRepository } from './core.js';
import type { DevControlsRepository } from './dev.js';
import type { EventFeed } from './events.js';
import type { HashLockRepository } from './lock-hash.js';
import type { SecretLockRepository } from './lock-secret.js';
import type { MetadataRepository } from './metadata.js';
import type { MosaicRepository } from './mosaic.js';
import type { MultisigRepository } from './multisig.js';
import type { NamespaceRepository } from './namespace.js';
import type { ReceiptRepository } from './receipts.js';
import type { AccountRestrictionsRepository } from './restriction-account.js';
import type { MosaicRestrictionRepository } from './restriction-mosaic.js';
import type { StateProofRepository } from './state-proofs.js';
import type {
  Awaitable,
  BlockRepository,
  ChainRepository,
  FinalizationRepository,
  NetworkFeeRepository,
  NetworkRepository,
  NodeRepository,
  TransactionAnnouncer,
  TransactionRepository,
  TransactionStatusRepository,
} from './repositories.js';

export type * from './dto.js';
export type * from './repositories.js';
export type * from './receipts.js';
export type * from './state-proofs.js';
export type * from './dev.js';
export type * from './core.js';
export type * from './mosaic.js';
export type * from './namespace.js';
export type * from './multisig.js';
export type * from './metadata.js';
export type * from './lock-shared.js';
export type * from './lock-hash.js';
export type * from './lock-secret.js';
export type * from './restriction-account.js';
export type * from './restriction-mosaic.js';
export * from './events.js';

/** Everything the gateway's routes read from. */
export interface GatewayBackend {
  blocks: BlockRepository;
  chain: ChainRepository;
  node: NodeRepository;
  network: NetworkRepository;
  /** `GET/POST /transactions/{group}...`; without it those routes answer 404. */
  transactions?: TransactionRepository;
  /** `PUT /transactions`, `/transactions/partial`, `/transactions/cosignature`; without it those routes answer 404. */
  announcer?: TransactionAnnouncer;
  /** `GET/POST /transactionStatus`. */
  transactionStatus?: TransactionStatusRepository;
  /** `GET /finalization/proof/...`. */
  finalization?: FinalizationRepository;
  /** `GET/POST /accounts...`; without it those routes answer 404 (as every optional repository's routes do). */
  accounts?: AccountRepository;
  /** `GET/POST /mosaics...`; with it, `GET /network/currency/supply/total` and `/max` (and with `accounts` too, `/circulating`). */
  mosaics?: MosaicRepository;
  /** `GET /namespaces...`, `POST /namespaces/names`, `/namespaces/account/names`, `/namespaces/mosaic/names`. */
  namespaces?: NamespaceRepository;
  /** `GET /lock/secret`, `GET /lock/secret/{compositeHash}`, `POST /lock/secret`, `GET /account/{address}/lock/secret`. */
  secretLocks?: SecretLockRepository;
  /** `GET /restrictions/account`, `GET /restrictions/account/{address}` and `POST /restrictions/account`. */
  accountRestrictions?: AccountRestrictionsRepository;
  /** `GET /restrictions/mosaic`, `GET /restrictions/mosaic/{compositeHash}` and `POST /restrictions/mosaic`. */
  mosaicRestrictions?: MosaicRestrictionRepository;
  /** `GET /account/{address}/multisig` and `/multisig/graph`. */
  multisig?: MultisigRepository;
  /** `GET /lock/hash`, `/lock/hash/{hash}`, `POST /lock/hash` and `GET /account/{address}/lock/hash`. */
  hashLocks?: HashLockRepository;
  /** `GET /metadata`, `GET /metadata/{compositeHash}`. */
  metadata?: MetadataRepository;
  /**
   * The nine state proof routes (`/accounts/{accountId}/merkle`, `/namespaces/{namespaceId}/merkle`,
   * `/mosaics/{mosaicId}/merkle`, `/account/{address}/multisig/merkle`, `/lock/hash/{hash}/merkle`,
   * `/lock/secret/{compositeHash}/merkle`, `/metadata/{compositeHash}/merkle`,
   * `/restrictions/account/{address}/merkle`, `/restrictions/mosaic/{compositeHash}/merkle`).
   */
  stateProofs?: StateProofRepository;
  /** `GET /statements/...`. */
  receipts?: ReceiptRepository;
  /** `GET /network/fees/transaction` and `/network/fees/rental`. */
  fees?: NetworkFeeRepository;
  /** Development controls (mine, mining mode, time, balances, impersonation), served under `/dev/` only by a gateway made with `dev: true`. */
  dev?: DevControlsRepository;
  /** Chain events for the WebSocket channels; without it, `/ws` accepts subscriptions but never notifies. */
  events?: EventFeed;
  /**
   * A number that grows whenever any answer of a pure route could change (a block, an
   * announce checked, a status, an outage, a revert: anything but the clock). With it, the
   * gateway answers a repeated GET of a pure route from the bytes it answered before, until the
   * number changes (`GatewayOptions.answerMemo`). Leave it out when the data can change without
   * this process knowing (a database other processes write, unless each write tells the
   * process, as a PostgreSQL writer's event rows tell its readers).
   */
  revision?(): number;
  /**
   * Whether everything the backend has answered so far is durable: `undefined` when it is,
   * else a promise that resolves once it is (a PostgreSQL writer: once the batches its chain
   * made so far are committed). The gateway waits for it before writing each answer, within
   * `limits.backendTimeout` (else 503), so no client reads what a crash would take back.
   * Called once per answer: it must be cheap when nothing is pending. Leave it out when every
   * answer is durable as it is read (a database reader) or nothing is (an in-memory chain).
   */
  durable?(): Promise<void> | undefined;
  /**
   * What the backend knows of its own state for `/metrics` (read at each scrape, never per
   * request): how far behind its source it is, its connection pool, its failed queries. A
   * PostgreSQL reader has it; without it those metrics are left out.
   */
  observe?(): Awaitable<BackendObservation>;
  /** Called by `gateway.close()`; stop timers and release connections. */
  close?(): void | Promise<void>;
}

/** What `GatewayBackend.observe()` reports; each field is left out when the backend does not know it. */
export interface BackendObservation {
  /** Blocks between the newest the backend's store holds and the newest its event feed delivered. */
  heightBehind?: number;
  /** Seconds since its event feed last delivered an event (since it started, before the first). */
  secondsSinceLastEvent?: number;
  /** The connection pool: connections open, idle among them, callers waiting for one, and the most it opens. */
  pool?: { total: number; idle: number; waiting: number; max: number };
  /** Queries that failed since the backend was made (unreachable database, timeouts). */
  queryErrors?: number;
}
