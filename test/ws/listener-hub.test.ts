import { once } from 'node:events';
import http from 'node:http';
import type { Duplex } from 'node:stream';
import { PrivateKey } from 'symbol-sdk';
import { KeyPair, Network } from 'symbol-sdk/symbol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { ADDRESS_CHANNELS, CHANNELS, type ChainEvent } from '../../src/backend/events.js';
import { ListenerHub } from '../../src/ws/listener-hub.js';
import { openSockets } from '../support/ws-client.js';
import { failedUpgrade, onStop, rawUpgrade, startHub, stopHubs, TestFeed } from '../support/ws-hub.js';

/** A real address of the network, derived from a repeated-byte private key. */
function addressOf(byte: string, network = Network.TESTNET): string {
  return network.publicKeyToAddress(new KeyPair(new PrivateKey(byte.repeat(32))).publicKey).toString();
}

const ALICE = addressOf('11');
const BOB = addressOf('22');
const MAINNET_CAROL = addressOf('33', Network.MAINNET);

/** Every client socket a test opened; terminated after each test. */
const sockets = openSockets;

afterEach(stopHubs);

function event(channel: ChainEvent['channel'], addresses: string[], data: unknown = { channel, n: 1 }): ChainEvent {
  return { channel, addresses, data };
}

describe('connecting', () => {
  it('sends {uid} as the first frame: 40 hex characters, different on every connection', async () => {
    const { connect } = await startHub();
    const [first, second] = await Promise.all([connect(), connect()]);
    expect(first.uid).toMatch(/^[0-9A-F]{40}$/);
    expect(second.uid).toMatch(/^[0-9A-F]{40}$/);
    expect(first.uid).not.toBe(second.uid);
    expect(first.pending).toBe(0);
  });

  it('counts open connections and forgets closed ones', async () => {
    const { hub, connect } = await startHub();
    const [first, second] = await Promise.all([connect(), connect()]);
    expect(hub.connectionCount).toBe(2);
    first.socket.close();
    second.socket.close();
    await Promise.all([first.closed, second.closed]);
    await vi.waitFor(() => expect(hub.connectionCount).toBe(0));
  });

  it('ignores the query string of the upgrade path', async () => {
    const { connect } = await startHub();
    const client = await connect('/ws?client=sdk');
    expect(client.uid).toMatch(/^[0-9A-F]{40}$/);
  });

  it('serves a configured path', async () => {
    const { connect, origin } = await startHub({ path: '/listener' });
    expect((await connect('/listener')).uid).toMatch(/^[0-9A-F]{40}$/);
    expect(await failedUpgrade(`${origin}/ws`)).toMatch(/400/);
  });
});

