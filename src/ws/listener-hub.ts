import { randomBytes } from 'node:crypto';
import http, { type IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData, type ServerOptions } from 'ws';
import type { ChainEvent, EventFeed } from '../backend/events.js';
import { ERROR_STATUS, toGatewayError, type ErrorCode } from '../errors.js';
import { rawErrorResponse } from '../http/response.js';
import { eventTopics } from './channel.js';
import { parseClientMessage } from './client-message.js';
import { CLOSE_CODE, CLOSE_REASON, FANOUT_SLICE, SHUTDOWN_TIMEOUT_MS, UPGRADE_ERROR } from './constants.js';
import { DeliveryQueue } from './delivery-queue.js';
import { Heartbeat } from './heartbeat.js';
import { resolveListenerOptions, type ListenerHubOptions } from './options.js';
import { ProtocolError } from './protocol-error.js';
import { FrameRateLimit } from './rate-limit.js';
import { TopicIndex } from './topic-index.js';

export type { ListenerHubOptions } from './options.js';

/** Decides on an upgrade for the hub's path before its handshake: throws the `GatewayError` to answer it with (the gateway's throttle), or returns. */
export type UpgradeAdmission = (req: IncomingMessage) => void;

/** What `attach` needs of a server: node's `http.Server` and `https.Server` both fit. */
export interface UpgradeEmitter {
  on(event: 'upgrade' | 'newListener', listener: (...args: any[]) => void): unknown;
  off(event: 'upgrade' | 'newListener', listener: (...args: any[]) => void): unknown;
  listeners(event: 'upgrade'): Function[];
  /** When present (an `http.Server`), an upgrade offer for another protocol is served as a request. */
  emit?(event: 'request', req: IncomingMessage, res: http.ServerResponse): boolean;
}

/** One client connection, the topics it holds (so closing it can clean the index) and its frame rate. */
class Connection {
  readonly topics = new Set<string>();

  constructor(
    readonly socket: WebSocket,
    readonly uid: string,
    readonly rate: FrameRateLimit,
  ) {}
}

/**
 * The Symbol listener endpoint: WebSocket clients subscribe to channels
 * (`block`, `confirmedAdded/<address>`, ...) and receive `{topic, data}` for every
 * matching event of the feed. Speaks the Symbol REST gateway's protocol, so the
 * Symbol SDK's listener works against it.
 *
 * Built for the open internet: one misbehaving client cannot starve the others. Each
 * limit is an option (defaults in `LISTENER_DEFAULTS`): connections per hub,
 * subscriptions and frames per second per connection, frame size, bytes queued for a
 * slow reader, and a heartbeat that drops dead peers. Every close the hub starts is
 * finished within 1 s, answered or not. A refused handshake is answered like any other
 * error of the gateway: a `{code, message}` JSON body, then the socket is closed.
 *
 * @example
 * const hub = new ListenerHub(backend.events, { path: '/ws' });
 * const detach = hub.attach(server);
 * // later
 * detach();
 * await hub.close();
 */
export class ListenerHub {
  /** The upgrade path this hub answers. */
  readonly path: string;
  /** Subscriptions one connection may hold. */
  readonly maxSubscriptions: number;
  /** Open connections this hub accepts. */
  readonly maxConnections: number;
  /** Frames one connection may send in any 1-second window. */
  readonly maxFramesPerSecond: number;
  /** Bytes queued for one connection past which it is dropped. */
  readonly maxBufferedBytes: number;

