/**
 * Hostile HTTP input, as property tests (fast-check): random and adversarial query strings,
 * path parameters and request bodies against a gateway on a real node:http server.
 *
 * For every request: never a 5xx, every error body is exactly {code, message}, no handler
 * hangs, nothing reaches the gateway's error logger, no prototype is polluted, and a
 * rejected request changes none of the chain's state (chain info, the three transaction
 * groups, every balance, the WebSocket subscriptions) and sends no WebSocket event.
 *
 * fast-check prints the seed and the shrunk counterexample of a failure; rerun it with
 * `fc.assert(..., { seed, path })`.
 */
import { isUtf8 } from 'node:buffer';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '../../src/errors.js';
import { createGateway, type Gateway } from '../../src/index.js';
import type { ChainAccount } from '../../src/memory/chain/identity.js';
import { assertMatchesSpec } from '../support/openapi.js';
import { testChain } from '../support/server.js';
import { aggregate, embeddedTransfer, transfer, type Signed } from '../support/signing.js';
import { Client, openSockets } from '../support/ws-client.js';

// ---------------------------------------------------------------------------------------
// The gateway under attack: a node:http server whose every `handle` promise is tracked, so
// a handler that never settles (a hang) is seen, and whose logger records every 500.

const chain = testChain();
// The witness below pings once per run: lift the frame rate limit (the WebSocket file tests it).
const gateway: Gateway = createGateway({ backend: chain, ws: { maxFramesPerSecond: 100_000 }, logger: { error: (message, error) => logged.push({ message, error }) } });
const logged: { message: string; error: unknown }[] = [];
const handling = new Set<Promise<void>>();
const server = http.createServer((req, res) => {
  const done = gateway.handle(req, res);
  handling.add(done);
  void done.finally(() => handling.delete(done));
});
const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
let port = 0;

// Process health: nothing may escape as an unhandled rejection or an uncaught exception.
const escaped: { kind: string; error: unknown }[] = [];
const onRejection = (error: unknown) => escaped.push({ kind: 'unhandledRejection', error });
const onException = (error: unknown) => escaped.push({ kind: 'uncaughtException', error });

// Prototypes as they were before any hostile input.
const PROTOTYPES = { Object: Object.prototype, Array: Array.prototype, Function: Function.prototype, String: String.prototype } as const;
const protoKeys = Object.fromEntries(Object.entries(PROTOTYPES).map(([name, proto]) => [name, Reflect.ownKeys(proto).map(String).sort()]));

/** Real ids the chain holds, so some generated requests hit data. */
const fixture = {
  confirmed: undefined as Signed | undefined,
  unconfirmed: undefined as Signed | undefined,
  partial: undefined as Signed | undefined,
};
const [a0, a1, a2] = chain.fundedAccounts;

/** Listens to every channel: a rejected request must not make the chain emit anything. */
let witness: Client;
const CHANNELS = ['block', 'finalizedBlock', 'confirmedAdded', 'unconfirmedAdded', 'unconfirmedRemoved', 'partialAdded', 'partialRemoved', 'cosignature', 'status'];

beforeAll(async () => {
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);
  gateway.attach(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;

  // Something in every group: a confirmed transfer, an unconfirmed one, a partial aggregate.
  fixture.confirmed = transfer(chain, a0, a1);
  expect((await send('PUT', '/transactions', json(fixture.confirmed.body))).status).toBe(202);
  chain.harvest();
  fixture.unconfirmed = transfer(chain, a1, a2);
  expect((await send('PUT', '/transactions', json(fixture.unconfirmed.body))).status).toBe(202);
  fixture.partial = aggregate(chain, 'bonded', a0, [embeddedTransfer(chain, a1, a2)]);
  expect((await send('PUT', '/transactions/partial', json(fixture.partial.body))).status).toBe(202);

  witness = await Client.connect(`ws://127.0.0.1:${port}${gateway.hub.path}`);
  await witness.subscribe(...CHANNELS);
});

afterAll(async () => {
  for (const socket of openSockets.splice(0)) socket.terminate();
  await gateway.close();
  agent.destroy();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  process.off('unhandledRejection', onRejection);
  process.off('uncaughtException', onException);
  expect(escaped).toEqual([]);
});

// ---------------------------------------------------------------------------------------
// A lenient client: any bytes in, any bytes out, never a throw on a strange answer.

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

interface SendInit {
  body?: string | Buffer;
  headers?: Record<string, string>;
  /** Send the body in two writes with chunked transfer encoding instead of one with Content-Length. */
  chunked?: boolean;
}

function json(body: string): SendInit {
  return { body, headers: { 'content-type': 'application/json' } };
}

function send(method: string, path: string, init: SendInit = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers: init.headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.setTimeout(10_000, () => req.destroy(new Error(`no answer within 10 s to ${method} ${short(path)}`)));
    const { body } = init;
    if (body !== undefined && init.chunked) {
      const bytes = Buffer.from(body);
      const half = bytes.length >> 1;
      req.write(bytes.subarray(0, half));
      req.end(bytes.subarray(half));
    } else {
      req.end(body);
    }
  });
}

/** The request line and headers exactly as given, on a fresh connection; the raw answer. */
function sendRaw(request: Buffer): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => {});
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
  });
}

