import type pg from 'pg';
import type { BlockInfoDTO } from '../backend/dto.js';
import type { ChainEvent } from '../backend/events.js';
import type { BlockRepository, GatewayBackend } from '../backend/index.js';
import type { Chain } from '../memory/chain/chain.js';
import type { Reader } from './reader.js';

/** One step of the schema, applied once, in order, in its own transaction. */
export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

/** Writes one part's rows in the batch's transaction. It may run again (after a failed, rolled back attempt), so it only reads what `collect` captured. */
export type PartWrite = (client: pg.PoolClient) => Promise<void>;

/** What the writer hands each part as a batch is sealed. */
export interface SealedBatch {
  /** The chain's events since the previous batch, in order. */
  readonly events: readonly ChainEvent[];
  /** The blocks harvested since the previous batch, ascending. */
  readonly blocks: readonly BlockInfoDTO[];
  /**
   * Set for the writer's first batch: the database has the chain up to `storedHeight` (0 for an
   * empty database), so a part writes everything it holds past that height, and the whole of
   * what is not tied to a height (pools, state entries).
   */
  readonly catchUp?: { readonly storedHeight: bigint };
}

/**
 * One part of the store (transactions, state entries, receipts …), on the writer's side. The
 * writer seals a batch once the chain is idle (after a harvest, an announce's check, a
 * control) and asks each part for its writes; all parts' writes, the blocks and the events go
 * in one database transaction.
 */
export interface StorePart {
  readonly name: string;
  /**
   * Starts following what the chain changes beyond its events (state caches' commits): call
   * `touch` when something changed, so a batch is sealed even if no event came with it.
   * The chain does not go back while a writer follows it (snapshots and loads are refused).
   */
  follow?(chain: Chain, touch: () => void): void;
  /** Reads, synchronously, what changed since the previous batch and returns how to write it, or undefined for nothing. */
  collect(chain: Chain, batch: SealedBatch): PartWrite | undefined;
}

/** What the writer's options tell its parts. */
export interface PartOptions {
  /** Entries per bucket of the state lists (see state-lists.ts). */
  readonly listBucketSize: number;
}

/** One part of the store whole: its tables, what the writer writes, what gateway instances read. */
export interface StoreModule {
  /** A part for one writer: it keeps what it has handed on of that writer's chain (a fresh one starts with the catch-up). */
  createPart(options: PartOptions): StorePart;
  /** Its schema steps (versions unique across modules; see migrations.ts). */
  readonly migrations: readonly Migration[];
  /** The repositories it serves, read through `db` (503 when the database does not answer). */
  repositories(db: Reader): PartRepositories;
}

/** What a part serves: whole repositories, and members of the block repository (its merkle paths) that join the one backend.ts serves. */
export type PartRepositories = Partial<Omit<GatewayBackend, 'blocks'>> & { blocks?: Partial<BlockRepository> };
