import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { pino, type Logger } from 'pino';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { BatchedLines, readableLogLine } from './http/access-log.js';
import { flagsOf, helpLine, isLoopback, redacted, UsageError, whole } from './command-line.js';
import { readTls, type TlsCredentials, type TlsFiles } from './cli-tls.js';
import { flagOf, jsonSetting, readConfigFile, settingFlags, type SETTINGS, type SettingName, type SettingValue } from './config-file.js';
import { createGateway, THROTTLING_DEFAULTS, type GatewayOptions, type ThrottlingOptions } from './gateway.js';
import { ROSETTA_PATH } from './rosetta/index.js';
import { RequestThrottle } from './http/throttle.js';
import { resolvePagination, type PaginationSettings } from './pagination.js';
import { uncirculatingAccountsOption, type MetalOptions } from './routes/settings.js';
import type { NodeInfoDTO } from './backend/dto.js';
import type { Deployment } from './memory/options.js';
import { readNetworkProperties } from './memory/network-properties.js';
import { rulesFromJson } from './memory/rules-json.js';
import { InMemoryChain } from './in-memory-chain.js';
import type { GatewayBackend } from './backend/index.js';
import type { InMemoryChainOptions } from './memory/options.js';
import { differingOptions, dumpedNemesis, optionsOfDump, readChainDump, writeChainDump, type ChainDump, type StateOptionName } from './memory/chain-dump.js';
import { resolveChainOptions } from './memory/options.js';
import { nemesisHashOf } from './memory/nemesis-block.js';

// `npx symbol-gateway` / `npm start`: the gateway on a development in-memory chain.
const USAGE = `usage: symbol-gateway [options]
       symbol-gateway --fork <url> [--fork-height <h>] [options]
       symbol-gateway mirror --from <url> --store <postgres url>   (see mirror --help)
  Serves a Symbol REST + WebSocket gateway over a deterministic in-memory chain, with the
  development controls under /dev/ (mine, automine, time travel, balances, impersonation)
  and a live explorer page at /explorer.

options (each also read from the environment variable in brackets):
  --port <n>          port to listen on; 0 picks a free one [PORT] (default 3000)
  --host <address>    address to listen on [HOST] (default 127.0.0.1: this machine only;
                      0.0.0.0 listens on every interface)
  --dev, --no-dev     the development controls under /dev/ (mine, balances, time travel, state):
                      on for an in-memory chain, off for a PostgreSQL writer unless --dev; a
                      gateway beyond 127.0.0.1 with them on prints a warning
  --tls-cert <file>, --tls-key <file>  also serve HTTPS and WSS with this PEM certificate (the
                      chain after it) and its key, on --tls-port; SIGHUP reads both files again
  --tls-port <n>      port of HTTPS beside HTTP on --port; 0 picks a free one (default 3001)
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
  --primary <url>     with --reader on a hot standby (a streaming replica) as --store: the
                      primary's PostgreSQL URL, where announces are queued and whose NOTIFY wakes
                      the events (read from the standby once it has replayed them); without it,
                      a reader of a standby polls its events and answers announces 503
  --pool-size <n>     PostgreSQL connections at most (default 10)
  --statement-timeout <ms>  PostgreSQL query limit; a slower read answers 503 (default 5000)
  --event-retention <blocks>  with a PostgreSQL --store, the writer: keep the events (what readers'
                      WebSocket clients get) of this many latest blocks; all keeps every one (default 2880)
  --config <file.json>  settings from a JSON file: its keys are the flags' names in camelCase
                      (pageSizeMax, networkProperties …); a flag given here overrides the file
  --genesis <dir>     start from a network's own block 1: a symbol-bootstrap preset folder (its
                      network.yml, seed/ and ../shared.yml; npm run genesis-presets unpacks
                      symbol-bootstrap 1.1.10's mainnet, testnet and bootstrap presets). Block 1 is that
                      network's nemesis block, replayed to catapult's own hashes (mainnet: 26,017
                      transactions, every account, balance, key link, namespace and mosaic), the
                      chain's rules, seed, epoch, currency and sinks are the preset's, and blocks are
                      harvested on top from block 2 (fund accounts with PUT /dev/balance). The
                      bootstrap preset (no seed) makes the nemesis block it plans: cat.currency,
                      cat.harvest and its funded accounts. Not with --accounts, --balance, --network-properties
  --network-properties <file>  the chain's rules and identity from a catapult config-network.properties
                      (what symbol-bootstrap writes for a network): durations in time count in blocks
                      at its blockGenerationTargetTime; a key the chain cannot honour is refused; the
                      nemesis signer, currency ids and fee sinks stay the chain's own (from --seed)
  --rules <file.json> the chain's rules (ChainRules; bigint rules as decimal strings), over
                      --network-properties
  --fee-statistics-blocks <n>  blocks /network/fees/transaction summarizes (default 300)
  --peers <file.json> what /node/peers lists: an array of node infos (default none)
  --node-metadata <file.json>  what /node/metadata answers: an object of strings (default {})
  --deployment <file.json>  /node/server's deployment: {deploymentTool, deploymentToolVersion,
                      lastUpdatedDate} (default symbol-gateway's)
  --network-description <text>  what /network answers as the network's description
  --cors <origins>    origins allowed from browsers: *, none, or a comma-separated list (default *)
  --page-size-min <n>, --page-size-max <n>, --page-size-default <n>
                      page size bounds and default of every collection (default 10, 100, 10)
  --default-order <asc|desc>  order of a page whose request gives none (default desc)
  --uncirculating-accounts <keys>  public keys (comma-separated) whose currency
                      /network/currency/supply/circulating leaves out, besides the nemesis signer's
  --metal-size-limit <bytes>, --metal-cache-ttl <s>  GET /metadata/metal/{metalId}: largest Metal and
                      bytes of Metals kept (default 10000000), seconds one is kept (default 300)
  --throttle-burst <n>, --throttle-rate <r>  throttle each client address: n requests at once,
                      r more a second (fractions allowed); over it, 429 with Retry-After. Either
                      turns it on, the other then catapult-rest's (burst 20, rate 5) (default off)
  --trusted-proxies <list>  addresses and CIDR ranges (comma-separated) of reverse proxies whose
                      X-Forwarded-For names the client that is throttled (with the two above)
  --throttle-all      throttle the metrics path and the explorer page too (with the two above);
                      without it a Prometheus scrape and the explorer's page are never answered 429
  --metrics-path <path>  serve Prometheus metrics (requests, latency, sockets, frames, lag, pool) at this
                      path (default: no metrics; /metrics with --metrics-port)
  --metrics-port <n>  serve them on this port of --host instead, apart from the gateway's routes
  --node-list, --no-node-list  node lists in NodeWatch's shape (/api/symbol/nodes/api|peer, for the
                      official explorer's nodeWatch endpoint) and statistics-service's (/nodes?filter=,
                      for the desktop wallet), listing this gateway as reached and its --peers: on for a
                      chain, off for a --reader unless --node-list
  --no-explorer       no explorer page at /explorer (it reads only public routes; on by default)
  --rosetta           serve the Rosetta (Mesh) API under /rosetta on the gateway's port
                      (POST /rosetta/network/list; exchanges' integration API, as catapult-rest's)
  --rosetta-port <n>  serve it at the root of this port of --host too (POST /network/list), as
                      catapult-rest's start-rosetta; HTTPS when the gateway has --tls-cert (default off)
  --log-level <level> fatal, error, warn, info (an access log line per request), debug, trace or
                      silent (default info): JSON lines on stdout, readable ones on a terminal
  --stale-after <n>   with --reader: /node/health answers 503 once the database's newest block is
                      older than n block times (the network's blockGenerationTargetTime)
  -h, --help          this text`;

