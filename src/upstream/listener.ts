import WebSocket, { type RawData } from 'ws';
import { backoffDelay } from './backoff.js';
import { blockNotification, finalizedBlock } from './dto-shapes.js';
import { atLeast, parseBaseUrl, resolveBackoff, UPSTREAM_DEFAULTS, type BackoffOptions, type UpstreamListenerOptions } from './options.js';
import { object, text } from './field-checks.js';
import { fields, type Check } from './shape.js';
import { UpstreamError } from './upstream-error.js';

/** The channels the listener follows. */
const TOPICS = ['block', 'finalizedBlock'] as const;

/** How long `close()` waits for the upstream to answer the close frame before it drops the socket. */
const CLOSE_TIMEOUT_MS = 1_000;

const uidFrame = fields<{ uid: string }>({ uid: text });
const notification = fields<{ topic: string; data: unknown }>({ topic: text, data: object });

/**
 * Follows an upstream gateway's `block` and `finalizedBlock` channels over its WebSocket
 * (`<url>/ws`): reads the `{uid}` frame, subscribes, and hands each notification to its
 * callback. After a drop it reconnects with backoff, for ever, until `close()`; once
 * subscribed again it calls `onReconnect`, since blocks of the gap are not replayed. A
 * frame that is not a notification is reported to `onError` and ignored.
 *
 * @example
 * const listener = new UpstreamListener({
 *   url: 'http://node:3000',
 *   onBlock: ({ block, meta }) => store(block.height, meta.hash),
 *   onFinalized: ({ height }) => finalize(height),
 *   onReconnect: () => catchUpByRest(),
 *   onError: (error) => log.warn(error.message),
 * });
 * await listener.subscribed(); // then catch up by REST: blocks from here on come to onBlock too
 * // later
 * await listener.close();
 */
export class UpstreamListener {
  /** The WebSocket endpoint: `ws://node:3000/ws`. */
  readonly url: string;
  readonly #options: UpstreamListenerOptions;
  readonly #backoff: Required<BackoffOptions>;
  readonly #heartbeatInterval: number;
  #socket: WebSocket | undefined;
  /** Whether the current socket is subscribed (and the upstream has read the subscriptions). */
  #live = false;
  /** Whether any socket was ever subscribed: the next subscription is then a reconnection. */
  #wasLive = false;
  /** Connections that failed or dropped since the last subscription. */
  #failures = 0;
  #reconnectTimer: NodeJS.Timeout | undefined;
  #closed = false;
  #waiters: { resolve: () => void; reject: (error: Error) => void }[] = [];
  readonly #onAbort = () => void this.close();

