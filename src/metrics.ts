import { Counter, Gauge, Registry } from 'prom-client';
import type { ChainEvent, GatewayBackend } from './backend/index.js';
import type { ListenerHub } from './ws/index.js';
import { RawAnswer } from './http/raw-answer.js';

/** `GatewayOptions.metrics` as an object: where `/metrics` is served, and into which registry. */
export interface MetricsOptions {
  /** The path of the Prometheus text (relative to where the gateway is mounted), or `false` to serve none (read `gateway.metrics.registry` yourself). Default `/metrics`. */
  path?: string | false;
  /** The prom-client `Registry` the gateway's metrics go in (the app's own, beside its metrics). Default: a registry of the gateway's own. */
  registry?: Registry;
}

/** What a request is named by when no route took it (a 404, a 414): one label, never the raw URL. */
export const UNMATCHED_ROUTE = '(unmatched)';

/** Latency buckets, in seconds: a memo hit answers in tens of µs, a PostgreSQL page in ms, a timeout in seconds. */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const LATENCY_BUCKETS_LENGTH = LATENCY_BUCKETS.length;

/**
 * One route and method's requests: by status, and their latencies: each bucket's own count (made
 * cumulative at a scrape), then the sum of the seconds (in the array, so adding to it boxes no number).
 */
interface Series {
  readonly route: string;
  readonly method: string;
  readonly byStatus: Map<number, { count: number }>;
  readonly latency: Float64Array;
}

/** Where the sum of the seconds is in `Series.latency`, after the +Inf bucket. */
const SUM = LATENCY_BUCKETS_LENGTH + 1;

/**
 * The gateway's Prometheus metrics (names start `symbol_gateway_`). A request costs two map
 * lookups, a few number increments and a walk of 14 bucket bounds: the counts are plain numbers
 * this class keeps (prom-client's own counters hash their labels on every call), and the
 * registry reads them at a scrape. Everything else (sockets, subscriptions, frames, lag, the
 * pool) is read from its owner when Prometheus scrapes.
 */
export class GatewayMetrics {
  readonly registry: Registry;
  /** Series by route, then method: made once each, so a request allocates nothing. */
  readonly #series = new Map<string, Map<string, Series>>();
  #inFlight = 0;
  readonly #events: Counter<'channel'>;
  #lastEventAt = performance.now();
  #stopEvents: (() => void) | undefined;