describe('subscribe and publish', () => {
  it.each(CHANNELS)('delivers every %s event to a bare subscriber', async (channel) => {
    const { feed, connect } = await startHub();
    const client = await connect();
    await client.subscribe(channel);
    feed.emit(event(channel, ADDRESS_CHANNELS.has(channel) ? [ALICE] : []));
    expect(await client.next()).toEqual({ topic: channel, data: { channel, n: 1 } });
  });

  it.each([...ADDRESS_CHANNELS])('delivers %s/<address> events for that address, topic as subscribed', async (channel) => {
    const { feed, connect } = await startHub();
    const client = await connect();
    await client.subscribe(`${channel}/${ALICE}`);
    feed.emit(event(channel, [BOB, ALICE]));
    expect(await client.next()).toEqual({ topic: `${channel}/${ALICE}`, data: { channel, n: 1 } });
  });

  it('accepts a mainnet address', async () => {
    const { hub, connect } = await startHub();
    const client = await connect();
    await client.subscribe(`status/${MAINNET_CAROL}`);
    hub.publish(event('status', [MAINNET_CAROL], { code: 'Failure_Core_Insufficient_Balance' }));
    expect(await client.next()).toEqual({ topic: `status/${MAINNET_CAROL}`, data: { code: 'Failure_Core_Insufficient_Balance' } });
  });

  it('does not deliver an event for another address', async () => {
    const { hub, connect } = await startHub();
    const client = await connect();
    await client.subscribe(`confirmedAdded/${ALICE}`);
    hub.publish(event('confirmedAdded', [BOB], { to: 'bob' }));
    hub.publish(event('unconfirmedAdded', [ALICE], { channel: 'other' }));
    hub.publish(event('confirmedAdded', [ALICE], { to: 'alice' }));
    // Frames of one socket arrive in order, so the first frame being Alice's proves Bob's was never sent.
    expect(await client.next()).toEqual({ topic: `confirmedAdded/${ALICE}`, data: { to: 'alice' } });
  });

  it('sends one frame per topic to a socket subscribed bare and by address', async () => {
    const { hub, connect } = await startHub();
    const client = await connect();
    await client.subscribe('partialAdded', `partialAdded/${ALICE}`);
    hub.publish(event('partialAdded', [ALICE], { n: 7 }));
    const frames = [await client.next(), await client.next()];
    expect(frames).toEqual([
      { topic: 'partialAdded', data: { n: 7 } },
      { topic: `partialAdded/${ALICE}`, data: { n: 7 } },
    ]);
  });

  it('sends one frame when the event names the address twice', async () => {
    const { hub, connect } = await startHub();
    const client = await connect();
    await client.subscribe(`confirmedAdded/${ALICE}`);
    hub.publish(event('confirmedAdded', [ALICE, ALICE], { first: true }));
    hub.publish(event('confirmedAdded', [ALICE], { first: false }));
    expect(await client.next()).toEqual({ topic: `confirmedAdded/${ALICE}`, data: { first: true } });
    expect(await client.next()).toEqual({ topic: `confirmedAdded/${ALICE}`, data: { first: false } });
  });

  it('delivers to every subscriber of a topic', async () => {
    const { hub, connect } = await startHub();
    const clients = await Promise.all([connect(), connect(), connect()]);
    for (const client of clients) await client.subscribe('block');
    expect(hub.subscriberCount('block')).toBe(3);
    hub.publish(event('block', [], { height: '2' }));
    for (const client of clients) expect(await client.next()).toEqual({ topic: 'block', data: { height: '2' } });
  });

  it('stops delivery after unsubscribe', async () => {
    const { hub, connect } = await startHub();
    const client = await connect();
    await client.subscribe('block', 'finalizedBlock');
    await client.unsubscribe('block');
    expect(hub.subscriberCount('block')).toBe(0);
    hub.publish(event('block', [], { height: '2' }));
    hub.publish(event('finalizedBlock', [], { height: '1' }));
    expect(await client.next()).toEqual({ topic: 'finalizedBlock', data: { height: '1' } });
  });

  it('treats a duplicate subscribe as one subscription: one frame per event', async () => {
    const { hub, connect } = await startHub();
    const client = await connect();
    await client.subscribe('block', 'block');
    expect(hub.subscriberCount('block')).toBe(1);
    hub.publish(event('block', [], { height: '2' }));
    hub.publish(event('block', [], { height: '3' }));
    expect(await client.next()).toEqual({ topic: 'block', data: { height: '2' } });
    expect(await client.next()).toEqual({ topic: 'block', data: { height: '3' } });
  });

  it('ignores unsubscribe of a topic it does not hold, and keeps the socket open', async () => {
    const { hub, connect } = await startHub();
    const client = await connect();
    await client.unsubscribe('block', `status/${ALICE}`, 'not a channel');
    expect(client.socket.readyState).toBe(WebSocket.OPEN);
    await client.subscribe('block');
    hub.publish(event('block', [], { height: '2' }));
    expect(await client.next()).toEqual({ topic: 'block', data: { height: '2' } });
  });

  it('serializes the data of an event once for every socket and topic', async () => {
    const { hub, connect } = await startHub();
    const [first, second, third] = await Promise.all([connect(), connect(), connect()]);
    await first.subscribe('unconfirmedAdded');
    await second.subscribe('unconfirmedAdded');
    await third.subscribe(`unconfirmedAdded/${ALICE}`);
    let calls = 0;
    const data = {
      toJSON() {
        calls += 1;
        return { meta: { hash: 'AB' } };
      },
    };
    hub.publish(event('unconfirmedAdded', [ALICE], data));
    expect(calls).toBe(1);
    expect(await first.next()).toEqual({ topic: 'unconfirmedAdded', data: { meta: { hash: 'AB' } } });
    expect(await second.next()).toEqual({ topic: 'unconfirmedAdded', data: { meta: { hash: 'AB' } } });
    expect(await third.next()).toEqual({ topic: `unconfirmedAdded/${ALICE}`, data: { meta: { hash: 'AB' } } });
  });

  it('does not serialize an event nobody listens to', async () => {
    const { hub, connect } = await startHub();
    await (await connect()).subscribe('block');
    const toJSON = vi.fn(() => ({}));
    hub.publish(event('status', [ALICE], { toJSON }));
    expect(toJSON).not.toHaveBeenCalled();
  });

  it('subscribes to the feed on construction and leaves it on close', async () => {
    const feed = new TestFeed();
    const hub = new ListenerHub(feed);
    expect(feed.listeners.size).toBe(1);
    await hub.close();
    expect(feed.listeners.size).toBe(0);
  });

  it('works without a feed, through publish', async () => {
    const hub = new ListenerHub(undefined);
    expect(() => hub.publish(event('block', []))).not.toThrow();
    await hub.close();
  });
});

