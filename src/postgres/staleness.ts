import type { StoredNetwork } from './inputs.js';
import type { Reader } from './reader.js';

/**
 * Why the chain in the database counts as stopped, or undefined while it moves: its newest
 * block is older, by the network's clock (the writer's time travel included), than `staleAfter`
 * block times. The block time is `blockTime` (ms) when given, else the stored network's
 * `blockGenerationTargetTime`. Stateless, so a reader started after its writer stopped knows at once.
 */
export async function staleness(db: Reader, staleAfter: number, blockTime: number | undefined): Promise<string | undefined> {
  const [row] = await db.rows<{ timestamp: string | null; offset: string | null; network: string | null; properties: string | null }>(
    `select (select timestamp from blocks order by height desc limit 1) as timestamp,
       (select json from meta where key = 'timeOffset') as offset,
       (select json from meta where key = 'symbolNetwork') as network,
       (select json from meta where key = 'networkProperties') as properties`,
  );
  if (row.timestamp === null || row.network === null) return 'the database holds no block yet: is the writer running?';
  const { epochAdjustment } = JSON.parse(row.network) as StoredNetwork;
  const now = BigInt(Date.now()) - BigInt(epochAdjustment) * 1000n + BigInt(row.offset === null ? '0' : (JSON.parse(row.offset) as string));
  const age = Number(now - BigInt(row.timestamp));
  const time = blockTime ?? targetBlockTime(row.properties);
  if (age <= staleAfter * time) return undefined;
  return `the newest block in the database is ${Math.round(age / 1000)} s old, more than ${staleAfter} block times of ${time} ms: is the writer running?`;
}

/** The network's `blockGenerationTargetTime` (`30s`, `500ms`, `1m`) in ms; 30 s when the database holds none. */
function targetBlockTime(properties: string | null): number {
  const text = properties === null ? undefined : (JSON.parse(properties) as { chain?: { blockGenerationTargetTime?: string } }).chain?.blockGenerationTargetTime;
  const match = /^(\d+)(ms|s|m|h)$/.exec((text ?? '').replaceAll("'", ''));
  if (!match) return 30_000;
  return Number(match[1]) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[match[2] as 'ms' | 's' | 'm' | 'h'];
}
