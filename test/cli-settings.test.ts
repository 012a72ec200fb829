/**
 * The `symbol-gateway` command's settings, run as a process: the chain's rules from a catapult
 * config-network.properties (symbol-bootstrap's `bootstrap` preset), and the `--config` file whose
 * keys are the flags' names (flags override it; unknown keys and wrong types are refused by name).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hash256, PrivateKey } from 'symbol-sdk';
import { Network, SymbolFacade, generateNamespaceId } from 'symbol-sdk/symbol';
import { describe, expect, it } from 'vitest';
import { InMemoryChain } from '../src/index.js';
import { UsageError } from '../src/command-line.js';
import { readConfigFile, SETTINGS, type SettingName } from '../src/config-file.js';
import { finished, started } from './support/cli.js';

const BOOTSTRAP = fileURLToPath(new URL('./fixtures/bootstrap-config-network.properties', import.meta.url));
const json = async (url: string, init?: RequestInit): Promise<any> => (await fetch(url, init)).json();
const post = (url: string, body: unknown): Promise<any> => json(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/**
 * Registers root namespace `name` for `duration` blocks with the first funded account, harvests a
 * block, and answers its status; a confirmed namespace lives `duration` plus `grace` blocks.
 */
async function registerNamespace(base: string, lines: string[], name: string, duration: bigint, grace = 0n): Promise<{ group: string; code: string }> {
  const privateKey = lines.find((line) => line.includes('private key'))!.trim().split(/\s+/).at(-1)!;
  const properties = await json(`${base}/network/properties`);
  const epoch = Number(properties.network.epochAdjustment.replace(/s$/, ''));
  const facade = new SymbolFacade(new Network('testnet', 0x98, new Date(epoch * 1000), new Hash256(properties.network.generationHashSeed)));
  const keyPair = new SymbolFacade.KeyPair(new PrivateKey(privateKey));
  const now = BigInt((await json(`${base}/node/time`)).communicationTimestamps.receiveTimestamp);
  const transaction = facade.transactionFactory.create({
    type: 'namespace_registration_transaction_v1',
    signerPublicKey: keyPair.publicKey,
    fee: 100_000n,
    deadline: now + 3_600_000n,
    registrationType: 'root',
    name,
    duration,
  } as never);
  const body = facade.transactionFactory.static.attachSignature(transaction, facade.signTransaction(keyPair, transaction));
  expect((await fetch(`${base}/transactions`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body })).status).toBe(202);
  await post(`${base}/dev/mine`, { count: 1 });
  const status = await json(`${base}/transactionStatus/${facade.hashTransaction(transaction).toString()}`);
  if (status.group === 'confirmed') {
    const id = generateNamespaceId(name).toString(16).toUpperCase().padStart(16, '0');
    const namespace = await json(`${base}/namespaces/${id}`);
    expect(BigInt(namespace.namespace.endHeight) - BigInt(namespace.namespace.startHeight)).toBe(duration + grace);
  }
  return status;
}