/** The value each setting's flag gives (a JSON setting's: its file's name). */
type FlagValues = { -readonly [K in SettingName as KebabCase<K>]?: (typeof SETTINGS)[K] extends 'boolean' ? boolean : string };
type KebabCase<S extends string> = S extends `${infer Head}${infer Tail}` ? `${Head extends Lowercase<Head> ? Head : `-${Lowercase<Head>}`}${KebabCase<Tail>}` : S;

/** A node's own settings: a chain's options, or a PostgreSQL reader's. */
type NodeSettings = Pick<InMemoryChainOptions, 'peers' | 'nodeMetadata' | 'deployment' | 'networkDescription'>;

interface Options {
  help: boolean;
  port: number;
  host: string;
  /** Whether the /dev/ controls are on (a chain's only). */
  dev: boolean;
  /** The NodeWatch and statistics-service node lists: undefined for the gateway's default. */
  nodeList?: boolean;
  /** The explorer page at /explorer (on unless --no-explorer). */
  explorer: boolean;
  /** HTTPS beside HTTP: the files, what they held at start, the port. */
  tls?: { files: TlsFiles; credentials: TlsCredentials; port: number };
  chain: InMemoryChainOptions;
  /** The gateway's options from the settings (CORS, pagination). */
  gateway: GatewayOptions;
  /** The node's own settings given (peers, metadata, deployment). */
  node?: NodeSettings;
  /** Lines for the console about the settings (what a properties file held that the chain does not use). */
  notes: string[];
  /** The state options --network-properties and --rules set (a loaded or stored chain must have the same). */
  ruled?: StateOptionName[];
  /** The --state file, if any. */
  state?: string;
  /** The chain flags given on the command line (a loaded state must agree with them). */
  given: Partial<Record<'seed' | 'network' | 'accountCount' | 'accountBalance', string>>;
  /** The --fork upstream, if any. */
  fork?: { url: string; height?: bigint };
  /** The --genesis preset folder, if any: read before the chain is made (`applyGenesis`). */
  genesis?: string;
  /** Where chain data lives. */
  store: { kind: 'memory' } | { kind: 'postgres'; url: string; reader: boolean; poolSize: number; statementTimeout: number; staleAfter?: number; primary?: string; eventRetention?: number };
  /** Where Prometheus metrics are served: a path of the gateway's server, or of a server of their own on `port`. */
  metrics?: { path: string; port?: number };
  /** The level of the log (the access log is at info). */
  logLevel: string;
  /** The Rosetta API: under /rosetta on the gateway's port, or at the root of a port of its own too. */
  rosetta?: { port?: number };
}

