import { afterAll, beforeAll } from 'vitest';
import { startLocalPostgres, type LocalPostgres } from '../../scripts/local-postgres.js';

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
