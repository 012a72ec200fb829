/**
 * `symbol-gateway --tls-cert … --tls-key …`: HTTPS and WSS on --tls-port beside HTTP on --port,
 * with a CA and server certificates for localhost this test makes with openssl. symbol-sdk
 * 2.0.7 (RepositoryFactoryHttp, Listener) runs in a process of its own that trusts the CA through
 * NODE_EXTRA_CA_CERTS (read by node at start only); SIGHUP swaps the certificate under an open
 * keep-alive connection and an open WebSocket; bad files exit with 2, naming the flag and file.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import https from 'node:https';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import tls, { type TLSSocket } from 'node:tls';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { finished, listening, running } from './support/cli.js';

const SDK2_PROCESS = fileURLToPath(new URL('./support/sdk2-process.ts', import.meta.url));
const json = async (url: string, init?: RequestInit): Promise<any> => (await fetch(url, init)).json();
const mine = (base: string) => json(`${base}/dev/mine`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"count":1}' });

let directory: string;
/** The CA's certificate (PEM) and the files of two server certificates for localhost it signed (serials 1001 and 1002). */
let ca: string;
const servers = { first: { cert: '', key: '' }, second: { cert: '', key: '' } };

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'symbol-gateway-tls-'));
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: directory, stdio: 'pipe' });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl('req', '-x509', ...ec, '-keyout', 'ca.key', '-out', 'ca.crt', '-subj', '/CN=symbol-gateway test CA', '-days', '1', '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign');
  await writeFile(join(directory, 'server.ext'), 'subjectAltName=DNS:localhost,IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n');
  for (const [name, serial] of [['first', '1001'], ['second', '1002']] as const) {
    openssl('req', ...ec, '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', '/CN=localhost');
    openssl('x509', '-req', '-in', `${name}.csr`, '-CA', 'ca.crt', '-CAkey', 'ca.key', '-set_serial', serial, '-days', '1', '-extfile', 'server.ext', '-out', `${name}.crt`);
    servers[name] = { cert: join(directory, `${name}.crt`), key: join(directory, `${name}.key`) };
  }
  ca = await readFile(join(directory, 'ca.crt'), 'utf8');
}, 30_000);
afterAll(() => rm(directory, { recursive: true, force: true }));

/** Starts the command with TLS on a free port beside HTTP: its HTTP base and its HTTPS port. */
async function startedWithTls(cert: string, key: string): Promise<{ base: string; tlsPort: number; child: ChildProcess; printed: (text: string) => Promise<void>; errors: () => string }> {
  const gateway = await listening(['--block-time', '0', '--accounts', '1', '--tls-cert', cert, '--tls-key', key, '--tls-port', '0']);
  await gateway.printed('HTTPS on ');
  const tlsPort = Number(/HTTPS on https:\/\/127\.0\.0\.1:(\d+) \(WebSocket: wss:\/\/127\.0\.0\.1:\d+\/ws/.exec(gateway.output())![1]);
  return { ...gateway, tlsPort };
}

/** symbol-sdk 2.0.7 in a process of its own against `url`: its printed lines, as they come. */
function sdk2Process(url: string, env: Record<string, string>): { child: ChildProcess; line: (prefix: string) => Promise<string> } {
  const child = spawn(process.execPath, ['--import', 'tsx', SDK2_PROCESS, url], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  running.push(child);
  let stdout = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  const line = async (prefix: string) => {
    // The child imports symbol-sdk 2 first: on a loaded machine that alone takes seconds.
    for (const until = Date.now() + 45_000; ; await new Promise((resolve) => setTimeout(resolve, 20))) {
      const found = stdout.split('\n').find((text) => text.startsWith(prefix));
      if (found !== undefined) return found.slice(prefix.length);
      if (Date.now() > until || child.exitCode !== null) throw new Error(`symbol-sdk 2 did not print '${prefix}': ${stdout}`);
    }
  };
  return { child, line };
}

/** One GET over `agent`: the status, the TLS socket it went over and the serial of the certificate that socket saw. */
function get(port: number, path: string, agent: https.Agent): Promise<{ status: number; socket: Socket; serial: string }> {
  return new Promise((resolve, reject) => {
    https
      .get({ host: 'localhost', port, path, agent }, (res) => {
        // Read now: a keep-alive socket goes back to the agent once the body ends.
        const socket = res.socket as TLSSocket;
        const serial = socket.getPeerCertificate().serialNumber;
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode!, socket, serial }));
      })
      .on('error', reject);
  });
}

/** The serial of the certificate a new TLS handshake sees. */
async function handshakeSerial(port: number): Promise<string> {
  const socket = tls.connect({ host: 'localhost', port, ca, servername: 'localhost' });
  await once(socket, 'secureConnect');
  const serial = socket.getPeerCertificate().serialNumber;
  socket.destroy();
  return serial;
}

