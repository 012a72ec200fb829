/**
 * http-read: req/s of `GET /blocks/{height}` and `GET /blocks?pageSize=100` on the
 * standalone gateway (node:http), divided by a bare node:http handler that returns the
 * same DTO objects from the same in-memory chain. Target ≥ 0.8.
 */
import http from 'node:http';
import { createGateway } from '../../src/index.js';
import { bareHandler, chainOfHeight, measureBlockReads, READ_CONNECTIONS, READ_HEIGHT } from '../lib/blocks.js';
import { CPU_NOTE, THROUGHPUT_COLUMNS, throughputRows } from '../lib/http-compare.js';
import { fmt } from '../lib/stats.js';
import { closeServer, listen, type Suite } from '../lib/suite.js';

const TARGET = 0.8;

const suite: Suite = async (context) => {
  const chain = chainOfHeight(READ_HEIGHT);
  const gateway = createGateway({ backend: chain });
  const gatewayServer = http.createServer(gateway.handle);
  const bareServer = http.createServer(bareHandler(chain));
  const targets = [
    { name: 'bare node:http (baseline)', url: await listen(bareServer) },
    { name: 'gateway (node:http)', url: await listen(gatewayServer) },
  ];
  try {
    const { measured, rounds, measureSeconds, ratio } = await measureBlockReads(context, targets);
    const ratios = measured.filter((m) => m.target === targets[1].name).map((m) => ({ route: m.route, ratio: ratio(m.route, m.target) }));
    return {
      title: 'HTTP reads on the standalone gateway',
      what: `req/s of \`GET /blocks/{height}\` (100 heights in turn) and \`GET /blocks?pageSize=100\` over a ${READ_HEIGHT}-block in-memory chain, ${READ_CONNECTIONS} connections, no pipelining.`,
      baseline: 'a bare node:http handler returning the same DTO objects from the same chain (no router, no validation, two headers): the limit for Node.',
      target: `≥ ${TARGET} of the baseline's req/s`,
      met: ratios.every((r) => r.ratio >= TARGET),
      verdict: ratios.map((r) => `${r.route}: ${fmt(r.ratio)}`).join('; '),
      tables: [{ columns: THROUGHPUT_COLUMNS, rows: throughputRows(measured, targets[0].name) }],
      notes: [
        `Each number is the mean of ${rounds} measurement(s) of ${measureSeconds} s, the servers taking turns (ABBA), after a warm-up; latency from autocannon's per-response times.`,
        CPU_NOTE,
      ],
      sizes: { blocks: READ_HEIGHT, connections: READ_CONNECTIONS, 'seconds per measurement': measureSeconds, rounds },
    };
  } finally {
    await closeServer(gatewayServer);
    await closeServer(bareServer);
    await gateway.close();
  }
};

export default suite;