  readonly #server: WebSocketServer;
  readonly #index = new TopicIndex<Connection>();
  readonly #connections = new Set<Connection>();
  readonly #deliveries = new DeliveryQueue<Connection>((connection, frame) => this.#deliver(connection, frame), FANOUT_SLICE, {
    // A socket that stopped reading is cut off before its slice; any other is corked, so its
    // frames of the slice go out in one write (`ws` corks around each frame; the cork held
    // here keeps the socket corked until the slice ends).
    begin: ({ socket }) => {
      if (socket.readyState !== WebSocket.OPEN) return;
      // Terminated, not closed: the close frame would queue behind the backlog it did not read.
      if (socket.bufferedAmount > this.maxBufferedBytes) socket.terminate();
      else transportOf(socket)?.cork();
    },
    end: ({ socket }) => transportOf(socket)?.uncork(),
  });
  readonly #heartbeat: Heartbeat;
  #framesSent = 0;
  #framesDropped = 0;
  #stopFeed: (() => void) | undefined;
  #closing: Promise<void> | undefined;
  readonly #admitUpgrade: UpgradeAdmission | undefined;

  /**
   * @param feed the events to deliver; `undefined` for a hub that only gets `publish` calls
   * @param options `path` (default `'/ws'`), `maxSubscriptions` (100), `maxPayload` (4096 bytes),
   *   `maxConnections` (10 000), `maxFramesPerSecond` (200), `maxBufferedBytes` (1 MiB),
   *   `heartbeatInterval` (30 000 ms, 0 disables); see `ListenerHubOptions`
   * @param admit asked about each upgrade for the path before its handshake; what it throws is the answer
   * @throws TypeError when an option is out of range
   */
  constructor(feed: EventFeed | undefined, options: ListenerHubOptions = {}, admit?: UpgradeAdmission) {
    this.#admitUpgrade = admit;
    const { maxPayload, heartbeatInterval, ...limits } = resolveListenerOptions(options);
    this.path = limits.path;
    this.maxSubscriptions = limits.maxSubscriptions;
    this.maxConnections = limits.maxConnections;
    this.maxFramesPerSecond = limits.maxFramesPerSecond;
    this.maxBufferedBytes = limits.maxBufferedBytes;

    const serverOptions: ServerOptions & { closeTimeout: number } = {
      noServer: true,
      maxPayload,
      // The hub tracks its own connections (with their topics), so ws need not track them twice.
      clientTracking: false,
      // ws drops a socket this long after sending a close frame, answered or not (its default is 30 s).
      closeTimeout: SHUTDOWN_TIMEOUT_MS,
    };
    this.#server = new WebSocketServer(serverOptions);
    // Without this listener ws answers a handshake it refuses with text/html. Its other refusals
    // (401 of a verifyClient, 400 of a path option, 503 once closed) cannot happen: the hub
    // gives it neither option and refuses upgrades itself from the moment it starts closing.
    this.#server.on('wsClientError', rejectHandshake);
    this.#heartbeat = new Heartbeat(heartbeatInterval, () => this.#sockets());
    this.#stopFeed = feed?.subscribe(
      (event) => this.publish(event),
      () => this.#feedFailed(),
    );
  }

  /**
   * Takes over an HTTP upgrade request for `this.path`, for servers that route
   * upgrades themselves; `attach` does this for you.
   *
   * @param req the upgrade request
   * @param socket the request's socket
   * @param head the first bytes after the request head
   * @returns false, leaving the socket untouched, when the request is for another path;
   *   true when the hub answered it: 101, or a `{code, message}` JSON error (405 for a method but
   *   GET, 400 for a malformed handshake, 503 when full or closing, what `admit` threw) and the socket closed
   */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    if (pathOf(req.url) !== this.path) return false;
    // Refused before the handshake, so a full hub spends nothing on the upgrade. ws
    // completes a handshake synchronously, so no upgrade is in flight between check and count.
    if (this.#closing) {
      rejectUpgrade(req, socket, 'ServiceUnavailable', UPGRADE_ERROR.shutdown);
      return true;
    }
    if (this.#admitUpgrade !== undefined) {
      try {
        this.#admitUpgrade(req);
      } catch (error) {
        const refusal = toGatewayError(error);
        rejectUpgrade(req, socket, refusal.code, refusal.message, refusal.headers);
        return true;
      }
    }
    if (this.#connections.size >= this.maxConnections) {
      rejectUpgrade(req, socket, 'ServiceUnavailable', UPGRADE_ERROR.tooManyConnections(this.maxConnections));
      return true;
    }
    this.#server.handleUpgrade(req, socket, head, (ws) => this.#accept(ws));
    return true;
  }

  /**
   * Serves upgrades for `this.path` on `server`. Other `upgrade` listeners of the server
   * (another WebSocket server on the same port, before or after this call) keep every
   * other path, but never see this hub's: a `ws` server made with `{ server, path }`
   * would otherwise answer this hub's upgrades with 400. A WebSocket upgrade for a path
   * nobody serves is answered 400 `InvalidContent` (as `ws` answers a path it does not serve)
   * when the hub is alone.
   *
   * @param server an `http.Server` or `https.Server`
   * @returns a function that gives the server its other listeners back as they were
   */
  attach(server: UpgradeEmitter): () => void {
    type Listener = (req: IncomingMessage, socket: Duplex, head: Buffer) => void;
    const others = server.listeners('upgrade') as Listener[];
    for (const listener of others) server.off('upgrade', listener);
    const onUpgrade: Listener = (req, socket, head) => {
      if (this.handleUpgrade(req, socket, head)) return;
      if (others.length > 0) {
        for (const listener of [...others]) listener.call(server, req, socket, head);
        return;
      }
      // An offer of another protocol (`Upgrade: h2c` from `curl --http2`) is an ordinary
      // request whose offer can be declined: node gave it to us only because we listen.
      if (!isWebSocketUpgrade(req) && serveAsRequest(server, req, socket, head)) return;
      rejectUpgrade(req, socket, 'InvalidContent', UPGRADE_ERROR.noListener(pathOf(req.url), this.path));
    };
    // A listener added later is moved behind the hub as soon as it is added (before any I/O can fire).
    const onNewListener = (event: string | symbol, listener: Listener) => {
      if (event !== 'upgrade' || listener === onUpgrade) return;
      queueMicrotask(() => {
        server.off('upgrade', listener);
        others.push(listener);
      });
    };
    server.on('upgrade', onUpgrade);
    server.on('newListener', onNewListener);
    return () => {
      server.off('newListener', onNewListener);
      server.off('upgrade', onUpgrade);
      for (const listener of others) server.on('upgrade', listener);
    };
  }

  /**
   * Delivers one event to every subscriber of its topics: the bare channel and
   * `<channel>/<address>` for each distinct address. The data is serialized once per
   * call, and each topic's frame once for all of its sockets. The feed calls this;
   * it is public so tests and other feeds can push events. A no-op after `close()`.
   * The frames go out right after the calling code, a slice of 1 000 sends per turn of
   * the event loop (`delivered()` tells when they are all out). A subscriber with more than
   * `maxBufferedBytes` still queued is terminated instead of sent to, so the others get the
   * event on time and memory stays bounded.
   *
   * @param event the event; its `data` must be JSON-serializable (a throw reaches the caller)
   */
  publish(event: ChainEvent): void {
    if (this.#closing) return;
    let dataJson: string | undefined;
    for (const topic of eventTopics(event)) {
      const subscribers = this.#index.get(topic);
      if (!subscribers) continue;
      // Lazily: an event nobody listens to costs no serialization at all.
      dataJson ??= JSON.stringify(event.data) ?? 'null';
      // Encoded to bytes once, too; ws writes the same buffer to every socket (servers do not mask).
      const frame = Buffer.from(`{"topic":${JSON.stringify(topic)},"data":${dataJson}}`);
      this.#deliveries.push(frame, subscribers);
    }
  }

  // One frame to one subscriber, unless it closed meanwhile (or was cut off at the slice's start).
  // Counted as plain numbers (read by /metrics at a scrape): a frame costs no more with metrics on.
  readonly #deliver = ({ socket }: Connection, frame: Buffer): void => {
    if (socket.readyState === WebSocket.OPEN) {
      socket.send(frame, { binary: false });
      this.#framesSent++;
    } else this.#framesDropped++;
  };

  /**
   * Resolves once every frame published so far has been written to its sockets (handed to
   * the kernel, or queued for a subscriber that reads slowly). Frames go out right after the
   * code that publishes them, a slice of 1 000 sends per turn of the event loop.
   */
  delivered(): Promise<void> {
    return this.#deliveries.idle();
  }

  /** Number of open connections. */
  get connectionCount(): number {
    return this.#connections.size;
  }

  /** Number of subscriptions: each connection's topics, summed (counted at each call). */
  get subscriptionCount(): number {
    let count = 0;
    for (const connection of this.#connections) count += connection.topics.size;
    return count;
  }

  /** Event frames handed to sockets since the hub was made. */
  get framesSent(): number {
    return this.#framesSent;
  }

  /** Event frames not sent because their socket was cut off (it read too slowly) or was closing. */
  get framesDropped(): number {
    return this.#framesDropped;
  }

  /** Number of topics with at least one subscriber; 0 once every client is gone. */
  get topicCount(): number {
    return this.#index.size;
  }

  /**
   * Number of connections subscribed to `topic`.
   *
   * @param topic a topic exactly as clients subscribe to it, e.g. `'block'` or `'status/TA...'`
   */
  subscriberCount(topic: string): number {
    return this.#index.count(topic);
  }

  /**
   * Stops the feed subscription and the heartbeat, refuses new upgrades (503), closes
   * every socket with 1001 'server shutting down' and drops any that does not finish
   * closing within 1 s. Leaves no timer behind. Idempotent: every call returns the same promise.
   */
  close(): Promise<void> {
    this.#closing ??= this.#shutdown();
    return this.#closing;
  }

  async #shutdown(): Promise<void> {
    this.#stopFeed?.();
    this.#stopFeed = undefined;
    this.#heartbeat.stop();
    this.#deliveries.clear();
    // handleUpgrade refuses (503) from here on; ws completes a handshake synchronously, so none is mid-way.
    const serverClosed = new Promise<void>((resolve) => this.#server.close(() => resolve()));
    await Promise.all([...this.#connections].map(({ socket }) => closeSocket(socket)));
    await serverClosed;
  }

  #accept(socket: WebSocket): void {
    if (this.#closing) {
      socket.close(CLOSE_CODE.GOING_AWAY, CLOSE_REASON.shutdown);
      return;
    }
    const connection = new Connection(socket, createUid(), new FrameRateLimit(this.maxFramesPerSecond));
    this.#connections.add(connection);
    // ws emits 'error' (bad frame, frame over maxPayload, reset) and then closes the
    // socket itself; without a listener the error would crash the process.
    socket.on('error', () => {});
    socket.on('close', () => this.#drop(connection));
    socket.on('message', (data, isBinary) => {
      if (this.#admit(connection)) this.#receive(connection, data, isBinary);
    });
    // Control frames cost work too (ws answers each ping), so they count against the rate.
    socket.on('ping', () => this.#admit(connection));
    socket.on('pong', () => this.#admit(connection));
    this.#heartbeat.watch(socket);
    socket.send(JSON.stringify({ uid: connection.uid }));
  }

  /** Counts one client frame; false (and the socket closing) when it is over the rate or the socket is closing. */
  #admit(connection: Connection): boolean {
    const { socket } = connection;
    // Frames that arrive after a close, while the socket closes, are moot.
    if (socket.readyState !== WebSocket.OPEN) return false;
    if (connection.rate.hit()) return true;
    socket.close(CLOSE_CODE.POLICY_VIOLATION, CLOSE_REASON.tooManyMessages(this.maxFramesPerSecond));
    return false;
  }

  #receive(connection: Connection, data: RawData, isBinary: boolean): void {
    try {
      if (isBinary) throw new ProtocolError(CLOSE_REASON.binaryFrame);
      const message = parseClientMessage(toText(data), connection.uid);
      if (message.action === 'subscribe') this.#subscribe(connection, message.topic);
      else this.#unsubscribe(connection, message.topic);
    } catch (error) {
      // Any frame but {topic, data} would crash the SDK's listener, so errors close the socket.
      if (error instanceof ProtocolError) connection.socket.close(error.code, error.reason);
      else connection.socket.close(CLOSE_CODE.INTERNAL_ERROR, CLOSE_REASON.internalError);
    }
  }

  #subscribe(connection: Connection, topic: string): void {
    if (connection.topics.has(topic)) return;
    if (connection.topics.size >= this.maxSubscriptions) {
      throw new ProtocolError(CLOSE_REASON.tooManySubscriptions(this.maxSubscriptions));
    }
    connection.topics.add(topic);
    this.#index.add(topic, connection);
  }

  #unsubscribe(connection: Connection, topic: string): void {
    if (connection.topics.delete(topic)) this.#index.delete(topic, connection);
  }

  /** The feed lost events: closing tells clients to reconnect and resynchronize, instead of waiting on a silent socket. */
  #feedFailed(): void {
    if (this.#closing) return;
    for (const { socket } of this.#connections) {
      if (socket.readyState === WebSocket.OPEN) socket.close(CLOSE_CODE.INTERNAL_ERROR, CLOSE_REASON.feedFailed);
    }
  }

  *#sockets(): Iterable<WebSocket> {
    for (const { socket } of this.#connections) yield socket;
  }

  #drop(connection: Connection): void {
    this.#connections.delete(connection);
    for (const topic of connection.topics) this.#index.delete(topic, connection);
    connection.topics.clear();
  }
}