describe('protocol errors close the socket with 1008 and a reason', () => {
  const cases: [string, (uid: string) => string | object, string][] = [
    ['a wrong uid', () => ({ uid: 'ABCD', subscribe: 'block' }), 'uid does not match this connection'],
    ['a missing uid', () => ({ subscribe: 'block' }), 'uid does not match this connection'],
    ['malformed JSON', (uid) => `{"uid":"${uid}","subscribe":`, 'message is not valid JSON'],
    ['a JSON array', (uid) => [{ uid, subscribe: 'block' }], 'message must be a JSON object'],
    ['JSON null', () => 'null', 'message must be a JSON object'],
    ['both subscribe and unsubscribe', (uid) => ({ uid, subscribe: 'block', unsubscribe: 'block' }), 'message must have exactly one of subscribe or unsubscribe'],
    ['neither subscribe nor unsubscribe', (uid) => ({ uid }), 'message must have exactly one of subscribe or unsubscribe'],
    ['a subscribe that is not a string', (uid) => ({ uid, subscribe: ['block'] }), 'subscribe and unsubscribe take a channel string'],
    ['an unsubscribe that is not a string', (uid) => ({ uid, unsubscribe: 1 }), 'subscribe and unsubscribe take a channel string'],
    ['the unknown channel blocks', (uid) => ({ uid, subscribe: 'blocks' }), "unknown channel 'blocks'"],
    ['a channel in the wrong case', (uid) => ({ uid, subscribe: 'Block' }), "unknown channel 'Block'"],
    ['an address on block', (uid) => ({ uid, subscribe: `block/${ALICE}` }), "channel 'block' takes no address"],
    ['an address on finalizedBlock', (uid) => ({ uid, subscribe: `finalizedBlock/${ALICE}` }), "channel 'finalizedBlock' takes no address"],
  ];

  it.each(cases)('on %s', async (_name, frame, reason) => {
    const { hub, connect } = await startHub();
    const client = await connect();
    client.send(frame(client.uid));
    expect(await client.closed).toEqual({ code: 1008, reason });
    await vi.waitFor(() => expect(hub.connectionCount).toBe(0));
  });

  const badChecksum = `${ALICE.slice(0, -1)}${ALICE.endsWith('A') ? 'B' : 'A'}`;
  it.each([
    ['a bad checksum', badChecksum],
    ['a lowercase address', ALICE.toLowerCase()],
    ['a short address', ALICE.slice(0, 38)],
    ['an empty address', ''],
    ['a hex address', 'A'.repeat(48)],
  ])('on %s', async (_name, address) => {
    const { connect } = await startHub();
    const client = await connect();
    client.send({ uid: client.uid, subscribe: `confirmedAdded/${address}` });
    const closed = await client.closed;
    expect(closed.code).toBe(1008);
    expect(closed.reason).toMatch(/^invalid address '.*': expected 39 base32 characters with a valid checksum$/);
  });

  it('on a binary frame', async () => {
    const { connect } = await startHub();
    const client = await connect();
    client.socket.send(Buffer.from(JSON.stringify({ uid: client.uid, subscribe: 'block' })), { binary: true });
    expect(await client.closed).toEqual({ code: 1008, reason: 'binary frames are not supported; send JSON text' });
  });

  it('on more than maxSubscriptions subscriptions; a duplicate at the limit is fine', async () => {
    const { hub, connect } = await startHub({ maxSubscriptions: 2 });
    const client = await connect();
    await client.subscribe('block', `status/${ALICE}`, 'block');
    expect(client.socket.readyState).toBe(WebSocket.OPEN);
    client.send({ uid: client.uid, subscribe: 'finalizedBlock' });
    expect(await client.closed).toEqual({ code: 1008, reason: 'too many subscriptions: at most 2 per connection' });
    await vi.waitFor(() => expect(hub.topicCount).toBe(0));
  });

  it('keeps a reason that echoes long input within 123 bytes', async () => {
    const { connect } = await startHub();
    const client = await connect();
    client.send({ uid: client.uid, subscribe: `${'é'.repeat(500)}` });
    const closed = await client.closed;
    expect(closed.code).toBe(1008);
    expect(closed.reason).toMatch(/^unknown channel 'é+\.\.\.'$/);
    expect(Buffer.byteLength(closed.reason)).toBeLessThanOrEqual(123);
  });

  it('closes with 1009 on a frame over maxPayload', async () => {
    const { hub, connect } = await startHub({ maxPayload: 256 });
    const client = await connect();
    client.send({ uid: client.uid, subscribe: 'block', padding: 'x'.repeat(256) });
    expect((await client.closed).code).toBe(1009);
    await vi.waitFor(() => expect(hub.connectionCount).toBe(0));
  });

  it('accepts a frame of exactly maxPayload bytes', async () => {
    const { hub, connect } = await startHub({ maxPayload: 256 });
    const client = await connect();
    const frame = JSON.stringify({ uid: client.uid, subscribe: 'block', padding: '' });
    client.send(frame.replace('"padding":""', `"padding":"${'x'.repeat(256 - frame.length)}"`));
    await client.sync();
    expect(hub.subscriberCount('block')).toBe(1);
  });

  it('survives a client that breaks the WebSocket framing', async () => {
    const { hub, origin, connect } = await startHub();
    const raw = await rawUpgrade(`${origin}/ws`);
    await vi.waitFor(() => expect(hub.connectionCount).toBe(1));
    // An unmasked client frame: ws emits 'error' on the server socket, which must not crash the process.
    raw.write(Buffer.from([0x81, 0x01, 0x61]));
    const client = await connect();
    await client.subscribe('block');
    hub.publish(event('block', [], { height: '2' }));
    expect(await client.next()).toEqual({ topic: 'block', data: { height: '2' } });
    raw.destroy();
    await vi.waitFor(() => expect(hub.connectionCount).toBe(1));
  });
});

