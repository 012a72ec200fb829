/**
 * post-accounts: `POST /accounts` with 100 addresses (of 100 000 accounts that hold a
 * mosaic), req/s and latency through the gateway, against a bare node:http handler that
 * does the same work without the gateway, in the same run. Also shown: the same handler
 * answering a precomputed body (the ceiling for this exchange), and the gateway's
 * `GET /accounts?mosaicId=<id>&pageSize=100` page of the very same accounts.
 */
import http from 'node:http';
import { Address } from 'symbol-sdk/symbol';
import type { AccountInfoDTO } from '../../src/backend/index.js';
import { createGateway } from '../../src/index.js';
import { caseRows, CASE_COLUMNS, compareCases, CPU_NOTE, type Case, type CaseMeasured } from '../lib/http-compare.js';
import { buildHolderChain } from '../lib/holders.js';
import { startLoad } from '../lib/process.js';
import { fmt } from '../lib/stats.js';
import { closeServer, listen, seconds, type Suite } from '../lib/suite.js';

const CONNECTIONS = 8;
const KEYS = 100;

/** Reads a request's whole body as text. */
function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: http.ServerResponse, text: string): void {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

const suite: Suite = async (context) => {
  const holders = context.quick ? 10_000 : 100_000;
  context.log(`building ${fmt(holders, 0)} holders of one mosaic through announces and harvests`);
  const { chain, mosaicId, seconds: built } = buildHolderChain({ transfers: holders }, context.log);
  context.log(`built: signing ${fmt(built.signing)} s, chain ${fmt(built.chain)} s`);

  const gateway = createGateway({ backend: chain });
  const gatewayServer = http.createServer(gateway.handle);
  const gatewayUrl = await listen(gatewayServer);
  // The 100 accounts: those of the first page by id (the newest holders), asked for in that order, so
  // that the page and the POST answer the same bytes.
  const pagePath = `/accounts?mosaicId=${mosaicId}&pageSize=${KEYS}`;
  const pageText = await (await fetch(gatewayUrl + pagePath)).text();
  const page = (JSON.parse(pageText) as { data: AccountInfoDTO[] }).data;
  const addresses = page.map((entry) => new Address(Buffer.from(entry.account.address, 'hex')).toString());
  const body = JSON.stringify({ addresses });
  const postText = await (await fetch(`${gatewayUrl}/accounts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).text();
  const answer = JSON.stringify(page);
  if (addresses.length !== KEYS || postText !== answer) throw new Error(`POST /accounts does not answer the page's ${KEYS} accounts: ${postText.slice(0, 300)}`);

  // The same work without the gateway: read and parse the body, each address to its 48-hex form, the
  // same repository call, JSON.stringify (no router, no validation, no limits, two headers).
  const bareServer = http.createServer(async (req, res) => {
    const { addresses: asked } = JSON.parse(await readBody(req)) as { addresses: string[] };
    const accounts = (await chain.accounts.find(asked.map((address) => ({ address: Buffer.from(new Address(address).bytes).toString('hex').toUpperCase() })))) as AccountInfoDTO[];
    send(res, JSON.stringify(accounts));
  });
  // The ceiling for this exchange: read the body, answer the same bytes, computed once.
  const fixedServer = http.createServer(async (req, res) => {
    await readBody(req);
    send(res, answer);
  });
  const bareUrl = await listen(bareServer);
  const fixedUrl = await listen(fixedServer);
  const bareText = await (await fetch(bareUrl, { method: 'POST', body })).text();
  if (bareText !== answer) throw new Error('the bare handler answers other accounts than the gateway');

  const cases: Case[] = [
    { name: 'bare node:http, same lookups (baseline)', url: bareUrl, paths: ['/accounts'], method: 'POST', body },
    { name: 'gateway `POST /accounts`', url: gatewayUrl, paths: ['/accounts'], method: 'POST', body },
    { name: 'gateway `GET /accounts?mosaicId&pageSize=100` (the same accounts)', url: gatewayUrl, paths: [pagePath] },
    { name: 'bare node:http, precomputed body (ceiling)', url: fixedUrl, paths: ['/accounts'], method: 'POST', body },
  ];
  const load = await startLoad('load/http-load.ts');
  const measureSeconds = seconds(context, 5, 2);
  const rounds = context.quick ? 1 : 3;
  let measured: CaseMeasured[];
  try {
    measured = await compareCases(load, cases, { connections: CONNECTIONS, seconds: measureSeconds, warmupSeconds: seconds(context, 2, 1), rounds, log: context.log });
  } finally {
    await load.close();
    await closeServer(gatewayServer);
    await closeServer(bareServer);
    await closeServer(fixedServer);
    await gateway.close();
    chain.close();
  }
  const [bare, post, get, fixed] = measured;
  const ratio = (m: CaseMeasured) => m.requestsPerSecond / bare.requestsPerSecond;
  return {
    title: 'Accounts by address list',
    what: `req/s, latency and server CPU per request of \`POST /accounts\` with \`{"addresses": [...]}\` of ${KEYS} base32 addresses (${fmt(Buffer.byteLength(body) / 1024, 1)} kB body; the answer ${fmt(Buffer.byteLength(answer) / 1024, 1)} kB) among ${fmt(holders, 0)} accounts holding a mosaic, through the gateway (autocannon, ${CONNECTIONS} connections).`,
    baseline:
      'a bare node:http handler that does the same work without the gateway: reads and parses the body, turns each address into its hex form, makes the same repository call (`chain.accounts.find`, which renders the accounts) and `JSON.stringify`s the answer; it answers the same bytes. That is what the gateway adds (router, body limits and validation, address checks, response writing) over the least a server must do for this request. ' +
      'Beside it: the same handler answering a precomputed body (the ceiling of the exchange itself: what rendering 100 accounts costs shows as the gap to the baseline), and the gateway\'s `GET /accounts?mosaicId=<id>&pageSize=100`, a page of the very same accounts (same answer, so the gap between the two routes is the request side: a 4 kB JSON body of 100 addresses against a query string).',
    target: 'no pass/fail target: req/s and latency against the baseline',
    met: undefined,
    verdict: `${fmt(ratio(post))} × the bare handler (${fmt(post.requestsPerSecond, 0)} vs ${fmt(bare.requestsPerSecond, 0)} req/s, p50 ${fmt(post.p50)} ms vs ${fmt(bare.p50)} ms); the page of the same accounts ${fmt(ratio(get))} ×; the precomputed body ${fmt(ratio(fixed))} ×`,
    tables: [{ columns: [...CASE_COLUMNS, 'ratio to baseline'], rows: caseRows(measured).map((row, i) => [...row, i === 0 ? '1.00 (baseline)' : fmt(ratio(measured[i]))]) }],
    notes: [
      `Each account is a recipient's state (address, height, one mosaic, no public key), built through the chain's public path as in accounts-balance (aggregates complete of 100 embedded transfers announced and harvested; signing ${fmt(built.signing)} s, the chain ${fmt(built.chain)} s). The ${KEYS} addresses are those of the first page by id, asked for in that order; before measuring, the suite checks that the gateway's POST, its page and the bare handler answer byte for byte the same JSON.`,
      `Each number is the mean of ${rounds} measurement(s) of ${measureSeconds} s, the four servers/routes in turn (then reversed), after a warm-up each.`,
      CPU_NOTE,
    ],
    sizes: { accounts: holders, 'addresses per request': KEYS, connections: CONNECTIONS, 'seconds per measurement': measureSeconds, rounds },
  };
};

export default suite;