/** 20 random bytes: unguessable, so one client cannot act for another connection. */
function createUid(): string {
  return randomBytes(20).toString('hex').toUpperCase();
}

function pathOf(url: string | undefined): string {
  if (url === undefined) return '';
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

function toText(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  return (Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data)).toString('utf8');
}

/** Whether the upgrade offers WebSocket, not another protocol (`h2c`). */
function isWebSocketUpgrade(req: IncomingMessage): boolean {
  return (req.headers.upgrade ?? '').toLowerCase() === 'websocket';
}

/** Hands an upgrade request to the server's `request` listeners with a response on its socket. */
function serveAsRequest(server: UpgradeEmitter, req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
  if (typeof server.emit !== 'function' || !(socket instanceof Socket)) return false;
  if (head.length > 0) socket.unshift(head);
  const res = new http.ServerResponse(req);
  res.shouldKeepAlive = false; // node's parser let go of this socket; one answer, then close
  res.assignSocket(socket);
  res.on('finish', () => socket.destroySoon());
  socket.on('error', () => socket.destroy());
  server.emit('request', req, res);
  return true;
}

/**
 * Answers a refused upgrade as the gateway answers every error: the status of `code` in the
 * error model and a `{code, message}` JSON body (no body for HEAD); then the socket is ended
 * and destroyed, never kept. A socket already destroyed or failing is only destroyed.
 */
