import type pg from 'pg';

/** The meta row that marks a database as a mirror's: the generation hash, upstream URL and first height it follows. */
export const MIRROR_META = 'mirror';

/** What `MIRROR_META` holds. */
export interface MirrorMeta {
  readonly generationHash: string;
  readonly upstream: string;
  readonly fromHeight: string;
}

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
