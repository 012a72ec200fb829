/**
 * The events table's retention: a writer keeps the events of its latest `eventRetention`
 * blocks, deleting older rows in the transaction of each write (at most
 * EVENTS_PRUNED_PER_WRITE rows a write); a reader whose feed is further behind closes its
 * WebSocket clients with 1011 and goes on from the newest event, its REST answers unchanged;
 * a reader within the retention delivers every frame, in order. Over real sockets, on a
 * throwaway cluster.
 */
import { once } from 'node:events';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { BlockInfoDTO } from '../../src/backend/dto.js';
import type { InMemoryChain } from '../../src/in-memory-chain.js';
import { createPostgresBackend, type PostgresBackend } from '../../src/postgres/backend.js';
import { EVENTS_PRUNED_META, EVENTS_PRUNED_PER_WRITE } from '../../src/postgres/blocks.js';
import { PostgresWriter } from '../../src/postgres/writer.js';
import { finished, listening } from '../support/cli.js';
import { usePostgresStore } from '../support/postgres.js';
import { startGateway, testChain, type TestServer } from '../support/server.js';
import { transfer } from '../support/signing.js';
import { Client } from '../support/ws-client.js';

const { postgres, cleanups, writerOn } = usePostgresStore();

/** Blocks one at a time, each written before the next (a transfer before every other one). */
async function mine(chain: InMemoryChain, writer: PostgresWriter, blocks: number): Promise<void> {
  const [x, y] = chain.fundedAccounts;
  for (let i = 0; i < blocks; i++) {
    if (i % 2 === 0) chain.announcer.announce(transfer(chain, x, y, { amount: BigInt(1 + i) }).payload);
    chain.harvest();
    await writer.flushed();
  }
}

/** A query of the test's own. */
async function query<T extends pg.QueryResultRow>(sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: postgres().url });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

/** The heights of the `block` events the table holds, in sequence order. */
async function storedBlockEvents(): Promise<number[]> {
  const rows = await query<{ height: number }>(`select (data::jsonb->'block'->>'height')::int as height from events where channel = 'block' order by seq`);
  return rows.map((row) => row.height);
}

const range = (first: number, last: number) => Array.from({ length: last - first + 1 }, (_, i) => first + i);

/** A reader gateway whose connections carry `name` (so a test can cut its feed's alone). */
async function reader(name: string, eventPollInterval: number): Promise<{ backend: PostgresBackend; server: TestServer }> {
  const backend = createPostgresBackend({ url: `${postgres().url}?application_name=${name}`, eventPollInterval });
  const server = await startGateway({ backend });
  cleanups.push(() => server.close());
  return { backend, server };
}

/** Ends the feed's connection of the reader `name`, as a lost network would; nothing opens it again until the feed is woken. */
async function cutFeed(name: string): Promise<void> {
  const [{ cut }] = await query<{ cut: number }>(
    `select count(pg_terminate_backend(pid))::int as cut from pg_stat_activity where application_name = $1 and (query like 'select seq, channel%' or query like 'listen %' or query like 'select max(seq)%')`,
    [name],
  );
  expect(cut).toBe(1);
}

/** A client of `server` subscribed to `block`. */
async function blockClient(server: TestServer): Promise<Client> {
  const client = await Client.connect(server.wsUrl);
  cleanups.push(async () => client.socket.terminate());
  await client.subscribe('block');
  return client;
}

async function blockFrames(client: Client, count: number): Promise<number[]> {
  const heights: number[] = [];
  for (let i = 0; i < count; i++) heights.push(Number((await client.next()).data.block.height));
  return heights;
}