function parse(argv: readonly string[]): Options {
  const flags = flagsOf(argv, { ...settingFlags(), 'no-dev': { type: 'boolean' }, 'no-node-list': { type: 'boolean' }, 'no-explorer': { type: 'boolean' }, config: { type: 'string' }, help: { type: 'boolean', short: 'h' } }) as FlagValues & {
    'no-dev'?: boolean;
    'no-node-list'?: boolean;
    'no-explorer'?: boolean;
    config?: string;
    help?: boolean;
  };
  if (flags.help) return { help: true, port: 0, host: '', dev: false, explorer: false, chain: {}, gateway: {}, given: {}, store: { kind: 'memory' }, notes: [], logLevel: 'info' };
  if (flags.config === '') throw new UsageError('--config must name a file');
  // The config file's settings, each overridden by its flag.
  const file = flags.config === undefined ? {} : readConfigFile(flags.config);
  const values = { ...Object.fromEntries(Object.entries(file).filter(([, value]) => typeof value !== 'object').map(([name, value]) => [flagOf(name as SettingName).slice(2), value])), ...flags } as FlagValues;
  const json = (name: SettingName): unknown => {
    const value = (flags as Record<string, SettingValue | undefined>)[flagOf(name).slice(2)] ?? file[name];
    return value === undefined ? undefined : jsonSetting(name, value);
  };
  // An empty environment variable counts as unset.
  const env = process.env;
  const port = whole('--port', values.port ?? (env.PORT || '3000'), 0, 65_535);
  // This machine only unless asked (as Anvil): the development controls let anyone who reaches them set balances.
  const host = values.host ?? (env.HOST || '127.0.0.1');
  if (host === '') throw new UsageError('--host must name an address');
  // A bad value is named where it came from: the flag, or the environment variable.
  const blockTime = whole(values['block-time'] !== undefined || !env.BLOCK_INTERVAL ? '--block-time' : 'BLOCK_INTERVAL', values['block-time'] ?? (env.BLOCK_INTERVAL || '5000'), 0, 86_400_000);
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
  if (values['stale-after'] !== undefined) {
    if (store.kind !== 'postgres' || !store.reader) throw new UsageError('--stale-after goes with --reader (a reader tells when the database stopped moving)');
    store.staleAfter = whole('--stale-after', values['stale-after'], 1, 1_000_000);
  }
  if (values['event-retention'] !== undefined) {
    if (store.kind !== 'postgres' || store.reader) throw new UsageError('--event-retention goes with a PostgreSQL --store without --reader (the writer deletes old events)');
    const retention = values['event-retention'];
    if (retention !== 'all' && !/^[1-9]\d{0,7}$/.test(retention)) throw new UsageError(`--event-retention must be a whole number of blocks from 1 to 99999999, or all, not '${retention}'`);
    store.eventRetention = retention === 'all' ? Infinity : Number(retention);
  }
  if (values.primary !== undefined) {
    if (store.kind !== 'postgres' || !store.reader) throw new UsageError('--primary goes with --reader (a reader of a hot standby queues announces on its primary)');
    if (!/^postgres(ql)?:\/\//.test(values.primary)) throw new UsageError(`--primary must be a PostgreSQL URL (postgres://…), not '${values.primary}'`);
    store.primary = values.primary;
  }
  if (store.kind === 'postgres' && values.state !== undefined) throw new UsageError('--state goes with the memory store (PostgreSQL keeps the chain itself)');
  // The settings of the chain itself: a reader serves a chain another process writes.
  const chainFlags = ['block-time', 'automine', 'accounts', 'balance', 'seed', 'network', 'rules', 'network-properties', 'fee-statistics-blocks', 'genesis'] as const;
  if (store.kind === 'postgres' && store.reader && chainFlags.some((flag) => values[flag] !== undefined || file[camel(flag)] !== undefined)) {
    throw new UsageError(`--reader serves the chain another process writes: ${chainFlags.map((flag) => `--${flag}`).join(', ')} are that process's`);
  }
  const genesis = values.genesis;
  if (genesis !== undefined) {
    if (genesis === '') throw new UsageError('--genesis must name a symbol-bootstrap preset folder');
    for (const flag of ['accounts', 'balance', 'network-properties'] as const) {
      if (values[flag] !== undefined) throw new UsageError(`--${flag} goes without --genesis: the preset's nemesis block decides ${flag === 'network-properties' ? "the network's rules (--rules changes them)" : 'who holds what (PUT /dev/balance funds an account)'}`);
    }
  }
  // With --genesis the preset says the network and who holds what.
  const chain: InMemoryChainOptions = {
    blockInterval: blockTime === 0 ? false : blockTime,
    automine: values.automine ?? false,
    // --network with --genesis must say the preset's (applyGenesis checks it).
    ...(genesis !== undefined && values.network !== undefined && { network }),
    ...(genesis === undefined && {
      network,
      accountCount: whole('--accounts', values.accounts ?? '10', 0, 10_000),
      accountBalance: xym('--balance', values.balance ?? '1000000'),
    }),
  };
  if (values.seed !== undefined) {
    if (values.seed === '') throw new UsageError('--seed must not be empty');
    chain.seed = values.seed;
  }
  if (values.state === '') throw new UsageError('--state must name a file');
  const notes: string[] = [];
  const rules = rulesOf(values, json('rules'), notes);
  if (rules.network !== undefined && values.network !== undefined && rules.network !== values.network) {
    throw new UsageError(`--network ${values.network} differs from the identifier of --network-properties (${rules.network})`);
  }
  Object.assign(chain, rules);
  const ruled = Object.keys(rules) as StateOptionName[];
  if (values['fee-statistics-blocks'] !== undefined) chain.feeStatisticsBlocks = whole('--fee-statistics-blocks', values['fee-statistics-blocks'], 1, 1_000_000);
  const node = nodeSettingsOf(json, values['network-description']);
  Object.assign(chain, node);
  const given = {
    ...(values.seed !== undefined ? { seed: '--seed' } : {}),
    ...(values.network !== undefined || rules.network !== undefined ? { network: '--network' } : {}),
    ...(values.accounts !== undefined ? { accountCount: '--accounts' } : {}),
    ...(values.balance !== undefined ? { accountBalance: '--balance' } : {}),
  };
  if (flags.dev && flags['no-dev']) throw new UsageError('--dev and --no-dev say the opposite: give one');
  if (values.dev && store.kind === 'postgres' && store.reader && !flags['no-dev']) throw new UsageError('--dev goes with a chain: a --reader has none to control');
  // On for a development chain, off for one a database keeps (a writer others read) unless asked.
  const dev = flags['no-dev'] ? false : (values.dev ?? store.kind === 'memory');
  if (flags['node-list'] && flags['no-node-list']) throw new UsageError('--node-list and --no-node-list say the opposite: give one');
  // Undefined: the gateway's default (on over a chain, off for a reader).
  const nodeList = flags['no-node-list'] ? false : values['node-list'];
  const tls = tlsOf(values);
  if (tls && tls.port === port && port !== 0) throw new UsageError(`--tls-port ${tls.port} is --port's: HTTPS needs a port of its own`);
  const fork = forkOf(values.fork ?? (env.FORK_URL || undefined), values['fork-height'], values);
  if (fork && genesis !== undefined) throw new UsageError("--genesis goes without --fork: a fork starts from the upstream's block");
  if (fork && values['network-properties'] !== undefined) throw new UsageError("--network-properties goes without --fork: a fork runs on the upstream's network (--rules sets its rules)");
  const gateway = gatewayOf(values);
  if (gateway.throttling) notes.push(throttlingNote(gateway.throttling));
  const logLevel = values['log-level'] ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) throw new UsageError(`--log-level must be one of ${LOG_LEVELS.join(', ')}, not '${logLevel}'`);
  const metrics = metricsOf(values);
  if (metrics?.port !== undefined && metrics.port !== 0 && (metrics.port === port || metrics.port === tls?.port)) throw new UsageError(`--metrics-port ${metrics.port} is the gateway's: metrics need a port of their own`);
  const rosetta = rosettaOf(values);
  if (rosetta?.port !== undefined && rosetta.port !== 0 && (rosetta.port === port || rosetta.port === tls?.port || rosetta.port === metrics?.port)) {
    throw new UsageError(`--rosetta-port ${rosetta.port} is ${rosetta.port === metrics?.port ? "--metrics-port's" : "the gateway's"}: Rosetta needs a port of its own`);
  }
  return { help: false, port, host, dev, nodeList, tls, chain, gateway, node, state: values.state, given, store, fork, genesis, notes, ruled, metrics, logLevel, rosetta, explorer: !flags['no-explorer'] };
}

