import type pg from 'pg';
import type { Migration } from './part.js';
import { STORE_MODULES } from './parts.js';
import { inTransaction } from './pool.js';

export type { Migration };

/**
 * The schema, version by version. Never edit a released step: add the next one.
 *
 * Entities are stored as their rendered JSON (`json`, text: served as it is) beside the
 * columns their filters and orders need. A collection that only grows (blocks, confirmed
 * transactions, statements) is paged through `ranks`: each list (the whole collection, or one
 * filter value: `signer=…`) numbers its entries 1, 2, 3 … in ascending order as the writer
 * appends them, so any page, and the position of an `offset`, is an index seek, and a list's
 * total is its `list_counts` row, kept in the same transaction.
 */
export const MIGRATIONS: readonly Migration[] = [
  ...baseMigrations(),
  ...STORE_MODULES.flatMap((module) => module.migrations),
].sort((a, b) => a.version - b.version);

function baseMigrations(): Migration[] {
  return [
  {
    version: 1,
    name: 'blocks, chain head, finalization, events',
    sql: `
      create table meta (
        key text primary key,
        json text not null
      );
      create table blocks (
        height bigint primary key,
        id text not null unique,
        hash text not null unique,
        timestamp bigint not null,
        json text not null
      );
      create index blocks_by_timestamp on blocks (timestamp);
      create table ranks (
        list text not null,
        rank bigint not null,
        key text not null,
        entry bigint not null,
        primary key (list, rank)
      );
      create index ranks_by_key on ranks (list, key);
      create index ranks_by_entry on ranks (list, entry);
      create table list_counts (
        list text primary key,
        count bigint not null
      );
      create table finalization_proofs (
        epoch integer primary key,
        height bigint not null unique,
        json text not null
      );
      create table events (
        seq bigserial primary key,
        channel text not null,
        addresses text not null,
        data text not null
      );
    `,
  },
  {
    version: 8,
    name: 'event marks: the newest event row as each block was written, for the event retention',
    // A block's events are those up to its mark: the writer deletes the rows of old blocks by sequence (see pruneEvents).
    sql: `
      create table event_marks (
        height bigint primary key,
        seq bigint not null
      );
    `,
  },
  ];
}

/**
 * Applies the steps the database lacks, in one transaction under an advisory lock, so
 * instances starting together apply each step once. Returns the versions applied now.
 */
export async function migrate(pool: pg.Pool, migrations: readonly Migration[] = MIGRATIONS): Promise<number[]> {
  return inTransaction(pool, async (client) => {
    // One migrator at a time; the lock goes with the transaction.
    await client.query('select pg_advisory_xact_lock(7378455214066211)');
    await client.query('create table if not exists schema_migrations (version integer primary key, name text not null, applied_at timestamptz not null default now())');
    const { rows } = await client.query<{ version: number }>('select version from schema_migrations');
    const applied = new Set(rows.map((row) => row.version));
    const done: number[] = [];
    for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
      if (applied.has(migration.version)) continue;
      await client.query(migration.sql);
      await client.query('insert into schema_migrations (version, name) values ($1, $2)', [migration.version, migration.name]);
      done.push(migration.version);
    }
    const newest = Math.max(0, ...migrations.map((migration) => migration.version));
    const unknown = [...applied].filter((version) => version > newest);
    if (unknown.length > 0) throw new Error(`the database has schema version ${Math.max(...unknown)}, newer than this gateway knows (${newest}): upgrade the gateway`);
    return done;
  });
}
