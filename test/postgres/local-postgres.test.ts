/**
 * The throwaway PostgreSQL of scripts/local-postgres.ts, through real sockets: its URL takes
 * SQL, two clusters live side by side on their own ports and directories, and a stopped one
 * leaves no directory and no listening port behind.
 */
import { existsSync } from 'node:fs';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { startLocalPostgres } from '../../scripts/local-postgres.js';
import { POSTGRES_TIMEOUT, usePostgres } from '../support/postgres.js';

const postgres = usePostgres();

/** Runs `work` on a client connected to `url`, and closes the client. */
async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

describe('local PostgreSQL', () => {
  it('answers SQL at its URL, in the database it created', async () => {
    const { url, host, port } = postgres();
    expect(url).toBe(`postgres://postgres@${host}:${port}/symbol_gateway`);
    await withClient(url, async (client) => {
      expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
      expect((await client.query('select current_database() as name')).rows[0].name).toBe('symbol_gateway');
      await client.query('create table blocks (height bigint primary key, hash text not null)');
      await client.query('insert into blocks values ($1, $2), ($3, $4)', [1, 'aa', 2, 'bb']);
      expect((await client.query('select height::int, hash from blocks order by height')).rows).toEqual([
        { height: 1, hash: 'aa' },
        { height: 2, hash: 'bb' },
      ]);
    });
  });

  it('starts a second cluster beside the first; stop() removes it and closes its port, and may be called again', async () => {
    const first = postgres();
    const second = await startLocalPostgres({ database: 'second' });
    try {
      expect(second.port).not.toBe(first.port);
      expect(second.directory).not.toBe(first.directory);
      expect(await withClient(second.url, async (client) => (await client.query('select current_database() as name')).rows[0].name)).toBe('second');
    } finally {
      await second.stop();
    }
    expect(existsSync(second.directory)).toBe(false);
    await expect(withClient(second.url, async () => {})).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    await second.stop();
    // The first is untouched.
    expect(await withClient(first.url, async (client) => (await client.query('select count(*)::int as n from blocks')).rows[0].n)).toBe(2);
  }, POSTGRES_TIMEOUT);
});
