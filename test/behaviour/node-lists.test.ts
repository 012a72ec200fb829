/**
 * The node lists Symbol's own apps read from another service before they talk to a node:
 * NodeWatch's (symbol/product `explorer/nodewatch`: the official explorer's `endpoints.nodeWatch`)
 * and statistics-service's (the desktop wallet's), served by the gateway itself (`nodeList`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NodeInfoDTO } from '../../src/index.js';
import { startGateway, testChain } from '../support/server.js';

type Server = Awaited<ReturnType<typeof startGateway>>;
const PEER: NodeInfoDTO = {
  version: 16777988,
  publicKey: '11'.repeat(32),
  nodePublicKey: '22'.repeat(32),
  networkGenerationHashSeed: '49D6E1CE276A85B70EAFE52349AACCA389302E7A9754BCF1221E79494FC665A4',
  roles: 1,
  port: 7900,
  networkIdentifier: 152,
  friendlyName: 'a peer',
  host: 'peer.example',
};
const API_PEER: NodeInfoDTO = { ...PEER, publicKey: '33'.repeat(32), nodePublicKey: '44'.repeat(32), roles: 2, friendlyName: 'an api node', host: 'api.example' };

describe('node lists (NodeWatch, statistics-service)', () => {
  let server: Server;
  let self: NodeInfoDTO;
  const get = async (path: string) => server.get(path, { spec: false });

  beforeAll(async () => {
    server = await startGateway({ backend: testChain({ peers: [PEER, API_PEER] }), nodeList: true });
    server.chain.harvest();
    self = (await server.get('/node/info')).body;
  });
  afterAll(async () => {
    await server.close();
  });

  describe('NodeWatch', () => {
    it('lists the gateway among the peer nodes (roles with the peer bit): its endpoint as reached, heights, health and versions', async () => {
      const { status, body } = await get('/api/symbol/nodes/peer');
      expect(status).toBe(200);
      const chainInfo = (await server.get('/chain/info')).body;
      const server_ = (await server.get('/node/server')).body.serverInfo;
      expect(body.map((node: any) => node.mainPublicKey)).toEqual([self.publicKey, PEER.publicKey]);
      expect(body[0]).toEqual({
        mainPublicKey: self.publicKey,
        nodePublicKey: self.nodePublicKey ?? null,
        endpoint: server.base,
        name: self.friendlyName,
        version: [24, 16, 8, 0].map((shift) => (self.version >>> shift) & 0xff).join('.'),
        height: Number(chainInfo.height),
        finalizedHeight: Number(chainInfo.latestFinalizedBlock.height),
        balance: 0,
        finalizedEpoch: chainInfo.latestFinalizedBlock.finalizationEpoch,
        finalizedHash: chainInfo.latestFinalizedBlock.hash,
        finalizedPoint: chainInfo.latestFinalizedBlock.finalizationPoint,
        isHealthy: true,
        isSslEnabled: false,
        restVersion: server_.restVersion,
        geoLocation: null,
        roles: self.roles,
      });
      expect(body[0].height).toBe(2);
      // A peer node serves no REST.
      expect(body[1]).toMatchObject({ mainPublicKey: PEER.publicKey, endpoint: '', isHealthy: null, restVersion: null, roles: 1 });
    });

    it('lists the API-only nodes (roles exactly 2) apart, and only HTTPS ones with only_ssl, at most limit', async () => {
      expect((await get('/api/symbol/nodes/api')).body.map((node: any) => node.mainPublicKey)).toEqual([API_PEER.publicKey]);
      expect((await get('/api/symbol/nodes/api')).body[0]).toMatchObject({ endpoint: 'http://api.example:3000', isSslEnabled: false });
      // The explorer's own request: over plain HTTP no node has SSL.
      expect((await get('/api/symbol/nodes/peer?only_ssl=true&limit=30&order=random')).body).toEqual([]);
      expect((await get('/api/symbol/nodes/peer?limit=1')).body).toHaveLength(1);
      expect((await get('/api/symbol/nodes/peer?order=random')).body).toHaveLength(2);
    });

    it('finds a node by main or node public key; 400 for a malformed key, 404 for an unknown one, in its shape', async () => {
      expect((await get(`/api/symbol/nodes/mainPublicKey/${self.publicKey}`)).body.mainPublicKey).toBe(self.publicKey);
      expect((await get(`/api/symbol/nodes/mainPublicKey/${self.publicKey.toLowerCase()}`)).body.mainPublicKey).toBe(self.publicKey);
      expect((await get(`/api/symbol/nodes/nodePublicKey/${API_PEER.nodePublicKey}`)).body.mainPublicKey).toBe(API_PEER.publicKey);
      expect(await get('/api/symbol/nodes/mainPublicKey/XYZ')).toMatchObject({ status: 400, body: { status: 400, message: 'Bad request' } });
      expect(await get(`/api/symbol/nodes/mainPublicKey/${'55'.repeat(32)}`)).toMatchObject({ status: 404, body: { status: 404, message: 'Resource not found' } });
    });

    it('counts the nodes by roles, and says the heights', async () => {
      const [count] = (await get('/api/symbol/nodes/count')).body;
      expect(count.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(count.values).toEqual({ total: 3, [String(self.roles)]: 1, '1': 1, '2': 1 });
      const chainInfo = (await server.get('/chain/info')).body;
      expect((await get('/api/symbol/height')).body).toEqual({ height: Number(chainInfo.height), finalizedHeight: Number(chainInfo.latestFinalizedBlock.height) });
    });
  });

  describe('statistics-service', () => {
    it('lists the healthy API nodes as suggested: REST and WebSocket URLs as reached, node and database status, heights', async () => {
      const { status, body } = await get('/nodes?filter=suggested&limit=30');
      expect(status).toBe(200);
      expect(body.map((node: any) => node.publicKey)).toEqual([self.publicKey]);
      const [node] = body;
      expect(node).toMatchObject({
        friendlyName: self.friendlyName,
        host: new URL(server.base).hostname,
        networkGenerationHashSeed: self.networkGenerationHashSeed,
        networkIdentifier: self.networkIdentifier,
        port: self.port,
        roles: self.roles,
        version: self.version,
        peerStatus: { isAvailable: true },
        apiStatus: {
          webSocket: { isAvailable: true, wss: false, url: `${server.base.replace(/^http/, 'ws')}/ws` },
          restGatewayUrl: server.base,
          isAvailable: true,
          isHttpsEnabled: false,
          nodeStatus: { apiNode: 'up', db: 'up' },
          chainHeight: 2,
        },
      });
      expect(new Date(node.lastAvailable).getTime()).toBeGreaterThan(Date.now() - 60_000);
    });

    it('takes ssl, refuses an unknown filter with 422, and finds a node by public key or node public key', async () => {
      expect((await get('/nodes?ssl=true')).body).toEqual([]);
      expect((await get('/nodes?ssl=false')).body.map((node: any) => node.publicKey).sort()).toEqual([self.publicKey, API_PEER.publicKey].sort());
      expect((await get('/nodes')).body).toHaveLength(3);
      expect(await get('/nodes?filter=fastest')).toMatchObject({ status: 422, body: { code: 'UnprocessableEntity', message: 'Filter unsupport fastest' } });
      expect((await get(`/nodes/${self.publicKey}`)).body.publicKey).toBe(self.publicKey);
      expect((await get(`/nodes/nodePublicKey/${API_PEER.nodePublicKey}`)).body.publicKey).toBe(API_PEER.publicKey);
      expect(await get(`/nodes/${'55'.repeat(32)}`)).toMatchObject({ status: 404, body: { code: 'ResourceNotFound', message: `no resource exists with publicKey '${'55'.repeat(32)}'` } });
    });
  });

  it('is absent with nodeList: false', async () => {
    const off = await startGateway({ backend: testChain(), nodeList: false });
    expect((await off.get('/api/symbol/nodes/peer', { spec: false })).status).toBe(404);
    expect((await off.get('/nodes', { spec: false })).status).toBe(404);
    await off.close();
  });
});