describe('attach', () => {
  it('answers 400 to an upgrade for another path when it is the only upgrade listener', async () => {
    const { origin, server } = await startHub();
    expect(server.listenerCount('upgrade')).toBe(1);
    expect(await failedUpgrade(`${origin}/other`)).toBe('Unexpected server response: 400');
  });

  it('leaves another path to another upgrade listener, and still serves its own', async () => {
    const { origin, server, connect, hub } = await startHub();
    const other = new WebSocketServer({ noServer: true });
    server.on('upgrade', (req, socket, head) => {
      if (req.url === '/other') other.handleUpgrade(req, socket, head, (ws) => ws.send('"from other"'));
    });
    onStop(() => new Promise((resolve) => other.close(() => resolve())));

    const foreign = new WebSocket(`${origin}/other`);
    sockets.push(foreign);
    const [greeting] = await once(foreign, 'message');
    expect(String(greeting)).toBe('"from other"');

    const client = await connect();
    await client.subscribe('block');
    hub.publish(event('block', [], { height: '2' }));
    expect(await client.next()).toEqual({ topic: 'block', data: { height: '2' } });
  });

  it('returns a function that detaches it from the server', async () => {
    const hub = new ListenerHub(undefined);
    const server = http.createServer();
    const detach = hub.attach(server);
    expect(server.listenerCount('upgrade')).toBe(1);
    detach();
    expect(server.listenerCount('upgrade')).toBe(0);
    await hub.close();
  });

  it('handleUpgrade returns false and leaves the socket alone for another path', () => {
    const hub = new ListenerHub(undefined);
    const socket = { destroy: vi.fn(), end: vi.fn(), write: vi.fn(), on: vi.fn() } as unknown as Duplex;
    expect(hub.handleUpgrade({ url: '/other' } as http.IncomingMessage, socket, Buffer.alloc(0))).toBe(false);
    expect(socket.destroy).not.toHaveBeenCalled();
    expect(socket.end).not.toHaveBeenCalled();
    expect(socket.write).not.toHaveBeenCalled();
    return hub.close();
  });
});

