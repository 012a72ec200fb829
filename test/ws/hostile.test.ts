/**
 * Hostile WebSocket input, as property tests (fast-check): random text and JSON frames,
 * subscribe/unsubscribe messages with any uid and any value, binary, oversized, fragmented
 * and invalid UTF-8 frames, floods, and raw bytes that break the framing itself.
 *
 * For every session: the process does not crash; every frame the server sends after the
 * `{uid}` frame is a text frame of exactly {topic, data}, or the socket is closed with a code
 * the listener (or, for a broken frame, ws under RFC 6455) sends and a reason of at most 123
 * bytes; the connection is released (no leaked connection or subscription); and a witness
 * client, connected throughout, keeps its subscription and receives the next block.
 *
 * fast-check prints the seed and the shrunk counterexample of a failure.
 */
import { once } from 'node:events';
import http from 'node:http';
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import type { Duplex } from 'node:stream';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { type RawData } from 'ws';
import { startGateway, type TestServer } from '../support/server.js';
import { transfer } from '../support/signing.js';
import { Client, openSockets } from '../support/ws-client.js';
import { jsonErrorOf, parseAnswer } from '../support/ws-hub.js';
import type { InMemoryChain } from '../../src/in-memory-chain.js';

let server: TestServer & { chain: InMemoryChain };
let chain: InMemoryChain;
/** Subscribed to `block` from the start to the end: the client the attacks must not disturb. */
let witness: Client;
const logged: unknown[] = [];

const escaped: { kind: string; error: unknown }[] = [];
const onRejection = (error: unknown) => escaped.push({ kind: 'unhandledRejection', error });
const onException = (error: unknown) => escaped.push({ kind: 'uncaughtException', error });
const protoKeys = Reflect.ownKeys(Object.prototype).map(String).sort().join();

const CHANNELS = ['block', 'finalizedBlock', 'confirmedAdded', 'unconfirmedAdded', 'unconfirmedRemoved', 'partialAdded', 'partialRemoved', 'cosignature', 'status'];
const MAX_PAYLOAD = 4096;
const MAX_REASON_BYTES = 123;
/** Close codes the listener sends: going away, policy violation, message too big, internal error (and 1000 echoed). */
const LISTENER_CODES = [1000, 1001, 1008, 1009, 1011];

beforeAll(async () => {
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);
  server = await startGateway({ logger: { error: (message, error) => logged.push({ message, error }) } });
  chain = server.chain;
  witness = await Client.connect(server.wsUrl);
  await witness.subscribe('block');
});

afterAll(async () => {
  for (const socket of openSockets.splice(0)) socket.terminate();
  await server.close();
  process.off('unhandledRejection', onRejection);
  process.off('uncaughtException', onException);
  expect(escaped).toEqual([]);
});

function short(text: string, max = 200): string {
  return text.length > max ? `${text.slice(0, max)}... (${text.length} chars)` : text;
}

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  return Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls until `done()` or 2 s passed; throws `why()` then. */
async function until(done: () => boolean, why: () => string): Promise<void> {
  for (let i = 0; i < 200 && !done(); i++) await delay(10);
  if (!done()) throw new Error(why());
}

/** The hub holds the witness alone again: every hostile connection and its topics are gone. */
async function onlyWitnessLeft(): Promise<void> {
  const hub = server.gateway.hub;
  await until(
    () => hub.connectionCount === 1,
    () => `${hub.connectionCount} connections 2 s after every hostile client was gone`,
  );
  if (hub.topicCount !== 1 || hub.subscriberCount('block') !== 1) {
    throw new Error(`subscriptions leaked or the witness lost its own: ${hub.topicCount} topics, ${hub.subscriberCount('block')} on block`);
  }
}

/** Harvests a block and checks the witness gets it, and nothing else. */
async function witnessGetsNextBlock(): Promise<void> {
  const height = chain.harvest().block.height;
  const frame = await witness.next();
  if (frame.topic !== 'block' || frame.data?.block?.height !== height) throw new Error(`the witness got ${short(JSON.stringify(frame))}, not block ${height}`);
  if (witness.pending !== 0) throw new Error(`the witness got ${witness.pending} unexpected frame(s)`);
}

function checkProcess(): void {
  if (escaped.length > 0) throw new Error(`${escaped[0].kind}: ${String(escaped[0].error)}`);
  if (logged.length > 0) throw new Error(`the gateway logged an error: ${JSON.stringify(logged[0])}`);
  if (Reflect.ownKeys(Object.prototype).map(String).sort().join() !== protoKeys || ({} as Record<string, unknown>).polluted !== undefined) {
    throw new Error('Object.prototype was polluted');
  }
}

