import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { flagsOf, redacted, UsageError, whole } from './command-line.js';
import { createGateway } from './gateway.js';
import { InMemoryChain } from './in-memory-chain.js';
import type { GatewayBackend } from './backend/index.js';
import type { InMemoryChainOptions } from './memory/options.js';
import { optionsOfDump, readChainDump, writeChainDump, type ChainDump } from './memory/chain-dump.js';

// `npx symbol-gateway mirror …` follows another gateway into PostgreSQL (its own flags); it runs until a signal ends the process.
if (process.argv[2] === 'mirror') {
  const { mirrorCommand } = await import('./mirror/command.js');
  await mirrorCommand(process.argv.slice(3));
  await new Promise<never>(() => undefined);
}

// `npx symbol-gateway` / `npm start`: the gateway on a development in-memory chain.
const USAGE = `usage: symbol-gateway [options]
       symbol-gateway --fork <url> [--fork-height <h>] [options]
       symbol-gateway mirror --from <url> --store <postgres url>   (see mirror --help)
  Serves a Symbol REST + WebSocket gateway over a deterministic in-memory chain, with the
  development controls under /dev/ (mine, automine, time travel, balances, impersonation)
  and a live explorer page at /explorer.

options (each also read from the environment variable in brackets):
  --port <n>          port to listen on; 0 picks a free one [PORT] (default 3000)
  --host <address>    address to listen on [HOST] (default 0.0.0.0)
  --block-time <ms>   ms between blocks; 0 harvests only on request [BLOCK_INTERVAL] (default 5000)
  --automine          also harvest a block as soon as a transaction is unconfirmed
  --accounts <n>      funded test accounts (default 10)
  --balance <xym>     currency each funded account starts with, in XYM, up to 6 decimals (default 1000000)
  --seed <text>       everything the chain derives (keys, nemesis, ids) follows from it (default symbol-gateway)
  --network <name>    testnet or mainnet (default testnet)
  --state <file>      load the chain from this file when it exists (a dump: its seed, network,
                      accounts and balance are the chain's), and write the chain there on exit
                      (Ctrl-C, SIGTERM); GET /dev/state answers the same dump
  --store <where>     where chain data lives: memory (default), or a PostgreSQL URL
                      (postgres://user@host:5432/db) [STORE]: this process runs the chain and
                      writes it there, continuing the chain the database holds
  --fork <url>        fork a live network: start at the latest finalized block of the gateway at
                      <url> (its network, generation hash and currency), read its accounts,
                      mosaics, namespaces and other state on first use, and put local blocks on
                      top (never sent upstream); the funded accounts get --balance on top of
                      what they hold there [FORK_URL]
  --fork-height <h>   fork at this finalized height of the upstream instead of its latest
  --reader            with a PostgreSQL --store: serve from the database only (a stateless
                      instance; run as many as you like beside the one that writes)
  --pool-size <n>     PostgreSQL connections at most (default 10)
  --statement-timeout <ms>  PostgreSQL query limit; a slower read answers 503 (default 5000)
  -h, --help          this text`;

interface Options {
  help: boolean;
  port: number;
  host: string;
  chain: InMemoryChainOptions;
  /** The --state file, if any. */
  state?: string;
  /** The chain flags given on the command line (a loaded state must agree with them). */
  given: Partial<Record<'seed' | 'network' | 'accountCount' | 'accountBalance', string>>;
  /** The --fork upstream, if any. */
  fork?: { url: string; height?: bigint };
  /** Where chain data lives. */
  store: { kind: 'memory' } | { kind: 'postgres'; url: string; reader: boolean; poolSize: number; statementTimeout: number };
}

