import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startGateway, testChain } from '../support/server.js';
import { Client, openSockets } from '../support/ws-client.js';

describe('/ws on the gateway over the in-memory chain', () => {
  let server: Awaited<ReturnType<typeof startGateway>>;

  beforeAll(async () => {
    server = await startGateway({ backend: testChain({ finalizationInterval: 3 }) });
  });
  afterEach(() => {
    for (const socket of openSockets.splice(0)) socket.terminate();
  });
  afterAll(() => server.close());

  it('serves WebSocket subscriptions on the same server and port as HTTP', async () => {
    const client = await Client.connect(server.wsUrl);
    expect(client.uid).toMatch(/^[0-9A-F]{40}$/);
  });

  it('notifies block subscribers of each harvested block with {block, meta:{hash, generationHash}}', async () => {
    const client = await Client.connect(server.wsUrl);
    await client.subscribe('block');
    const harvested = server.chain.harvest();
    const frame = await client.next();
    expect(frame).toEqual({
      topic: 'block',
      data: { block: harvested.block, meta: { hash: harvested.meta.hash, generationHash: harvested.meta.generationHash } },
    });
    // The block the notification names is the one the REST API serves.
    const rest = await server.get(`/blocks/${harvested.block.height}`);
    expect(rest.body.meta.hash).toBe(frame.data.meta.hash);
  });

  it('notifies finalizedBlock subscribers when a round finalizes, in agreement with /chain/info', async () => {
    const client = await Client.connect(server.wsUrl);
    await client.subscribe('finalizedBlock');
    while (Number(server.chain.height) % 3 !== 2) server.chain.harvest();
    const finalized = server.chain.harvest();
    const frame = await client.next();
    expect(frame.topic).toBe('finalizedBlock');
    expect(frame.data).toMatchObject({ height: finalized.block.height, hash: finalized.meta.hash, finalizationPoint: 1 });
    const info = await server.get('/chain/info');
    expect(info.body.latestFinalizedBlock).toEqual(frame.data);
    expect(client.pending).toBe(0);
  });

  it('keeps notifying sockets when another listener of the chain throws, and reports the failure', async () => {
    const reported = vi.spyOn(console, 'error').mockImplementation(() => {});
    const stop = server.chain.events.subscribe(() => {
      throw new Error('a broken listener');
    });
    try {
      const client = await Client.connect(server.wsUrl);
      await client.subscribe('block');
      const harvested = server.chain.harvest();
      expect((await client.next()).data.meta.hash).toBe(harvested.meta.hash);
      expect(reported).toHaveBeenCalledWith('symbol-gateway: a chain event listener failed', expect.any(Error));
    } finally {
      stop();
      reported.mockRestore();
    }
  });

  it('closes sockets with 1001 when the gateway closes', async () => {
    const other = await startGateway();
    const client = await Client.connect(other.wsUrl);
    await other.close();
    expect((await client.closed).code).toBe(1001);
  });
});