/** --rosetta and --rosetta-port: neither, no Rosetta API. */
function rosettaOf(values: FlagValues): Options['rosetta'] {
  const port = values['rosetta-port'];
  if (port !== undefined) return { port: whole('--rosetta-port', port, 0, 65_535) };
  return values.rosetta ? {} : undefined;
}

/** --tls-cert, --tls-key and --tls-port: both files or neither; the files are read and checked now. */
function tlsOf(values: FlagValues): Options['tls'] {
  const cert = values['tls-cert'];
  const key = values['tls-key'];
  if (cert === undefined && key === undefined) {
    if (values['tls-port'] !== undefined) throw new UsageError('--tls-port goes with --tls-cert and --tls-key');
    return undefined;
  }
  if (cert === undefined || key === undefined) throw new UsageError('--tls-cert and --tls-key go together: HTTPS needs the certificate and its key');
  if (cert === '' || key === '') throw new UsageError(`${cert === '' ? '--tls-cert' : '--tls-key'} must name a file`);
  const port = whole('--tls-port', values['tls-port'] ?? '3001', 0, 65_535);
  const files = { cert, key };
  return { files, credentials: readTls(files), port };
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** --metrics-path and --metrics-port: none, metrics off. */
function metricsOf(values: FlagValues): Options['metrics'] {
  const path = values['metrics-path'];
  const port = values['metrics-port'];
  if (path === undefined && port === undefined) return undefined;
  if (path !== undefined && !/^\/[^\s?#]*$/.test(path)) throw new UsageError(`--metrics-path must be a path (/metrics), not '${path}'`);
  return { path: path ?? '/metrics', ...(port !== undefined ? { port: whole('--metrics-port', port, 0, 65_535) } : {}) };
}

/** `page-size-max` → `pageSizeMax`. */
function camel(flag: string): SettingName {
  return flag.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase()) as SettingName;
}

/** What the gateway takes of the settings: CORS origins, pagination, the uncirculating accounts and Metal limits. */
function gatewayOf(values: FlagValues): GatewayOptions {
  const gateway: GatewayOptions = {};
  const origins = values.cors;
  if (origins !== undefined) {
    const list = origins.split(',').map((origin) => origin.trim()).filter((origin) => origin !== '');
    if (origins.trim() === '*') gateway.cors = { origins: '*' };
    else if (origins.trim() === 'none') gateway.cors = false;
    else if (list.length > 0 && list.every((origin) => /^https?:\/\/[^/\s]+$/.test(origin))) gateway.cors = { origins: list };
    else throw new UsageError(`--cors must be *, none or a comma-separated list of origins (https://wallet.example), not '${origins}'`);
  }
  const pagination: Partial<PaginationSettings> = {};
  if (values['page-size-min'] !== undefined) pagination.pageSizeMin = whole('--page-size-min', values['page-size-min'], 1, 10_000);
  if (values['page-size-max'] !== undefined) pagination.pageSizeMax = whole('--page-size-max', values['page-size-max'], 1, 10_000);
  if (values['page-size-default'] !== undefined) pagination.pageSizeDefault = whole('--page-size-default', values['page-size-default'], 1, 10_000);
  const order = values['default-order'];
  if (order !== undefined) {
    if (order !== 'asc' && order !== 'desc') throw new UsageError(`--default-order must be asc or desc, not '${order}'`);
    pagination.defaultOrder = order;
  }
  try {
    resolvePagination(pagination);
  } catch (error) {
    // The option names as flags: pagination.pageSizeMin → --page-size-min.
    throw new UsageError((error as Error).message.replace(/pagination\.(\w+)/g, (_, name: string) => flagOf(name as SettingName)));
  }
  if (Object.keys(pagination).length > 0) gateway.pagination = pagination;
  const uncirculating = values['uncirculating-accounts'];
  if (uncirculating !== undefined) {
    const keys = uncirculating.split(',').map((key) => key.trim()).filter((key) => key !== '');
    try {
      gateway.uncirculatingAccounts = uncirculatingAccountsOption(keys);
    } catch (error) {
      throw new UsageError((error as Error).message.replace(/uncirculatingAccounts\[\d+\]/, '--uncirculating-accounts'));
    }
  }
  const metal: MetalOptions = {};
  if (values['metal-size-limit'] !== undefined) metal.sizeLimit = whole('--metal-size-limit', values['metal-size-limit'], 1, 999_999_999);
  if (values['metal-cache-ttl'] !== undefined) metal.cacheTtl = whole('--metal-cache-ttl', values['metal-cache-ttl'], 0, 31_536_000);
  if (Object.keys(metal).length > 0) gateway.metal = metal;
  const throttling = throttlingOf(values);
  if (throttling) gateway.throttling = throttling;
  return gateway;
}

/** `--throttle-burst`, `--throttle-rate` and `--trusted-proxies` as the `throttling` option: off unless a limit is given. */
function throttlingOf(values: FlagValues): ThrottlingOptions | undefined {
  const burst = values['throttle-burst'];
  const rate = values['throttle-rate'];
  const proxies = values['trusted-proxies'];
  if (burst === undefined && rate === undefined) {
    if (proxies !== undefined) throw new UsageError('--trusted-proxies goes with --throttle-burst or --throttle-rate');
    if (values['throttle-all']) throw new UsageError('--throttle-all goes with --throttle-burst or --throttle-rate');
    return undefined;
  }
  const throttling: ThrottlingOptions = {};
  if (burst !== undefined) throttling.burst = whole('--throttle-burst', burst, 1, 1_000_000);
  if (rate !== undefined) {
    const value = /^\d{1,9}(\.\d{1,9})?$/.test(rate) ? Number(rate) : NaN;
    if (!(value > 0)) throw new UsageError(`--throttle-rate must be a positive number of requests per second, not '${rate}'`);
    throttling.rate = value;
  }
  if (proxies !== undefined) throttling.trustedProxies = proxies.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  if (values['throttle-all']) throttling.throttleAll = true;
  try {
    new RequestThrottle(throttling);
  } catch (error) {
    throw new UsageError((error as Error).message.replace('throttling.trustedProxies', '--trusted-proxies'));
  }
  return throttling;
}

/** What the console says of the throttle on start. */
function throttlingNote({ burst = THROTTLING_DEFAULTS.burst, rate = THROTTLING_DEFAULTS.rate, trustedProxies = [], throttleAll = false }: ThrottlingOptions): string {
  const proxies = trustedProxies.length > 0 ? `; X-Forwarded-For read from ${trustedProxies.join(', ')}` : '';
  return `throttling: ${burst} requests at once and ${rate} a second per client address${proxies}${throttleAll ? '; metrics and the explorer page too' : ''}`;
}

/** The node's own settings: peers, metadata, deployment and the network's description (a chain's options, or a reader's). */
function nodeSettingsOf(json: (name: SettingName) => unknown, description: string | undefined): NodeSettings {
  const node: NodeSettings = {};
  const peers = json('peers');
  if (peers !== undefined) {
    if (!Array.isArray(peers) || !peers.every((peer) => typeof peer === 'object' && peer !== null && !Array.isArray(peer))) throw new UsageError('--peers must hold an array of node infos (as /node/info answers)');
    node.peers = peers as NodeInfoDTO[];
  }
  const metadata = json('nodeMetadata');
  if (metadata !== undefined) {
    if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata) || !Object.values(metadata).every((value) => typeof value === 'string')) {
      throw new UsageError('--node-metadata must hold an object of string values');
    }
    node.nodeMetadata = metadata as Record<string, string>;
  }
  const deployment = json('deployment');
  if (deployment !== undefined) {
    const fields = ['deploymentTool', 'deploymentToolVersion', 'lastUpdatedDate'] as const;
    if (typeof deployment !== 'object' || deployment === null || Array.isArray(deployment)) throw new UsageError(`--deployment must hold an object of ${fields.join(', ')}`);
    for (const key of Object.keys(deployment)) if (!(fields as readonly string[]).includes(key)) throw new UsageError(`--deployment: unknown key '${key}' (the keys are ${fields.join(', ')})`);
    for (const key of fields) if (typeof (deployment as Record<string, unknown>)[key] !== 'string') throw new UsageError(`--deployment: ${key} must be a string`);
    node.deployment = deployment as Deployment;
  }
  if (description !== undefined) node.networkDescription = description;
  return node;
}

