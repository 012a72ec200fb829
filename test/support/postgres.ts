import pg from 'pg';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { startLocalPostgres, type LocalPostgres } from '../../scripts/local-postgres.js';
import type { InMemoryChain } from '../../src/in-memory-chain.js';
import { createPostgresBackend } from '../../src/postgres/backend.js';
import { PostgresWriter, type PostgresWriterOptions } from '../../src/postgres/writer.js';
import { startGateway, type TestServer } from './server.js';

/** Time enough for initdb and the first start on a cold machine. */
export const POSTGRES_TIMEOUT = 60_000;

/**
 * One throwaway PostgreSQL cluster for a test file: started before its tests, stopped (and its
 * directory removed) after them. The getter answers the running cluster. Nothing is skipped
 * when PostgreSQL is missing: the start fails with what to install (CI installs it).
 */
export function usePostgres(): () => LocalPostgres {
  let cluster: LocalPostgres | undefined;
  beforeAll(async () => {
    cluster = await startLocalPostgres();
  }, POSTGRES_TIMEOUT);
  afterAll(() => cluster?.stop(), POSTGRES_TIMEOUT);
  return () => {
    if (!cluster) throw new Error('usePostgres: the cluster is not running (called outside a test, or its start failed)');
    return cluster;
  };
}

/** Every URL answers alike on both gateways (`a` the reference), status and body. */
export async function expectSameAnswers(a: TestServer, b: TestServer, urls: readonly string[]): Promise<void> {
  for (const url of urls) {
    const [mine, stored] = [await a.get(url), await b.get(url)];
    expect({ url, status: stored.status, body: stored.body }).toEqual({ url, status: mine.status, body: mine.body });
  }
}

/** A test file's store: its cluster, what to undo after each test, and the usual topology. */
export interface PostgresStoreHarness {
  postgres(): LocalPostgres;
  /** Undone after the test, last first; then the database is emptied. */
  readonly cleanups: (() => Promise<unknown>)[];
  /** A writer following `chain` (with `options` beside the URL), closed after the test. */
  writerOn(chain: InMemoryChain, options?: Omit<PostgresWriterOptions, 'url'>): Promise<PostgresWriter>;
  /** A (the chain's own gateway) and B (a gateway over the database), closed after the test. */
  gateways(chain: InMemoryChain): Promise<{ a: TestServer & { chain: InMemoryChain }; b: TestServer }>;
}

/**
 * `usePostgres()` for a test file of the PostgreSQL store: after each test, its cleanups run
 * (last first) and the database is emptied, so each test starts from an empty one.
 */
export function usePostgresStore(): PostgresStoreHarness {
  const postgres = usePostgres();
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    const client = new pg.Client({ connectionString: postgres().url });
    await client.connect();
    await client.query('drop schema public cascade; create schema public');
    await client.end();
  });
  return {
    postgres,
    cleanups,
    async writerOn(chain, options) {
      const writer = await PostgresWriter.start(chain, { url: postgres().url, onError: () => undefined, ...options });
      cleanups.push(() => writer.close());
      return writer;
    },
    async gateways(chain) {
      const a = await startGateway({ backend: chain });
      cleanups.push(() => a.close());
      const b = await startGateway({ backend: createPostgresBackend({ url: postgres().url }) });
      cleanups.push(() => b.close());
      return { a, b };
    },
  };
}
