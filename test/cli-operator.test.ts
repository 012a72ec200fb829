/** The command's rough edges an operator meets: a metrics port in use or the gateway's own, turning the explorer off, the currency named on start. */
import { createServer } from 'node:net';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { finished, listening } from './support/cli.js';

describe('symbol-gateway as an operator runs it', () => {
  it('refuses a --metrics-port in use, and one that is the gateway’s own, with exit code 2 and a message, not a stack trace', async () => {
    const taken = createServer().listen(0, '127.0.0.1');
    await once(taken, 'listening');
    const port = (taken.address() as { port: number }).port;
    const inUse = await finished(['--port', '0', '--metrics-port', String(port), '--block-time', '0']);
    taken.close();
    expect(inUse.code).toBe(2);
    expect(inUse.stderr).toContain(`port ${port} is in use`);
    expect(inUse.stderr).not.toMatch(/\n\s+at /);
    const own = await finished(['--port', '3977', '--metrics-port', '3977']);
    expect(own.code).toBe(2);
    expect(own.stderr).toContain("--metrics-port 3977 is the gateway's: metrics need a port of their own");
    const rosetta = await finished(['--port', '0', '--metrics-port', '3978', '--rosetta-port', '3978']);
    expect(rosetta.code).toBe(2);
    expect(rosetta.stderr).toContain("--rosetta-port 3978 is --metrics-port's");
  }, 60_000);

  it('serves no explorer with --no-explorer, and names the currency on start', async () => {
    const gateway = await listening(['--no-explorer', '--block-time', '0', '--metrics-port', '0']);
    await gateway.printed('funded test accounts');
    expect((await fetch(`${gateway.base}/explorer`)).status).toBe(404);
    expect(gateway.output()).not.toContain('explorer:');
    const { currencyMosaicId } = ((await (await fetch(`${gateway.base}/network/properties`)).json()) as { chain: { currencyMosaicId: string } }).chain;
    expect(gateway.output()).toContain(`currency: mosaic ${currencyMosaicId.replace(/^0x/, '').replaceAll("'", '')}, alias E74B99BA41F4AFEE`);
    // The metrics port, bound with the others, is printed with the port it got.
    const metrics = /metrics: (http:\/\/\S+)/.exec(gateway.output())![1];
    expect((await fetch(metrics)).status).toBe(200);
    const withExplorer = await listening(['--block-time', '0']);
    await withExplorer.printed('explorer:');
    expect((await fetch(`${withExplorer.base}/explorer`)).status).toBe(200);
  }, 60_000);
});
