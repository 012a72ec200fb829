/** `--node-list`: the NodeWatch and statistics-service node lists, on for a writer's chain, off for a reader unless asked. */
import { describe, expect, it } from 'vitest';
import { listening } from '../support/cli.js';
import { usePostgresStore } from '../support/postgres.js';

const { postgres } = usePostgresStore();
const status = async (url: string) => (await fetch(url)).status;

describe('symbol-gateway --node-list', () => {
  it('serves the node lists on a writer by default, on a reader only with --node-list, and none with --no-node-list', async () => {
    const url = postgres().url;
    const writer = await listening(['--store', url, '--block-time', '0']);
    expect(await status(`${writer.base}/api/symbol/nodes/peer`)).toBe(200);
    const plain = await listening(['--store', url, '--reader']);
    expect(await status(`${plain.base}/api/symbol/nodes/peer`)).toBe(404);
    const listed = await listening(['--store', url, '--reader', '--node-list']);
    const nodes = await (await fetch(`${listed.base}/api/symbol/nodes/peer`)).json();
    expect(nodes).toEqual([expect.objectContaining({ endpoint: listed.base, isHealthy: true })]);
    const suggested = (await (await fetch(`${listed.base}/nodes?filter=suggested`)).json()) as { apiStatus: { restGatewayUrl: string } }[];
    expect(suggested[0].apiStatus.restGatewayUrl).toBe(listed.base);
    const off = await listening(['--store', url, '--reader', '--no-node-list']);
    expect(await status(`${off.base}/nodes`)).toBe(404);
    for (const gateway of [writer, plain, listed, off]) gateway.child.kill('SIGTERM');
  }, 60_000);
});
