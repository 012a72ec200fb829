import type { Awaitable } from './repositories.js';

/** How a development chain makes blocks. */
export interface MiningDTO {
  /** A block as soon as a transaction enters the unconfirmed pool. */
  automine: boolean;
  /** Milliseconds between blocks harvested on a timer; 0 when there is no timer. */
  interval: number;
}

/** A block a control harvested. */
export interface MinedBlockDTO {
  /** uint64 as a decimal string. */
  height: string;
  hash: string;
  /** Network time of the block, ms (uint64 as a decimal string). */
  timestamp: string;
  /** Transactions confirmed in it. */
  transactions: number;
}

export interface TimeAdvanceDTO {
  /** The network time after the jump, ms since the nemesis block (decimal string). */
  networkTime: string;
  /** The blocks harvested to cover the jump, oldest first. */
  blocks: MinedBlockDTO[];
}

/** A chain's latest block. */
export interface ChainHeadDTO {
  /** uint64 as a decimal string. */
  height: string;
  hash: string;
}

/** The timestamp the next block will have (`setNextBlockTimestamp`). */
export interface NextBlockTimestampDTO {
  /** Network time of the next block, ms since the nemesis block (decimal string). */
  timestamp: string;
  /** The network time now, moved up to the timestamp when it was ahead (decimal string). */
  networkTime: string;
}

/** A transaction a control took out of a pool (`dropTransaction`). */
export interface DroppedTransactionDTO {
  hash: string;
  /** The pool it left. */
  group: 'unconfirmed' | 'partial';
}

/** A snapshot a development chain holds, and the block it was taken at. */
export interface SnapshotDTO extends ChainHeadDTO {
  /** The snapshot's id (a decimal string, never reused by the chain). */
  id: string;
}

/** One notification a transaction raised (catapult's notifications), in the order the chain checks them. */
export interface TraceNotificationDTO {
  /** Its place among the transaction's notifications (0-based). */
  index: number;
  /** Its kind, as the chain's plugins name it (`balanceTransfer`, `transactionDeadline`, ...). */
  type: string;
  /** The 0-based index of the inner transaction that raised it; null for the transaction itself (or an aggregate's own). */
  innerIndex: number | null;
  /** `basic`: every transaction raises it (signer, deadline, fee); `custom`: the transaction's type (and its inner transactions) raised it. */
  publication: 'basic' | 'custom';
  /** Its values (uint64 as decimal strings, bytes as uppercase hex, addresses as 48 hex). */
  payload: Record<string, unknown>;
}

/** A state entry a rule read while it refused a transaction. */
export interface TraceReadDTO {
  /** The state cache (`accounts`, `mosaics`, `namespaces`, `multisig`, ...). */
  cache: string;
  key: string;
  /** The entry as the rule saw it (values as in `payload`); null when there was none. */
  entry: unknown;
}

/** Why a transaction failed. */
export interface TraceFailureDTO {
  /** The status code (`Failure_...`). */
  code: string;
  /**
   * Where it was refused: `stateless` (its own values: sizes, ranges, flags), `signature`, `stateful`
   * (the rules on the chain's state, as it entered the unconfirmed pool), `partial` (entering the partial
   * pool), `cosigners` (a cosignature), `block` (when a block ran it), `pool` (it expired or its lock
   * ended while it waited in a pool), `envelope` (a type no plugin knows).
   */
  stage: 'stateless' | 'signature' | 'stateful' | 'partial' | 'cosigners' | 'block' | 'pool' | 'envelope';
  /** The rule that refused it (its validator's name, e.g. `validateTransferBalance`), or what refused it outside the rules. */
  rule: string;
  /** The index of the notification the rule refused (into `notifications`); null when no rule of a notification refused it. */
  notification: number | null;
  /** The 0-based index of the inner transaction that raised that notification; null for the transaction itself. */
  innerIndex: number | null;
  /**
   * The values the rule compared, by name: those it names (`{ balance, amount }`), and the network's
   * rules and facts and the block's height and time it read (`maxMessageSize`, `network.identifier`,
   * `blockTimestamp`); the transaction's side is the refused notification's `payload`, the chain's
   * entries are in `reads`.
   */
  values: Record<string, unknown>;
  /** The state entries the rule read, in order, with what they held. */
  reads: TraceReadDTO[];
}

/** A balance a confirmed transaction changed. */
export interface TraceBalanceChangeDTO {
  /** 48 hex. */
  address: string;
  /** 16 hex. */
  mosaicId: string;
  /** Decimal strings. */
  before: string;
  after: string;
}

/** A state entry a confirmed transaction added, changed or removed. */
export interface TraceStateChangeDTO {
  cache: string;
  key: string;
  /** null: the transaction added it. */
  before: unknown;
  /** null: the transaction removed it. */
  after: unknown;
}

/**
 * What a transaction did as the chain ran it (`GET /dev/transactions/{hash}/trace`): the notifications it
 * raised, and for a failed one the rule that refused it, for a confirmed one the state it changed.
 */