describe('PostgreSQL store: event retention', () => {
  it('keeps the events of the last 5 blocks of 30: each write deletes those of older blocks', async () => {
    const chain = testChain();
    const writer = await writerOn(chain, { eventRetention: 5 });
    await mine(chain, writer, 30);
    const head = Number(chain.height);
    expect(head).toBe(31);
    expect(await storedBlockEvents()).toEqual(range(head - 4, head));
    // Every row through the sequence the meta row tells is gone, and the rows after it are the newest blocks' (and the announce before the first of them).
    const [{ through, first, marks }] = await query<{ through: string; first: string; marks: string[] }>(
      `select (select json::jsonb #>> '{}' from meta where key = $1) as through, (select min(seq) from events)::text as first, (select array_agg(height::text order by height) from event_marks) as marks`,
      [EVENTS_PRUNED_META],
    );
    expect(BigInt(first)).toBeGreaterThan(BigInt(through));
    const channels = (await query<{ channel: string }>('select channel from events order by seq')).map((row) => row.channel);
    expect(channels.filter((channel) => channel === 'confirmedAdded')).toHaveLength(2);
    // The marks of the blocks still needed: the bound's and those after it.
    expect(marks).toEqual(range(head - 5, head).map(String));
  }, 60_000);

  it(`deletes at most ${EVENTS_PRUNED_PER_WRITE} rows a write: a long history goes over the next writes`, async () => {
    const chain = testChain();
    const writer = await writerOn(chain, { eventRetention: 2 });
    await mine(chain, writer, 3);
    // 12,000 rows of a long history, written between two blocks.
    await query(`insert into events (channel, addresses, data) select 'revision', '', '{"history":true}' from generate_series(1, 12000)`);
    const history = async () => Number((await query<{ count: string }>(`select count(*) from events where data = '{"history":true}'`))[0].count);
    const deleted: number[] = [];
    for (let left = await history(); deleted.length < 6; ) {
      await mine(chain, writer, 1);
      const now = await history();
      deleted.push(left - now);
      left = now;
    }
    // They go once the retention passes the block after them: 5,000, 5,000, then the rest.
    expect(deleted).toEqual([0, 0, 5_000, 5_000, 2_000, 0]);
    expect(await storedBlockEvents()).toEqual(range(Number(chain.height) - 1, Number(chain.height)));
  }, 60_000);

  it('takes a whole number of blocks or Infinity: 0, 1.5, -1 and NaN are refused at start; Infinity deletes nothing', async () => {
    for (const eventRetention of [0, 1.5, -1, Number.NaN]) {
      await expect(PostgresWriter.start(testChain({ keepInputs: true }), { url: postgres().url, onError: () => undefined, eventRetention })).rejects.toThrow(
        new TypeError(`eventRetention must be a whole number of blocks (1 or more) or Infinity, not ${eventRetention}`),
      );
    }
    const chain = testChain();
    const writer = await writerOn(chain, { eventRetention: Infinity });
    await mine(chain, writer, 10);
    expect(await storedBlockEvents()).toEqual(range(2, 11));
    expect(await query('select * from event_marks')).toEqual([]);
  }, 60_000);

  it('a reader further behind closes its WebSocket clients with 1011, goes on, and serves live events to a new client; a reader within it delivers every block in order', async () => {
    const chain = testChain();
    const writer = await writerOn(chain, { eventRetention: 5 });
    // The behind reader's feed polls once a minute: with its connection cut, nothing reads for it until it is woken.
    const behind = await reader('behind', 60_000);
    const within = await reader('within', 1_000);
    const late = await blockClient(behind.server);
    const live = await blockClient(within.server);
    await Promise.all([behind.backend.events.caughtUp(), within.backend.events.caughtUp()]);
    await mine(chain, writer, 2);
    expect(await blockFrames(late, 2)).toEqual([2, 3]);

    await cutFeed('behind');
    await mine(chain, writer, 30);
    // Woken (a poll, or a NOTIFY once its connection is back), the feed finds the rows after its last event deleted.
    await behind.backend.events.caughtUp();
    expect(await late.closed).toEqual({ code: 1011, reason: 'event feed failed' });
    expect(late.pending).toBe(0);
    expect(behind.backend.events.deliveredHeight).toBe(chain.height);
    // Its reads are the database's, as before.
    expect((await behind.server.get('/chain/info')).body.height).toBe(String(chain.height));
    expect((await behind.server.get('/blocks/3')).body.meta.hash).toBe((chain.blocks.getByHeight(3n) as BlockInfoDTO).meta.hash);

    // A client that reconnects gets the live blocks.
    const again = await blockClient(behind.server);
    await mine(chain, writer, 3);
    const head = Number(chain.height);
    expect(await blockFrames(again, 3)).toEqual(range(head - 2, head));

    // The reader within the retention lost nothing, and its socket stayed open.
    expect(await blockFrames(live, 35)).toEqual(range(2, head));
    expect(live.socket.readyState).toBe(live.socket.OPEN);
  }, 60_000);

  it('a reader whose feed was away for fewer blocks than the retention delivers every block once, in order', async () => {
    const chain = testChain();
    const writer = await writerOn(chain, { eventRetention: 5 });
    const away = await reader('away', 60_000);
    const client = await blockClient(away.server);
    await away.backend.events.caughtUp();
    await mine(chain, writer, 3);
    await away.backend.events.caughtUp();
    await cutFeed('away');
    // Five blocks, the retention: the rows after the last one it delivered (block 4's) go with the sixth's write, not before.
    await mine(chain, writer, 5);
    await away.backend.events.caughtUp();
    await mine(chain, writer, 3);
    expect(await blockFrames(client, 11)).toEqual(range(2, 12));
    expect(client.socket.readyState).toBe(client.socket.OPEN);
  }, 60_000);

  it('--event-retention <blocks>: the writer process keeps that many blocks\' events', async () => {
    const writer = await listening(['--store', postgres().url, '--block-time', '0', '--dev', '--event-retention', '2']);
    for (let i = 0; i < 5; i++) await fetch(`${writer.base}/dev/mine`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"count":1}' });
    expect(await storedBlockEvents()).toEqual([5, 6]);
    writer.child.kill('SIGTERM');
    await once(writer.child, 'exit');
  }, 60_000);

  it('--event-retention goes with a PostgreSQL writer: a whole number of blocks or all', async () => {
    const memory = await finished(['--event-retention', '10']);
    expect(memory.code).toBe(2);
    expect(memory.stderr).toContain('--event-retention goes with a PostgreSQL --store without --reader');
    const zero = await finished(['--store', postgres().url, '--event-retention', '0']);
    expect(zero.code).toBe(2);
    expect(zero.stderr).toContain("--event-retention must be a whole number of blocks from 1 to 99999999, or all, not '0'");
    const onReader = await finished(['--store', postgres().url, '--reader', '--event-retention', 'all']);
    expect(onReader.code).toBe(2);
    expect(onReader.stderr).toContain('--event-retention goes with a PostgreSQL --store without --reader');
  }, 60_000);
});