/** Checks the uid frame: a text frame of exactly {uid: 40 uppercase hex}. */
function checkUidFrame(frame: { data: Buffer; isBinary: boolean } | undefined): string {
  if (!frame || frame.isBinary) throw new Error('the first frame is missing or binary');
  const message = JSON.parse(frame.data.toString('utf8'));
  if (Object.keys(message).join() !== 'uid' || !/^[0-9A-F]{40}$/.test(message.uid)) throw new Error(`the first frame is not {uid}: ${short(frame.data.toString())}`);
  return message.uid;
}

/** Checks a frame after the uid frame: text, JSON, exactly {topic: string, data}. */
function checkNotification(frame: { data: Buffer; isBinary: boolean }): void {
  if (frame.isBinary) throw new Error(`the server sent a binary frame: ${frame.data.toString('hex').slice(0, 80)}`);
  let message: any;
  try {
    message = JSON.parse(frame.data.toString('utf8'));
  } catch {
    throw new Error(`the server sent a frame that is not JSON: ${short(frame.data.toString())}`);
  }
  const keys = message !== null && typeof message === 'object' && !Array.isArray(message) ? Object.keys(message).sort().join() : '';
  if (keys !== 'data,topic' || typeof message.topic !== 'string') throw new Error(`the server sent a frame that is not {topic, data}: ${short(frame.data.toString())}`);
}

// ---------------------------------------------------------------------------------------
// A hostile `ws` client session.

interface Session {
  socket: WebSocket;
  frames: { data: Buffer; isBinary: boolean }[];
  closed: Promise<{ code: number; reason: Buffer }>;
  closedWith?: { code: number; reason: Buffer };
  uid: string;
  /** The kind of the message a `fin: false` frame left open: the next frames continue it, whatever they are. */
  open?: 'text' | 'binary';
}

async function openSession(): Promise<Session> {
  const socket = new WebSocket(server.wsUrl);
  const frames: Session['frames'] = [];
  socket.on('message', (data, isBinary) => frames.push({ data: toBuffer(data), isBinary }));
  // The client may see errors of its own making (e.g. sending on a socket the server closed).
  socket.on('error', () => {});
  const session: Session = {
    socket,
    frames,
    uid: '',
    closed: new Promise((resolve) => socket.on('close', (code, reason) => resolve((session.closedWith = { code, reason })))),
  };
  await once(socket, 'open');
  await until(() => frames.length > 0, () => 'no uid frame within 2 s');
  session.uid = checkUidFrame(frames[0]);
  return session;
}

/** Resolves once the server handled every frame sent before (the pong follows them), or the socket closed. */
async function settle(session: Session): Promise<void> {
  const { socket } = session;
  if (socket.readyState === WebSocket.OPEN) {
    const pong = once(socket, 'pong').catch(() => undefined);
    try {
      socket.ping();
    } catch {
      // closing already
    }
    await Promise.race([pong, session.closed, delay(3_000)]);
  }
  // A close the server began completes its handshake within moments (ws answers a close frame at once).
  if (socket.readyState === WebSocket.CLOSING) await Promise.race([session.closed, delay(3_000)]);
}

type UidChoice = 'own' | 'witness' | 'own-lowercase' | 'own-padded' | 'none' | { json: string };

type Action =
  | { kind: 'events'; transfer: boolean }
  | { kind: 'subscribe'; topic: string }
  | { kind: 'text'; text: string }
  | { kind: 'message'; uid: UidChoice; members: [string, string][] }
  | { kind: 'binary'; bytes: Uint8Array }
  | { kind: 'oversized'; size: number; binary: boolean; valid: boolean }
  | { kind: 'fragmented'; text: string; cuts: number[]; binary: boolean; finish: boolean }
  | { kind: 'invalid-utf8'; bytes: readonly number[]; at: number }
  | { kind: 'burst'; count: number }
  | { kind: 'many'; count: number }
  | { kind: 'ping'; bytes: Uint8Array }
  | { kind: 'close'; code: number; reason: string };

