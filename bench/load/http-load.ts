/**
 * The HTTP load process: autocannon's programmatic API, in a process of its own so that
 * load generation never shares the server's event loop. Commands come over IPC (lib/rpc.ts).
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import WebSocket from 'ws';
import { serve } from '../lib/rpc.js';
import { mean, nowMs, percentile } from '../lib/stats.js';

export interface HttpLoadArgs {
  url: string;
  /** Paths requested in turn by every connection (GET). */
  paths: string[];
  /**
   * The connections share one walk through `paths`: each request takes the next path, so every
   * path is requested once per round over all connections (distinct URLs one after another, as
   * many clients reading different entities), instead of each connection walking them from the
   * first (every path requested by all connections at nearly the same time). Default false.
   */
  spread?: boolean;
  connections: number;
  /** Seconds. */
  duration: number;
  pipelining?: number;
  /** Requests per second over all connections (a steady load instead of the most it can). */
  overallRate?: number;
  /** Default GET. */
  method?: 'GET' | 'POST';
  /** A JSON body sent with every request (with `content-type: application/json`). */
  body?: string;
}

export interface HttpLoadResult {
  requests: number;
  seconds: number;
  requestsPerSecond: number;
  errors: number;
  non2xx: number;
  /** Latency in ms, from autocannon's own per-response timing (process.hrtime), every response kept. */
  latency: { p50: number; p90: number; p99: number; max: number; mean: number };
  bytesPerSecond: number;
  /** CPU seconds the load process spent (user + system) over the measurement. */
  cpuSeconds: number;
}

function run(options: autocannon.Options): Promise<{ result: autocannon.Result; latencies: number[] }> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    const instance = autocannon(options, (error, result) => (error ? reject(error) : resolve({ result, latencies })));
    // autocannon's histogram keeps whole milliseconds; the raw times keep microseconds.
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    });
  });
}

/** autocannon's options for one load: every connection requests `paths` in turn. */
function autocannonOptions(args: HttpLoadArgs): autocannon.Options {
  return {
    url: args.url,
    connections: args.connections,
    duration: args.duration,
    pipelining: args.pipelining ?? 1,
    overallRate: args.overallRate,
    requests: args.spread ? [spreadRequest(args)] : args.paths.map((path) =>
      args.body === undefined
        ? { method: args.method ?? 'GET', path }
        : { method: args.method ?? 'GET', path, body: args.body, headers: { 'content-type': 'application/json' } },
    ),
  };
}

/** One request that takes the next of `paths` each time any connection sends it (`HttpLoadArgs.spread`). */
function spreadRequest(args: HttpLoadArgs): autocannon.Request {
  let next = 0;
  const body = args.body === undefined ? {} : { body: args.body, headers: { 'content-type': 'application/json' } };
  return {
    method: args.method ?? 'GET',
    ...body,
    setupRequest: (request) => ({ ...request, path: args.paths[next++ % args.paths.length] }),
  };
}

function summarize(result: autocannon.Result, latencies: number[], cpu: NodeJS.CpuUsage): HttpLoadResult {
  const requests = result['2xx'];
  return {
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    requests,
    seconds: result.duration,
    requestsPerSecond: requests / result.duration,
    errors: result.errors,
    non2xx: result.non2xx,
    latency: {
      p50: percentile(latencies, 50),
      p90: percentile(latencies, 90),
      p99: percentile(latencies, 99),
      max: percentile(latencies, 100),
      mean: mean(latencies),
    },
    bytesPerSecond: result.throughput.average,
  };
}

export interface AnnounceArgs {
  url: string;
  /** A file of request bodies, one JSON `{"payload"}` a line; each is sent exactly once. */
  bodiesFile: string;
  connections: number;
  /**
   * The hash (64 hex) of each body's transaction, one a line in the same order: when given,
   * each transaction's time from its PUT to its `unconfirmedAdded` frame is measured too.
   */
  hashesFile?: string;
}

export interface AnnounceResult extends HttpLoadResult {
  /** `unconfirmedAdded` frames received on the WebSocket. */
  notified: number;
  /** Signed transfers per second: from the first request to the last `unconfirmedAdded` frame. */
  transfersPerSecond: number;
  /** With `hashesFile`: ms from each transaction's PUT to its `unconfirmedAdded` frame (every transaction's frame kept). */
  untilNotified?: { count: number; p50: number; p90: number; p99: number; max: number; mean: number };
}

