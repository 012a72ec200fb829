/**
 * http-peer: the same routes as http-read on the standalone gateway, on a Fastify 5 route
 * serving the same data (the baseline), and on the gateway mounted in Express 5.
 * Target: gateway ≥ 1.0 × Fastify.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import Fastify from 'fastify';
import { createGateway } from '../../src/index.js';
import { expressGateway } from '../../src/frameworks/express.js';
import { blockAt, chainOfHeight, firstPage, measureBlockReads, READ_CONNECTIONS, READ_HEIGHT } from '../lib/blocks.js';
import { CPU_NOTE, THROUGHPUT_COLUMNS, throughputRows } from '../lib/http-compare.js';
import { fmt } from '../lib/stats.js';
import { closeServer, listen, type Suite } from '../lib/suite.js';

const TARGET = 1.0;

const suite: Suite = async (context) => {
  const chain = chainOfHeight(READ_HEIGHT);

  const fastify = Fastify({ logger: false });
  fastify.get<{ Params: { height: string } }>('/blocks/:height', async (request, reply) => {
    const block = blockAt(chain, request.params.height);
    return block ?? reply.code(404).send({ code: 'ResourceNotFound', message: 'no block' });
  });
  fastify.get('/blocks', async () => firstPage(chain));
  await fastify.listen({ port: 0, host: '127.0.0.1' });
  const fastifyUrl = `http://127.0.0.1:${(fastify.server.address() as AddressInfo).port}`;

  const gateway = createGateway({ backend: chain });
  const gatewayServer = http.createServer(gateway.handle);
  const mounted = createGateway({ backend: chain });
  const app = express();
  app.use(expressGateway(mounted));
  const expressServer = http.createServer(app);
  // Express 5 alone, for what the mount adds over Express itself.
  const plain = express();
  plain.get('/blocks/:height', (req, res) => {
    res.json(blockAt(chain, req.params.height));
  });
  plain.get('/blocks', (_req, res) => {
    res.json(firstPage(chain));
  });
  const plainServer = http.createServer(plain);

  const targets = [
    { name: 'Fastify 5 route (baseline)', url: fastifyUrl },
    { name: 'gateway (node:http)', url: await listen(gatewayServer) },
    { name: 'gateway in Express 5', url: await listen(expressServer) },
    { name: 'plain Express 5 route (`res.json`)', url: await listen(plainServer) },
  ];
  try {
    const { measured, rounds, measureSeconds, ratio } = await measureBlockReads(context, targets);
    const routes = [...new Set(measured.map((m) => m.route))];
    return {
      title: 'HTTP reads against peers',
      what: `req/s of the http-read routes over a ${READ_HEIGHT}-block chain, ${READ_CONNECTIONS} connections: the standalone gateway, the gateway mounted in Express 5 (\`app.use(expressGateway(gateway))\`) and a plain Express 5 route, against a Fastify 5 route that serves the same DTOs (default JSON serialization, no response schema).`,
      baseline: 'Fastify 5 routes `GET /blocks/:height` and `GET /blocks` returning the same objects from the same chain.',
      target: `standalone gateway ≥ ${TARGET.toFixed(1)} × Fastify`,
      met: routes.every((route) => ratio(route, targets[1].name) >= TARGET),
      verdict: routes.map((route) => `${route}: ${fmt(ratio(route, targets[1].name))} (Express mount ${fmt(ratio(route, targets[2].name))}, plain Express ${fmt(ratio(route, targets[3].name))})`).join('; '),
      tables: [{ columns: THROUGHPUT_COLUMNS, rows: throughputRows(measured, targets[0].name) }],
      notes: [
        `Each number is the mean of ${rounds} measurement(s) of ${measureSeconds} s, servers taking turns, after a warm-up. The Express rows have no target: the mount against a plain Express 5 route with \`res.json\` shows what the mount adds to Express's own cost.`,
        CPU_NOTE,
      ],
      sizes: { blocks: READ_HEIGHT, connections: READ_CONNECTIONS, 'seconds per measurement': measureSeconds, rounds },
    };
  } finally {
    await fastify.close();
    await closeServer(gatewayServer);
    await closeServer(expressServer);
    await closeServer(plainServer);
    await gateway.close();
    await mounted.close();
  }
};

export default suite;