const address = fc.constantFrom(0, 1, 2).map((i) => chain.fundedAccounts[i].address);
/** A topic value as JSON text: real channels and addresses, near misses, other types. */
const topic: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...CHANNELS).map((channel) => JSON.stringify(channel)) },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...CHANNELS), address).map(([channel, a]) => JSON.stringify(`${channel}/${a}`)) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...CHANNELS), fc.string()).map(([channel, rest]) => JSON.stringify(`${channel}/${rest}`)) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...CHANNELS), address).map(([channel, a]) => JSON.stringify(`${channel}/${a.toLowerCase()}`)) },
  { weight: 1, arbitrary: fc.string().map((text) => JSON.stringify(text)) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary' }).map((text) => JSON.stringify(text)) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value)) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '"__proto__"', '"constructor"', '"toString"', '"hasOwnProperty"', '"status/"', '"status//"', '"/"', '""', '"BLOCK"', '"block "', '" block"', '"block\\u0000"',
      '"block/"', `"status/${'A'.repeat(39)}"`, `"${'x'.repeat(3_000)}"`, `"status/${'\u00e9'.repeat(500)}"`, '1e400', '123456789012345678901234567890', '{"__proto__":{"polluted":1}}',
    ),
  },
);
const uidChoice: fc.Arbitrary<UidChoice> = fc.oneof(
  { weight: 5, arbitrary: fc.constant('own' as const) },
  { weight: 1, arbitrary: fc.constantFrom('witness' as const, 'own-lowercase' as const, 'own-padded' as const, 'none' as const) },
  { weight: 1, arbitrary: fc.oneof(fc.jsonValue({ maxDepth: 1 }), fc.string({ minLength: 40, maxLength: 40, unit: fc.constantFrom(...'0123456789ABCDEF') })).map((value) => ({ json: JSON.stringify(value) })) },
);
const memberKey = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('subscribe', 'unsubscribe') },
  { weight: 1, arbitrary: fc.constantFrom('uid', '__proto__', 'constructor', 'topic', 'data', 'SUBSCRIBE') },
  { weight: 1, arbitrary: fc.string() },
);
const message = fc.record({ uid: uidChoice, members: fc.array(fc.tuple(memberKey, topic), { maxLength: 3 }) }).map((fields) => ({ kind: 'message' as const, ...fields }));
const sendable = fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.json());

/** A valid subscription of this connection, so some hostile sessions hold topics when events go out. */
const subscribe = fc
  .oneof(
    { weight: 2, arbitrary: fc.constant('block') },
    { weight: 1, arbitrary: fc.constantFrom(...CHANNELS) },
    { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...CHANNELS.slice(2)), address).map(([channel, a]) => `${channel}/${a}`) },
  )
  .map((topic) => ({ kind: 'subscribe' as const, topic }));

const hostileAction: fc.Arbitrary<Action> = fc.oneof(
  { weight: 4, arbitrary: subscribe },
  { weight: 8, arbitrary: message },
  { weight: 2, arbitrary: fc.oneof(sendable, fc.string({ unit: 'binary' })).map((text) => ({ kind: 'text' as const, text })) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }).map((bytes) => ({ kind: 'binary' as const, bytes })) },
  { weight: 1, arbitrary: fc.record({ size: fc.integer({ min: MAX_PAYLOAD + 1, max: 40_000 }), binary: fc.boolean(), valid: fc.boolean() }).map((fields) => ({ kind: 'oversized' as const, ...fields })) },
  {
    weight: 2,
    arbitrary: fc
      .record({
        text: fc.oneof(fc.constant('SUBSCRIBE'), sendable, fc.integer({ min: 1_000, max: 6_000 }).map((n) => 'x'.repeat(n))),
        cuts: fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
        binary: fc.boolean(),
        finish: fc.boolean(),
      })
      .map((fields) => ({ kind: 'fragmented' as const, ...fields })),
  },
  { weight: 1, arbitrary: fc.record({ bytes: fc.constantFrom([0xff], [0xc0, 0x80], [0xe0, 0xa4], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0x80]), at: fc.nat() }).map((fields) => ({ kind: 'invalid-utf8' as const, ...fields })) },
  { weight: 1, arbitrary: fc.integer({ min: 150, max: 400 }).map((count) => ({ kind: 'burst' as const, count })) },
  { weight: 1, arbitrary: fc.integer({ min: 95, max: 110 }).map((count) => ({ kind: 'many' as const, count })) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 125 }).map((bytes) => ({ kind: 'ping' as const, bytes })) },
  { weight: 1, arbitrary: fc.record({ code: fc.constantFrom(1000, 3000, 4000, 4999), reason: fc.string({ maxLength: 30 }) }).map((fields) => ({ kind: 'close' as const, ...fields })) },
);

const events = fc.boolean().map((transfer) => ({ kind: 'events' as const, transfer }));
/** Valid subscriptions first (so events have somewhere to go), then up to 6 hostile actions or chain events. */
const sessionPlan: fc.Arbitrary<Action[]> = fc
  .tuple(fc.array(subscribe, { maxLength: 4 }), fc.array(fc.oneof({ weight: 3, arbitrary: hostileAction }, { weight: 1, arbitrary: events }), { maxLength: 6 }))
  .map(([subscriptions, actions]) => [...subscriptions, ...actions])
  .filter((actions) => actions.some((step) => step.kind !== 'events'));

function uidText(choice: UidChoice, session: Session): string | undefined {
  switch (choice) {
    case 'own': return JSON.stringify(session.uid);
    case 'witness': return JSON.stringify(witness.uid);
    case 'own-lowercase': return JSON.stringify(session.uid.toLowerCase());
    case 'own-padded': return JSON.stringify(` ${session.uid}`);
    case 'none': return undefined;
    default: return choice.json;
  }
}