/** The chain's rules: a --network-properties file (catapult's), then --rules (JSON) over it. */
function rulesOf(values: FlagValues, rulesJson: unknown, notes: string[]): InMemoryChainOptions {
  const options: InMemoryChainOptions = {};
  const path = values['network-properties'];
  if (path !== undefined) {
    if (path === '') throw new UsageError('--network-properties must name a file');
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (error) {
      throw new UsageError(`--network-properties ${path}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`);
    }
    try {
      const read = readNetworkProperties(text);
      Object.assign(options, read.options);
      if (read.identity.length > 0) notes.push(`network properties: the chain's own (derived from --seed) instead of ${read.identity.join(', ')}`);
      if (read.unmodelled.length > 0) notes.push(`network properties not modelled by the in-memory chain: ${read.unmodelled.join(', ')}`);
    } catch (error) {
      throw new UsageError(`--network-properties ${path}: ${(error as Error).message}`);
    }
  }
  if (rulesJson !== undefined) {
    try {
      options.rules = { ...options.rules, ...rulesFromJson(rulesJson) };
    } catch (error) {
      throw new UsageError(`--rules: ${(error as Error).message}`);
    }
  }
  return options;
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
 * A --genesis preset read into the options: the preset's network, rules and nemesis block (or its
 * plan) under the flags given (--rules over its rules, --block-time, --seed); the state options it
 * sets count as given (a stored or loaded chain must have been made with them). Returns the line
 * the banner says of where block 1 comes from.
 */