describe('symbol-gateway --network-properties', () => {
  it("runs a chain with symbol-bootstrap's bootstrap preset: a namespace for 10 blocks confirms (the testnet's rules refuse it)", async () => {
    const bootstrap = await started(['--block-time', '0', '--accounts', '1', '--network-properties', BOOTSTRAP], 1);
    const printed = bootstrap.lines.join('\n');
    expect(printed).toContain("the chain's own (derived from --seed) instead of nemesisSignerPublicKey, currencyMosaicId");
    expect(printed).toContain('not modelled by the in-memory chain: nodeEqualityStrategy');
    const properties = await json(`${bootstrap.base}/network/properties`);
    // The file's identity and rules: 1m at 15 s blocks is 4 blocks.
    expect(properties.network.generationHashSeed).toBe('7FCCD304802016BEBBCD342A332F91FF1F3BB5E902988B352697BE245F48E836');
    expect(properties.network.epochAdjustment).toBe('1573430400s');
    expect(properties.chain.blockGenerationTargetTime).toBe('15s');
    expect(properties.chain.defaultDynamicFeeMultiplier).toBe("1'000");
    expect(properties.plugins.namespace.minNamespaceDuration).toBe('1m');
    expect(properties.plugins.namespace.maxChildNamespaces).toBe('256');
    // The preset's grace period: 30d at 15 s blocks.
    expect(await registerNamespace(bootstrap.base, bootstrap.lines, 'tenblocks', 10n, 172_800n)).toMatchObject({ group: 'confirmed', code: 'Success' });

    const testnet = await started(['--block-time', '0', '--accounts', '1'], 1);
    expect(await registerNamespace(testnet.base, testnet.lines, 'tenblocks', 10n)).toMatchObject({ group: 'failed', code: 'Failure_Namespace_Invalid_Duration' });
  }, 60_000);

  it('refuses what the chain cannot honour, naming the key', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'symbol-gateway-properties-'));
    try {
      const file = async (name: string, text: string) => {
        const path = join(directory, name);
        await writeFile(path, text);
        return path;
      };
      const cases: [string[], RegExp][] = [
        [['--network-properties', await file('private.properties', '[network]\nidentifier = private\n')], /identifier \(line 2\) = private cannot be honoured: the in-memory chain is testnet or mainnet/],
        [['--network-properties', await file('state.properties', '[chain]\nenableVerifiableState = false\n')], /enableVerifiableState \(line 2\) = false cannot be honoured/],
        [['--network-properties', await file('typo.properties', "[chain]\nmaxDifficultyBlock = 60\n")], /maxDifficultyBlock \(line 2\) is not a key of \[chain\]/],
        [['--network-properties', await file('grouping.properties', "[chain]\nimportanceGrouping = 1''80\n")], /importanceGrouping \(line 2\) = 1''80 is not an unsigned integer/],
        [['--network-properties', await file('span.properties', '[plugin:catapult.plugins.namespace]\nminNamespaceDuration = 30d\n')], /must give blockGenerationTargetTime/],
        [['--network-properties', await file('unit.properties', '[chain]\nblockGenerationTargetTime = 15\n')], /blockGenerationTargetTime \(line 2\) = 15 is not a duration/],
        [['--network-properties', join(directory, 'missing')], /no such file/],
        [['--network', 'mainnet', '--network-properties', await file('testnet.properties', '[network]\nidentifier = testnet\n')], /--network mainnet differs from the identifier of --network-properties \(testnet\)/],
        [['--rules', await file('rules.json', '{"minNamespaceDuration": 10}')], /--rules: rules\.minNamespaceDuration must be a decimal string/],
        [['--rules', await file('unknown.json', '{"minNamespaceLength": "10"}')], /rules\.minNamespaceLength is not a chain rule/],
      ];
      const outcomes = await Promise.all(cases.map(([args]) => finished(args)));
      outcomes.forEach(({ code, stderr }, i) => {
        expect([cases[i][0], code]).toEqual([cases[i][0], 2]);
        expect(stderr).toMatch(cases[i][1]);
      });
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }, 60_000);

  it('--rules: a JSON of ChainRules over the properties file', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'symbol-gateway-rules-'));
    try {
      const rules = join(directory, 'rules.json');
      await writeFile(rules, JSON.stringify({ minNamespaceDuration: '20', maxChildNamespaces: 7 }));
      const { base, lines } = await started(['--block-time', '0', '--accounts', '1', '--network-properties', BOOTSTRAP, '--rules', rules], 1);
      const properties = await json(`${base}/network/properties`);
      expect(properties.plugins.namespace.minNamespaceDuration).toBe('5m');
      expect(properties.plugins.namespace.maxChildNamespaces).toBe('7');
      expect(await registerNamespace(base, lines, 'tooshort', 10n)).toMatchObject({ group: 'failed', code: 'Failure_Namespace_Invalid_Duration' });
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('symbol-gateway --config', () => {
  it('takes every setting from the file, flags over it', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'symbol-gateway-config-'));
    try {
      const config = join(directory, 'gateway.json');
      // The command's first funded account (the same seed), left out of the circulating supply.
      const twin = new InMemoryChain({ accountCount: 1, blockInterval: false });
      const funded = twin.fundedAccounts[0];
      await twin.close();
      await writeFile(config, JSON.stringify({
        blockTime: 0,
        accounts: 1,
        pageSizeMin: 1,
        pageSizeMax: 3,
        pageSizeDefault: 2,
        defaultOrder: 'desc',
        cors: ['https://wallet.example'],
        nodeMetadata: { operator: 'config file' },
        deployment: { deploymentTool: 'symbol-bootstrap', deploymentToolVersion: '1.1.10', lastUpdatedDate: '2024-01-02' },
        peers: [],
        feeStatisticsBlocks: 2,
        rules: { maxChildNamespaces: 9 },
        uncirculatingAccounts: [funded.keyPair.publicKey.toString()],
        metalSizeLimit: 5,
        networkDescription: 'a bootstrap network',
      }));
      const { base } = await started(['--config', config, '--default-order', 'asc'], 1);
      await post(`${base}/dev/mine`, { count: 4 });
      const blocks = await fetch(`${base}/blocks`, { headers: { origin: 'https://wallet.example' } });
      expect(blocks.headers.get('access-control-allow-origin')).toBe('https://wallet.example');
      const page: any = await blocks.json();
      // The flag's ascending order over the file's descending one; the file's default page size.
      expect(page.data.map((entry: any) => entry.block.height)).toEqual(['1', '2']);
      expect((await json(`${base}/blocks?pageSize=50`)).pagination.pageSize).toBe(3);
      expect((await fetch(`${base}/blocks`, { headers: { origin: 'https://other.example' } })).headers.get('access-control-allow-origin')).toBeNull();
      expect(await json(`${base}/node/metadata`)).toEqual({ operator: 'config file' });
      expect((await json(`${base}/network`)).description).toBe('a bootstrap network');
      expect((await json(`${base}/node/server`)).serverInfo.deployment).toEqual({ deploymentTool: 'symbol-bootstrap', deploymentToolVersion: '1.1.10', lastUpdatedDate: '2024-01-02' });
      expect((await json(`${base}/network/properties`)).plugins.namespace.maxChildNamespaces).toBe('9');
      // Circulating: the total less the nemesis signer's and the funded account's currency.
      const text = async (path: string) => BigInt((await (await fetch(`${base}${path}`)).text()).replace('.', ''));
      const properties = await json(`${base}/network/properties`);
      const currency = properties.chain.currencyMosaicId.replace(/'/g, '').replace(/^0x/, '').toUpperCase().padStart(16, '0');
      const held = async (key: string) => BigInt((await json(`${base}/accounts/${key}`)).account.mosaics.find((mosaic: any) => mosaic.id === currency)?.amount ?? 0);
      const fundedHeld = await held(funded.keyPair.publicKey.toString());
      expect(fundedHeld).toBeGreaterThan(0n);
      expect(await text('/network/currency/supply/circulating')).toBe(await text('/network/currency/supply/total') - fundedHeld - await held(properties.network.nemesisSignerPublicKey));
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }, 60_000);

  it('throttles each client address from the flags and the file, through a trusted proxy', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'symbol-gateway-config-'));
    try {
      const config = join(directory, 'gateway.json');
      await writeFile(config, JSON.stringify({ blockTime: 0, accounts: 1, throttleBurst: 2, trustedProxies: ['127.0.0.1'] }));
      const { base, lines } = await started(['--config', config, '--throttle-rate', '0.5'], 1);
      expect(lines).toContain('throttling: 2 requests at once and 0.5 a second per client address; X-Forwarded-For read from 127.0.0.1');
      const from = (client: string) => fetch(`${base}/chain/info`, { headers: { 'x-forwarded-for': client } });
      expect([(await from('198.51.100.1')).status, (await from('198.51.100.1')).status]).toEqual([200, 200]);
      const refused = await from('198.51.100.1');
      expect([refused.status, refused.headers.get('retry-after'), await refused.json()]).toEqual([429, '2', { code: 'TooManyRequests', message: 'you have exceeded your request rate of 0.5 r/s' }]);
      expect((await from('198.51.100.2')).status).toBe(200);
      // The explorer page is not throttled, unless --throttle-all.
      expect((await fetch(`${base}/explorer`, { headers: { 'x-forwarded-for': '198.51.100.1' } })).status).toBe(200);
      const all = await started(['--throttle-burst', '1', '--throttle-all', '--accounts', '1', '--block-time', '0'], 1);
      expect(all.lines).toContain('throttling: 1 requests at once and 5 a second per client address; metrics and the explorer page too');
      expect([(await fetch(`${all.base}/explorer`)).status, (await fetch(`${all.base}/explorer`)).status]).toEqual([200, 429]);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }, 60_000);

  it('refuses an unknown key, a wrong type or a bad value, naming it', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'symbol-gateway-config-'));
    try {
      const file = async (name: string, value: unknown) => {
        const path = join(directory, name);
        await writeFile(path, typeof value === 'string' ? value : JSON.stringify(value));
        return path;
      };
      const cases: [string[], RegExp][] = [
        [['--config', await file('unknown.json', { pageSizeMaximum: 10 })], /unknown key 'pageSizeMaximum'/],
        [['--config', await file('type.json', { automine: 'yes' })], /automine must be true or false, not "yes"/],
        [['--config', await file('cors.json', { cors: 5 })], /cors must be a string or an array of strings/],
        [['--config', await file('order.json', { defaultOrder: 'up' })], /--default-order must be asc or desc, not 'up'/],
        [['--config', await file('bounds.json', { pageSizeMin: 20, pageSizeMax: 10 })], /--page-size-min must not exceed --page-size-max/],
        [['--config', await file('broken.json', '{')], /not JSON/],
        [['--config', await file('array.json', [])], /must hold a JSON object of settings/],
        [['--config', await file('metadata.json', { nodeMetadata: { a: 1 } })], /--node-metadata must hold an object of string values/],
        [['--config', await file('deployment.json', { deployment: { tool: 'x' } })], /--deployment: unknown key 'tool'/],
        [['--cors', 'wallet.example'], /--cors must be \*, none or a comma-separated list of origins/],
        [['--uncirculating-accounts', 'ABC'], /--uncirculating-accounts must be a public key of 64 hex characters, not "ABC"/],
        [['--metal-cache-ttl', 'soon'], /--metal-cache-ttl must be a whole number/],
        [['--fee-statistics-blocks', '0'], /--fee-statistics-blocks must be a whole number from 1/],
        [['--throttle-burst', '0'], /--throttle-burst must be a whole number from 1/],
        [['--throttle-rate', 'fast'], /--throttle-rate must be a positive number of requests per second, not 'fast'/],
        [['--trusted-proxies', '10.0.0.1'], /--trusted-proxies goes with --throttle-burst or --throttle-rate/],
        [['--throttle-all'], /--throttle-all goes with --throttle-burst or --throttle-rate/],
        [['--throttle-burst', '-5'], /--throttle-burst must be a whole number from 1 to 1000000, not '-5'/],
        [['--throttle-rate', '-0.5'], /--throttle-rate must be a positive number of requests per second, not '-0.5'/],
        [['--throttle-rate', '1', '--trusted-proxies', '10.0.0.0/40'], /--trusted-proxies: '10.0.0.0\/40' is not an IP address or CIDR range/],
        [['--store', 'postgres://x', '--reader', '--fee-statistics-blocks', '5'], /--reader serves the chain another process writes/],
      ];
      const outcomes = await Promise.all(cases.map(([args]) => finished(args)));
      outcomes.forEach(({ code, stderr }, i) => {
        expect([cases[i][0], code]).toEqual([cases[i][0], 2]);
        expect(stderr).toMatch(cases[i][1]);
        expect(stderr).toContain('\nrun symbol-gateway --help for the options');
        expect(stderr).not.toContain('usage:');
      });
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }, 60_000);

  it('refuses a setting of the wrong type, naming the file, the key and the type it takes', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'symbol-gateway-config-'));
    try {
      // A setting of each kind, given a value of another type.
      const cases: [string, unknown, string][] = [
        ['port', '4553', 'a number'],
        ['blockTime', null, 'a number'],
        ['throttleRate', [5], 'a number'],
        ['eventRetention', '2880', 'a number or "all"'],
        ['host', 127001, 'a string'],
        ['network', false, 'a string'],
        ['automine', 'yes', 'true or false'],
        ['throttleAll', 1, 'true or false'],
        ['state', 5, 'a file name'],
        ['cors', { origins: '*' }, 'a string or an array of strings'],
        ['trustedProxies', [10], 'a string or an array of strings'],
        ['peers', {}, 'an array'],
        ['nodeMetadata', ['a'], 'an object'],
        ['deployment', 'symbol-gateway', 'an object'],
        ['rules', null, 'an object'],
      ];
      for (const [key, value, type] of cases) {
        const path = join(directory, `${key}.json`);
        await writeFile(path, JSON.stringify({ [key]: value }));
        expect(() => readConfigFile(path)).toThrow(new UsageError(`--config ${path}: ${key} must be ${type}, not ${JSON.stringify(value)}`));
      }
      // Every kind of setting has a case.
      expect(new Set(cases.map(([key]) => SETTINGS[key as SettingName]))).toEqual(new Set(Object.values(SETTINGS)));
      // As the command says it: one line, and where the options are.
      const path = join(directory, 'port.json');
      expect(await finished(['--config', path])).toEqual({ code: 2, stdout: '', stderr: `symbol-gateway: --config ${path}: port must be a number, not "4553"\nrun symbol-gateway --help for the options\n` });
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }, 60_000);

  it('--help documents every setting', async () => {
    const { stdout } = await finished(['--help']);
    for (const flag of ['--config', '--network-properties', '--rules', '--fee-statistics-blocks', '--peers', '--node-metadata', '--deployment', '--cors', '--page-size-min', '--page-size-max', '--page-size-default', '--default-order', '--uncirculating-accounts', '--metal-size-limit', '--metal-cache-ttl', '--network-description', '--throttle-burst', '--throttle-rate', '--trusted-proxies', '--throttle-all']) expect(stdout).toContain(flag);
  });
});