function messageText(action: Extract<Action, { kind: 'message' }>, session: Session): string {
  const uid = uidText(action.uid, session);
  const members = [...(uid === undefined ? [] : [`"uid":${uid}`]), ...action.members.map(([key, value]) => `${JSON.stringify(key)}:${value}`)];
  return `{${members.join(',')}}`;
}

/** Performs one action; returns what it may make the server answer with, beyond the listener's own codes. */
function perform(action: Action, session: Session): { codes?: number[]; anyCode?: boolean } {
  const open = session.open;
  if (action.kind === 'events') return {};
  const expects = send(action, session);
  // A text message left open may end mid-character, and binary bytes may follow: whatever continues it can make
  // its UTF-8 invalid, which ws refuses with 1007.
  const bytesIntoText = open === 'text' && action.kind !== 'ping' && action.kind !== 'close';
  if (action.kind !== 'ping' && action.kind !== 'close') session.open = action.kind === 'fragmented' && !action.finish ? (open ?? (action.binary ? 'binary' : 'text')) : undefined;
  return bytesIntoText ? { ...expects, codes: [...(expects.codes ?? []), 1007] } : expects;
}

function send(action: Action, session: Session): { codes?: number[]; anyCode?: boolean } {
  const { socket } = session;
  switch (action.kind) {
    case 'events':
      return {};
    case 'subscribe':
      socket.send(JSON.stringify({ uid: session.uid, subscribe: action.topic }));
      return {};
    case 'text':
      socket.send(action.text);
      return {};
    case 'message':
      socket.send(messageText(action, session));
      return {};
    case 'binary':
      socket.send(action.bytes, { binary: true });
      return {};
    case 'oversized': {
      const padding = 'x'.repeat(action.size);
      const text = action.valid ? `{"uid":${JSON.stringify(session.uid)},"subscribe":"block","pad":"${padding}"}` : padding;
      socket.send(action.binary ? Buffer.from(text) : text, { binary: action.binary });
      return {};
    }
    case 'fragmented': {
      // A subscribe message of this connection, or any text, cut into pieces at byte offsets (a multi-byte character may be split).
      const text = action.text === 'SUBSCRIBE' ? `{"uid":${JSON.stringify(session.uid)},"subscribe":"block"}` : action.text;
      const bytes = Buffer.from(text);
      const cuts = [...new Set(action.cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
      let start = 0;
      for (const cut of cuts) {
        socket.send(bytes.subarray(start, cut), { binary: action.binary, fin: false });
        start = cut;
      }
      // Unfinished, the message stays open on the server; later frames of the session continue it.
      if (action.finish) socket.send(bytes.subarray(start), { binary: action.binary, fin: true });
      return {};
    }
    case 'invalid-utf8': {
      const text = Buffer.from(`{"uid":${JSON.stringify(session.uid)},"subscribe":"block"}`);
      const cut = action.at % (text.length + 1);
      socket.send(Buffer.concat([text.subarray(0, cut), Buffer.from(action.bytes), text.subarray(cut)]), { binary: false });
      // ws refuses a text message that is not UTF-8 with 1007 (RFC 6455 section 8.1).
      return { codes: [1007] };
    }
    case 'burst': {
      const text = `{"uid":${JSON.stringify(session.uid)},"unsubscribe":"block"}`;
      for (let i = 0; i < action.count; i++) socket.send(text);
      return {};
    }
    case 'many': {
      // Distinct valid topics, up to past maxSubscriptions (100): every address channel for every chain account.
      const addresses = [chain.nemesisAccount, chain.nodeAccount, ...chain.fundedAccounts, ...chain.harvesters].map((account) => account.address);
      const topics = ['block', 'finalizedBlock', ...CHANNELS.slice(2).flatMap((channel) => addresses.map((a) => `${channel}/${a}`))];
      for (const topic of topics.slice(0, action.count)) socket.send(JSON.stringify({ uid: session.uid, subscribe: topic }));
      return {};
    }
    case 'ping':
      socket.ping(action.bytes);
      return {};
    case 'close':
      socket.close(action.code, action.reason.slice(0, 30));
      // The server answers the client's own close with the client's code.
      return { anyCode: true };
  }
}

// ---------------------------------------------------------------------------------------

describe('hostile WebSocket frames', () => {
  it('never crash the server, never get a frame but {topic, data}, close with a listener code, and leave the other clients served', async () => {
    const harvestedBlocks: string[] = [];
    let notifications = 0;
    const closeCodes = new Map<number, number>();
    const BLOCK: Action = { kind: 'events', transfer: false };
    const TRANSFER: Action = { kind: 'events', transfer: true };
    const examples: [Action[]][] = [
      [[{ kind: 'message', uid: 'witness', members: [['subscribe', '"block"']] }, BLOCK]],
      [[{ kind: 'message', uid: 'witness', members: [['unsubscribe', '"block"']] }, BLOCK]],
      [[{ kind: 'message', uid: { json: '{"__proto__":{"polluted":1}}' }, members: [['subscribe', '"block"']] }]],
      [[{ kind: 'message', uid: 'own', members: [['subscribe', '"__proto__"']] }]],
      [[{ kind: 'message', uid: 'own', members: [['__proto__', '{"subscribe":"block"}']] }]],
      [[{ kind: 'subscribe', topic: 'block' }, BLOCK, { kind: 'binary', bytes: new Uint8Array([1, 2, 3]) }, BLOCK]],
      [[{ kind: 'subscribe', topic: `unconfirmedAdded/${chain.fundedAccounts[0].address}` }, { kind: 'subscribe', topic: 'confirmedAdded' }, TRANSFER]],
      [[{ kind: 'oversized', size: MAX_PAYLOAD + 1, binary: false, valid: true }]],
      [[{ kind: 'fragmented', text: 'SUBSCRIBE', cuts: [5, 20], binary: false, finish: true }, BLOCK]],
      [[{ kind: 'fragmented', text: 'x'.repeat(5_000), cuts: [4_000], binary: false, finish: true }]],
      [[{ kind: 'text', text: 'not json' }]],
      [[{ kind: 'invalid-utf8', bytes: [0xff], at: 3 }]],
      [[{ kind: 'burst', count: 250 }]],
      [[{ kind: 'many', count: 101 }, BLOCK]],
    ];
    await fc.assert(
      fc.asyncProperty(sessionPlan, async (actions) => {
        const session = await openSession();
        const allowed = new Set(LISTENER_CODES);
        let anyCode = false;
        try {
          for (const step of actions) {
            if (step.kind === 'events') {
              // The chain moves on, hostile client or not: a transfer (unconfirmedAdded, then confirmedAdded and
              // unconfirmedRemoved for a0 and a1) and its block, or a block alone. Subscribed, the client gets them too.
              await settle(session);
              if (step.transfer) {
                const reply = await server.request('PUT', '/transactions', { body: transfer(chain, chain.fundedAccounts[0], chain.fundedAccounts[1]).body, headers: { 'content-type': 'application/json' } });
                if (reply.status !== 202) throw new Error(`a valid transfer answered ${reply.status}`);
              }
              harvestedBlocks.push(chain.harvest().block.height);
              continue;
            }
            if (session.socket.readyState !== WebSocket.OPEN) continue;
            const expects = perform(step, session);
            for (const code of expects.codes ?? []) allowed.add(code);
            anyCode ||= expects.anyCode === true;
          }
          await settle(session);
          notifications += session.frames.length - 1;
          for (const frame of session.frames.slice(1)) checkNotification(frame);
          const closed = session.closedWith;
          if (closed) {
            closeCodes.set(closed.code, (closeCodes.get(closed.code) ?? 0) + 1);
            if (!anyCode && !allowed.has(closed.code)) throw new Error(`closed with ${closed.code} '${closed.reason}', not one of ${[...allowed]}`);
            if (closed.reason.length > MAX_REASON_BYTES) throw new Error(`a close reason of ${closed.reason.length} bytes`);
          }
        } finally {
          session.socket.terminate();
        }
        await onlyWitnessLeft();
        // The witness saw exactly the blocks harvested, in order, and nothing else.
        for (const height of harvestedBlocks.splice(0)) {
          const frame = await witness.next();
          if (frame.topic !== 'block' || frame.data.block.height !== height) throw new Error(`the witness got ${short(JSON.stringify(frame))}, not block ${height}`);
        }
        checkProcess();
      }),
      { numRuns: 200, examples },
    );
    // The generators reached the listener's refusals and the message size limit.
    expect([...closeCodes.keys()]).toEqual(expect.arrayContaining([1007, 1008, 1009]));
    expect(notifications).toBeGreaterThan(0);
    await witnessGetsNextBlock();
  }, 60_000);
});

// ---------------------------------------------------------------------------------------
// Raw bytes after the handshake: frames a `ws` client would never send.

/** Completes the handshake by hand; the socket and the bytes the server sent after its 101 (the uid frame, maybe). */
function rawUpgrade(url: string): Promise<{ socket: Duplex; received: Buffer[] }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url.replace(/^ws/, 'http'), {
      headers: { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-key': randomBytes(16).toString('base64'), 'sec-websocket-version': '13' },
    });
    req.on('upgrade', (_res, socket, head) => {
      const received: Buffer[] = head.length > 0 ? [head] : [];
      socket.on('data', (chunk: Buffer) => received.push(chunk));
      socket.on('error', () => {});
      resolve({ socket, received });
    });
    req.on('response', (res) => reject(new Error(`upgrade answered ${res.statusCode}`)));
    req.on('error', reject);
    req.end();
  });
}