  constructor(backend: GatewayBackend, hub: ListenerHub, registry: Registry = new Registry()) {
    this.registry = registry;
    const registers = [registry];
    registry.registerMetric(requestsMetric(() => this.#series.values()) as never);
    registry.registerMetric(latencyMetric(() => this.#series.values()) as never);
    const inFlight = () => this.#inFlight;
    new Gauge({ name: 'symbol_gateway_http_requests_in_flight', help: 'HTTP requests being answered', registers, collect() { this.set(inFlight()); } });
    this.#events = new Counter({ name: 'symbol_gateway_chain_events_total', help: 'Chain events the backend delivered, by channel', labelNames: ['channel'], registers });
    const lastEventAt = () => this.#lastEventAt;
    new Gauge({ name: 'symbol_gateway_ws_connections', help: 'Open WebSocket connections', registers, collect() { this.set(hub.connectionCount); } });
    new Gauge({ name: 'symbol_gateway_ws_subscriptions', help: 'WebSocket subscriptions (topics summed over connections)', registers, collect() { this.set(hub.subscriptionCount); } });
    new Counter({ name: 'symbol_gateway_ws_frames_sent_total', help: 'Event frames handed to WebSocket connections', registers, collect() { setCounter(this, hub.framesSent); } });
    new Counter({ name: 'symbol_gateway_ws_frames_dropped_total', help: 'Event frames not sent: the connection was cut off for reading too slowly, or was closing', registers, collect() { setCounter(this, hub.framesDropped); } });
    const observation = backend.observe ? memoizedScrape(() => backend.observe!()) : undefined;
    // A reader's lag and pool come from the backend itself; any backend has its last event.
    new Gauge({
      name: 'symbol_gateway_event_lag_seconds',
      help: 'Seconds since the backend last delivered a chain event',
      registers,
      async collect() {
        const observed = (await observation?.())?.secondsSinceLastEvent;
        this.set(observed ?? (performance.now() - lastEventAt()) / 1000);
      },
    });
    if (observation) {
      new Gauge({ name: 'symbol_gateway_event_lag_blocks', help: "Blocks between the newest in the backend's store and the newest its event feed delivered (a PostgreSQL reader: behind the writer)", registers, async collect() { setIfKnown(this, (await observation()).heightBehind); } });
      new Gauge({
        name: 'symbol_gateway_db_pool_connections',
        help: 'Database pool connections, by state (total open, idle, callers waiting, max)',
        labelNames: ['state'],
        registers,
        async collect() {
          const pool = (await observation()).pool;
          if (!pool) return;
          for (const state of ['total', 'idle', 'waiting', 'max'] as const) this.set({ state }, pool[state]);
        },
      });
      new Counter({ name: 'symbol_gateway_db_query_errors_total', help: 'Database queries that failed (unreachable, timed out)', registers, async collect() { const errors = (await observation()).queryErrors; if (errors !== undefined) setCounter(this, errors); } });
    }
    this.#stopEvents = backend.events?.subscribe((event: ChainEvent) => {
      this.#lastEventAt = performance.now();
      this.#events.inc({ channel: event.channel });
    });
  }

  /** One more request being answered. */
  started(): void {
    this.#inFlight++;
  }

  /** A request no longer being answered (answered, or handed on to the app). */
  finished(): void {
    this.#inFlight--;
  }

  /**
   * A request answered: counted by route template, method and status, its latency observed.
   *
   * @param startedAt `performance.now()` when it arrived
   */
  answered(route: string, method: string, status: number, startedAt: number): void {
    let byMethod = this.#series.get(route);
    if (byMethod === undefined) this.#series.set(route, (byMethod = new Map()));
    let series = byMethod.get(method);
    if (series === undefined) byMethod.set(method, (series = { route, method, byStatus: new Map(), latency: new Float64Array(SUM + 1) }));
    let counted = series.byStatus.get(status);
    if (counted === undefined) series.byStatus.set(status, (counted = { count: 0 }));
    counted.count++;
    const seconds = (performance.now() - startedAt) / 1000;
    let bucket = 0;
    while (bucket < LATENCY_BUCKETS_LENGTH && seconds > LATENCY_BUCKETS[bucket]) bucket++;
    series.latency[bucket]++;
    series.latency[SUM] += seconds;
  }

  /** The Prometheus text of the registry, as `GET /metrics` answers it. */
  async answer(): Promise<RawAnswer> {
    return new RawAnswer(this.registry.contentType, Buffer.from(await this.registry.metrics(), 'utf8'));
  }

  /** Stops counting chain events; the registry keeps what it holds. */
  close(): void {
    this.#stopEvents?.();
    this.#stopEvents = undefined;
  }
}

/** What prom-client's registry reads of a metric: its name, help and type, and its samples at a scrape. */
interface ScrapedMetric {
  readonly name: string;
  readonly help: string;
  readonly type: 'counter' | 'histogram';
  readonly aggregator: 'sum';
  get(): Promise<{ name: string; help: string; type: string; aggregator: 'sum'; values: { labels: Record<string, string | number>; value: number; metricName?: string }[] }>;
  reset(): void;
}

type Sample = Awaited<ReturnType<ScrapedMetric['get']>>['values'][number];

function scraped(name: string, help: string, type: ScrapedMetric['type'], values: () => Awaited<ReturnType<ScrapedMetric['get']>>['values']): ScrapedMetric {
  // The counts belong to the gateway: a registry's resetMetrics() leaves them.
  return { name, help, type, aggregator: 'sum', get: async () => ({ name, help, type, aggregator: 'sum', values: values() }), reset: () => undefined };
}

function requestsMetric(series: () => Iterable<Map<string, Series>>): ScrapedMetric {
  return scraped('symbol_gateway_http_requests_total', 'HTTP requests answered, by route template, method and status', 'counter', () => {
    const values: Sample[] = [];
    for (const byMethod of series()) for (const { route, method, byStatus } of byMethod.values()) for (const [status, { count }] of byStatus) values.push({ labels: { route, method, status }, value: count });
    return values;
  });
}

function latencyMetric(series: () => Iterable<Map<string, Series>>): ScrapedMetric {
  const name = 'symbol_gateway_http_request_duration_seconds';
  return scraped(name, 'Time from a request reaching the gateway to its response being written, by route template and method', 'histogram', () => {
    const values: Sample[] = [];
    for (const byMethod of series()) {
      for (const { route, method, latency } of byMethod.values()) {
        let cumulative = 0;
        for (let i = 0; i <= LATENCY_BUCKETS_LENGTH; i++) {
          cumulative += latency[i];
          values.push({ labels: { le: i < LATENCY_BUCKETS_LENGTH ? LATENCY_BUCKETS[i] : '+Inf', route, method }, value: cumulative, metricName: `${name}_bucket` });
        }
        values.push({ labels: { route, method }, value: latency[SUM], metricName: `${name}_sum` }, { labels: { route, method }, value: cumulative, metricName: `${name}_count` });
      }
    }
    return values;
  });
}

/** A counter read from a running total its owner keeps. */
function setCounter(counter: Counter, total: number): void {
  counter.reset();
  counter.inc(total);
}

function setIfKnown(gauge: Gauge, value: number | undefined): void {
  if (value === undefined) gauge.reset();
  else gauge.set(value);
}

/** One `observe()` per scrape, however many metrics read it: calls within 100 ms share the answer. */
function memoizedScrape<T>(read: () => T | Promise<T>): () => Promise<T> {
  let last: { at: number; value: Promise<T> } | undefined;
  return () => {
    const now = performance.now();
    if (!last || now - last.at > 100) last = { at: now, value: Promise.resolve(read()) };
    return last.value;
  };
}
