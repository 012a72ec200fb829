/**
 * The WebSocket load process: opens many client sockets to the gateway's `/ws`, subscribes
 * each to its topic, and records when every notification arrives (CLOCK_MONOTONIC, so the
 * times compare with the server process's). Commands come over IPC (lib/rpc.ts).
 */
import WebSocket from 'ws';
import { serve } from '../lib/rpc.js';
import { nowMs, sleep } from '../lib/stats.js';

export interface ConnectArgs {
  url: string;
  /** One topic per socket to open. */
  topics: string[];
  /** Handshakes in flight at once. */
  concurrency?: number;
  /** `block`: parse each frame's block height and check that heights follow one another. */
  check?: 'block';
}

export interface WaitArgs {
  /** Sockets [from, to) in the order they were opened. */
  from: number;
  to: number;
  /** Frames (after the uid frame) each of them must have received. */
  count: number;
  timeoutMs?: number;
}

export interface WaitResult {
  complete: boolean;
  /** Sockets that have `count` frames. */
  reached: number;
  /** Monotonic ms of the earliest and the latest arrival of a socket's `count`-th frame. */
  first: number;
  last: number;
}

export interface BlockStats {
  sockets: number;
  open: number;
  /** Frames received per socket: least and most. */
  minFrames: number;
  maxFrames: number;
  /** Block heights skipped over all sockets (0 when nothing was dropped). */
  missing: number;
  /** Frames whose height was not the previous one + 1 (repeats or reordering included). */
  outOfOrder: number;
  /** Least and most last height seen. */
  minLastHeight: number;
  maxLastHeight: number;
}

class Subscriber {
  readonly arrivals: number[] = [];
  subscribed = false;
  open = false;
  lastHeight = -1;
  missing = 0;
  outOfOrder = 0;

  constructor(
    readonly socket: WebSocket,
    readonly topic: string,
    readonly check: ConnectArgs['check'],
  ) {}
}

const subscribers: Subscriber[] = [];

function open(url: string, topic: string, check: ConnectArgs['check']): Promise<Subscriber> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { perMessageDeflate: false });
    const subscriber = new Subscriber(socket, topic, check);
    socket.once('error', reject);
    socket.on('close', () => {
      subscriber.open = false;
    });
    socket.on('message', (data) => {
      if (!subscriber.subscribed) {
        // The first frame is {uid}: subscribe with it.
        const { uid } = JSON.parse(String(data)) as { uid: string };
        socket.send(JSON.stringify({ uid, subscribe: topic }));
        subscriber.subscribed = true;
        subscriber.open = true;
        socket.on('error', () => {});
        resolve(subscriber);
        return;
      }
      subscriber.arrivals.push(nowMs());
      if (check === 'block') {
        const height = Number((JSON.parse(String(data)) as { data: { block: { height: string } } }).data.block.height);
        if (subscriber.lastHeight >= 0 && height !== subscriber.lastHeight + 1) {
          subscriber.outOfOrder++;
          if (height > subscriber.lastHeight) subscriber.missing += height - subscriber.lastHeight - 1;
        }
        subscriber.lastHeight = height;
      }
    });
  });
}

serve({
  ping: () => 'pong',

  /** Opens one socket per topic (appended to those open already); resolves once each has sent its subscribe frame. */
  async connect(args: ConnectArgs): Promise<{ opened: number; seconds: number }> {
    const started = nowMs();
    const concurrency = args.concurrency ?? 100;
    let next = 0;
    const opened: Subscriber[] = new Array(args.topics.length);
    const worker = async () => {
      while (next < args.topics.length) {
        const index = next++;
        opened[index] = await open(args.url, args.topics[index], args.check);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, args.topics.length) }, worker));
    subscribers.push(...opened);
    return { opened: opened.length, seconds: (nowMs() - started) / 1000 };
  },

  /** Waits until sockets [from, to) each have `count` frames. */
  async waitFor(args: WaitArgs): Promise<WaitResult> {
    const deadline = nowMs() + (args.timeoutMs ?? 30_000);
    const range = subscribers.slice(args.from, args.to);
    for (;;) {
      let reached = 0;
      let first = Infinity;
      let last = -Infinity;
      for (const subscriber of range) {
        const at = subscriber.arrivals[args.count - 1];
        if (at === undefined) continue;
        reached++;
        if (at < first) first = at;
        if (at > last) last = at;
      }
      if (reached === range.length || nowMs() > deadline) return { complete: reached === range.length, reached, first, last };
      await sleep(2);
    }
  },

  /** Frames, gaps and heights of the `block` subscribers (check: 'block'). */
  blockStats(): BlockStats {
    const frames = subscribers.map((subscriber) => subscriber.arrivals.length);
    const lastHeights = subscribers.map((subscriber) => subscriber.lastHeight);
    return {
      sockets: subscribers.length,
      open: subscribers.filter((subscriber) => subscriber.open).length,
      minFrames: Math.min(...frames),
      maxFrames: Math.max(...frames),
      missing: subscribers.reduce((sum, subscriber) => sum + subscriber.missing, 0),
      outOfOrder: subscribers.reduce((sum, subscriber) => sum + subscriber.outOfOrder, 0),
      minLastHeight: Math.min(...lastHeights),
      maxLastHeight: Math.max(...lastHeights),
    };
  },

  /** Closes every socket and waits for them to finish closing. */
  async closeAll(): Promise<void> {
    await Promise.all(
      subscribers.splice(0).map(
        (subscriber) =>
          new Promise<void>((resolve) => {
            if (subscriber.socket.readyState === WebSocket.CLOSED) return resolve();
            subscriber.socket.once('close', () => resolve());
            subscriber.socket.close();
            setTimeout(() => {
              subscriber.socket.terminate();
              resolve();
            }, 2000).unref();
          }),
      ),
    );
  },
});
