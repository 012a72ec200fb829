/**
 * A PostgreSQL reader's own node settings (what `--reader --peers/--node-metadata/--deployment/
 * --network-description` give): each over what the writer's chain stored, the rest as stored.
 */
import { describe, expect, it } from 'vitest';
import { createPostgresBackend } from '../../src/postgres/backend.js';
import { usePostgresStore } from '../support/postgres.js';
import { startGateway, testChain } from '../support/server.js';

const { postgres, cleanups, writerOn } = usePostgresStore();

describe('a PostgreSQL reader', () => {
  it("answers its own peers, node metadata, deployment and network description, the writer's otherwise", async () => {
    const chain = testChain({ nodeMetadata: { operator: 'writer' }, networkDescription: 'the writer' });
    cleanups.push(async () => chain.close());
    await writerOn(chain);
    const peer = (await chain.node.info()) as object;
    const own = await startGateway({
      backend: createPostgresBackend({
        url: postgres().url,
        peers: [peer as never],
        nodeMetadata: { operator: 'reader' },
        deployment: { deploymentTool: 'reader-tool', deploymentToolVersion: '2', lastUpdatedDate: '2026-11-27' },
        networkDescription: 'the reader',
      }),
    });
    cleanups.push(() => own.close());
    const stored = await startGateway({ backend: createPostgresBackend({ url: postgres().url }) });
    cleanups.push(() => stored.close());

    expect((await own.get('/node/peers')).body).toEqual([peer]);
    expect((await own.get('/node/metadata')).body).toEqual({ operator: 'reader' });
    expect((await own.get('/node/server')).body.serverInfo.deployment).toEqual({ deploymentTool: 'reader-tool', deploymentToolVersion: '2', lastUpdatedDate: '2026-11-27' });
    expect((await own.get('/network')).body).toEqual({ name: 'testnet', description: 'the reader' });

    expect((await stored.get('/node/peers')).body).toEqual([]);
    expect((await stored.get('/node/metadata')).body).toEqual({ operator: 'writer' });
    expect((await stored.get('/node/server')).body.serverInfo.deployment.deploymentTool).toBe('symbol-gateway');
    expect((await stored.get('/network')).body).toEqual({ name: 'testnet', description: 'the writer' });
  });
});
