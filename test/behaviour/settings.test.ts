/**
 * Settings that change what a client sees (catapult-rest's rest.json): the gateway's page size
 * bounds, default and default order, and the chain's deployment, network description and fee-statistics window.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { confirm } from '../support/announce.js';
import { startGateway, testChain } from '../support/server.js';
import { transfer } from '../support/signing.js';

type Server = Awaited<ReturnType<typeof startGateway>>;
let server: Server | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('createGateway({ pagination })', () => {
  it('pages with the given bounds, default size and default order', async () => {
    const chain = testChain();
    for (let i = 0; i < 5; i++) chain.harvest();
    server = await startGateway({ backend: chain, pagination: { pageSizeMin: 2, pageSizeMax: 4, pageSizeDefault: 3, defaultOrder: 'asc' } });
    const heights = (body: any) => body.data.map((entry: any) => entry.block.height);
    // Pages below the specs' minimum of 10 are what these bounds ask for: the bodies are not checked against them.
    const get = (path: string) => server!.get(path, { spec: false });
    const first = await get('/blocks');
    expect(heights(first.body)).toEqual(['1', '2', '3']);
    expect(first.body.pagination).toEqual({ pageNumber: 1, pageSize: 3, totalEntries: 6, totalPages: 2 });
    expect((await get('/blocks?pageSize=1')).body.pagination.pageSize).toBe(2);
    expect((await get('/blocks?pageSize=100')).body.pagination.pageSize).toBe(4);
    expect(heights((await get('/blocks?order=desc')).body)).toEqual(['6', '5', '4']);
  });

  it("keeps the interface document's defaults: 10, 10..100, desc", async () => {
    const chain = testChain();
    for (let i = 0; i < 11; i++) chain.harvest();
    server = await startGateway({ backend: chain });
    const page = await server.get('/blocks');
    expect(page.body.data[0].block.height).toBe('12');
    expect(page.body.pagination.pageSize).toBe(10);
    expect((await server.get('/blocks?pageSize=5')).body.pagination.pageSize).toBe(10);
    expect((await server.get('/blocks?pageSize=500')).body.pagination.pageSize).toBe(100);
  });

  it('refuses bounds that do not hold together', async () => {
    await expect(startGateway({ pagination: { pageSizeMin: 50, pageSizeMax: 20 } })).rejects.toThrow(/pageSizeMin must not exceed pagination.pageSizeMax/);
    await expect(startGateway({ pagination: { pageSizeDefault: 200 } })).rejects.toThrow(/pageSizeDefault must lie from/);
  });
});

describe('InMemoryChain deployment and feeStatisticsBlocks', () => {
  it('/node/server reports the deployment given', async () => {
    const deployment = { deploymentTool: 'symbol-bootstrap', deploymentToolVersion: '1.1.10', lastUpdatedDate: '2024-01-02' };
    server = await startGateway({ backend: testChain({ deployment }) });
    expect((await server.get('/node/server')).body.serverInfo.deployment).toEqual(deployment);
  });

  it('/network answers the network description given, and its own by default', async () => {
    server = await startGateway({ backend: testChain({ networkDescription: 'catapult public test network' }) });
    expect((await server.get('/network')).body).toEqual({ name: 'testnet', description: 'catapult public test network' });
    await server.close();
    server = await startGateway({ backend: testChain() });
    expect((await server.get('/network')).body).toEqual({ name: 'testnet', description: 'symbol-gateway in-memory testnet' });
  });

  it('/network/fees/transaction summarizes the latest feeStatisticsBlocks blocks', async () => {
    // A block with a paid transfer, then an empty one: a window of one block sees only the empty one.
    const highest = async (feeStatisticsBlocks: number): Promise<number> => {
      const chain = testChain({ feeStatisticsBlocks });
      const [from, to] = chain.fundedAccounts;
      server = await startGateway({ backend: chain });
      await confirm(server, transfer(chain, from, to));
      chain.harvest();
      const { highestFeeMultiplier } = (await server.get('/network/fees/transaction')).body;
      await server.close();
      server = undefined;
      return highestFeeMultiplier;
    };
    expect(await highest(300)).toBeGreaterThan(0);
    expect(await highest(1)).toBe(0);
  });
});
