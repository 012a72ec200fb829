import { defaultUpstreamRate, storeRefusalHint, upstreamRateLine } from '../cli-mirror.js';
import { flagsOf, helpLine, redacted, UsageError, whole } from '../command-line.js';
import type { MirrorProgress } from './mirror.js';

// `npx symbol-gateway mirror`: follows another gateway into a PostgreSQL store.
const USAGE = `usage: symbol-gateway mirror --from <url> --store <postgres url> [options]
  Follows a Symbol REST gateway (this package's, or a node's catapult-rest) into a PostgreSQL
  database, block by block, resuming where it stopped; serve that network from the database
  with \`symbol-gateway --store <postgres url> --reader\` (as many as you like).

options (each also read from the environment variable in brackets):
  --from <url>              the gateway followed (http://node:3000) [UPSTREAM]
  --store <url>             the database written (postgres://user@host:5432/db) [STORE]
  --from-height <h>         first height copied into an empty database (default 1, the nemesis)
  --rate <n>                requests per second to the upstream at most, retries included (default 20;
                            no limit for an upstream on this machine: 127.0.0.1, ::1, localhost)
  --in-flight <n>           requests to the upstream in flight at once at most, under --rate (default 4)
  --batch-size <n>          blocks per database transaction while catching up (default 1000)
  --pool-size <n>           PostgreSQL connections at most (default 10)
  --statement-timeout <ms>  PostgreSQL query limit (default 5000)
  -h, --help                this text`;

interface MirrorCommand {
  from: string;
  store: string;
  fromHeight: bigint;
  rate: number;
  inFlight: number;
  batchSize: number;
  poolSize: number;
  statementTimeout: number;
}

function parse(argv: readonly string[]): MirrorCommand | 'help' {
  const values = flagsOf(argv, {
    from: { type: 'string' },
    store: { type: 'string' },
    'from-height': { type: 'string' },
    rate: { type: 'string' },
    'in-flight': { type: 'string' },
    'batch-size': { type: 'string' },
    'pool-size': { type: 'string' },
    'statement-timeout': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) return 'help';
  const env = process.env;
  const from = values.from ?? env.UPSTREAM ?? '';
  if (!/^https?:\/\/[^/]/.test(from)) throw new UsageError(`--from must be the URL of a gateway (http://node:3000), not '${from}'`);
  const store = values.store ?? env.STORE ?? '';
  if (!/^postgres(ql)?:\/\//.test(store)) throw new UsageError(`--store must be a PostgreSQL URL (postgres://…), not '${store}'`);
  const heightText = values['from-height'] ?? '1';
  if (!/^[1-9]\d{0,19}$/.test(heightText)) throw new UsageError(`--from-height must be a height from 1, not '${heightText}'`);
  return {
    from,
    store,
    fromHeight: BigInt(heightText),
    rate: values.rate === undefined ? defaultUpstreamRate(from) : whole('--rate', values.rate, 1, 10_000),
    inFlight: whole('--in-flight', values['in-flight'] ?? '4', 1, 64),
    batchSize: whole('--batch-size', values['batch-size'] ?? '1000', 1, 10_000),
    poolSize: whole('--pool-size', values['pool-size'] ?? '10', 1, 1_000),
    statementTimeout: whole('--statement-timeout', values['statement-timeout'] ?? '5000', 1, 86_400_000),
  };
}

/** The progress line: where the mirror is, how fast, how long to the upstream's head. */
export function progressLine(progress: MirrorProgress): string {
  if (progress.secondsLeft === 0) return `mirror: at the upstream's head, height ${progress.height}`;
  const rate = progress.blocksPerSecond > 0 ? `, ${progress.blocksPerSecond.toFixed(1)} blocks/s` : '';
  const left = progress.secondsLeft === undefined ? '' : `, about ${duration(progress.secondsLeft)} left`;
  return `mirror: height ${progress.height} of ${progress.head}${rate}${left}`;
}

function duration(seconds: number): string {
  if (seconds < 90) return `${Math.ceil(seconds)} s`;
  if (seconds < 5_400) return `${Math.round(seconds / 60)} min`;
  return `${(seconds / 3_600).toFixed(1)} h`;
}

/**
 * Runs `symbol-gateway mirror …` until SIGINT or SIGTERM (the batch in progress is committed or
 * rolled back whole), printing a progress line at most once a second while it catches up and
 * once when it reaches the head. Exits 2 for bad flags, 1 when the mirror cannot start.
 */
export async function mirrorCommand(argv: readonly string[]): Promise<void> {
  let command: MirrorCommand | 'help';
  try {
    command = parse(argv);
  } catch (error) {
    console.error(`symbol-gateway mirror: ${(error as Error).message}\n${helpLine('symbol-gateway mirror')}`);
    process.exit(2);
  }
  if (command === 'help') {
    console.log(USAGE);
    process.exit(0);
  }
  let Mirror: typeof import('./mirror.js').Mirror;
  let WriterStoreError: typeof import('./mirror.js').WriterStoreError;
  try {
    ({ Mirror, WriterStoreError } = await import('./mirror.js'));
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_MODULE_NOT_FOUND' && String((error as Error).message).includes("'pg'")) {
      console.error('symbol-gateway mirror: the mirror writes to PostgreSQL and needs the pg package: npm install pg');
      process.exit(1);
    }
    throw error;
  }
  let printed = 0;
  let atHead = false;
  try {
    const mirror = await Mirror.start({
      upstream: { url: command.from, maxRequestsPerSecond: command.rate, maxInFlight: command.inFlight },
      store: { url: command.store, poolSize: command.poolSize, statementTimeout: command.statementTimeout },
      fromHeight: command.fromHeight,
      batchSize: command.batchSize,
      onProgress(progress) {
        const there = progress.secondsLeft === 0;
        if (there ? atHead : Date.now() - printed < 1_000) return;
        atHead = there;
        printed = Date.now();
        console.log(progressLine(progress));
      },
      onError: (error) => console.error(`symbol-gateway mirror: ${error.message} (trying again)`),
    });
    console.log(`symbol-gateway mirror: following ${command.from} into ${redacted(command.store)} from height ${mirror.height + 1n}`);
    console.log(upstreamRateLine(command.rate));
    const stop = () => void mirror.close().then(() => process.exit(0));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  } catch (error) {
    const hint = error instanceof WriterStoreError ? storeRefusalHint(command.store) : undefined;
    console.error(`symbol-gateway mirror: ${(error as Error).message}${hint ? `; ${hint}` : ''}`);
    process.exit(1);
  }
}
