/**
 * http-read: req/s of `GET /blocks/{height}` and `GET /blocks?pageSize=100` on the
 * standalone gateway (node:http), divided by a bare node:http handler that returns the
 * same DTO objects from the same in-memory chain. Target ≥ 0.8.
 */
import http from 'node:http';
import { createGateway } from '../../src/index.js';
import { bareHandler, blockPaths, chainOfHeight, PAGE_PATH } from '../lib/blocks.js';
import { compareThroughput, THROUGHPUT_COLUMNS, throughputRows } from '../lib/http-compare.js';
import { startLoad } from '../lib/process.js';
import { fmt } from '../lib/stats.js';
import { closeServer, listen, seconds, type Suite } from '../lib/suite.js';

const HEIGHT = 1000;
const CONNECTIONS = 16;
const TARGET = 0.8;

const suite: Suite = async (context) => {
  const chain = chainOfHeight(HEIGHT);
  const gateway = createGateway({ backend: chain });
  const gatewayServer = http.createServer(gateway.handle);
  const bareServer = http.createServer(bareHandler(chain));
  const targets = [
    { name: 'bare node:http (baseline)', url: await listen(bareServer) },
    { name: 'gateway (node:http)', url: await listen(gatewayServer) },
  ];
  const load = await startLoad('load/http-load.ts');
  const measureSeconds = seconds(context, 5, 2);
  const rounds = context.quick ? 1 : 2;
  try {
    const measured = await compareThroughput(
      load,
      targets,
      [
        { name: 'GET /blocks/{height}', paths: blockPaths(HEIGHT) },
        { name: 'GET /blocks?pageSize=100', paths: [PAGE_PATH] },
      ],
      { connections: CONNECTIONS, seconds: measureSeconds, warmupSeconds: seconds(context, 2, 1), rounds, log: context.log },
    );
    const ratios = measured
      .filter((m) => m.target === targets[1].name)
      .map((m) => ({ route: m.route, ratio: m.requestsPerSecond / measured.find((b) => b.route === m.route && b.target === targets[0].name)!.requestsPerSecond }));
    return {
      title: 'HTTP reads on the standalone gateway',
      what: `req/s of \`GET /blocks/{height}\` (100 heights in turn) and \`GET /blocks?pageSize=100\` over a ${HEIGHT}-block in-memory chain, ${CONNECTIONS} connections, no pipelining.`,
      baseline: 'a bare node:http handler returning the same DTO objects from the same chain (no router, no validation, two headers): the limit for Node.',
      target: `≥ ${TARGET} of the baseline's req/s`,
      met: ratios.every((r) => r.ratio >= TARGET),
      verdict: ratios.map((r) => `${r.route}: ${fmt(r.ratio)}`).join('; '),
      tables: [{ columns: THROUGHPUT_COLUMNS, rows: throughputRows(measured, targets[0].name) }],
      notes: [
        `Each number is the mean of ${rounds} measurement(s) of ${measureSeconds} s, the servers taking turns (ABBA), after a warm-up; latency from autocannon's per-response times.`,
      ],
      sizes: { blocks: HEIGHT, connections: CONNECTIONS, 'seconds per measurement': measureSeconds, rounds },
    };
  } finally {
    await load.close();
    await closeServer(gatewayServer);
    await closeServer(bareServer);
    await gateway.close();
  }
};

export default suite;
