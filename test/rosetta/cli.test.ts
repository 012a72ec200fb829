/**
 * `symbol-gateway --rosetta` and `--rosetta-port`, run as a process: the Rosetta (Mesh) API
 * under /rosetta on the gateway's port, or at the root of a port of its own (from the flag or
 * the config file; HTTPS with the gateway's TLS), named in the startup banner; a port clash
 * refused; both in --help.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import https from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROSETTA_ERRORS } from '../../src/rosetta/index.js';
import { finished, started } from '../support/cli.js';
import { meshPost } from '../support/mesh.js';

const network = { blockchain: 'Symbol', network: 'testnet' };

/** The Rosetta URL the banner names. */
function rosettaUrl(lines: readonly string[]): string {
  const line = lines.find((printed) => printed.startsWith('rosetta: '));
  if (!line) throw new Error(`no rosetta line in ${lines.join('\n')}`);
  return /^rosetta: (\S+)/.exec(line)![1]!;
}

/** The first funded account the banner lists. */
function firstAccount(lines: readonly string[]): string {
  const listed = lines.findIndex((line) => line.startsWith('funded test accounts'));
  return lines[listed + 1]!.trim().split(/\s+/)[0]!;
}

describe('symbol-gateway --rosetta', () => {
  it('serves the Rosetta API under /rosetta on the gateway port, named in the banner', async () => {
    const { base, lines } = await started(['--rosetta', '--accounts', '1', '--block-time', '0'], 1);
    const rosetta = rosettaUrl(lines);
    expect(rosetta).toBe(`${base}/rosetta`);
    expect((await meshPost(rosetta, '/network/list', {})).body).toEqual({ network_identifiers: [network] });
    const { body } = await meshPost(rosetta, '/account/balance', { network_identifier: network, account_identifier: { address: firstAccount(lines) } });
    expect(body.balances[0].value).toBe('1000000000000');
  });

  it('--rosetta-port serves it at the root of its own port; a REST path there is a Mesh error', async () => {
    const { base, lines } = await started(['--rosetta-port', '0', '--accounts', '1', '--block-time', '0'], 1);
    const rosetta = rosettaUrl(lines);
    expect(rosetta).not.toBe(base);
    const status = await meshPost(rosetta, '/network/status', { network_identifier: network });
    expect(status.body.genesis_block_identifier.index).toBe(1);
    const response = await fetch(`${rosetta}/blocks`);
    expect([response.status, ((await response.json()) as { code: number }).code]).toEqual([500, ROSETTA_ERRORS.notFound.code]);
    // The REST routes stay on the gateway's port.
    expect((await fetch(`${base}/chain/info`)).status).toBe(200);
  });

  it('takes rosettaPort from the config file', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'rosetta-cli-'));
    try {
      await writeFile(join(folder, 'config.json'), JSON.stringify({ rosettaPort: 0, accounts: 1, blockTime: 0 }));
      const { lines } = await started(['--config', join(folder, 'config.json')], 1);
      expect((await meshPost(rosettaUrl(lines), '/network/list', {})).status).toBe(200);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it("--rosetta-port serves HTTPS with the gateway's certificate", async () => {
    const folder = await mkdtemp(join(tmpdir(), 'rosetta-tls-'));
    try {
      const [cert, key] = [join(folder, 'server.crt'), join(folder, 'server.key')];
      execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-days', '1', '-keyout', key, '-out', cert], { stdio: 'ignore' });
      const { lines } = await started(['--tls-cert', cert, '--tls-key', key, '--tls-port', '0', '--rosetta-port', '0', '--accounts', '1', '--block-time', '0'], 1);
      const rosetta = rosettaUrl(lines);
      expect(rosetta).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      const ca = await readFile(cert);
      const answer = await new Promise<string>((resolve, reject) => {
        const request = https.request(`${rosetta}/network/list`, { method: 'POST', ca, headers: { 'content-type': 'application/json' } }, (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk));
          response.on('end', () => resolve(text));
        });
        request.on('error', reject);
        request.end('{}');
      });
      expect(JSON.parse(answer)).toEqual({ network_identifiers: [network] });
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it("refuses a --rosetta-port that is the gateway's, and documents both flags", async () => {
    const clash = await finished(['--port', '4567', '--rosetta-port', '4567']);
    expect(clash.code).toBe(2);
    expect(clash.stderr).toContain("--rosetta-port 4567 is the gateway's");
    const help = await finished(['--help']);
    expect(help.stdout).toMatch(/--rosetta\s/);
    expect(help.stdout).toContain('--rosetta-port <n>');
  });
});