function short(text: string, max = 160): string {
  return text.length > max ? `${text.slice(0, max)}... (${text.length} chars)` : text;
}

const ERROR_CODES = ERROR_STATUS as Record<string, number>;

/**
 * The checks every reply must pass: a status below 500 (in `allowed` when given), an error
 * body that is exactly {code: string, message: string} with the code of its status, and a
 * success body that is JSON. Returns the parsed body.
 */
function checkReply(method: string, path: string, reply: Reply, allowed?: readonly number[]): any {
  const where = `${method} ${short(path)} → ${reply.status} ${short(reply.text, 300)}`;
  if (reply.status >= 500 || reply.status < 200) throw new Error(`status out of range: ${where}`);
  if (allowed && !allowed.includes(reply.status)) throw new Error(`unexpected status: ${where}`);
  if (method === 'HEAD' || reply.text.length === 0) {
    if (reply.status >= 400 && method !== 'HEAD') throw new Error(`error without a body: ${where}`);
    return undefined;
  }
  if (!String(reply.headers['content-type']).startsWith('application/json')) throw new Error(`not JSON: ${where}`);
  let body: any;
  try {
    body = JSON.parse(reply.text);
  } catch {
    throw new Error(`body is not JSON: ${where}`);
  }
  if (reply.status >= 400) {
    const keys = body !== null && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body).sort() : [];
    if (keys.join() !== 'code,message' || typeof body.code !== 'string' || typeof body.message !== 'string') {
      throw new Error(`error body is not exactly {code, message}: ${where}`);
    }
    if (ERROR_CODES[body.code] !== reply.status) throw new Error(`code ${body.code} does not go with status ${reply.status}: ${where}`);
  }
  return body;
}

/** No prototype gained, lost or changed a key; `{}` has no `polluted`. */
function checkPrototypes(): void {
  for (const [name, proto] of Object.entries(PROTOTYPES)) {
    const keys = Reflect.ownKeys(proto).map(String).sort();
    if (keys.join() !== protoKeys[name].join()) throw new Error(`${name}.prototype changed: ${keys.filter((key) => !protoKeys[name].includes(key))}`);
  }
  const probe = {} as Record<string, unknown>;
  if (probe.polluted !== undefined || ([] as unknown as Record<string, unknown>).polluted !== undefined) throw new Error('a prototype was polluted');
  if (Object.prototype.constructor !== Object || Object.getPrototypeOf(probe) !== Object.prototype) throw new Error('Object.prototype was tampered with');
}

/** Everything a request could change: chain info, group sizes, every balance, the hub. */
async function chainState(): Promise<string> {
  const info = await send('GET', '/chain/info');
  const totals: number[] = [];
  for (const group of ['confirmed', 'unconfirmed', 'partial']) {
    const reply = await send('GET', `/transactions/${group}?pageSize=100`);
    totals.push(JSON.parse(reply.text).pagination.totalEntries);
  }
  const accounts: ChainAccount[] = [chain.nemesisAccount, ...chain.fundedAccounts, ...chain.harvesters, chain.nodeAccount];
  const balances = accounts.map((account) => [...chain.ledger.holdings(account.addressHex)].map(([mosaic, amount]) => `${mosaic}=${amount}`).join(','));
  return JSON.stringify({
    info: JSON.parse(info.text),
    totals,
    balances,
    topics: gateway.hub.topicCount,
    connections: gateway.hub.connectionCount,
  });
}

/** Every `handle` call settled: no request hangs in the gateway. */
async function noneInFlight(): Promise<void> {
  for (let i = 0; i < 200 && handling.size > 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
  if (handling.size > 0) throw new Error(`${handling.size} request(s) still in the gateway 2 s after their answer`);
}

/** Checks shared by every property after each run (the chain first checks what was announced, as it does announceDelay ms after the 202). */
async function afterEachRun(): Promise<void> {
  chain.processAnnounced();
  checkPrototypes();
  if (logged.length > 0) throw new Error(`the gateway logged an unexpected error: ${logged[0].message} ${String(logged[0].error)}`);
}

// ---------------------------------------------------------------------------------------
// Generators.

const HEX = [...'0123456789abcdefABCDEF'];
const hexString = (min: number, max: number) => fc.string({ unit: fc.constantFrom(...HEX), minLength: min, maxLength: max });
const digits = (min: number, max: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });
/** Hex of the lengths the API takes (ids, keys, hashes, addresses, signatures), a character off, or random. */
const hexOfAnyLength = fc.oneof(
  fc.constantFrom(15, 16, 17, 23, 24, 25, 47, 48, 49, 63, 64, 65, 127, 128, 129).chain((n) => hexString(n, n)),
  hexString(0, 140),
);