async function applyGenesis(options: Options, directory: string): Promise<string> {
  const { readGenesisPreset } = await import('./genesis/index.js');
  let preset: Awaited<ReturnType<typeof readGenesisPreset>>;
  try {
    preset = await readGenesisPreset(directory);
  } catch (error) {
    throw new UsageError(`--genesis ${directory}: ${(error as Error).message}`);
  }
  const { rules, ...network } = preset.options;
  if (options.given.network !== undefined && options.chain.network !== undefined && options.chain.network !== network.network) {
    throw new UsageError(`--network ${options.chain.network} differs from the network of --genesis ${directory} (${network.network})`);
  }
  const explicit = options.chain;
  options.chain = { ...explicit, ...network, rules: { ...rules, ...explicit.rules }, ...(explicit.networkDescription !== undefined && { networkDescription: explicit.networkDescription }) };
  const stateNames = ['network', 'generationHashSeed', 'epochAdjustment', 'blockTime', 'importanceGrouping', 'maxTransactionLifetime', 'rules', 'nemesis', 'nemesisPlan'] as const;
  options.ruled = [...new Set([...(options.ruled ?? []), ...stateNames.filter((name) => options.chain[name] !== undefined)])];
  if (preset.unmodelled.length > 0) options.notes.push(`genesis: ${preset.unmodelled.length} settings of the preset are not modelled by the in-memory chain (node, consensus and service settings)`);
  const nemesis = preset.options.nemesis;
  if (nemesis) {
    const count = preset.seed?.blocks[0]?.transactions.length ?? 0;
    return `block 1: the ${network.network} nemesis block ${nemesisHashOf(nemesis)} (${count} transactions) of ${preset.directory}`;
  }
  const plan = preset.options.nemesisPlan!;
  return `block 1: the nemesis block symbol-bootstrap plans in ${preset.directory} (${plan.mosaics.map((mosaic) => `${plan.baseNamespace}.${mosaic.name}`).join(', ')})`;
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
  const nemesis = dumpedNemesis(dump.options);
  if (nemesis !== undefined && (options.chain.nemesis === undefined || nemesisHashOf(options.chain.nemesis) !== nemesis)) {
    throw new UsageError(`the chain in ${path} was made on the network nemesis block ${nemesis}: start with --genesis <that network's preset> to load it`);
  }
  const dumped = optionsOfDump(dump.options);
  for (const [name, flag] of Object.entries(options.given) as [keyof Options['given'], string][]) {
    if (String(dumped[name]) !== String(options.chain[name])) {
      throw new UsageError(`${flag} ${String(options.chain[name])} differs from the chain in ${path} (${String(dumped[name])}); leave it out to load the file`);
    }
  }
  // The rules given must be the dumped chain's (its blocks were made with them).
  const ruled = options.ruled ?? [];
  const differing = differingOptions(dump, resolveChainOptions({ ...dumped, ...Object.fromEntries(ruled.map((name) => [name, options.chain[name]])) }));
  if (differing.length > 0) throw new UsageError(`the chain in ${path} was made with other ${differing.join(', ')} than --network-properties/--rules give; leave them out to load the file`);
  return InMemoryChain.load(dump, runtimeOptions(options));
}