function parse(argv: readonly string[]): Options {
  const values = flagsOf(argv, {
    port: { type: 'string' },
    host: { type: 'string' },
    'block-time': { type: 'string' },
    automine: { type: 'boolean' },
    accounts: { type: 'string' },
    balance: { type: 'string' },
    seed: { type: 'string' },
    network: { type: 'string' },
    store: { type: 'string' },
    reader: { type: 'boolean' },
    'pool-size': { type: 'string' },
    'statement-timeout': { type: 'string' },
    state: { type: 'string' },
    fork: { type: 'string' },
    'fork-height': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) return { help: true, port: 0, host: '', chain: {}, given: {}, store: { kind: 'memory' } };
  // An empty environment variable counts as unset.
  const env = process.env;
  const port = whole('--port', values.port ?? (env.PORT || '3000'), 0, 65_535);
  const host = values.host ?? (env.HOST || '0.0.0.0');
  const blockTime = whole('--block-time', values['block-time'] ?? (env.BLOCK_INTERVAL || '5000'), 0, 86_400_000);
  const network = values.network ?? 'testnet';
  if (network !== 'testnet' && network !== 'mainnet') throw new UsageError(`--network must be testnet or mainnet, not '${network}'`);
  const where = values.store ?? (env.STORE || 'memory');
  if (where !== 'memory' && !/^postgres(ql)?:\/\//.test(where)) throw new UsageError(`--store must be memory or a PostgreSQL URL (postgres://…), not '${where}'`);
  if (where === 'memory' && (values.reader || values['pool-size'] !== undefined || values['statement-timeout'] !== undefined)) {
    throw new UsageError('--reader, --pool-size and --statement-timeout go with a PostgreSQL --store');
  }
  const store: Options['store'] = where === 'memory'
    ? { kind: 'memory' }
    : {
        kind: 'postgres',
        url: where,
        reader: values.reader ?? false,
        poolSize: whole('--pool-size', values['pool-size'] ?? '10', 1, 1_000),
        statementTimeout: whole('--statement-timeout', values['statement-timeout'] ?? '5000', 1, 86_400_000),
      };
  if (store.kind === 'postgres' && values.state !== undefined) throw new UsageError('--state goes with the memory store (PostgreSQL keeps the chain itself)');
  const chainFlags = ['block-time', 'automine', 'accounts', 'balance', 'seed', 'network'] as const;
  if (store.kind === 'postgres' && store.reader && chainFlags.some((flag) => values[flag] !== undefined)) {
    throw new UsageError(`--reader serves the chain another process writes: ${chainFlags.map((flag) => `--${flag}`).join(', ')} are that process's`);
  }
  const chain: InMemoryChainOptions = {
    blockInterval: blockTime === 0 ? false : blockTime,
    automine: values.automine ?? false,
    network,
    accountCount: whole('--accounts', values.accounts ?? '10', 0, 10_000),
    accountBalance: xym('--balance', values.balance ?? '1000000'),
  };
  if (values.seed !== undefined) {
    if (values.seed === '') throw new UsageError('--seed must not be empty');
    chain.seed = values.seed;
  }
  if (values.state === '') throw new UsageError('--state must name a file');
  const given = {
    ...(values.seed !== undefined ? { seed: '--seed' } : {}),
    ...(values.network !== undefined ? { network: '--network' } : {}),
    ...(values.accounts !== undefined ? { accountCount: '--accounts' } : {}),
    ...(values.balance !== undefined ? { accountBalance: '--balance' } : {}),
  };
  const fork = forkOf(values.fork ?? (env.FORK_URL || undefined), values['fork-height'], values);
  return { help: false, port, host, chain, state: values.state, given, store, fork };
}

/** The --fork flags: a forked chain lives in memory, on the upstream's network, with no state file. */
function forkOf(url: string | undefined, height: string | undefined, values: { network?: string; store?: string; state?: string }): Options['fork'] {
  if (url === undefined) {
    if (height !== undefined) throw new UsageError('--fork-height goes with --fork');
    return undefined;
  }
  if (!/^https?:\/\/./.test(url)) throw new UsageError(`--fork must be a gateway's http(s) URL, not '${url}'`);
  if (values.network !== undefined) throw new UsageError("--network goes without --fork: a fork runs on the upstream's network");
  if (values.store !== undefined && values.store !== 'memory') throw new UsageError('--fork runs in memory: leave out --store');
  if (values.state !== undefined) throw new UsageError("--state goes without --fork: a fork's state is read from the upstream");
  if (height !== undefined && !/^[1-9][0-9]{0,19}$/.test(height)) throw new UsageError(`--fork-height must be a height (1 or more), not '${height}'`);
  return { url, height: height === undefined ? undefined : BigInt(height) };
}

/**
 * The chain of a --state file that exists: its dump's options, the flags' timer and mining; a
 * chain flag given with it must say what the dump says.
 */
async function loadState(path: string, options: Options): Promise<InMemoryChain | undefined> {
  let dump: ChainDump;
  try {
    dump = await readChainDump(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new UsageError(`--state ${path}: ${(error as Error).message}`);
  }
  const dumped = optionsOfDump(dump.options);
  for (const [name, flag] of Object.entries(options.given) as [keyof Options['given'], string][]) {
    if (String(dumped[name]) !== String(options.chain[name])) {
      throw new UsageError(`${flag} ${String(options.chain[name])} differs from the chain in ${path} (${String(dumped[name])}); leave it out to load the file`);
    }
  }
  const { blockInterval, automine } = options.chain;
  return InMemoryChain.load(dump, { blockInterval, automine });
}

/** XYM with up to 6 decimals, in atomic units. */
function xym(name: string, text: string): bigint {
  const match = /^(\d{1,12})(?:\.(\d{1,6}))?$/.exec(text);
  if (!match) throw new UsageError(`${name} must be an amount of XYM with up to 6 decimals, not '${text}'`);
  return BigInt(match[1]) * 1_000_000n + BigInt((match[2] ?? '').padEnd(6, '0'));
}

let options: Options;
let chain: InMemoryChain | undefined;
let backend: GatewayBackend;
let writer: { close(): Promise<void> } | undefined;
let loaded = false;
let storeLine: string | undefined;
try {
  options = parse(process.argv.slice(2));
  if (options.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (options.store.kind === 'postgres') {
    const { url, reader, poolSize, statementTimeout } = options.store;
    const postgres = await loadPostgres();
    const where = redacted(url);
    if (reader) {
      backend = postgres.createPostgresBackend({ url, poolSize, statementTimeout });
      storeLine = `a reader of ${where}`;
    } else {
      // Only the state flags given: a database that holds a chain continues it with its own.
      const given = Object.fromEntries(Object.keys(options.given).map((name) => [name, options.chain[name as keyof InMemoryChainOptions]]));
      const opened = await postgres.openPostgresChain({ url, poolSize, statementTimeout, chain: { blockInterval: options.chain.blockInterval, automine: options.chain.automine, ...given } });
      ({ chain, writer } = opened);
      backend = opened.chain;
      storeLine = `written to ${where}, at height ${opened.chain.height}`;
    }
  } else {
    const fromState = options.state === undefined ? undefined : await loadState(options.state, options);
    loaded = fromState !== undefined;
    if (options.fork) {
      const { network: _network, ...forked } = options.chain;
      chain = await InMemoryChain.fork(options.fork, forked);
      storeLine = `forked from ${options.fork.url} at height ${chain.fork!.height}`;
    } else {
      chain = fromState ?? new InMemoryChain(options.chain);
    }
    backend = chain;
  }
} catch (error) {
  console.error(`symbol-gateway: ${(error as Error).message}${error instanceof UsageError ? `\n${USAGE}` : ''}`);
  process.exit(2);
}

/** The PostgreSQL store, loaded only when asked for (pg is an optional peer dependency). */
async function loadPostgres(): Promise<typeof import('./postgres.js')> {
  try {
    return await import('./postgres.js');
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_MODULE_NOT_FOUND' && String((error as Error).message).includes("'pg'")) {
      throw new Error('a PostgreSQL --store needs the pg package: npm install pg');
    }
    throw error;
  }
}

// A development chain: the /dev/ controls and the explorer page are on (a reader has no chain to control).
const gateway = createGateway({ backend, dev: chain !== undefined, explorer: true });
const server = http.createServer(gateway.handle);
gateway.attach(server);

server.listen(options.port, options.host, () => {
  const { port } = server.address() as AddressInfo;
  const host = options.host === '0.0.0.0' || options.host === '::' ? 'localhost' : options.host;
  const base = `http://${host}:${port}`;
  if (!chain) {
    console.log(`symbol-gateway listening on ${base} (${storeLine})`);
    console.log(`try: curl ${base}/blocks   (WebSocket: ws://${host}:${port}/ws)`);
    return;
  }
  const { blockInterval, automine } = chain.options;
  const mining = [blockInterval > 0 ? `a block every ${blockInterval} ms` : 'blocks on request', ...(automine ? ['automine'] : [])].join(', ');
  console.log(`symbol-gateway listening on ${base} (in-memory ${chain.options.network}, ${mining}${storeLine ? `; ${storeLine}` : ''})`);
  if (options.state !== undefined) console.log(`state: ${loaded ? `loaded from ${options.state} at height ${chain.height}` : `a new chain`}; written to ${options.state} on exit`);
  console.log(`try: curl ${base}/blocks   (WebSocket: ws://${host}:${port}/ws)`);
  console.log(`explorer: ${base}/explorer`);
  console.log(`dev controls: curl -X POST -H 'content-type: application/json' -d '{"count":1}' ${base}/dev/mine`);
  console.log(`funded test accounts (${formatXym(chain.options.accountBalance)} XYM each; generation hash seed ${chain.options.generationHashSeed}):`);
  for (const account of chain.fundedAccounts) console.log(`  ${account.address}  private key ${account.privateKey}`);
});

function formatXym(amount: bigint): string {
  const fraction = (amount % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '');
  return `${amount / 1_000_000n}${fraction ? `.${fraction}` : ''}`;
}

function shutdown(): void {
  server.close();
  // The chain as it stands once the last announces are checked: written before the chain closes.
  if (options.state !== undefined && chain) {
    try {
      writeChainDump(options.state, chain.dev.dump());
      console.log(`state written to ${options.state} (height ${chain.height})`);
    } catch (error) {
      console.error(`symbol-gateway: writing ${options.state} failed: ${(error as Error).message}`);
      process.exitCode = 1;
    }
  }
  // The writer writes what is pending before its chain stops.
  void (writer?.close() ?? Promise.resolve()).then(() => gateway.close(), (error: Error) => {
    console.error(`symbol-gateway: writing to PostgreSQL failed: ${error.message}`);
    process.exitCode = 1;
    return gateway.close();
  });
  server.closeAllConnections();
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