interface RawFrame {
  fin: boolean;
  rsv: number;
  opcode: number;
  masked: boolean;
  payload: Uint8Array;
  /** How the length is written: shortest form, a longer form than needed, or a lie (a declared length the payload does not have). */
  length: 'shortest' | '16' | '64' | { declared: bigint };
}

/** Serializes a client frame (masked unless told otherwise). */
function encodeFrame(frame: RawFrame): Buffer {
  const payload = Buffer.from(frame.payload);
  const size = typeof frame.length === 'object' ? frame.length.declared : BigInt(payload.length);
  const form = typeof frame.length === 'object' ? (size < 126n ? 'shortest' : size < 65_536n ? '16' : '64') : frame.length === 'shortest' ? (size < 126n ? 'shortest' : size < 65_536n ? '16' : '64') : frame.length;
  const head = [((frame.fin ? 0x80 : 0) | ((frame.rsv & 7) << 4) | (frame.opcode & 0x0f)) & 0xff];
  const mask = frame.masked ? 0x80 : 0;
  let length: Buffer;
  if (form === 'shortest') length = Buffer.from([mask | Number(size)]);
  else if (form === '16') {
    length = Buffer.alloc(3);
    length[0] = mask | 126;
    length.writeUInt16BE(Number(size & 0xffffn), 1);
  } else {
    length = Buffer.alloc(9);
    length[0] = mask | 127;
    length.writeBigUInt64BE(size & 0xffff_ffff_ffff_ffffn, 1);
  }
  if (!frame.masked) return Buffer.concat([Buffer.from(head), length, payload]);
  const key = randomBytes(4);
  const masked = Buffer.from(payload.map((byte, i) => byte ^ key[i & 3]));
  return Buffer.concat([Buffer.from(head), length, key, masked]);
}