/** The chain options that do not decide its state: its timer and mining, the node's own settings, the fee statistics. */
function runtimeOptions(options: Options): Omit<InMemoryChainOptions, Exclude<StateOptionName, 'nemesis'>> {
  const { blockInterval, automine, feeStatisticsBlocks, nemesis } = options.chain;
  // A network's nemesis block is named by its hash in a dump and a database: the chain that continues it is given the block.
  return { blockInterval, automine, ...(feeStatisticsBlocks !== undefined ? { feeStatisticsBlocks } : {}), ...(nemesis && { nemesis }), ...options.node };
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
/** A reader's line about a database that did not answer at start. */
let storeWarning: string | undefined;
let genesisLine: string | undefined;
try {
  options = parse(process.argv.slice(2));
  if (options.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (options.genesis !== undefined) genesisLine = await applyGenesis(options, options.genesis);
  if (options.store.kind === 'postgres') {
    const { url, reader, poolSize, statementTimeout } = options.store;
    const postgres = await loadPostgres();
    const where = redacted(url);
    if (reader) {
      const { staleAfter, primary } = options.store;
      backend = postgres.createPostgresBackend({ url, poolSize, statementTimeout, staleAfter, primaryUrl: primary, ...options.node });
      storeLine = `a reader of ${where}${primary === undefined ? '' : `, announcing to ${redacted(primary)}`}`;
      storeWarning = await readerWarning(backend, where);
    } else {
      // Only the state flags given: a database that holds a chain continues it with its own (and refuses others).
      const stateNames = [...Object.keys(options.given), ...(options.ruled ?? [])] as (keyof InMemoryChainOptions)[];
      const given = Object.fromEntries(stateNames.map((name) => [name, options.chain[name]]));
      const opened = await postgres.openPostgresChain({ url, poolSize, statementTimeout, eventRetention: options.store.eventRetention, chain: { ...runtimeOptions(options), ...given } }).catch((error: unknown) => {
        throw unreachable(error) ? new Error(`cannot reach the PostgreSQL database of --store (${where}): ${messageOf(error)}`) : error;
      });
      ({ chain, writer } = opened);
      backend = opened.backend;
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
  // One line and where the options are, not the whole usage: the message is what to fix.
  console.error(`symbol-gateway: ${(error as Error).message}${error instanceof UsageError ? `\n${helpLine('symbol-gateway')}` : ''}`);
  process.exit(2);
}

/** Whether `error` says the database could not be reached (no server there, no such host, no answer in time). */
function unreachable(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET'].includes(code as string) || /connection timeout|Connection terminated/i.test(messageOf(error));
}

/** An error's message; an AggregateError's (node tried each address of a host) is its errors'. */
function messageOf(error: unknown): string {
  const { message, errors } = error as { message?: string; errors?: unknown[] };
  return message || (errors ?? []).map((each) => (each as Error).message).join(', ') || String(error);
}

/**
 * What the console says of a reader whose database does not answer at start: it starts anyway
 * (its routes answer 503 and every request tries the database again), but not silently.
 */
async function readerWarning(reader: GatewayBackend, where: string): Promise<string | undefined> {
  try {
    await reader.chain.info();
    return undefined;
  } catch (error) {
    const cause = (error as Error).cause;
    const reason = cause !== undefined && unreachable(cause) ? `cannot reach the PostgreSQL database of --store (${where}): ${messageOf(cause)}` : `--store ${where}: ${messageOf(error)}`;
    return `symbol-gateway: warning: ${reason}; serving 503 meanwhile and trying again on each request`;
  }
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

// JSON lines for a log collector; on a terminal, lines a person reads. Either way they reach stdout in writes of 16 kB
// (a write per request, read by a collector at the other end of a pipe, halved the command's req/s), at the latest
// 200 ms after they are logged, and whatever waits on shutdown and when the process ends (a fatal error's included).
const logOutput = new BatchedLines(process.stdout);
process.on('beforeExit', () => logOutput.flush());
process.once('exit', () => logOutput.flush());
const log: Logger = pino({ level: options.logLevel }, process.stdout.isTTY ? readableStdout(logOutput) : logOutput);
const registry = options.metrics ? new Registry() : undefined;
if (registry) collectDefaultMetrics({ register: registry });
// The /dev/ controls when asked (a reader has no chain to control); the explorer page reads only.
const gateway = createGateway({
  ...options.gateway,
  backend,
  dev: options.dev && chain !== undefined,
  explorer: options.explorer,
  ...(options.nodeList !== undefined && { nodeList: options.nodeList }),
  rosetta: options.rosetta !== undefined,
  accessLog: log,
  logger: { error: (message, error) => log.error({ err: error }, message) },
  metrics: registry ? { registry, path: options.metrics!.port === undefined ? options.metrics!.path : false } : false,
});
const server = http.createServer(gateway.handle);
gateway.attach(server);
// HTTPS and WSS beside HTTP (the interface document's ports 3001 and 3000): the same gateway on both.
const secure = options.tls ? https.createServer(options.tls.credentials, gateway.handle) : undefined;
if (secure) gateway.attach(secure);
const metricsServer = options.metrics?.port === undefined ? undefined : metricsOnItsPort(options.metrics.path);
const rosettaServer = options.rosetta?.port === undefined ? undefined : rosettaOnItsPort();

/** The Rosetta API at the root of a server of its own (HTTPS when the gateway has TLS): each request goes to the gateway's /rosetta routes. */
function rosettaOnItsPort(): http.Server {
  const handle = (req: http.IncomingMessage, res: http.ServerResponse) => {
    req.url = `${ROSETTA_PATH}${req.url ?? '/'}`;
    void gateway.handle(req, res);
  };
  const rosetta = options.tls ? https.createServer(options.tls.credentials, handle) : http.createServer(handle);
  gateway.attach(rosetta);
  return rosetta;
}

/** Prometheus metrics on a server of their own (listening with the gateway's): its path answers them, any other 404. */
function metricsOnItsPort(path: string): http.Server {
  return http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== path) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 'ResourceNotFound', message: `metrics are at GET ${path}` }));
      return;
    }
    registry!.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry!.contentType }).end(text),
      (error: Error) => res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 'Internal', message: error.message })),
    );
  });
}

/** Stdout for a person: each pino line as `readableLogLine` writes it, into `output` (which batches them). */
function readableStdout(output: BatchedLines): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line !== '') output.write(`${readableLogLine(line)}\n`);
      done();
    },
  });
}

