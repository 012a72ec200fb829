import { Counter, Gauge, Histogram, Registry } from 'prom-client';
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

type CounterChild = ReturnType<Counter<string>['labels']>;
type HistogramChild = ReturnType<Histogram<string>['labels']>;

/**
 * The gateway's Prometheus metrics (names start `symbol_gateway_`). Per request it costs two
 * map lookups, a counter and a histogram increment: the labelled children are made once per
 * route, method and status and kept. Everything else (sockets, subscriptions, frames, lag,
 * the pool) is read from its owner when Prometheus scrapes.
 */
export class GatewayMetrics {
  readonly registry: Registry;
  readonly #requests: Counter<'route' | 'method' | 'status'>;
  readonly #latency: Histogram<'route' | 'method'>;
  readonly #inFlight: Gauge;
  readonly #events: Counter<'channel'>;
  /** Children by route, method, then status: made once, so a request allocates nothing. */
  readonly #children = new Map<string, Map<string, { latency: HistogramChild; byStatus: Map<number, CounterChild> }>>();
  #lastEventAt = performance.now();
  #stopEvents: (() => void) | undefined;

  constructor(backend: GatewayBackend, hub: ListenerHub, registry: Registry = new Registry()) {
    this.registry = registry;
    const registers = [registry];
    this.#requests = new Counter({ name: 'symbol_gateway_http_requests_total', help: 'HTTP requests answered, by route template, method and status', labelNames: ['route', 'method', 'status'], registers });
    this.#latency = new Histogram({ name: 'symbol_gateway_http_request_duration_seconds', help: 'Time from a request reaching the gateway to its response being written, by route template and method', labelNames: ['route', 'method'], buckets: LATENCY_BUCKETS, registers });
    this.#inFlight = new Gauge({ name: 'symbol_gateway_http_requests_in_flight', help: 'HTTP requests being answered', registers });
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
    this.#inFlight.inc();
  }

  /** A request no longer being answered (answered, or handed on to the app). */
  finished(): void {
    this.#inFlight.dec();
  }

  /**
   * A request answered: counted by route template, method and status, its latency observed.
   *
   * @param startedAt `performance.now()` when it arrived
   */
  answered(route: string, method: string, status: number, startedAt: number): void {
    let byMethod = this.#children.get(route);
    if (byMethod === undefined) this.#children.set(route, (byMethod = new Map()));
    let children = byMethod.get(method);
    if (children === undefined) byMethod.set(method, (children = { latency: this.#latency.labels(route, method), byStatus: new Map() }));
    let counter = children.byStatus.get(status);
    if (counter === undefined) children.byStatus.set(status, (counter = this.#requests.labels(route, method, String(status))));
    counter.inc();
    children.latency.observe((performance.now() - startedAt) / 1000);
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
