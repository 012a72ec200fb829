import type pg from 'pg';

/**
 * Sets meta rows (the chain's head, node and network, fee quotes, tree roots …) in one
 * statement, each value as JSON; readers read them with `Reader.meta`.
 */
export async function writeMeta(client: pg.PoolClient, values: Readonly<Record<string, unknown>>): Promise<void> {
  const entries = Object.entries(values);
  if (entries.length === 0) return;
  await client.query('insert into meta (key, json) select * from unnest($1::text[], $2::text[]) on conflict (key) do update set json = excluded.json', [
    entries.map(([key]) => key),
    entries.map(([, value]) => JSON.stringify(value)),
  ]);
}