try {
  await Promise.all([
    listen(server, options.port),
    ...(secure ? [listen(secure, options.tls!.port)] : []),
    ...(rosettaServer ? [listen(rosettaServer, options.rosetta!.port!)] : []),
    // A metrics port in use is said as the others are, not as a stack trace.
    ...(metricsServer ? [listen(metricsServer, options.metrics!.port!)] : []),
  ]);
} catch (error) {
  // A port in use, an address not this machine's: a bad value of --port or --host, said plainly, not as a stack.
  const { code, port } = error as NodeJS.ErrnoException & { port?: number };
  const hint = code === 'EADDRINUSE' ? `: port ${port} is in use (stop what listens there, or choose another port)` : code === 'EADDRNOTAVAIL' ? `: ${options.host} is not an address of this machine (--host)` : '';
  console.error(`symbol-gateway: cannot listen on ${options.host}: ${(error as Error).message}${hint}`);
  process.exit(2);
}
{
  const host = options.host === '0.0.0.0' || options.host === '::' ? 'localhost' : options.host;
  const url = (scheme: string, listening: http.Server) => `${scheme}://${host.includes(':') ? `[${host}]` : host}:${(listening.address() as AddressInfo).port}`;
  const base = url('http', server);
  for (const note of options.notes) console.log(note);
  if (!chain) {
    console.log(`symbol-gateway listening on ${base} (${storeLine})`);
  } else {
    const { blockInterval, automine } = chain.options;
    const mining = [blockInterval > 0 ? `a block every ${blockInterval} ms` : 'blocks on request', ...(automine ? ['automine'] : [])].join(', ');
    console.log(`symbol-gateway listening on ${base} (in-memory ${chain.options.network}, ${mining}${storeLine ? `; ${storeLine}` : ''})`);
    // What PUT /dev/balance and a wallet's transfers name the currency by.
    console.log(`currency: mosaic ${chain.currency.mosaicId}, alias ${chain.currency.aliasId}`);
  }
  if (secure) console.log(`HTTPS on ${url('https', secure)} (WebSocket: ${url('wss', secure)}/ws; certificate ${options.tls!.files.cert}, read again on SIGHUP)`);
  const loopback = isLoopback(options.host);
  console.log(loopback ? `host ${options.host}: this machine only (--host 0.0.0.0 for every interface)` : `host ${options.host}: reachable from other machines`);
  if (storeWarning) console.warn(storeWarning);
  if (options.dev && chain && !loopback) {
    console.warn(`symbol-gateway: warning: the development controls (/dev/) are on and ${options.host} is reachable from other machines: anyone who reaches the gateway can mine, set balances, revert or load a chain; --no-dev turns them off`);
  }
  if (genesisLine) console.log(genesisLine);
  if (chain && options.state !== undefined) console.log(`state: ${loaded ? `loaded from ${options.state} at height ${chain.height}` : `a new chain`}; written to ${options.state} on exit`);
  console.log(`try: curl ${base}/blocks   (WebSocket: ws://${base.slice('http://'.length)}/ws)`);
  if (options.metrics) console.log(`metrics: ${metricsServer ? url('http', metricsServer) : base}${options.metrics.path}`);
  if (rosettaServer) console.log(`rosetta: ${url(options.tls ? 'https' : 'http', rosettaServer)} (try: curl -X POST -H 'content-type: application/json' -d '{}' ${url(options.tls ? 'https' : 'http', rosettaServer)}/network/list)`);
  else if (options.rosetta) console.log(`rosetta: ${base}${ROSETTA_PATH} (try: curl -X POST -H 'content-type: application/json' -d '{}' ${base}${ROSETTA_PATH}/network/list)`);
  // A reader serves the explorer too: it reads only public routes.
  if (options.explorer) console.log(`explorer: ${base}/explorer`);
  if (chain) {
    const idle = idleChainHint(chain.options, options.dev);
    if (idle) console.log(idle);
    console.log(options.dev ? `dev controls: curl -X POST -H 'content-type: application/json' -d '{"count":1}' ${base}/dev/mine` : 'dev controls: off (--dev turns them on)');
    const plan = chain.options.nemesisPlan;
    if (plan) {
      // What each account of a planned nemesis block holds of each of its mosaics.
      const mosaics = [chain.currency.mosaicId, ...(chain.currency.harvestingMosaicId === chain.currency.mosaicId ? [] : [chain.currency.harvestingMosaicId])];
      const names = [plan.mosaics[0], plan.mosaics[1]].filter(Boolean).map((mosaic) => `${plan.baseNamespace}.${mosaic!.name}`);
      if (chain.fundedAccounts.length > 0) console.log(`funded test accounts (generation hash seed ${chain.options.generationHashSeed}):`);
      for (const account of chain.fundedAccounts) {
        const held = mosaics.map((id, i) => [chain!.ledger.balance(account.addressHex, id), names[i]] as const).filter(([amount]) => amount > 0n);
        console.log(`  ${account.address}  private key ${account.privateKey}  (${held.map(([amount, name]) => `${amount} ${name}`).join(', ')}, atomic units)`);
      }
    } else {
      if (chain.fundedAccounts.length > 0) console.log(`funded test accounts (${formatXym(chain.options.accountBalance)} XYM each; generation hash seed ${chain.options.generationHashSeed}):`);
      for (const account of chain.fundedAccounts) console.log(`  ${account.address}  private key ${account.privateKey}`);
    }
  }
}

/**
 * For a chain that makes no blocks by itself (no block time, no automine): how blocks are made,
 * since a transaction announced to it stays unconfirmed until then. Undefined for a chain that does.
 */
function idleChainHint({ blockInterval, automine }: { blockInterval: number; automine: boolean }, dev: boolean): string | undefined {
  if (blockInterval > 0 || automine) return undefined;
  const how = dev ? 'POST /dev/mine makes one (below); or restart with' : 'restart with --dev (then POST /dev/mine makes one),';
  return `blocks: none are made by themselves (--block-time 0, no --automine), and transactions stay unconfirmed until one is: ${how} --automine (a block for each transaction) or --block-time <ms>`;
}

function listen(listening: http.Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    listening.once('error', reject);
    listening.listen(port, options.host, () => {
      listening.off('error', reject);
      resolve();
    });
  });
}

function formatXym(amount: bigint): string {
  const fraction = (amount % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '');
  return `${amount / 1_000_000n}${fraction ? `.${fraction}` : ''}`;
}

function shutdown(): void {
  // The log lines so far go out before what shutting down prints; those of requests still running, at exit.
  logOutput.flush();
  server.close();
  secure?.close();
  rosettaServer?.close();
  metricsServer?.close();
  metricsServer?.closeAllConnections();
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
  secure?.closeAllConnections();
  rosettaServer?.closeAllConnections();
}

// A renewed certificate without a restart: new handshakes get it, open connections keep theirs.
if (secure) {
  process.on('SIGHUP', () => {
    try {
      const context = readTls(options.tls!.files);
      secure.setSecureContext(context);
      if (rosettaServer instanceof https.Server) rosettaServer.setSecureContext(context);
      console.log(`TLS certificate read again from ${options.tls!.files.cert}`);
    } catch (error) {
      console.error(`symbol-gateway: ${(error as Error).message}; the certificate in use stays`);
    }
  });
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
