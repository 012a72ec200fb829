/**
 * The Rosetta routes through the framework mounts, after a body parser read the request:
 * Express (express.json()) and Koa (co-body into ctx.request.body), each under a prefix. The
 * parsed body reaches the Rosetta handler; an unknown path under the Rosetta prefix is a Mesh
 * error, not the app's 404.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import parse from 'co-body';
import express from 'express';
import Koa from 'koa';
import mount from 'koa-mount';
import { afterEach, describe, expect, it } from 'vitest';
import { createGateway, type Gateway } from '../../src/index.js';
import { expressGateway } from '../../src/frameworks/express.js';
import { koaGateway } from '../../src/frameworks/koa.js';
import { ROSETTA_ERRORS } from '../../src/rosetta/index.js';
import { expectMeshAnswer, meshPost } from '../support/mesh.js';
import { testChain } from '../support/server.js';

const servers: http.Server[] = [];
const gateways: Gateway[] = [];
afterEach(async () => {
  for (const gateway of gateways.splice(0)) await gateway.close();
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

/** A gateway with the Rosetta API over a fresh test chain. */
function rosettaGateway(): Gateway {
  const gateway = createGateway({ backend: testChain(), rosetta: true, logger: { error() {} } });
  gateways.push(gateway);
  return gateway;
}

async function listening(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const apps: Record<string, (gateway: Gateway) => http.RequestListener> = {
  'Express with express.json()': (gateway) => {
    const app = express();
    app.use(express.json());
    app.use('/symbol', expressGateway(gateway));
    app.use((_req: http.IncomingMessage, res: http.ServerResponse) => void res.writeHead(404, { 'content-type': 'text/plain' }).end('app 404'));
    return app;
  },
  'Koa with a body parser': (gateway) => {
    const app = new Koa();
    app.use(async (ctx, next) => {
      if (ctx.method === 'POST') ctx.request.body = await parse.json(ctx.req);
      await next();
    });
    app.use(mount('/symbol', koaGateway(gateway) as unknown as Koa.Middleware));
    return app.callback();
  },
};

describe.each(Object.keys(apps))('Rosetta through %s', (name) => {
  it('hands the parsed body to the Rosetta routes; an unknown Rosetta path is a Mesh error', async () => {
    const base = `${await listening(apps[name]!(rosettaGateway()))}/symbol/rosetta`;
    const network = { blockchain: 'Symbol', network: 'testnet' };
    expect((await meshPost(base, '/network/list', {})).body).toEqual({ network_identifiers: [network] });
    const status = await meshPost(base, '/network/status', { network_identifier: network });
    expect(status.status).toBe(200);
    const wrong = await meshPost(base, '/network/status', { network_identifier: { ...network, network: 'mainnet' } });
    expect([wrong.status, wrong.body.code]).toEqual([500, ROSETTA_ERRORS.unsupportedNetwork.code]);
    const unknown = await fetch(`${base}/no/such/route`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    const body = (await unknown.json()) as { code: number };
    expectMeshAnswer('/network/list', unknown.status, body);
    expect(body.code).toBe(ROSETTA_ERRORS.notFound.code);
  });
});