function rejectUpgrade(req: IncomingMessage, socket: Duplex, code: ErrorCode, message: string, headers?: Record<string, string>): void {
  // node removed its own error listener when it handed the socket over.
  socket.on('error', () => socket.destroy());
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  socket.once('finish', () => socket.destroy());
  socket.end(rawErrorResponse(ERROR_STATUS[code], { code, message }, headers, req.method !== 'HEAD'));
}

/**
 * A handshake `ws` refused (bad method, Upgrade, Sec-WebSocket-Key, -Version or -Protocol
 * header), answered with the status `ws` would send and `ws`'s message (fixed strings,
 * never client input).
 */
function rejectHandshake(error: Error, socket: Duplex, req: IncomingMessage): void {
  // ws checks the method first and refuses anything but GET with 405.
  if (req.method !== 'GET') {
    rejectUpgrade(req, socket, 'MethodNotAllowed', error.message, { allow: 'GET' });
    return;
  }
  // Every later check is a 400. The error model's 400 is InvalidContent (the request itself
  // is malformed), the code a request node's parser refuses gets too (http/client-errors.ts).
  // A version ws does not speak is answered with those it does (RFC 6455 section 4.4), as ws
  // does; read from the request, so it holds too when an earlier check failed first.
  const version = Number(req.headers['sec-websocket-version']);
  const headers = version === 13 || version === 8 ? undefined : { 'sec-websocket-version': '13, 8' };
  rejectUpgrade(req, socket, 'InvalidContent', error.message, headers);
}

/**
 * Closes with 1001 and resolves on 'close'; a client that never answers is dropped after
 * 1 s by ws's close timeout. A socket already closing keeps its code and its deadline.
 */
function closeSocket(socket: WebSocket): Promise<void> {
  if (socket.readyState === WebSocket.CLOSED) return Promise.resolve();
  return new Promise((resolve) => {
    socket.once('close', () => resolve());
    socket.close(CLOSE_CODE.GOING_AWAY, CLOSE_REASON.shutdown);
  });
}

/**
 * The TCP socket under a `ws` WebSocket (`ws` keeps it as `_socket`); undefined where a
 * version of `ws` keeps it otherwise, and then frames simply go out one write each.
 */
function transportOf(socket: WebSocket): Pick<Duplex, 'cork' | 'uncork'> | undefined {
  const transport = (socket as unknown as { _socket?: Partial<Duplex> })._socket;
  return typeof transport?.cork === 'function' && typeof transport.uncork === 'function' ? (transport as Duplex) : undefined;
}