describe('close', () => {
  it("closes every client with 1001 'server shutting down' and empties the topic index", async () => {
    const { hub, feed, connect } = await startHub();
    const [first, second] = await Promise.all([connect(), connect()]);
    await first.subscribe('block', `status/${ALICE}`);
    await second.subscribe('block');
    expect(hub.topicCount).toBe(2);

    await hub.close();
    expect(await first.closed).toEqual({ code: 1001, reason: 'server shutting down' });
    expect(await second.closed).toEqual({ code: 1001, reason: 'server shutting down' });
    expect(hub.connectionCount).toBe(0);
    expect(hub.topicCount).toBe(0);
    expect(feed.listeners.size).toBe(0);
  });

  it('is idempotent', async () => {
    const { hub, connect } = await startHub();
    await connect();
    const closing = hub.close();
    expect(hub.close()).toBe(closing);
    await closing;
    await expect(hub.close()).resolves.toBeUndefined();
  });

  it('refuses new upgrades with 503 and ignores publish afterwards', async () => {
    const { hub, origin } = await startHub();
    await hub.close();
    expect(await failedUpgrade(`${origin}/ws`)).toBe('Unexpected server response: 503');
    expect(() => hub.publish(event('block', []))).not.toThrow();
  });

  it('drops a client that does not answer the close frame within 1 s', async () => {
    const { hub, origin } = await startHub();
    const raw = await rawUpgrade(`${origin}/ws`);
    await vi.waitFor(() => expect(hub.connectionCount).toBe(1));
    const started = Date.now();
    await hub.close();
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(900);
    expect(elapsed).toBeLessThan(3_000);
    expect(hub.connectionCount).toBe(0);
    await vi.waitFor(() => expect(raw.destroyed || raw.readableEnded).toBe(true));
    raw.destroy();
  });
});

describe('topic index', () => {
  it('is empty once every client has disconnected', async () => {
    const { hub, connect } = await startHub();
    const [first, second] = await Promise.all([connect(), connect()]);
    await first.subscribe('block', `confirmedAdded/${ALICE}`, 'cosignature');
    await second.subscribe('block', `confirmedAdded/${BOB}`);
    expect(hub.topicCount).toBe(4);
    expect(hub.subscriberCount('block')).toBe(2);

    first.socket.close();
    await first.closed;
    await vi.waitFor(() => expect(hub.topicCount).toBe(2));
    expect(hub.subscriberCount('block')).toBe(1);

    second.socket.terminate();
    await vi.waitFor(() => expect(hub.topicCount).toBe(0));
    expect(hub.subscriberCount('block')).toBe(0);
    expect(hub.connectionCount).toBe(0);
  });

  it('drops a topic when its last subscriber unsubscribes', async () => {
    const { hub, connect } = await startHub();
    const client = await connect();
    await client.subscribe(`status/${ALICE}`);
    expect(hub.topicCount).toBe(1);
    await client.unsubscribe(`status/${ALICE}`);
    expect(hub.topicCount).toBe(0);
  });
});

describe('options', () => {
  it.each([
    [{ path: 'ws' }, "path must start with '/'"],
    [{ maxSubscriptions: 0 }, 'maxSubscriptions must be a positive integer'],
    [{ maxPayload: 1.5 }, 'maxPayload must be a positive integer'],
    [{ maxConnections: 0 }, 'maxConnections must be a positive integer'],
    [{ maxConnections: Infinity }, 'maxConnections must be a positive integer'],
    [{ maxFramesPerSecond: -1 }, 'maxFramesPerSecond must be a positive integer'],
    [{ maxBufferedBytes: 0.5 }, 'maxBufferedBytes must be a positive integer'],
    [{ heartbeatInterval: -1 }, 'heartbeatInterval must be an integer from 0 to 2147483647 (ms)'],
    [{ heartbeatInterval: 2 ** 31 }, 'heartbeatInterval must be an integer from 0 to 2147483647 (ms)'],
    [{ heartbeatInterval: NaN }, 'heartbeatInterval must be an integer from 0 to 2147483647 (ms)'],
  ])('rejects %o', (options, message) => {
    expect(() => new ListenerHub(undefined, options)).toThrow(message);
  });
});