/** Reads the server's frames (unmasked) out of the bytes it sent. */
function decodeFrames(bytes: Buffer): { opcode: number; payload: Buffer }[] {
  const frames: { opcode: number; payload: Buffer }[] = [];
  let at = 0;
  while (at + 2 <= bytes.length) {
    const opcode = bytes[at] & 0x0f;
    if ((bytes[at + 1] & 0x80) !== 0) throw new Error('the server sent a masked frame');
    let size = bytes[at + 1] & 0x7f;
    let start = at + 2;
    if (size === 126) {
      size = bytes.readUInt16BE(at + 2);
      start = at + 4;
    } else if (size === 127) {
      size = Number(bytes.readBigUInt64BE(at + 2));
      start = at + 10;
    }
    if (start + size > bytes.length) break; // cut off when the connection ended
    frames.push({ opcode, payload: bytes.subarray(start, start + size) });
    at = start + size;
  }
  return frames;
}

const SYNC_PING: RawFrame = { fin: true, rsv: 0, opcode: 0x9, masked: true, payload: Buffer.from('sync'), length: 'shortest' };

describe('hostile raw frames', () => {
  /** A frame any client could send: final, masked, text or binary, holding JSON or text. */
  const wellFormed: fc.Arbitrary<RawFrame> = fc.record({
    fin: fc.constant(true),
    rsv: fc.constant(0),
    opcode: fc.constantFrom(0x1, 0x1, 0x2),
    masked: fc.constant(true),
    payload: fc.oneof(fc.json(), fc.string(), fc.constant('{"uid":"0","subscribe":"block"}')).map((text) => Buffer.from(text)),
    length: fc.constantFrom('shortest' as const, '64' as const),
  });
  const anyFrame: fc.Arbitrary<RawFrame> = fc.record({
    fin: fc.boolean(),
    rsv: fc.oneof({ weight: 4, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 7 }) }),
    opcode: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(0x0, 0x1, 0x2, 0x8, 0x9, 0xa) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 15 }) }),
    masked: fc.oneof({ weight: 6, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
    payload: fc.oneof(
      fc.uint8Array({ maxLength: 140 }),
      fc.json().map((text) => Buffer.from(text)),
      fc.constantFrom(Buffer.from([0x03, 0xe8]), Buffer.from([0x03, 0xe8, 0xff]), Buffer.from([0x00, 0x00]), Buffer.from([0x13, 0x88])),
    ),
    length: fc.oneof(
      { weight: 6, arbitrary: fc.constant('shortest' as const) },
      { weight: 1, arbitrary: fc.constantFrom('16' as const, '64' as const) },
      { weight: 1, arbitrary: fc.constantFrom(4_097n, 65_536n, 2n ** 53n + 1n, 2n ** 63n - 1n, 2n ** 63n, 2n ** 64n - 1n).map((declared) => ({ declared })) },
    ),
  });
  const garbage = fc.uint8Array({ minLength: 1, maxLength: 300 }).map((bytes) => Buffer.from(bytes));
  const stream = fc.oneof(
    { weight: 3, arbitrary: fc.array(fc.oneof(wellFormed, anyFrame), { minLength: 1, maxLength: 4 }).map((frames) => Buffer.concat(frames.map(encodeFrame))) },
    { weight: 1, arbitrary: garbage },
  );

  it('a stream of broken frames or random bytes gets a close with a valid code, never a crash, and the others are still served', async () => {
    const allowed = new Set([...LISTENER_CODES, 1002, 1007]);
    await fc.assert(
      fc.asyncProperty(stream, fc.nat(), async (bytes, split) => {
        const { socket, received } = await rawUpgrade(server.wsUrl);
        const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
        try {
          // In two writes, so a frame may be cut across TCP segments; then a ping, answered if the stream still parses.
          const cut = split % (bytes.length + 1);
          socket.write(bytes.subarray(0, cut));
          await delay(0);
          socket.write(Buffer.concat([bytes.subarray(cut), encodeFrame(SYNC_PING)]));
          const answered = () => decodeFrames(Buffer.concat(received)).some((frame) => frame.opcode === 0xa || frame.opcode === 0x8);
          for (let i = 0; i < 10 && !answered(); i++) await Promise.race([ended, delay(10)]);
          const frames = decodeFrames(Buffer.concat(received));
          if (frames.length === 0 || frames[0].opcode !== 0x1) throw new Error('no uid frame');
          checkUidFrame({ data: frames[0].payload, isBinary: false });
          // The client may itself have sent a valid close frame, which the server echoes with its code.
          const sentClose = bytes.includes(0x88);
          for (const frame of frames.slice(1)) {
            if (frame.opcode === 0x1) checkNotification({ data: frame.payload, isBinary: false });
            else if (frame.opcode === 0x8) {
              const code = frame.payload.length >= 2 ? frame.payload.readUInt16BE(0) : 1005;
              if (!sentClose && !allowed.has(code)) throw new Error(`closed with ${code} '${frame.payload.subarray(2)}'`);
              if (frame.payload.length - 2 > MAX_REASON_BYTES) throw new Error('a close reason over 123 bytes');
            } else if (frame.opcode !== 0xa) {
              throw new Error(`the server sent a frame with opcode ${frame.opcode}`);
            }
          }
        } finally {
          socket.destroy();
        }
        await onlyWitnessLeft();
        checkProcess();
      }),
      { numRuns: 200 },
    );
    await witnessGetsNextBlock();
  }, 60_000);
});