  constructor(options: UpstreamListenerOptions) {
    this.url = `${parseBaseUrl(options?.url).replace(/^http/, 'ws')}/ws`;
    if (typeof options.onBlock !== 'function' || typeof options.onFinalized !== 'function') throw new TypeError('onBlock and onFinalized are required');
    this.#options = options;
    this.#backoff = resolveBackoff(options.backoff);
    this.#heartbeatInterval = atLeast('heartbeatInterval', options.heartbeatInterval ?? UPSTREAM_DEFAULTS.heartbeatInterval, 0);
    if (options.signal?.aborted) {
      this.#closed = true;
      return;
    }
    options.signal?.addEventListener('abort', this.#onAbort, { once: true });
    this.#connect();
  }

  /** Resolves once the listener is subscribed (at once when it is); rejects with kind `aborted` when it is closed first. */
  subscribed(): Promise<void> {
    if (this.#live) return Promise.resolve();
    if (this.#closed) return Promise.reject(this.#closedError());
    return new Promise((resolve, reject) => this.#waiters.push({ resolve, reject }));
  }

  /** Stops for good: no more callbacks, no reconnection. Resolves once the socket is closed. */
  async close(): Promise<void> {
    if (!this.#closed) {
      this.#closed = true;
      this.#live = false;
      this.#options.signal?.removeEventListener('abort', this.#onAbort);
      clearTimeout(this.#reconnectTimer);
      for (const waiter of this.#waiters.splice(0)) waiter.reject(this.#closedError());
    }
    const socket = this.#socket;
    if (!socket || socket.readyState === WebSocket.CLOSED) return;
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    const timer = setTimeout(() => socket.terminate(), CLOSE_TIMEOUT_MS);
    socket.close(1000, 'listener closed');
    await closed;
    clearTimeout(timer);
  }

  #connect(): void {
    const socket = new WebSocket(this.url);
    this.#socket = socket;
    let uid: string | undefined;
    let failure: Error | undefined;
    let stopHeartbeat = () => {};

    socket.on('message', (data) => {
      if (this.#closed) return;
      if (uid !== undefined) return this.#receive(data);
      uid = this.#check(this.#json(data, 'the first frame'), uidFrame, 'the first frame')?.uid;
      if (uid === undefined) return socket.terminate();
      for (const topic of TOPICS) socket.send(JSON.stringify({ uid, subscribe: topic }));
      // The upstream answers a ping after the frames ahead of it: on the pong it has read the subscriptions.
      socket.ping();
    });
    socket.on('pong', () => {
      if (uid !== undefined && !this.#live && !this.#closed) this.#subscribedNow(socket);
    });
    socket.on('open', () => (stopHeartbeat = heartbeat(socket, this.#heartbeatInterval)));
    socket.on('error', (error) => (failure = error));
    socket.on('close', (code, reason) => {
      stopHeartbeat();
      if (this.#closed) return;
      this.#live = false;
      this.#failures++;
      const delay = backoffDelay(this.#failures, this.#backoff);
      const why = failure ? failure.message : `closed with ${code}${reason.length > 0 ? ` ${reason}` : ''}`;
      this.#report(new UpstreamError('unreachable', `${this.url}: ${why}; reconnecting in ${delay} ms`, { cause: failure }));
      this.#reconnectTimer = setTimeout(() => this.#connect(), delay);
    });
  }

  #subscribedNow(socket: WebSocket): void {
    if (socket !== this.#socket) return;
    this.#live = true;
    this.#failures = 0;
    for (const waiter of this.#waiters.splice(0)) waiter.resolve();
    if (this.#wasLive) this.#call(() => this.#options.onReconnect?.());
    this.#wasLive = true;
  }

  #receive(data: RawData): void {
    const frame = this.#check(this.#json(data, 'a frame'), notification, 'a frame');
    if (frame?.topic === 'block') {
      const block = this.#check(frame.data, blockNotification, 'a block notification');
      if (block) this.#call(() => this.#options.onBlock(block));
    } else if (frame?.topic === 'finalizedBlock') {
      const finalized = this.#check(frame.data, finalizedBlock, 'a finalizedBlock notification');
      if (finalized) this.#call(() => this.#options.onFinalized(finalized));
    }
  }

  /** A frame's JSON, or undefined after reporting that it is not JSON. */
  #json(data: RawData, what: string): unknown {
    try {
      return JSON.parse(data.toString());
    } catch {
      this.#report(new UpstreamError('garbage', `${this.url}: ${what} is not JSON`));
      return undefined;
    }
  }

  /** `value` checked, or undefined after reporting what is wrong with it (nothing more for a frame already reported). */
  #check<T>(value: unknown, check: Check<T>, what: string): T | undefined {
    if (value === undefined) return undefined;
    try {
      return check(value);
    } catch (error) {
      this.#report(new UpstreamError('garbage', `${this.url}: ${what} ${(error as Error).message}`, { cause: error }));
      return undefined;
    }
  }

  // A callback that throws does not stop the listener: its error is reported.
  #call(callback: () => void): void {
    try {
      callback();
    } catch (error) {
      this.#report(error instanceof Error ? error : new Error(String(error)));
    }
  }

  #report(error: Error): void {
    this.#options.onError?.(error);
  }

  #closedError(): UpstreamError {
    return new UpstreamError('aborted', `${this.url}: the listener is closed`);
  }
}

/**
 * Pings `socket` every `interval` ms and terminates it when the previous ping went
 * unanswered: the connection is dead, whatever TCP thinks. 0 disables. Returns the stop.
 */
function heartbeat(socket: WebSocket, interval: number): () => void {
  if (interval === 0) return () => {};
  let answered = true;
  const onPong = () => (answered = true);
  socket.on('pong', onPong);
  const timer = setInterval(() => {
    if (!answered) return socket.terminate();
    answered = false;
    socket.ping();
  }, interval).unref();
  return () => {
    clearInterval(timer);
    socket.off('pong', onPong);
  };
}