describe('symbol-gateway over TLS', () => {
  it('serves HTTPS and WSS beside HTTP: symbol-sdk 2.0.7 reads over https:// and listens over wss://, trusting the CA', async () => {
    const gateway = await startedWithTls(servers.first.cert, servers.first.key);
    const info = await json(`${gateway.base}/node/info`);
    const wallet = sdk2Process(`https://localhost:${gateway.tlsPort}`, { NODE_EXTRA_CA_CERTS: join(directory, 'ca.crt') });
    const opened = JSON.parse(await wallet.line('open '));
    expect(opened).toEqual({ height: '1', networkType: info.networkIdentifier, generationHash: info.networkGenerationHashSeed });
    // A block harvested through plain HTTP reaches the SDK's Listener over WSS. Its subscription reaches the gateway a
    // moment after it printed 'open', so a block mined at once may come before it: mine until the Listener has one.
    const block = wallet.line('block ');
    const miner = setInterval(() => void mine(gateway.base).catch(() => undefined), 250);
    try {
      expect(BigInt(JSON.parse(await block).height)).toBeGreaterThanOrEqual(2n);
    } finally {
      clearInterval(miner);
    }
    // It exits once it printed the block: perhaps already, before an 'exit' listener could be added.
    const code = wallet.child.exitCode ?? (await once(wallet.child, 'exit'))[0];
    expect(code).toBe(0);

    // Without the CA the SDK refuses the certificate: it is TLS, and trust comes from the CA.
    const untrusting = sdk2Process(`https://localhost:${gateway.tlsPort}`, { NODE_EXTRA_CA_CERTS: '' });
    expect(await untrusting.line('error ')).toMatch(/certificate/i);
  }, 120_000);

  it('SIGHUP reads the certificate again: the next handshake sees the new one, an open keep-alive connection and WebSocket go on', async () => {
    const live = join(directory, 'live');
    await mkdir(live, { recursive: true });
    const cert = join(live, 'server.crt');
    const key = join(live, 'server.key');
    await copyFile(servers.first.cert, cert);
    await copyFile(servers.first.key, key);
    const gateway = await startedWithTls(cert, key);
    const agent = new https.Agent({ keepAlive: true, maxSockets: 1, ca });
    const before = await get(gateway.tlsPort, '/chain/info', agent);
    expect(before).toMatchObject({ status: 200, serial: '03E9' });
    const socket = new WebSocket(`wss://localhost:${gateway.tlsPort}/ws`, { ca });
    const frames: any[] = [];
    socket.on('message', (data) => frames.push(JSON.parse(String(data))));
    await once(socket, 'open');
    for (const until = Date.now() + 5_000; frames.length === 0 && Date.now() < until; ) await new Promise((resolve) => setTimeout(resolve, 20));
    socket.send(JSON.stringify({ uid: frames[0].uid, subscribe: 'block' }));

    await copyFile(servers.second.cert, cert);
    await copyFile(servers.second.key, key);
    gateway.child.kill('SIGHUP');
    await gateway.printed(`TLS certificate read again from ${cert}`);
    expect(await handshakeSerial(gateway.tlsPort)).toBe('03EA');
    // The keep-alive connection opened before goes on with the certificate it shook hands with.
    const after = await get(gateway.tlsPort, '/chain/info', agent);
    expect(after.socket).toBe(before.socket);
    expect(after).toMatchObject({ status: 200, serial: '03E9' });
    // So does the WebSocket: a block still reaches it.
    await mine(gateway.base);
    for (const until = Date.now() + 5_000; !frames.some((frame) => frame.topic === 'block') && Date.now() < until; ) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(frames.find((frame) => frame.topic === 'block')?.data.block.height).toBe('2');

    // A reload that fails (a key of another certificate) says why and keeps the certificate in use.
    await copyFile(servers.first.key, key);
    gateway.child.kill('SIGHUP');
    for (const until = Date.now() + 5_000; !gateway.errors().includes('the certificate in use stays') && Date.now() < until; ) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(gateway.errors()).toContain(`--tls-key ${key} is not the key of the certificate in --tls-cert ${cert}; the certificate in use stays`);
    expect(await handshakeSerial(gateway.tlsPort)).toBe('03EA');
    expect((await get(gateway.tlsPort, '/chain/info', agent)).status).toBe(200);
    socket.close();
    agent.destroy();
  }, 60_000);

  it('refuses missing, unreadable or mismatched files with exit code 2, naming the flag and the file', async () => {
    const missing = join(directory, 'missing.pem');
    const notPem = join(directory, 'server.ext');
    // The config file's keys, relative to it.
    const config = join(directory, 'gateway.json');
    await writeFile(config, JSON.stringify({ tlsCert: 'missing.pem', tlsKey: 'first.key', tlsPort: 0 }));
    const cases: [string[], string][] = [
      [['--tls-cert', missing, '--tls-key', servers.first.key], `--tls-cert ${missing}: no such file`],
      [['--tls-cert', servers.first.cert, '--tls-key', missing], `--tls-key ${missing}: no such file`],
      [['--tls-cert', directory, '--tls-key', servers.first.key], `--tls-cert ${directory}: is a directory`],
      [['--tls-cert', notPem, '--tls-key', servers.first.key], `--tls-cert ${notPem}: not a PEM certificate`],
      [['--tls-cert', servers.first.cert, '--tls-key', notPem], `--tls-key ${notPem}: not an unencrypted PEM private key`],
      [['--tls-cert', servers.first.cert, '--tls-key', servers.second.key], `--tls-key ${servers.second.key} is not the key of the certificate in --tls-cert ${servers.first.cert}`],
      [['--config', config], `--tls-cert ${missing}: no such file`],
      [['--tls-cert', servers.first.cert], '--tls-cert and --tls-key go together'],
      [['--tls-port', '3001'], '--tls-port goes with --tls-cert and --tls-key'],
      [['--tls-cert', servers.first.cert, '--tls-key', servers.first.key, '--port', '3005', '--tls-port', '3005'], "--tls-port 3005 is --port's"],
    ];
    const outcomes = await Promise.all(cases.map(([args]) => finished(args)));
    outcomes.forEach(({ code, stderr }, i) => {
      expect([cases[i][0], code]).toEqual([cases[i][0], 2]);
      expect(stderr).toContain(cases[i][1]);
    });
  }, 60_000);
});
