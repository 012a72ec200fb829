/**
 * The official Symbol explorer (symbol/explorer, built from its own source) against `npm start`,
 * with no other service: the gateway serves HTTPS and WSS (a self-signed certificate made here)
 * and NodeWatch's node lists, the explorer's `endpoints.nodeWatch` points at it, and Chromium
 * opens every page of the explorer on a chain holding several kinds of transactions. Every
 * request to the gateway must answer (2xx, or the 404 catapult-rest gives for a missing multisig
 * entry or restriction, as for the explorer's own node), and the console must show no error about
 * it; a screenshot of some pages goes to docs/official-explorer-<page>.png.
 *
 *   npx tsx scripts/official-explorer.ts --source <a checkout of symbol/explorer> [--skip-build]
 *
 * The explorer's code stays outside this repository: its source folder is built where it is
 * (`npm install` without install scripts, `vue-cli-service build`). Its `fs`, `net` and `tls`
 * dependencies (npm's empty placeholder packages, which the registry here does not serve) are
 * taken out of its package.json first, and `https-browserify`, which its build configuration
 * needs and its package.json does not name, is installed beside; nothing of its code changes.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { generateNamespaceId, KeyPair, models, SymbolFacade } from 'symbol-sdk/symbol';
import { PrivateKey } from 'symbol-sdk';
import { launchChromium } from '../test/support/browser.js';

const ROOT = new URL('..', import.meta.url).pathname;
const { values } = parseArgs({ options: { source: { type: 'string' }, 'skip-build': { type: 'boolean' } } });
if (!values.source) throw new Error('usage: npx tsx scripts/official-explorer.ts --source <a checkout of symbol/explorer> [--skip-build]');
const source = values.source;

// 1. The explorer, built from its source.
if (!values['skip-build'] || !existsSync(join(source, 'www', 'index.html'))) {
  const manifest = JSON.parse(readFileSync(join(source, 'package.json'), 'utf8'));
  for (const placeholder of ['fs', 'net', 'tls']) delete manifest.dependencies?.[placeholder];
  writeFileSync(join(source, 'package.json'), JSON.stringify(manifest, null, 2));
  const env = { ...process.env, CYPRESS_INSTALL_BINARY: '0' };
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--legacy-peer-deps'], { cwd: source, stdio: 'inherit', env });
  // Its vue.config.js resolves https-browserify, which its package.json does not name (its lock file brought it).
  if (!existsSync(join(source, 'node_modules', 'https-browserify'))) {
    execFileSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--ignore-scripts', '--legacy-peer-deps', 'https-browserify'], { cwd: source, stdio: 'inherit', env });
  }
  execFileSync('npx', ['vue-cli-service', 'build'], { cwd: source, stdio: 'inherit', env });
}
const explorerVersion = JSON.parse(readFileSync(join(source, 'package.json'), 'utf8')).version as string;

// 2. `npm start` with HTTPS, on a chain made here: blocks on request, the development controls on.
const certificates = mkdtempSync(join(tmpdir(), 'official-explorer-'));
execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1', '-keyout', join(certificates, 'key.pem'), '-out', join(certificates, 'cert.pem')], { stdio: 'ignore' });
const gatewayProcess: ChildProcess = spawn('npm', ['start', '--', '--port', '0', '--tls-port', '0', '--tls-cert', join(certificates, 'cert.pem'), '--tls-key', join(certificates, 'key.pem'), '--block-time', '0', '--log-level', 'warn'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, PORT: '', HOST: '' } });
let banner = '';
gatewayProcess.stdout!.on('data', (chunk) => (banner += chunk));
const gatewayUrl = await new Promise<string>((resolve, reject) => {
  const timer = setInterval(() => {
    const match = /HTTPS on (https:\/\/[^ ]+)/.exec(banner);
    if (match && /private key [0-9A-F]{64}/.test(banner)) {
      clearInterval(timer);
      resolve(match[1].replace('127.0.0.1', 'localhost'));
    }
  }, 100);
  gatewayProcess.once('exit', (code) => reject(new Error(`npm start exited with ${code}: ${banner}`)));
});
const plain = /listening on (http:\/\/[^ ]+)/.exec(banner)![1];
const keys = [...banner.matchAll(/private key ([0-9A-F]{64})/g)].map((match) => new KeyPair(new PrivateKey(match[1])));
console.log(`gateway: ${gatewayUrl} (npm start), ${keys.length} funded accounts`);

// The chain: transfers, namespaces and an alias, a mosaic, metadata, a multisig account, a secret lock.
const facade = new SymbolFacade('testnet');
const XYM = 0xe74b99ba41f4afeen;
const json = async (url: string, init?: RequestInit) => (await fetch(url, init)).json() as Promise<any>;
const networkTime = async () => BigInt((await json(`${plain}/node/time`)).communicationTimestamps.receiveTimestamp);
async function announce(signer: KeyPair, descriptor: Record<string, unknown>, cosigners: KeyPair[] = []): Promise<string> {
  const inner = descriptor.transactions as never[] | undefined;
  const transaction = facade.transactionFactory.create({
    ...descriptor,
    ...(inner && { transactionsHash: SymbolFacade.hashEmbeddedTransactions(inner) }),
    signerPublicKey: signer.publicKey,
    deadline: (await networkTime()) + 3_600_000n,
  } as never) as InstanceType<typeof models.Transaction> & { cosignatures?: unknown[] };
  transaction.fee = new models.Amount(BigInt(transaction.size + cosigners.length * 104) * 100n);
  transaction.signature = new models.Signature(facade.signTransaction(signer, transaction).bytes);
  // Cosigners sign the hash, which covers the signature: sign first, then cosign.
  for (const cosigner of cosigners) transaction.cosignatures!.push(facade.cosignTransaction(cosigner, transaction as never, false));
  const reply = await fetch(`${plain}/transactions`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ payload: Buffer.from(transaction.serialize()).toString('hex').toUpperCase() }) });
  if (reply.status !== 202) throw new Error(`announce answered ${reply.status}`);
  return facade.hashTransaction(transaction).toString();
}
const mine = () => json(`${plain}/dev/mine`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"count":1}' });
const embedded = (signer: KeyPair, descriptor: Record<string, unknown>) => facade.transactionFactory.createEmbedded({ ...descriptor, signerPublicKey: signer.publicKey } as never);
const address = (keyPair: KeyPair) => facade.network.publicKeyToAddress(keyPair.publicKey);
const [alice, bob, carol, dave] = keys;
const cosigner = new KeyPair(PrivateKey.random());
const hashes: Record<string, string> = {};
hashes.transfer = await announce(alice, { type: 'transfer_transaction_v1', recipientAddress: address(bob), mosaics: [{ mosaicId: XYM, amount: 125_000_000n }], message: new Uint8Array([0, ...Buffer.from('invoice 42')]) });
hashes.namespace = await announce(carol, { type: 'namespace_registration_transaction_v1', registrationType: 'root', duration: 86_400n, name: 'carol' });
hashes.mosaic = await announce(dave, { type: 'mosaic_definition_transaction_v1', id: 0n, nonce: 7, flags: 'transferable supply_mutable', divisibility: 2, duration: 0n });
await mine();
const mosaicId = (await json(`${plain}/mosaics?ownerAddress=${address(dave)}`)).data[0].mosaic.id as string;
hashes.supply = await announce(dave, { type: 'mosaic_supply_change_transaction_v1', mosaicId: BigInt(`0x${mosaicId}`), delta: 1_000_000n, action: 'increase' });
hashes.child = await announce(carol, { type: 'namespace_registration_transaction_v1', registrationType: 'child', parentId: generateNamespaceId('carol'), name: 'shop' });
hashes.alias = await announce(carol, { type: 'address_alias_transaction_v1', namespaceId: generateNamespaceId('carol'), address: address(carol), aliasAction: 'link' });
hashes.metadata = await announce(alice, { type: 'aggregate_complete_transaction_v3', transactions: [embedded(alice, { type: 'account_metadata_transaction_v1', targetAddress: address(alice), scopedMetadataKey: 1n, valueSizeDelta: 5, value: Buffer.from('hello') })] });
hashes.secretLock = await announce(bob, { type: 'secret_lock_transaction_v1', recipientAddress: address(carol), secret: Buffer.alloc(32, 7), mosaic: { mosaicId: XYM, amount: 1_000_000n }, duration: 100n, hashAlgorithm: 'sha3_256' });
await mine();
hashes.multisig = await announce(dave, { type: 'aggregate_complete_transaction_v3', transactions: [embedded(dave, { type: 'multisig_account_modification_transaction_v1', minApprovalDelta: 1, minRemovalDelta: 1, addressAdditions: [address(cosigner)] })] }, [cosigner]);
await mine();
// Two finalization rounds at least: the explorer asks for the proof of the epoch before the latest (none before epoch 2).
while (Number((await json(`${plain}/chain/info`)).latestFinalizedBlock.finalizationEpoch) < 3) await mine();

// 3. The built explorer, served with its /config: its node and NodeWatch are the gateway.
const dist = join(source, 'www');
const defaults = JSON.parse(readFileSync(join(source, 'src', 'config', 'default.json'), 'utf8'));
const config = JSON.stringify({ ...defaults, endpoints: { ...defaults.endpoints, nodeWatch: gatewayUrl } });
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png', '.woff2': 'font/woff2', '.woff': 'font/woff', '.ttf': 'font/ttf', '.ico': 'image/x-icon' };
const site = http.createServer((req, res) => {
  const path = (req.url ?? '/').split('?')[0];
  if (path === '/config') return void res.writeHead(200, { 'content-type': 'application/json' }).end(config);
  const file = join(dist, path);
  const found = path !== '/' && existsSync(file) && !file.endsWith('/') ? file : join(dist, 'index.html');
  res.writeHead(200, { 'content-type': TYPES[extname(found)] ?? 'application/octet-stream' }).end(readFileSync(found));
});
await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
const explorer = `http://localhost:${(site.address() as AddressInfo).port}`;

// 4. Every page in Chromium: the gateway's failures and the console's errors about it.
const node = await json(`${plain}/node/info`);
const block = (await json(`${plain}/blocks?order=desc&pageSize=100`)).data.find((entry: any) => entry.meta.transactionsCount > 0).block.height;
const pages: [name: string, path: string][] = [
  ['home', '/'],
  ['blocks', '/blocks'],
  ['block', `/blocks/${block}`],
  ['transactions', '/transactions'],
  ...Object.entries(hashes).map(([kind, hash]): [string, string] => [`transaction-${kind}`, `/transactions/${hash}`]),
  ['accounts', '/accounts'],
  ['account', `/accounts/${address(alice)}`],
  ['account-multisig', `/accounts/${address(dave)}`],
  ['mosaics', '/mosaics'],
  ['mosaic', `/mosaics/${mosaicId}`],
  ['namespaces', '/namespaces'],
  ['namespace', `/namespaces/${generateNamespaceId('carol').toString(16).toUpperCase().padStart(16, '0')}`],
  ['statistics', '/statistics'],
  ['nodes', '/nodes'],
  ['node', `/nodes/${node.publicKey}`],
];
/** The pages kept as pictures in docs/ (every page is opened and checked). */
const SCREENSHOTS = ['home', 'block', 'transaction-multisig', 'account', 'mosaic', 'namespace', 'nodes'];
const browser = await launchChromium();
const context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1400, height: 1000 } });
const failures: string[] = [];
const gatewayOrigin = new URL(gatewayUrl).origin;
// catapult-rest answers 404 for an account that is no multisig account and one without restrictions, and the explorer asks every account.
const EXPECTED_404 = [/^\/account\/[A-Z0-9]+\/multisig(\/graph)?$/, /^\/restrictions\/account\/[A-Z0-9]+$/];
for (const [name, path] of pages) {
  const page = await context.newPage();
  page.on('response', (response) => {
    const url = response.url();
    if (!url.startsWith(gatewayOrigin) || response.status() < 400) return;
    if (response.status() === 404 && EXPECTED_404.some((expected) => expected.test(new URL(url).pathname))) return;
    failures.push(`${name}: ${response.request().method()} ${url.slice(gatewayOrigin.length)} → ${response.status()}`);
  });
  page.on('requestfailed', (request) => {
    if (request.url().startsWith(gatewayOrigin)) failures.push(`${name}: ${request.method()} ${request.url().slice(gatewayOrigin.length)} failed (${request.failure()?.errorText})`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes(gatewayOrigin)) failures.push(`${name}: console: ${message.text().slice(0, 200)}`);
  });
  // The node and NodeWatch the explorer picks are the gateway (its only node).
  await page.goto(`${explorer}${path}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1_500);
  if (SCREENSHOTS.includes(name)) await page.screenshot({ path: join(ROOT, 'docs', `official-explorer-${name}.png`), fullPage: false });
  console.log(`${name}: ${path}`);
  await page.close();
}
await browser.close();
site.close();
gatewayProcess.kill('SIGTERM');
console.log(`symbol/explorer ${explorerVersion} against npm start: ${pages.length} pages, ${failures.length} failed requests to the gateway or console errors about it`);
for (const failure of failures) console.log(`  ${failure}`);
process.exitCode = failures.length === 0 ? 0 : 1;
