/**
 * A PostgreSQL writer says only what is stored: killed with SIGKILL at random moments under
 * timer blocks, `/dev/mine` bursts and announces, every block hash, transaction status and
 * finalized block that its REST answers, its WebSocket frames and a reader told before the kill
 * is the same after the restart; a reader on a streaming replica never shows what the primary
 * later loses. CI runs a few rounds; `CRASH_ROUNDS=50` runs the long one (its result is in
 * BENCHMARKS.md).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startLocalReplication, type LocalReplication } from '../../scripts/local-postgres-replica.js';
import { POSTGRES_TIMEOUT, usePostgres } from '../support/postgres.js';
import { crashRounds, type CrashOptions } from '../support/writer-crash.js';

const postgres = usePostgres();
const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 5);
let replication: LocalReplication | undefined;
afterAll(() => replication?.stop(), POSTGRES_TIMEOUT);

async function expectKeptWord(options: Omit<CrashOptions, 'rounds'>, rounds: number): Promise<void> {
  const result = await crashRounds({ ...options, rounds, onRound: (round) => process.env.CRASH_ROUNDS && console.log(JSON.stringify(round)) });
  expect(result.wrong).toEqual([]);
  // The rounds told something worth checking: many blocks, statuses of both kinds.
  expect(result.told.blocks.size).toBeGreaterThan(rounds * 2);
  const groups = new Set([...result.told.statuses.values()].map((status) => status.group));
  expect(groups).toContain('failed');
  expect(groups).toContain('confirmed');
  expect(result.rounds).toHaveLength(rounds);
}

describe('a PostgreSQL writer killed at random moments', () => {
  it(`contradicts nothing it or a reader told, in ${ROUNDS} rounds`, async () => {
    await expectKeptWord({ url: postgres().url }, ROUNDS);
  }, 60_000 + ROUNDS * 20_000);

  it('a reader on a streaming replica never shows what the writer later loses', async () => {
    replication = await startLocalReplication();
    await expectKeptWord({ url: replication.primary.url, reader: { url: replication.standby.url, primary: replication.primary.url }, seed: 7 }, Math.max(2, Math.ceil(ROUNDS / 2)));
  }, POSTGRES_TIMEOUT + 60_000 + ROUNDS * 10_000);
});