const UNRESERVED = /[A-Za-z0-9\-._~]/;
const hex2 = (byte: number) => byte.toString(16).toUpperCase().padStart(2, '0');
/** Every byte but the unreserved ones as %XX (of the UTF-8 form; lone surrogates become U+FFFD). */
function pctAll(text: string): string {
  return [...Buffer.from(text, 'utf8')].map((byte) => (UNRESERVED.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${hex2(byte)}`)).join('');
}
/** The text as it is, but bytes a request line cannot carry (controls, space, DEL, non-ASCII) as %XX: '%' stays, so broken escapes reach the server. */
function pctLoose(text: string): string {
  return [...Buffer.from(text, 'utf8')].map((byte) => (byte > 0x20 && byte < 0x7f ? String.fromCharCode(byte) : `%${hex2(byte)}`)).join('');
}

/** Percent-escapes that are broken, overlong, surrogate, out of range or meaningful to a parser. */
const ESCAPES = ['%ZZ', '%E0%A4', '%', '%%', '%0', '%00', '%C0%80', '%C0%AE', '%ED%A0%80', '%FF', '%FE%FF', '%F4%90%80%80', '%F0%9F', '+', '%2B', '%26', '%3D', '%23', '%3F', '%2F', '%5C', '%u0041', '%%32%35', '%0D%0A'];

const VALUES = [
  'asc', 'desc', 'ASC', 'id', 'height', 'true', 'false', 'TRUE', '1', '0', '00', '05', '9', '10', '11', '100', '101', '-0', '+1', '1.0', '1e2', '0x10',
  '9007199254740993', '18446744073709551615', '18446744073709551616', '4294967296', '65535', '65536', '16724', '',
  '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'null', 'undefined', 'NaN', 'Infinity', '[]', '{}',
  a0.address, a0.address.toLowerCase(), a0.address.slice(0, 38), `${a0.address}A`, `N${a0.address.slice(1)}`, a0.addressHex, a0.publicKey, chain.currency.mosaicId,
];

/** A query parameter's value: text of every kind, numbers of every size, hex of every length, broken escapes. */
const adversarialText: fc.Arbitrary<string> = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: 'binary' }),
  digits(15, 120),
  digits(1, 30).map((text) => `-${text}`),
  fc.bigInt().map(String),
  fc.double().map(String),
  fc.integer().map(String),
  hexOfAnyLength,
  fc.constantFrom(...VALUES),
  fc.array(fc.oneof(fc.constantFrom(...ESCAPES), fc.string({ maxLength: 3 })), { minLength: 1, maxLength: 6 }).map((parts) => parts.join('')),
);

const QUERY_PARAMS = [
  'pageSize', 'pageNumber', 'page', 'id', 'offset', 'order', 'orderBy', 'signerPublicKey', 'beneficiaryAddress', 'address', 'recipientAddress',
  'height', 'fromHeight', 'toHeight', 'type', 'embedded', 'transferMosaicId', 'fromTransferAmount', 'toTransferAmount', 'fromTimestamp', 'toTimestamp',
];
const queryKey = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...QUERY_PARAMS) },
  { weight: 1, arbitrary: fc.string() },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 6 }) },
  { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'PAGESIZE', 'pageSize ', 'type[]', 'type[0]', '', 'a.b') },
);
const encoding = fc.constantFrom('all', 'loose', 'loose');
const encode = (text: string, mode: string) => (mode === 'all' ? pctAll(text) : pctLoose(text));

/** One piece of a query string: `k=v`, `k`, `k=` or `=v`, each side encoded strictly or loosely. */
const queryPair = fc
  .record({ key: queryKey, value: adversarialText, keyMode: encoding, valueMode: encoding, shape: fc.constantFrom('k=v', 'k=v', 'k=v', 'k=v', 'k', 'k=', '=v') })
  .map(({ key, value, keyMode, valueMode, shape }) => {
    const k = encode(key, keyMode);
    const v = encode(value, valueMode);
    return shape === 'k=v' ? `${k}=${v}` : shape === 'k' ? k : shape === 'k=' ? `${k}=` : `=${v}`;
  });

/** A whole query string: up to 12 pieces, some repeated (up to past the 64-parameter limit), odd separators. */
const queryString = fc
  .record({
    pairs: fc.array(queryPair, { maxLength: 12 }),
    repeat: fc.oneof({ weight: 6, arbitrary: fc.constant(0) }, { weight: 3, arbitrary: fc.nat(4) }, { weight: 1, arbitrary: fc.integer({ min: 55, max: 75 }) }),
    separator: fc.constantFrom('&', '&', '&', '&&', ';'),
    leading: fc.constantFrom('', '', '&', '?'),
    trailing: fc.constantFrom('', '', '&', '#frag'),
  })
  .map(({ pairs, repeat, separator, leading, trailing }) => {
    const all = pairs.length > 0 ? [...pairs, ...Array.from({ length: repeat }, (_, i) => pairs[i % pairs.length])] : pairs;
    return leading + all.join(separator) + trailing;
  });

/** Non-empty `&`-separated pieces: what the gateway counts against maxQueryParameters. */
const parameterCount = (search: string) => search.split('&').filter((piece) => piece.length > 0).length;

const MAX_URL = 4096;
const MAX_QUERY_PARAMETERS = 64;

// ---------------------------------------------------------------------------------------

describe('hostile query strings', () => {
  const PATHS = ['/blocks', '/transactions/confirmed', '/transactions/unconfirmed', '/transactions/partial'];

  it('GET with any query string answers 200 with a page, or a 4xx {code, message}; never a 5xx', async () => {
    const examples: [string, string][] = [
      ['/blocks', 'pageSize=%ZZ&pageNumber=%E0%A4'],
      ['/blocks', 'pageSize=123456789012345678901234567890&pageNumber=99999999999999999999999'],
      ['/transactions/confirmed', 'type=1&type=%00&type=99999&type=-1'],
      ['/transactions/confirmed', 'pageSize=10&pageSize=20'],
      ['/transactions/unconfirmed', 'offset=&id='],
      ['/transactions/partial', `address=${a0.address}&signerPublicKey=${a0.publicKey}`],
      ['/transactions/confirmed', 'fromTransferAmount=1'],
      ['/blocks', 'fromTimestamp=2&toTimestamp=1'],
      ['/blocks', '__proto__=1&constructor=x&prototype=y'],
      ['/blocks', Array.from({ length: 65 }, () => 'type=1').join('&')],
      ['/transactions/confirmed', 'embedded=TRUE&transferMosaicId=72C0212E67A08BC'],
      ['/transactions/partial', `pageSize=${'1'.repeat(MAX_URL)}`],
    ];
    const seen = new Set<number>();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...PATHS), queryString, async (path, search) => {
        const target = `${path}?${search}`;
        const reply = await send('GET', target);
        const body = checkReply('GET', target, reply, [200, 409, 414]);
        seen.add(reply.status);
        if (target.length > MAX_URL) {
          if (reply.status !== 414) throw new Error(`a ${target.length}-byte target was not refused with 414`);
        } else if (reply.status === 414) {
          throw new Error(`a ${target.length}-byte target was refused with 414`);
        } else if (parameterCount(search) > MAX_QUERY_PARAMETERS && reply.status !== 409) {
          throw new Error(`${parameterCount(search)} query parameters were not refused: ${reply.status}`);
        }
        if (reply.status === 200) {
          const { data, pagination } = body;
          if (!Array.isArray(data) || typeof pagination !== 'object') throw new Error(`a 200 without data and pagination: ${short(reply.text)}`);
          const { pageSize, pageNumber, totalEntries, totalPages } = pagination;
          if (!(pageSize >= 10 && pageSize <= 100 && pageNumber >= 1 && data.length <= pageSize && totalPages === Math.ceil(totalEntries / pageSize))) {
            throw new Error(`an incoherent page: ${JSON.stringify(pagination)} with ${data.length} entries`);
          }
          assertMatchesSpec('GET', path, 200, body);
        }
        await afterEachRun();
      }),
      { numRuns: 300, examples },
    );
    await noneInFlight();
    expect([...seen].sort()).toEqual([200, 409, 414]);
  }, 60_000);
});

// ---------------------------------------------------------------------------------------

describe('hostile path parameters', () => {
  const TEMPLATES = [
    '/blocks/{x}',
    '/transactions/confirmed/{x}',
    '/transactions/unconfirmed/{x}',
    '/transactions/partial/{x}',
    '/transactions/{x}',
    '/transactions/{x}/{x}',
    '/transactionStatus/{x}',
    '/finalization/proof/epoch/{x}',
    '/finalization/proof/height/{x}',
    '/chain/{x}',
    '/{x}',
  ];
  /** Sent exactly as written (each is legal in a request line). */
  const SEGMENTS = [
    '..', '.', '...', '%2E%2E', '%2e', '..%2F..%2Fchain%2Finfo', '../chain/info', '..\\..\\chain', '%2F', '%2f', '%2F%2F', '/', '//', '', ';', ';a=b', '..;',
    '%00', '%0A', '%0D%0A', '%20', '%09', '%ZZ', '%E0%A4', '%', '%%', '%C0%AE%C0%AE', '%ED%A0%80', '%FF', '%u002e', '\\', '%5C', ':height', '*', '(', ')', '{x}', '[0]', '?', '#',
    '1', '0', '2', '01', '-1', '+1', '%2B1', '1e3', '0x1', '1.0', '1%00', '18446744073709551615', '18446744073709551616', '4294967295', '4294967296', '99999999999',
    'confirmed', 'unconfirmed', 'partial', 'CONFIRMED', 'info', '__proto__', 'constructor', 'hasOwnProperty', 'toString', 'prototype',
  ];
  const longSegment = fc
    // Up to 7 000 bytes, so a target with it twice stays under node's own 16 KiB header limit (see 'findings').
    .record({ length: fc.integer({ min: 3_900, max: 7_000 }), unit: fc.constantFrom('a', '9', '%41', '%2F', '%E0%A4', '..%2F') })
    .map(({ length, unit }) => unit.repeat(Math.ceil(length / unit.length)));
  const segment = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...SEGMENTS) },
    { weight: 2, arbitrary: fc.tuple(fc.string(), encoding).map(([text, mode]) => encode(text, mode)) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme' }).map(pctAll) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary' }).map(pctAll) },
    { weight: 1, arbitrary: digits(15, 60) },
    { weight: 1, arbitrary: hexOfAnyLength },
    { weight: 1, arbitrary: fc.constantFrom(0, 1, 2, 3, 4).map((i) => [fixture.confirmed!.hash, fixture.partial!.hash, fixture.unconfirmed!.hash.toLowerCase(), a0.publicKey, a0.address][i]) },
    { weight: 1, arbitrary: longSegment },
  );
  const method = fc.constantFrom('GET', 'GET', 'GET', 'GET', 'HEAD', 'OPTIONS', 'DELETE', 'PATCH', 'POST', 'PUT');

  it('any segment answers 2xx or a 4xx {code, message}; a target over the URL limit 414, and only such a target', async () => {
    const examples: [string, string, string][] = [
      ['GET', '/blocks/{x}', '..'],
      ['GET', '/blocks/{x}', '%2F'],
      ['GET', '/blocks/{x}', '%00'],
      ['GET', '/blocks/{x}', '%E0%A4'],
      ['GET', '/transactionStatus/{x}', '%ZZ'],
      ['GET', '/finalization/proof/epoch/{x}', '4294967296'],
      ['GET', '/finalization/proof/height/{x}', '18446744073709551616'],
      ['GET', '/transactions/confirmed/{x}', '..%2F..%2Fchain%2Finfo'],
      ['OPTIONS', '/blocks/{x}', '%E0%A4'],
      ['GET', '/blocks/{x}', 'a'.repeat(MAX_URL - '/blocks/'.length)],
      ['GET', '/blocks/{x}', 'a'.repeat(MAX_URL - '/blocks/'.length + 1)],
      ['GET', '/blocks/{x}', '%41'.repeat(4_000)],
      ['GET', '/blocks/{x}', '1'],
      ['OPTIONS', '/blocks/{x}', '1'],
      ['DELETE', '/blocks/{x}', '1'],
      ['GET', '/{x}', '__proto__'],
      ['PUT', '/transactions/{x}', 'partial'],
      ['POST', '/transactions/{x}', 'confirmed'],
    ];
    const seen = new Set<number>();
    await fc.assert(
      fc.asyncProperty(method, fc.constantFrom(...TEMPLATES), segment, async (verb, template, x) => {
        const target = template.replaceAll('{x}', x);
        const reply = await send(verb, target);
        checkReply(verb, target, reply, [200, 202, 204, 404, 405, 409, 414, 415]);
        seen.add(reply.status);
        if (target.length > MAX_URL && reply.status !== 414) throw new Error(`a ${target.length}-byte target answered ${reply.status}, not 414`);
        if (target.length <= MAX_URL && reply.status === 414) throw new Error(`a ${target.length}-byte target was refused with 414`);
        if (reply.status === 202) throw new Error(`a bodyless ${verb} ${short(target)} was accepted`);
        await afterEachRun();
      }),
      { numRuns: 300, examples },
    );
    await noneInFlight();
    expect([...seen].sort()).toEqual(expect.arrayContaining([200, 204, 404, 405, 409, 414, 415]));
  }, 60_000);
});

// ---------------------------------------------------------------------------------------

describe('hostile request bodies', () => {
  const ROUTES: [string, string][] = [
    ['PUT', '/transactions'],
    ['PUT', '/transaction'],
    ['PUT', '/transactions/partial'],
    ['PUT', '/transactions/cosignature'],
    ['POST', '/transactions/confirmed'],
    ['POST', '/transactions/unconfirmed'],
    ['POST', '/transactions/partial'],
    ['POST', '/transactionStatus'],
  ];
  /** PUTs that may add a transaction (or a failure status) to the chain when they are accepted. */
  const ANNOUNCES = new Set(['PUT /transactions', 'PUT /transaction', 'PUT /transactions/partial']);
  const FIELDS = ['payload', 'hashes', 'transactionIds', 'version', 'signerPublicKey', 'signature', 'parentHash'];
  const BODY_LIMIT = 1024 * 1024;

  const HUGE_NUMBERS = [
    '1e400', '-1e400', '1E+308', '1.7976931348623157e309', '123456789012345678901234567890', '-123456789012345678901234567890', '1e-400', '-0', '0e0',
    '0.0000000000000000000001', '9007199254740993', '18446744073709551616', `1${'0'.repeat(400)}`,
  ];
  const PROTO_BODIES = [
    '{"__proto__":{"polluted":1}}',
    '{"constructor":{"prototype":{"polluted":1}}}',
    '{"__proto__":{"payload":"AA","hashes":[],"polluted":1}}',
    '{"payload":"00","__proto__":{"polluted":1}}',
    '{"hashes":["__proto__"],"__proto__":{"hashes":[]}}',
    '{"transactionIds":{"__proto__":[]}}',
    '{"hashes":{"length":1,"0":"AB"}}',
    '{"hashes":{"__proto__":{"polluted":1}}}',
    '{"__proto__":[]}',
    '{"__proto__":null}',
    '[{"__proto__":{"polluted":1}}]',
    '{"constructor":{"prototype":{"polluted":1}},"__proto__":{"constructor":{"prototype":{"polluted":1}}}}',
    '{"version":"1","signerPublicKey":{"__proto__":{"polluted":1}},"signature":"x","parentHash":"y"}',
    '{"payload":"AA","payload":"BB","payload":{"__proto__":{"polluted":1}}}',
    '{"toString":1,"valueOf":1,"hasOwnProperty":1,"payload":"0"}',
  ];
  const ODD_TEXTS = [
    '', ' ', '\n', '\t\r\n', 'null', 'true', 'false', '0', '"x"', '[]', '{}', 'NaN', 'Infinity', 'undefined', '{"payload":}', '{,}', '{"a":1,}', "{'payload':'00'}",
    '{"payload":"00"', '{"payload":"00"}}', '{"payload":"00"}garbage', '\ufeff{"payload":"00"}', '\u2028{}', '{"payload":"\\ud800"}', '{"payload":"\\u0000"}',
  ];
  /** Byte sequences no UTF-8 decoder may accept. */
  const INVALID_UTF8 = [[0xff], [0xfe], [0x80], [0xbf], [0xc0, 0x80], [0xc1, 0xbf], [0xe0, 0xa4], [0xe0, 0x80, 0xaf], [0xed, 0xa0, 0x80], [0xed, 0xbf, 0xbf], [0xf0, 0x9f], [0xf4, 0x90, 0x80, 0x80], [0xf8, 0x88, 0x80, 0x80, 0x80]];

  const known = () => [fixture.confirmed!, fixture.unconfirmed!, fixture.partial!];
  const realHash = fc.constantFrom(0, 1, 2).map((i) => known()[i].hash);

  /** A field's value as JSON text: every JSON type, huge numbers, near-valid strings, arrays past the limit, deep nesting, prototype keys. */
  const fieldValue: fc.Arbitrary<string> = fc.oneof(
    { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)) },
    { weight: 2, arbitrary: fc.constantFrom(...HUGE_NUMBERS) },
    { weight: 3, arbitrary: fc.oneof(hexOfAnyLength, digits(1, 25), fc.constantFrom('99999999999999999999', '18446744073709551616', '-1', '1.5', '0', a0.publicKey), realHash).map((text) => JSON.stringify(text)) },
    { weight: 2, arbitrary: fc.array(fc.oneof(hexString(64, 64), hexString(24, 24), realHash), { maxLength: 8 }).map((list) => JSON.stringify(list)) },
    { weight: 1, arbitrary: fc.integer({ min: 99, max: 102 }).chain((n) => fc.array(hexString(64, 64), { minLength: n, maxLength: n })).map((list) => JSON.stringify(list)) },
    { weight: 1, arbitrary: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }).map((list) => JSON.stringify(list)) },
    { weight: 1, arbitrary: fc.integer({ min: 100, max: 20_000 }).map((n) => '['.repeat(n) + ']'.repeat(n)) },
    { weight: 1, arbitrary: fc.constantFrom(...PROTO_BODIES) },
  );
  const fieldKey = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...FIELDS) },
    { weight: 2, arbitrary: fc.constantFrom('__proto__', 'constructor', 'prototype', 'polluted', 'toString', 'valueOf', 'hasOwnProperty', 'length', 'uid', '') },
    { weight: 1, arbitrary: fc.string() },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 8 }) },
  );
  /** A JSON object written by hand, so keys may repeat and `__proto__` is an ordinary member. */
  const objectText = fc.array(fc.tuple(fieldKey, fieldValue), { maxLength: 8 }).map((entries) => `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(',')}}`);
  /** A well-formed body each route takes (with real hashes), built once the fixture exists. */
  const validBody = (route: string): Record<string, unknown> => {
    switch (route) {
      case 'PUT /transactions':
      case 'PUT /transaction':
        return { payload: fixture.unconfirmed!.payload };
      case 'PUT /transactions/partial':
        return { payload: fixture.partial!.payload };
      case 'PUT /transactions/cosignature':
        return { version: '0', signerPublicKey: a1.publicKey, signature: 'A'.repeat(128), parentHash: 'B'.repeat(64) };
      case 'POST /transactionStatus':
        return { hashes: known().map((signed) => signed.hash) };
      default:
        return route.endsWith('confirmed') ? { hashes: known().map((signed) => signed.hash.toLowerCase()) } : { transactionIds: ['0'.repeat(24), 'f'.repeat(24)] };
    }
  };
  /** A route's well-formed body, as is or with one member replaced, added or removed. */
  const nearlyValid = (route: string) =>
    fc
      .record({ field: fc.constantFrom(...FIELDS, '__proto__', 'constructor'), value: fieldValue, change: fc.constantFrom('none', 'set', 'set', 'set', 'add', 'remove') })
      .map(({ field, value, change }) => {
        const object = validBody(route);
        const members = Object.entries(object)
          .filter(([key]) => !(change === 'remove' && key === field))
          .map(([key, member]) => `${JSON.stringify(key)}:${change === 'set' && key === field ? value : JSON.stringify(member)}`);
        if (change === 'add' || (change === 'set' && !Object.hasOwn(object, field))) members.push(`${JSON.stringify(field)}:${value}`);
        return `{${members.join(',')}}`;
      });
  const deepNesting = fc
    .record({
      depth: fc.integer({ min: 1_000, max: 200_000 }),
      shape: fc.constantFrom('array', 'object', 'payload', 'hashes', 'unbalanced', 'mixed'),
    })
    .map(({ depth, shape }) => {
      switch (shape) {
        case 'array': return '['.repeat(depth) + ']'.repeat(depth);
        case 'object': return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
        case 'payload': return `{"payload":${'['.repeat(depth)}${']'.repeat(depth)}}`;
        case 'hashes': return `{"hashes":${'['.repeat(depth)}${']'.repeat(depth)}}`;
        case 'unbalanced': return '['.repeat(depth);
        default: return '[{"__proto__":'.repeat(depth >> 4) + '1' + '}]'.repeat(depth >> 4);
      }
    });
  const invalidUtf8 = fc
    .record({ text: fc.oneof(objectText, fc.constantFrom('{"payload":"00"}', '{"hashes":["AB"]}')), bytes: fc.constantFrom(...INVALID_UTF8), at: fc.nat() })
    .map(({ text, bytes, at }) => {
      const buffer = Buffer.from(text, 'utf8');
      const cut = at % (buffer.length + 1);
      return Buffer.concat([buffer.subarray(0, cut), Buffer.from(bytes), buffer.subarray(cut)]);
    });
  const body: fc.Arbitrary<Buffer> = fc.oneof(
    { weight: 6, arbitrary: objectText.map((text) => Buffer.from(text)) },
    { weight: 2, arbitrary: fc.json().map((text) => Buffer.from(text)) },
    { weight: 2, arbitrary: fc.jsonValue().map((value) => Buffer.from(JSON.stringify(value) ?? '')) },
    { weight: 2, arbitrary: fc.constantFrom(...PROTO_BODIES).map((text) => Buffer.from(text)) },
    { weight: 1, arbitrary: fc.constantFrom(...HUGE_NUMBERS).chain((n) => fc.constantFrom(n, `{"payload":${n}}`, `{"hashes":[${n}]}`, `{"version":${n}}`, `[${n}]`)).map((text) => Buffer.from(text)) },
    { weight: 2, arbitrary: deepNesting.map((text) => Buffer.from(text)) },
    { weight: 2, arbitrary: invalidUtf8 },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)) },
    { weight: 1, arbitrary: fc.constantFrom(...ODD_TEXTS).map((text) => Buffer.from(text)) },
    { weight: 1, arbitrary: fc.constant(Buffer.from('{"payload":"00"}', 'utf16le')) },
    // Over the 1 MiB limit: well-formed JSON that would be valid if it were read.
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 64 }).map((extra) => Buffer.from(`{"payload":"${'0'.repeat(BODY_LIMIT - 13 + extra)}"}`)) },
  );
  const printable = fc.string({ unit: fc.constantFrom(...Array.from({ length: 95 }, (_, i) => String.fromCharCode(0x20 + i))), maxLength: 40 });
  const contentType = fc.oneof(
    { weight: 8, arbitrary: fc.constant('application/json') },
    {
      weight: 4,
      arbitrary: fc.constantFrom(
        'application/json; charset=utf-8', 'APPLICATION/JSON', 'Application/Json ; charset=UTF-16', 'application/vnd.api+json', 'application/problem+json',
        'application/json;;;', ' application/json ', 'application/jsonx', 'application/+json', 'json', 'text/json', 'text/plain', 'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x', 'application/octet-stream', '*/*', '',
      ),
    },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: printable },
  );

  /** The media-type rule the gateway documents: application/json or application/*+json, parameters ignored. */
  function isJsonType(type: string | undefined): boolean {
    if (!type) return false;
    const essence = type.split(';', 1)[0].trim().toLowerCase();
    return essence === 'application/json' || (essence.startsWith('application/') && essence.endsWith('+json'));
  }
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  /** The status class the body decides before any route logic: 415, 413, 400, or undefined (the route decides). */
  function expectedRefusal(type: string | undefined, bytes: Buffer): number | undefined {
    if (!isJsonType(type)) return 415;
    if (bytes.length > BODY_LIMIT) return 413;
    if (!isUtf8(bytes)) return 400;
    try {
      const value = JSON.parse(utf8.decode(bytes));
      return value === null || typeof value !== 'object' || Array.isArray(value) ? 400 : undefined;
    } catch {
      return 400;
    }
  }

  /** A route and a body: one for any route (two in three), or a well-formed one of the route with one member changed. */
  const routeAndBody = fc
    .constantFrom(...ROUTES)
    .chain((route) => fc.tuple(fc.constant(route), fc.oneof({ weight: 2, arbitrary: body }, { weight: 1, arbitrary: nearlyValid(route.join(' ')).map((text) => Buffer.from(text)) })));

  it('never a 5xx; errors are {code, message}; nothing polluted; a refused body changes no state and sends no event', async () => {
    const seen = new Set<number>();
    const examples: [[[string, string], Buffer], string | undefined, boolean][] = [];
    // Each route gets the issue's named attacks, deterministically.
    for (const route of ROUTES) {
      for (const text of [
        ...PROTO_BODIES.slice(0, 3),
        '['.repeat(10_000) + ']'.repeat(10_000),
        '{"payload":1e400}',
        '{"hashes":[123456789012345678901234567890]}',
        '{"payload":123456789012345678901234567890,"version":1e400}',
      ]) {
        examples.push([[route, Buffer.from(text)], 'application/json', false]);
      }
      examples.push([[route, Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d])], 'application/json', false]);
      examples.push([[route, Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d])], 'application/json', true]);
    }
    await fc.assert(
      fc.asyncProperty(routeAndBody, contentType, fc.boolean(), async ([[method, path], bytes], type, chunked) => {
        const stateBefore = await chainState();
        const framesBefore = witness.pending;
        const headers: Record<string, string> = type === undefined ? {} : { 'content-type': type };
        const reply = await send(method, path, { body: bytes, headers, chunked });
        const route = `${method} ${path}`;
        const success = method === 'PUT' ? 202 : 200;
        checkReply(method, `${path} [${type}] ${short(bytes.toString('latin1'), 200)}`, reply, [success, 400, 409, 413, 415]);
        const refusal = expectedRefusal(type, bytes);
        if (refusal !== undefined && reply.status !== refusal) {
          throw new Error(`${route} [${type}] ${short(bytes.toString('latin1'))}: expected ${refusal}, got ${reply.status} ${short(reply.text)}`);
        }
        if (refusal === undefined && ![success, 409].includes(reply.status)) {
          throw new Error(`${route}: a JSON object body answered ${reply.status} ${short(reply.text)}`);
        }
        seen.add(reply.status);
        await afterEachRun();
        // Every event of the request (its checks ran in afterEachRun) is queued on the witness's socket; the pong follows them.
        await witness.sync();
        const events = witness.pending - framesBefore;
        // Accepted: a well-formed transaction or cosignature, valid or not, is the chain's to judge (and to report on `status`).
        if (reply.status === 202 || reply.status === 200) {
          while (witness.pending > 0) await witness.next();
          if (reply.status === 202 && ANNOUNCES.has(route)) return;
        } else if (events > 0) {
          throw new Error(`${route} answered ${reply.status} and the chain sent ${events} event(s): ${JSON.stringify(await witness.next()).slice(0, 300)}`);
        }
        const stateAfter = await chainState();
        if (stateAfter !== stateBefore) throw new Error(`${route} answered ${reply.status} and changed the chain:\n${stateBefore}\n${stateAfter}`);
      }),
      { numRuns: 300, examples },
    );
    await noneInFlight();
    // The generators reached every refusal and the routes' own answers.
    expect([...seen].sort()).toEqual(expect.arrayContaining([200, 202, 400, 409, 413, 415]));
  }, 60_000);
});

// ---------------------------------------------------------------------------------------
// Found while writing the properties above (and fixed): each is the smallest request that showed it.

describe('findings', () => {
  it('refuses a cosignature version above 2^64 - 1 (uint64) with 409, as every other uint64 input', async () => {
    // A 20-digit pattern once let values past 18446744073709551615 through.
    const reply = await send(
      'PUT',
      '/transactions/cosignature',
      json(JSON.stringify({ version: '18446744073709551616', signerPublicKey: a1.publicKey, signature: 'A'.repeat(128), parentHash: 'B'.repeat(64) })),
    );
    expect(reply.status).toBe(409);
  });

  it('answers a request target holding raw non-ASCII bytes with a {code, message} body', async () => {
    // node's HTTP parser refuses the request line before the gateway sees it; attach()'s clientError handler answers.
    const answer = await sendRaw(Buffer.concat([Buffer.from('GET /blocks/'), Buffer.from([0xe9, 0xff]), Buffer.from(' HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')]));
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer.slice(answer.indexOf('\r\n\r\n') + 4)).toMatch(/^\{"code":"\w+","message":/);
  });

  it('answers a request target over node\'s 16 KiB header limit with a {code, message} body', async () => {
    // Past maxUrlLength the gateway answers 414; past node's maxHeaderSize (16 KiB) node's parser refuses first.
    const answer = await sendRaw(Buffer.from(`GET /blocks/${'1'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`));
    expect(answer).toMatch(/^HTTP\/1\.1 4\d\d /);
    expect(answer.slice(answer.indexOf('\r\n\r\n') + 4)).toMatch(/^\{"code":"\w+","message":/);
  });

  it('answers a REST request that offers an upgrade to h2c (as `curl --http2 http://...` sends) with JSON', async () => {
    // Once attach() listens to 'upgrade', node hands every request with Connection: Upgrade to it; an offer
    // of another protocol than WebSocket is served as the ordinary request it also is.
    const answer = await sendRaw(Buffer.from('GET /chain/info HTTP/1.1\r\nHost: x\r\nConnection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\nHTTP2-Settings: AAMAAABkAARAAAAAAAIAAAAA\r\n\r\n'));
    const [head, body] = [answer.slice(0, answer.indexOf('\r\n\r\n')), answer.slice(answer.indexOf('\r\n\r\n') + 4)];
    expect(head).toMatch(/^HTTP\/1\.1 [24]\d\d /);
    expect(head).toMatch(/content-type: application\/json/i);
    expect(body).toMatch(head.startsWith('HTTP/1.1 200') ? /^\{"height":/ : /^\{"code":"\w+","message":"[^"]*"\}$/);
  });

  it('does not report a client that hangs up mid-body to the error logger as a server failure', async () => {
    // A client-side abort is the client's doing: no 500, nothing for the error log (any client could fill it).
    logged.length = 0;
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => {});
    socket.write('PUT /transactions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"pay');
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.destroy();
    await noneInFlight(); // no hang: the gateway lets go of the request
    const reported = logged.splice(0);
    expect(reported).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------

describe('process health', () => {
  it('still answers, with no request in flight, no logged failure, nothing escaped and no prototype changed', async () => {
    const reply = await send('GET', '/chain/info');
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.text)).toHaveProperty('height');
    await noneInFlight();
    expect(logged).toEqual([]);
    expect(escaped).toEqual([]);
    checkPrototypes();
    // The WebSocket side is still up: the witness gets the next block.
    await witness.sync();
    while (witness.pending > 0) await witness.next();
    const height = chain.harvest().block.height;
    let frame = await witness.next();
    while (frame.topic !== 'block') frame = await witness.next(); // the unconfirmed fixture is confirmed first
    expect(frame.data.block.height).toBe(height);
  });
});
