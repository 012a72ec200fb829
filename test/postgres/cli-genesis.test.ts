/**
 * `symbol-gateway --store postgres://… --genesis <preset>`: a writer whose block 1 is a network's
 * own, its readers serving that block; the database names the block, so a writer continues it only
 * when given it again.
 */
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { finished, listening } from '../support/cli.js';
import { usePostgresStore } from '../support/postgres.js';

// Each test starts from an empty database.
const { postgres } = usePostgresStore();
const TESTNET = new URL('../fixtures/genesis/testnet', import.meta.url).pathname;
const TESTNET_BLOCK_1 = '135B9276FE14D6724F87764DD3F8E332813AE9A36D1A7953B12213EA9ACB6B97';
const json = async (url: string, init?: RequestInit): Promise<any> => (await fetch(url, init)).json();

describe('symbol-gateway --store postgres://… --genesis', () => {
  it("writes the network's block 1, its readers serve it, and a restarted writer continues only with the same block", async () => {
    const url = postgres().url;
    const writer = await listening(['--store', url, '--genesis', TESTNET, '--block-time', '0', '--dev']);
    await writer.printed(`block 1: the testnet nemesis block ${TESTNET_BLOCK_1}`);
    const reader = await listening(['--store', url, '--reader']);
    expect((await json(`${reader.base}/blocks/1`)).meta.hash).toBe(TESTNET_BLOCK_1);
    expect((await json(`${reader.base}/finalization/proof/epoch/1`)).hash).toBe(TESTNET_BLOCK_1);
    // Its 37 transactions, in block order.
    const transactions = await json(`${reader.base}/transactions/confirmed?height=1&pageSize=100&order=asc`);
    expect(transactions.pagination.totalEntries).toBe(37);
    expect(transactions.data.map((entry: any) => entry.meta.index)).toEqual(Array.from({ length: 37 }, (_, i) => i));
    const { blocks } = await json(`${writer.base}/dev/mine`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"count":2}' });
    writer.child.kill('SIGTERM');
    await once(writer.child, 'exit');

    const without = await finished(['--store', url, '--block-time', '0']);
    expect(without.code).not.toBe(0);
    expect(without.stderr).toContain(`the database holds a chain made on a network's nemesis block (${TESTNET_BLOCK_1}): give that block again (--genesis <its preset>) to continue it`);

    const again = await listening(['--store', url, '--genesis', TESTNET, '--block-time', '0', '--dev']);
    expect(again.output()).toContain('at height 3)');
    expect((await json(`${again.base}/blocks/3`)).meta.hash).toBe(blocks[1].hash);
    again.child.kill('SIGTERM');
    reader.child.kill('SIGTERM');
  }, 90_000);
});