// ---------------------------------------------------------------------------------------
// Hostile handshakes: upgrade requests with missing, malformed or odd headers, to any path.

describe('hostile handshakes', () => {
  /** A header as a client sends it (most often), malformed, or missing. */
  const header = (name: string, valid: string | undefined, malformed: string[]) =>
    fc.oneof(
      { weight: 5, arbitrary: fc.constant(valid) },
      { weight: 2, arbitrary: fc.constantFrom(...malformed) },
      { weight: 1, arbitrary: fc.constant(undefined) },
    ).map((value) => (value === undefined ? undefined : `${name}: ${value}`));
  const handshake = fc
    .record({
      method: fc.constantFrom('GET', 'GET', 'GET', 'GET', 'POST', 'HEAD', 'OPTIONS'),
      path: fc.oneof({ weight: 4, arbitrary: fc.constant('/ws') }, { weight: 2, arbitrary: fc.constantFrom('/ws?uid=1', '/ws/', '/WS', '/ws%00', '/ws/..', '//ws', '/blocks', '/chain/info', '/nope', '*') }),
      connection: header('Connection', 'Upgrade', ['upgrade', 'Upgrade, keep-alive', 'keep-alive', 'close', 'Upgrade, HTTP2-Settings']),
      upgrade: header('Upgrade', 'websocket', ['WebSocket', 'h2c', 'websocket, h2c', 'tls/1.0', '']),
      version: header('Sec-WebSocket-Version', '13', ['8', '7', '14', '', 'abc', '13, 8', '99999999999999999999']),
      key: header('Sec-WebSocket-Key', randomBytes(16).toString('base64'), ['short', '', '====================', 'dGhlIHNhbXBsZSBub25jZQ==, dGhlIHNhbXBsZSBub25jZQ==', 'dGhlIHNhbXBsZSBub25jZQ']),
      protocol: header('Sec-WebSocket-Protocol', undefined, ['a', 'a,,b', ' ', 'a b', 'x'.repeat(2_000)]),
      extensions: header('Sec-WebSocket-Extensions', undefined, ['permessage-deflate', 'permessage-deflate; client_max_window_bits=100', 'x-unknown', ';;;', 'permessage-deflate; server_max_window_bits']),
      origin: header('Origin', undefined, ['null', 'https://evil.example', '\u00ff']),
      extra: fc.array(fc.tuple(fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,20}$/), fc.stringMatching(/^[ -~]{0,40}$/)), { maxLength: 3 }),
    })
    .map(({ method, path, extra, ...headers }) => {
      const lines = [`${method} ${path} HTTP/1.1`, 'Host: x', ...Object.values(headers).filter((line): line is string => line !== undefined), ...extra.map(([name, value]) => `${name}: ${value}`)];
      return `${lines.join('\r\n')}\r\n\r\n`;
    });

  /** The response head the server wrote (or '' when it closed without one) and the bytes after it. */
  function exchange(request: string): Promise<{ head: string; after: Buffer }> {
    return new Promise((resolve) => {
      const socket = net.connect(Number(new URL(server.origin).port), '127.0.0.1', () => socket.write(request, 'latin1'));
      const chunks: Buffer[] = [];
      const finish = () => {
        clearTimeout(timer);
        socket.destroy();
        const bytes = Buffer.concat(chunks);
        const end = bytes.indexOf('\r\n\r\n');
        resolve(end === -1 ? { head: bytes.toString('latin1'), after: Buffer.alloc(0) } : { head: bytes.subarray(0, end).toString('latin1'), after: bytes.subarray(end + 4) });
      };
      // A 101 is followed by the uid frame; an HTTP answer by its whole body or the close. 300 ms is plenty on loopback.
      const timer = setTimeout(finish, 300);
      socket.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        const bytes = Buffer.concat(chunks);
        const end = bytes.indexOf('\r\n\r\n');
        if (end === -1) return;
        const head = bytes.subarray(0, end).toString('latin1');
        if (bytes.length - end - 4 >= (head.startsWith('HTTP/1.1 101') ? 1 : bodyLength(head, request))) setTimeout(finish, 5);
      });
      socket.on('error', () => {});
      socket.on('close', finish);
    });
  }

  /** Bytes of body the answer `head` announces: none to HEAD or for a 204, else its Content-Length (unknown: wait for the close). */
  function bodyLength(head: string, request: string): number {
    const { status, headers } = parseAnswer(head, Buffer.alloc(0));
    if (request.startsWith('HEAD ') || status === 204 || status === 304) return 0;
    return headers['content-length'] === undefined ? Infinity : Number(headers['content-length']);
  }

  it('any upgrade request is answered 101 (with the uid frame) or 4xx with a {code, message} JSON body; never a 5xx, never a crash, no connection kept', async () => {
    await fc.assert(
      fc.asyncProperty(handshake, async (request) => {
        const { head, after } = await exchange(request);
        const answer = parseAnswer(head, after);
        const { status } = answer;
        const where = `'${short(head.split('\r\n')[0] ?? '')}' to ${JSON.stringify(request.slice(0, 300))}`;
        if (!(status >= 100 && status < 500)) throw new Error(`answered ${where}`);
        if (status === 101) {
          const frames = decodeFrames(after);
          checkUidFrame(frames[0] && { data: frames[0].payload, isBinary: frames[0].opcode !== 0x1 });
        } else if (status >= 400) {
          // A refused handshake (by ws, by the hub, or node's parser), or an h2c offer served as the request it also is.
          try {
            jsonErrorOf(answer, request.startsWith('HEAD '));
          } catch (error) {
            throw new Error(`answered ${where}: ${(error as Error).message}`);
          }
        } else if (after.length > 0 && answer.headers['content-type'] !== 'application/json; charset=utf-8') {
          throw new Error(`answered a body that is not JSON, ${where}`);
        }
        await onlyWitnessLeft();
        checkProcess();
      }),
      { numRuns: 150 },
    );
    await witnessGetsNextBlock();
  }, 60_000);
});

// ---------------------------------------------------------------------------------------

describe('process health', () => {
  it('a fresh client connects, subscribes to block and gets the next block; nothing escaped', async () => {
    const fresh = await Client.connect(server.wsUrl);
    await fresh.subscribe('block');
    const height = chain.harvest().block.height;
    expect(await fresh.next()).toMatchObject({ topic: 'block', data: { block: { height } } });
    expect(await witness.next()).toMatchObject({ topic: 'block', data: { block: { height } } });
    fresh.socket.close();
    await fresh.closed;
    const reply = await server.request('GET', '/chain/info');
    expect(reply.status).toBe(200);
    expect(reply.body.height).toBe(height);
    expect(escaped).toEqual([]);
    expect(logged).toEqual([]);
    checkProcess();
  });
});
