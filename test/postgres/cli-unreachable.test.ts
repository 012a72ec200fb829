/**
 * `symbol-gateway --store postgres://…` with no database there: the writer exits 2 naming
 * `--store` and the URL (its password hidden); a reader starts, answers 503, and says on start
 * that it cannot reach the database and keeps trying.
 */
import net, { type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { finished, listening } from '../support/cli.js';

/** A port of 127.0.0.1 nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('symbol-gateway --store with no database there', () => {
  it('a writer exits 2 with a line naming --store and the URL, password hidden', async () => {
    const port = await closedPort();
    const { code, stdout, stderr } = await finished(['--store', `postgres://gateway:secret@127.0.0.1:${port}/x`, '--port', '0']);
    expect(code).toBe(2);
    expect(stderr).toMatch(new RegExp(`^symbol-gateway: cannot reach the PostgreSQL database of --store \\(postgres://gateway:\\*\\*\\*@127\\.0\\.0\\.1:${port}/x\\): connect ECONNREFUSED 127\\.0\\.0\\.1:${port}\\n$`));
    expect(stderr).not.toContain('secret');
    expect(stdout).not.toContain('listening on');
  }, 30_000);

  it('a reader starts with a warning that it cannot reach the database and keeps trying; its routes answer 503', async () => {
    const port = await closedPort();
    const reader = await listening(['--store', `postgres://127.0.0.1:${port}/x`, '--reader']);
    await reader.printed('try: curl');
    expect(reader.errors()).toContain(`symbol-gateway: warning: cannot reach the PostgreSQL database of --store (postgres://127.0.0.1:${port}/x): connect ECONNREFUSED 127.0.0.1:${port}; serving 503 meanwhile and trying again on each request`);
    expect((await fetch(`${reader.base}/chain/info`)).status).toBe(503);
    reader.child.kill('SIGTERM');
  }, 30_000);
});
