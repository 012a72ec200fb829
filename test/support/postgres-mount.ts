/**
 * The behaviour suite over the PostgreSQL store (the `postgres` vitest project, GATEWAY_BACKEND
 * =postgres): each gateway a test starts over a chain serves from a database of its own that a
 * writer fills from that chain, instead of from the chain itself. A read first waits until the
 * writer has written what the chain did so far (a test acts on the chain, then reads at once),
 * then reads the database; WebSocket events come from the database's event feed. Announces and
 * the development controls go to the chain (the writer's own gateway takes them so; announces
 * through the database are tested in postgres-scale-out.test.ts).
 */
import pg from 'pg';
import { startLocalPostgres, type LocalPostgres } from '../../scripts/local-postgres.js';
import type { GatewayBackend } from '../../src/backend/index.js';
import type { InMemoryChain } from '../../src/in-memory-chain.js';
import { createPostgresBackend } from '../../src/postgres/backend.js';
import { migrate } from '../../src/postgres/migrations.js';
import { PostgresWriter } from '../../src/postgres/writer.js';

/** Whether this run's gateways serve from PostgreSQL. */
export const POSTGRES_BACKEND = process.env.GATEWAY_BACKEND === 'postgres';

const TEMPLATE = 'gateway_template';
let cluster: Promise<LocalPostgres> | undefined;
let databases = 0;

/** Stops the cluster a test file started (test/support/setup.ts calls it after each file): one cluster per file. */
export async function stopCluster(): Promise<void> {
  const running = cluster;
  cluster = undefined;
  await (await running)?.stop();
}

/** The test process's cluster, with a migrated template every database is copied from. */
function started(): Promise<LocalPostgres> {
  cluster ??= (async () => {
    const local = await startLocalPostgres({ database: TEMPLATE });
    const pool = new pg.Pool({ connectionString: local.url, max: 1 });
    await migrate(pool);
    await pool.end();
    return local;
  })();
  return cluster;
}

async function admin<T>(local: LocalPostgres, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: local.url.replace(`/${TEMPLATE}`, '/postgres') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * What a WebSocket client of a gateway (by its `/ws` URL) waits for before it connects: the
 * events of what the chain did so far delivered, as an in-memory backend delivers them at once.
 */
export const settleBeforeConnect = new Map<string, () => Promise<void>>();

/** `chain` served from a fresh database its writer follows it into; `settle` waits until what the chain did so far is written and its events delivered. */
export async function postgresBackendFor(chain: InMemoryChain): Promise<{ backend: GatewayBackend; settle: () => Promise<void> }> {
  const local = await started();
  const name = `gateway_${process.pid}_${++databases}`;
  await admin(local, (client) => client.query(`create database ${name} template ${TEMPLATE}`));
  const url = local.url.replace(`/${TEMPLATE}`, `/${name}`);
  // Buckets of three: the state lists the suite pages are cut into many, as long lists are with the default size.
  const writer = await PostgresWriter.start(chain, { url, poolSize: 2, listBucketSize: 3, onError: () => undefined });
  const stored = createPostgresBackend({ url, poolSize: 4, eventPollInterval: 200 });
  await stored.events.ready();
  const consistent = <F extends (...args: never[]) => unknown>(read: F): F =>
    (async (...args: Parameters<F>) => {
      await writer.flushed();
      return read(...args);
    }) as F;
  const wrapped: Record<string, unknown> = {};
  for (const [member, repository] of Object.entries(stored)) {
    if (member === 'events' || member === 'close' || typeof repository !== 'object' || repository === null) continue;
    wrapped[member] = Object.fromEntries(Object.entries(repository).map(([method, read]) => [method, consistent((read as (...args: never[]) => unknown).bind(repository))]));
  }
  const backend: GatewayBackend = {
    ...(wrapped as unknown as GatewayBackend),
    // A test chain runs on a clock of its own (5 s a reading), which no other process could share.
    node: { ...(wrapped.node as GatewayBackend['node']), networkTime: () => chain.networkTime() },
    announcer: chain.announcer,
    dev: chain.dev,
    events: stored.events,
    async close() {
      await stored.close();
      await writer.close();
      chain.close();
      await admin(local, (client) => client.query(`drop database ${name} with (force)`));
    },
  };
  return {
    backend,
    async settle() {
      await writer.flushed();
      await stored.events.caughtUp();
    },
  };
}
