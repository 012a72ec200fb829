/**
 * The `symbol-gateway` command, run as a process: its flags reach the chain (port, block
 * time, automine, funded accounts and their balance, seed, network), `--help` documents every
 * flag, and a bad flag or value exits with 2 and a message that names it.
 */
import { once } from 'node:events';
import net, { type AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { finished, listening, run, running, started } from './support/cli.js';

const json = async (url: string, init?: RequestInit): Promise<any> => (await fetch(url, init)).json();

describe('symbol-gateway command', () => {
  it('--help lists every flag and exits 0', async () => {
    const { code, stdout } = await finished(['--help']);
    expect(code).toBe(0);
    for (const flag of ['--port', '--host', '--block-time', '--automine', '--accounts', '--balance', '--seed', '--network', '--state', '--store', '--reader', '--pool-size', '--statement-timeout', '--dev', '--no-dev', '--tls-cert', '--tls-key', '--tls-port', '--help']) expect(stdout).toContain(flag);
  });

  it('starts with the chain its flags describe: accounts, balance, seed, blocks on request, automine', async () => {
    const { base, lines } = await started(['--block-time', '0', '--accounts', '2', '--balance', '12.5', '--seed', 'cli test', '--automine'], 2);
    expect(lines.join('\n')).toContain('blocks on request, automine');
    const printed = lines.filter((line) => line.includes('private key')).map((line) => line.trim().split(/\s+/)[0]);
    expect(printed).toHaveLength(2);
    const { account } = await json(`${base}/accounts/${printed[0]}`);
    expect(account.mosaics[0].amount).toBe('12500000');
    expect(await json(`${base}/dev/mining`)).toEqual({ automine: true, interval: 0 });
    expect((await json(`${base}/chain/info`)).height).toBe('1');
    const mined = await json(`${base}/dev/mine`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"count":2}' });
    expect(mined.blocks.map((block: { height: string }) => block.height)).toEqual(['2', '3']);

    // The same seed gives the same keys; another seed other keys.
    const again = await started(['--block-time', '0', '--accounts', '2', '--seed', 'cli test'], 2);
    expect(again.lines.filter((line) => line.includes('private key')).map((line) => line.trim().split(/\s+/)[0])).toEqual(printed);
    const other = await started(['--block-time', '0', '--accounts', '2', '--seed', 'another'], 2);
    expect(other.lines.filter((line) => line.includes('private key')).map((line) => line.trim().split(/\s+/)[0])).not.toEqual(printed);
  }, 60_000);

  it('says how blocks are made when the chain makes none by itself (--block-time 0 without --automine)', async () => {
    const idle = 'blocks: none are made by themselves (--block-time 0, no --automine), and transactions stay unconfirmed until one is';
    const [automine, timed, onRequest, noDev] = await Promise.all([
      started(['--block-time', '0', '--automine', '--accounts', '1'], 1),
      started(['--block-time', '1000', '--accounts', '1'], 1),
      started(['--block-time', '0', '--accounts', '1'], 1),
      started(['--block-time', '0', '--accounts', '1', '--no-dev'], 1),
    ]);
    expect(automine.lines.join('\n')).not.toContain(idle);
    expect(timed.lines.join('\n')).not.toContain(idle);
    expect(onRequest.lines).toContain(`${idle}: POST /dev/mine makes one (below); or restart with --automine (a block for each transaction) or --block-time <ms>`);
    expect(noDev.lines).toContain(`${idle}: restart with --dev (then POST /dev/mine makes one), --automine (a block for each transaction) or --block-time <ms>`);
  }, 60_000);

  it('takes PORT, HOST and BLOCK_INTERVAL from the environment, flags first', async () => {
    const child = run(['--host', '127.0.0.1', '--accounts', '1'], { PORT: '0', BLOCK_INTERVAL: '0' });
    let stdout = '';
    child.stdout!.on('data', (chunk) => (stdout += chunk));
    while (!stdout.includes('private key')) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stdout).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+ \(in-memory testnet, blocks on request\)/);
  }, 30_000);

  it('listens on 127.0.0.1 unless --host says otherwise, and says so; beyond it with the development controls on, a warning', async () => {
    const child = run(['--port', '0', '--accounts', '1', '--block-time', '0']);
    let stdout = '';
    child.stdout!.on('data', (chunk) => (stdout += chunk));
    for (const until = Date.now() + 20_000; !stdout.includes('private key') && Date.now() < until; ) await new Promise((resolve) => setTimeout(resolve, 50));
    const port = /listening on http:\/\/127\.0\.0\.1:(\d+) \(in-memory/.exec(stdout)?.[1];
    expect(port).toBeDefined();
    expect(stdout).toContain('host 127.0.0.1: this machine only (--host 0.0.0.0 for every interface)');
    expect((await fetch(`http://127.0.0.1:${port}/chain/info`)).status).toBe(200);
    // Another address of this machine is not served (where the machine has one).
    const outside = Object.values(networkInterfaces()).flat().find((entry) => entry && entry.family === 'IPv4' && !entry.internal);
    if (outside) await expect(fetch(`http://${outside.address}:${port}/chain/info`)).rejects.toThrow();

    // Every interface with the controls on: a warning on stderr; the controls answer.
    const open = await listening(['--host', '0.0.0.0', '--accounts', '1', '--block-time', '0']);
    await open.printed('private key');
    expect(open.output()).toContain('host 0.0.0.0: reachable from other machines');
    expect(open.errors()).toContain('warning: the development controls (/dev/) are on and 0.0.0.0 is reachable from other machines');
    expect((await fetch(`${open.base}/dev/mine`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"count":1}' })).status).toBe(200);
    // --no-dev (or the config file's "dev": false): no controls, no warning.
    const directory = await mkdtemp(join(tmpdir(), 'symbol-gateway-cli-'));
    try {
      const config = join(directory, 'gateway.json');
      await writeFile(config, JSON.stringify({ host: '0.0.0.0', dev: false }));
      for (const args of [['--host', '0.0.0.0', '--no-dev'], ['--config', config]]) {
        const closed = await listening([...args, '--accounts', '1', '--block-time', '0']);
        await closed.printed('private key');
        expect(closed.output()).toContain('dev controls: off (--dev turns them on)');
        expect(closed.errors()).not.toContain('warning');
        expect((await fetch(`${closed.base}/dev/mine`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"count":1}' })).status).toBe(404);
        expect((await fetch(`${closed.base}/chain/info`)).status).toBe(200);
      }
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }, 60_000);

  it('--state: a new chain is written to the file on SIGTERM, and the next start goes on from it', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'symbol-gateway-cli-'));
    try {
      const path = join(directory, 'chain.json');
      const first = await started(['--block-time', '0', '--accounts', '2', '--seed', 'stateful', '--state', path], 2);
      expect(first.lines.join('\n')).toContain(`state: a new chain; written to ${path} on exit`);
      const mined = await json(`${first.base}/dev/mine`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"count":3}' });
      const child = running.at(-1)!;
      child.kill('SIGTERM');
      await once(child, 'exit');
      const dump = JSON.parse(await readFile(path, 'utf8'));
      expect(dump.head).toMatchObject({ height: '4', hash: mined.blocks[2].hash });

      // The seed and accounts come from the file; the same seed given again agrees with it.
      const second = await started(['--block-time', '0', '--seed', 'stateful', '--state', path], 2);
      expect(second.lines.join('\n')).toContain(`state: loaded from ${path} at height 4`);
      expect(second.lines.filter((line) => line.includes('private key'))).toEqual(first.lines.filter((line) => line.includes('private key')));
      expect((await json(`${second.base}/blocks/4`)).meta.hash).toBe(mined.blocks[2].hash);

      const refused = await finished(['--seed', 'another', '--state', path]);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(/--seed another differs from the chain in .*chain\.json \(stateful\)/);
      await writeFile(path, 'not json');
      const broken = await finished(['--state', path]);
      expect(broken.code).toBe(2);
      expect(broken.stderr).toMatch(/is not JSON/);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }, 60_000);

  it('names BLOCK_INTERVAL when the environment gave the bad value; prints no accounts heading with --accounts 0', async () => {
    const child = run([], { BLOCK_INTERVAL: 'fast' });
    let stderr = '';
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    const [code] = await once(child, 'exit');
    expect(code).toBe(2);
    expect(stderr).toMatch(/BLOCK_INTERVAL must be a whole number/);
    expect(stderr).not.toMatch(/--block-time must/);

    const started = await listening(['--accounts', '0']);
    await started.printed('dev controls');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(started.output()).toContain('explorer: ');
    expect(started.output()).not.toContain('funded test accounts');
    started.child.kill('SIGTERM');
  });

  it('refuses a port in use with exit code 2 and a message naming the port, not a stack trace', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const port = (taken.address() as AddressInfo).port;
      const { code, stdout, stderr } = await finished(['--port', String(port), '--accounts', '1']);
      expect(code).toBe(2);
      expect(stderr).toContain(`port ${port} is in use`);
      expect(stderr).not.toMatch(/\n\s+at /);
      expect(stdout).not.toContain('listening on');
    } finally {
      taken.close();
    }
  });

  it('refuses a bad flag or value with exit code 2, a line naming it and one naming --help, not the whole usage', async () => {
    const cases: [string[], RegExp][] = [
      [['--nope'], /Unknown option '--nope'/],
      [['extra'], /Unexpected argument 'extra'/],
      [['--port', '70000'], /--port must be a whole number from 0 to 65535, not '70000'/],
      [['--block-time', 'fast'], /--block-time must be a whole number/],
      [['--accounts', '-1'], /--accounts must be a whole number from 0 to 10000, not '-1'/],
      [['--block-time', '-1'], /--block-time must be a whole number from 0 to 86400000, not '-1'/],
      [['--port', '-80'], /--port must be a whole number from 0 to 65535, not '-80'/],
      [['--balance', '-.5'], /--balance must be an amount of XYM with up to 6 decimals, not '-.5'/],
      [['--port', '--automine'], /--port needs a value, not the option after it/],
      [['--accounts', '1e3'], /--accounts must be a whole number/],
      [['--balance', '1.1234567'], /--balance must be an amount of XYM with up to 6 decimals/],
      [['--network', 'moon'], /--network must be testnet or mainnet/],
      [['--store', 'mysql://x'], /--store must be memory or a PostgreSQL URL/],
      [['--reader'], /--reader, --pool-size and --statement-timeout go with a PostgreSQL --store/],
      [['--store', 'postgres://x', '--reader', '--seed', 'a'], /--reader serves the chain another process writes/],
      [['--store', 'postgres://x', '--state', 'chain.json'], /--state goes with the memory store/],
      [['--store', 'postgres://x', '--pool-size', '0'], /--pool-size must be a whole number from 1/],
      [['--seed', ''], /--seed must not be empty/],
      [['--state', ''], /--state must name a file/],
      [['--port'], /--port/],
      [['--host', ''], /--host must name an address/],
      [['--dev', '--no-dev'], /--dev and --no-dev say the opposite/],
      [['--store', 'postgres://x', '--reader', '--dev'], /--dev goes with a chain: a --reader has none to control/],
    ];
    // Side by side: each is a process of its own.
    const outcomes = await Promise.all(cases.map(([args]) => finished(args)));
    outcomes.forEach(({ code, stderr }, i) => {
      expect([cases[i][0], code]).toEqual([cases[i][0], 2]);
      expect(stderr).toMatch(cases[i][1]);
      expect([cases[i][0], stderr.trimEnd().split('\n')]).toEqual([cases[i][0], [expect.stringMatching(/^symbol-gateway: /), 'run symbol-gateway --help for the options']]);
    });
  }, 60_000);
});
