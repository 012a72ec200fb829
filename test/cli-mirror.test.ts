/**
 * `symbol-gateway mirror` as a newcomer runs it from the README: given the database its chain
 * engine's writer wrote, it is refused with what to do (another database, and how to make one);
 * done so, it follows. An upstream on this machine is not throttled unless `--rate` says so, and
 * the console says the rate in force.
 */
import { once } from 'node:events';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { defaultUpstreamRate } from '../src/cli-mirror.js';
import { PostgresWriter } from '../src/postgres/writer.js';
import { finished, run } from './support/cli.js';
import { usePostgresStore } from './support/postgres.js';
import { startGateway, testChain } from './support/server.js';

const { postgres, cleanups } = usePostgresStore();

/** Runs the mirror until it prints `text` on stdout: the process and its output so far. */
async function mirrorUntil(args: string[], text: string): Promise<{ child: ReturnType<typeof run>; stdout: () => string }> {
  const child = run(['mirror', ...args]);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  for (const end = Date.now() + 20_000; !stdout.includes(text); await new Promise((resolve) => setTimeout(resolve, 20))) {
    if (Date.now() > end || child.exitCode !== null) throw new Error(`the mirror did not print '${text}': ${stdout}${stderr}`);
  }
  return { child, stdout: () => stdout };
}

describe('symbol-gateway mirror, first run', () => {
  it("refuses the writer's database with how to make another, and follows into that one; no rate limit for an upstream on this machine", async () => {
    const upstream = await startGateway({ backend: testChain() });
    cleanups.push(() => upstream.close());
    for (let i = 0; i < 30; i++) upstream.chain.harvest();
    // The README's writer ran on the database first.
    const written = testChain();
    cleanups.push(async () => written.close());
    await (await PostgresWriter.start(written, { url: postgres().url, onError: () => undefined })).close();

    const url = new URL(postgres().url);
    const refused = await finished(['mirror', '--from', upstream.base, '--store', postgres().url]);
    expect(refused.code).toBe(1);
    const other = `postgres://postgres@127.0.0.1:${url.port}/symbol_gateway_mirror`;
    expect(refused.stderr).toContain('symbol-gateway mirror: the database holds a chain its own writer wrote: a mirror writes into an empty database or its own; ');
    expect(refused.stderr).toContain(`give the mirror a database of its own: createdb -h 127.0.0.1 -p ${url.port} -U postgres symbol_gateway_mirror (or psql's CREATE DATABASE symbol_gateway_mirror), then --store ${other}; its readers take that --store too`);

    // Done as it says (CREATE DATABASE is what createdb runs), the mirror follows into the new database.
    const admin = new pg.Client({ connectionString: postgres().url });
    await admin.connect();
    await admin.query('create database symbol_gateway_mirror');
    cleanups.push(async () => {
      await admin.query('drop database if exists symbol_gateway_mirror with (force)');
      await admin.end();
    });
    const mirror = await mirrorUntil(['--from', upstream.base, '--store', other], "mirror: at the upstream's head, height 31");
    expect(mirror.stdout()).toContain('symbol-gateway mirror: no limit to the requests a second to the upstream (it is on this machine; --rate sets one)');
    mirror.child.kill('SIGTERM');
    expect((await once(mirror.child, 'exit'))[0]).toBe(0);

    // --rate is kept as given, and said.
    const paced = await mirrorUntil(['--from', upstream.base, '--store', other, '--rate', '7'], 'requests a second');
    expect(paced.stdout()).toContain('symbol-gateway mirror: at most 7 requests a second to the upstream (--rate)');
    paced.child.kill('SIGTERM');
    await once(paced.child, 'exit');
  }, 60_000);

  it('keeps 20 requests a second for an upstream elsewhere, none to speak of for 127.0.0.1, ::1 and localhost', () => {
    const rates = ['http://127.0.0.1:3000', 'http://127.1.2.3:3000', 'http://[::1]:3000', 'http://localhost:3000', 'https://node.example:3001', 'http://10.0.0.5:3000', 'http://[2001:db8::1]:3000'].map((url) => [url, defaultUpstreamRate(url)]);
    expect(rates).toEqual([
      ['http://127.0.0.1:3000', 10_000],
      ['http://127.1.2.3:3000', 10_000],
      ['http://[::1]:3000', 10_000],
      ['http://localhost:3000', 10_000],
      ['https://node.example:3001', 20],
      ['http://10.0.0.5:3000', 20],
      ['http://[2001:db8::1]:3000', 20],
    ]);
  });
});