export interface TransactionTraceDTO {
  hash: string;
  group: 'confirmed' | 'unconfirmed' | 'partial' | 'failed';
  /** `Success`, or the failure's code. */
  code: string;
  /** A confirmed transaction's block (decimal string). */
  height?: string;
  /**
   * Every notification the transaction raises, in order. For a failed one the rules ran up to
   * `failure.notification`; the ones after it were never checked. Empty when the chain kept no
   * trace of it (see `kept`).
   */
  notifications: TraceNotificationDTO[];
  /**
   * A failed transaction's refusal; for one waiting in the partial pool, the latest cosignature
   * refused for it (stage `cosigners`: the transaction itself stays partial, as a node keeps it).
   */
  failure?: TraceFailureDTO;
  /** A confirmed transaction's balance changes (fees included), in the order it made them. */
  balances?: TraceBalanceChangeDTO[];
  /** A confirmed transaction's changes to the state's entries, accounts included. */
  changes?: TraceStateChangeDTO[];
  /** A confirmed transaction's receipts (amounts as decimal strings). */
  receipts?: Record<string, unknown>[];
  /**
   * Whether the chain still keeps the transaction's trace: it keeps those of the latest
   * `traces` transactions it ran (an option of the chain); an older one has only its group and code.
   */
  kept: boolean;
}

/**
 * The development controls of a chain (`/dev/...` when the gateway is made with `dev: true`).
 * Addresses are 48 uppercase hex, mosaic ids 16 uppercase hex; the routes check the input.
 */
export interface DevControlsRepository {
  /** Harvests `count` blocks now, with whatever the unconfirmed pool holds. */
  mine(count: number): Awaitable<MinedBlockDTO[]>;
  mining(): Awaitable<MiningDTO>;
  /** Changes how blocks are made; what is not given stays. */
  setMining(change: Partial<MiningDTO>): Awaitable<MiningDTO>;
  /**
   * Moves the network time `ms` ahead. With `blocks` (the default), the blocks the network
   * would have harvested meanwhile are harvested, so deadlines, lock and namespace expiries
   * and the time of new blocks all follow; without, only the clock moves.
   */
  advanceTime(ms: number, options?: { blocks?: boolean }): Awaitable<TimeAdvanceDTO>;
  /**
   * Gives the next block this timestamp (network time, ms), however it is made (mined, automine,
   * the interval timer, a time jump); it must be after the latest block's. A timestamp ahead of
   * the clock moves the clock up to it, so the blocks after it follow from there. Kept until the
   * next block only: a dump, a snapshot's revert or a load forgets it.
   */
  setNextBlockTimestamp(timestamp: bigint): Awaitable<NextBlockTimestampDTO>;
  /**
   * Takes a transaction (64 hex) out of the unconfirmed or partial pool as if it had never been
   * announced: its WebSocket clients get `unconfirmedRemoved` or `partialRemoved`, its status is
   * unknown again (404), and what stays unconfirmed is checked again without it. Kept among the
   * chain's inputs (a dump replays it). Not waiting in a pool: 404.
   */
  dropTransaction(hash: string): Awaitable<DroppedTransactionDTO>;
  /**
   * Puts the chain back to its nemesis block, as it was made: no blocks, pools, snapshots or
   * impersonations; the clock's own time; the mining mode it was made with. Refused by a chain
   * a PostgreSQL writer follows and by a fork.
   */
  reset(): Awaitable<ChainHeadDTO>;
  /**
   * How the chain ran a transaction (64 hex): the notifications it raised, the rule that refused a
   * failed one (with the values it compared and the entries it read), the state a confirmed one
   * changed. Unknown to the chain: 404.
   */
  trace(hash: string): Awaitable<TransactionTraceDTO>;
  /** Sets an account's balance of a mosaic (the mosaic's supply moves by the difference); returns the new amount. */
  setBalance(address: string, mosaicId: string, amount: bigint): Awaitable<string>;
  /** Accepts the account's transactions and cosignatures without checking their signatures, until stopped. */
  impersonate(address: string): Awaitable<string[]>;
  stopImpersonating(address: string): Awaitable<string[]>;
  /** The impersonated addresses. */
  impersonated(): Awaitable<string[]>;
  /**
   * Takes a snapshot of the chain: its blocks, state, pools and network time, to go back to
   * with `revert`. Cheap: from here on the state keeps undo records of what changes (held until
   * the snapshot is dropped), and the pools are copied.
   */
  snapshot(): Awaitable<SnapshotDTO>;
  /**
   * Puts the chain back as it was at the snapshot (blocks, state, pools, statuses, entry ids and
   * network time; announces still waiting are dropped). The snapshot stays held, so a test can
   * go back to it again; the snapshots taken after it are dropped. Unknown id: 404.
   */
  revert(id: string): Awaitable<SnapshotDTO>;
  /** Lets a snapshot go (and its undo records once no snapshot is held). Unknown id: 404. */
  dropSnapshot(id: string): Awaitable<void>;
  /** Ids of the snapshots held, oldest first. */
  snapshots(): Awaitable<string[]>;
  /**
   * The whole chain as JSON: the options that decide its state and every input it was given
   * (announces as they were checked, blocks and their times, controls). Announces still
   * waiting are checked first.
   */
  dump(): Awaitable<unknown>;
  /**
   * Replaces the chain by a dump's, made by a chain with the same state options: its inputs
   * are played again on a fresh chain, which then has the dump's blocks, hashes, state, pools,
   * statuses and ids (checked against the dump's head). All or nothing: a dump that does not
   * play (409) leaves the chain as it was. Snapshots held are dropped.
   */
  load(dump: unknown): Awaitable<ChainHeadDTO>;
}