let listener: { socket: WebSocket; frames: number; lastAt: number; onFrame?: (data: string) => void } | undefined;

serve({
  ping: () => 'pong',

  async http(args: HttpLoadArgs): Promise<HttpLoadResult> {
    const cpu = process.cpuUsage();
    const { result, latencies } = await run(autocannonOptions(args));
    return summarize(result, latencies, process.cpuUsage(cpu));
  },

  /**
   * Several loads at once, each with connections of its own, over the same `duration` (that of
   * the first): servers measured side by side share whatever the machine does meanwhile. Each
   * result's `cpuSeconds` is this process's for all of them.
   */
  async httpAtOnce({ runs }: { runs: HttpLoadArgs[] }): Promise<HttpLoadResult[]> {
    const cpu = process.cpuUsage();
    const done = await Promise.all(runs.map((args) => run(autocannonOptions({ ...args, duration: runs[0].duration }))));
    const used = process.cpuUsage(cpu);
    return done.map(({ result, latencies }) => summarize(result, latencies, used));
  },

  /** Opens one WebSocket subscribed to `unconfirmedAdded` (every address), counting its frames. */
  async listen({ url }: { url: string }): Promise<void> {
    const socket = new WebSocket(url);
    const state: NonNullable<typeof listener> = { socket, frames: 0, lastAt: 0 };
    let subscribed = false;
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.on('message', (data) => {
        if (!subscribed) {
          // The first frame is {uid}: subscribe with it.
          const { uid } = JSON.parse(String(data)) as { uid: string };
          socket.send(JSON.stringify({ uid, subscribe: 'unconfirmedAdded' }));
          subscribed = true;
          resolve();
          return;
        }
        state.frames++;
        state.lastAt = nowMs();
        state.onFrame?.(String(data));
      });
    });
    listener = state;
  },

  /** PUT /transactions with every body of the file once, over `connections`; waits for their notifications. */
  async announce(args: AnnounceArgs): Promise<AnnounceResult> {
    if (!listener) throw new Error('call listen first');
    const bodies = readFileSync(args.bodiesFile, 'utf8').split('\n').filter(Boolean);
    const before = listener.frames;
    // Tracking: the time each body was handed to a connection, and each transaction's wait until its frame.
    const hashes = args.hashesFile ? readFileSync(args.hashesFile, 'utf8').split('\n').filter(Boolean) : undefined;
    const sentAt = new Map<string, number>();
    const waits: number[] = [];
    if (hashes) {
      listener.onFrame = (data) => {
        const hash = (JSON.parse(data) as { data: { meta: { hash: string } } }).data.meta.hash;
        const sent = sentAt.get(hash);
        if (sent !== undefined) waits.push(nowMs() - sent);
      };
    }
    let next = 0;
    const startedAt = nowMs();
    const cpu = process.cpuUsage();
    const { result, latencies } = await run({
      url: args.url,
      connections: args.connections,
      amount: bodies.length,
      requests: [
        {
          method: 'PUT',
          path: '/transactions',
          headers: { 'content-type': 'application/json' },
          setupRequest: (request) => {
            const index = next++ % bodies.length;
            if (hashes) sentAt.set(hashes[index], nowMs());
            return { ...request, body: bodies[index] };
          },
        },
      ],
    });
    // The 202s come first; the checks (and so the frames) may still be running from the gateway's
    // inbound queue. Wait while frames keep coming: give up only after 5 s without one.
    const state = listener;
    const answeredAt = nowMs();
    const done = () => (hashes ? waits.length >= hashes.length : state.frames - before >= bodies.length);
    while (!done() && nowMs() - Math.max(state.lastAt, answeredAt) < 5000) await new Promise((resolve) => setTimeout(resolve, 5));
    const notified = listener.frames - before;
    listener.onFrame = undefined;
    return {
      ...summarize(result, latencies, process.cpuUsage(cpu)),
      notified,
      transfersPerSecond: notified / ((listener.lastAt - startedAt) / 1000),
      ...(hashes
        ? { untilNotified: { count: waits.length, p50: percentile(waits, 50), p90: percentile(waits, 90), p99: percentile(waits, 99), max: percentile(waits, 100), mean: mean(waits) } }
        : {}),
    };
  },
});
