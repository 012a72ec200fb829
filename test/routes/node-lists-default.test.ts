/** `nodeList`'s default: on over a backend with development controls (the in-memory chain, a fork), off over one without (a PostgreSQL reader). */
import { describe, expect, it } from 'vitest';
import { createGateway } from '../../src/index.js';
import { TestServer, testChain } from '../support/server.js';

describe('nodeList by default', () => {
  it('serves the node lists over the in-memory chain, and none over a backend without development controls', async () => {
    const chain = testChain();
    const on = await TestServer.start(createGateway({ backend: chain }));
    expect((await on.get('/api/symbol/nodes/peer', { spec: false })).status).toBe(200);
    expect((await on.get('/nodes', { spec: false })).status).toBe(200);
    await on.close();
    const { dev: _dev, ...withoutControls } = chain;
    const readOnly = { ...withoutControls, blocks: chain.blocks, chain: chain.chain, node: chain.node, network: chain.network };
    const off = await TestServer.start(createGateway({ backend: readOnly }));
    expect((await off.get('/api/symbol/nodes/peer', { spec: false })).status).toBe(404);
    expect((await off.get('/chain/info')).status).toBe(200);
    await off.close();
    chain.close();
  });
});
