/** Req/s of the same routes on several servers, measured in turns by the HTTP load process. */
import { readFileSync } from 'node:fs';
import type { HttpLoadArgs, HttpLoadResult } from '../load/http-load.js';
import type { Remote } from './rpc.js';
import { fmt, mean, median } from './stats.js';

export interface Target {
  name: string;
  url: string;
}

export interface Route {
  name: string;
  /** Requested in turn by every connection. */
  paths: string[];
  /** The connections share one walk through `paths` (see `HttpLoadArgs.spread`). Default false. */
  spread?: boolean;
}

export interface CompareOptions {
  connections: number;
  /** Seconds of each measurement, and of the warm-up before a target's first one. */
  seconds: number;
  warmupSeconds: number;
  /** Measurements per target and route; targets take turns (ABBA...) so drift hits them alike. */
  rounds: number;
  log(message: string): void;
  /** The CPU seconds a target's server has used so far, for servers in processes of their own; default this process's. */
  serverCpuSeconds?: (target: Target) => number;
  /**
   * Rounds go over every route in turn (round 1 of each route, then round 2 of each, ...) instead
   * of all rounds of one route before the next: each route is measured across the whole run, so a
   * slow spell of the machine or a change of the servers over the run (a chain that grows) weighs
   * on every route alike. Default false.
   */
  interleaveRoutes?: boolean;
}

export interface Measured {
  route: string;
  target: string;
  requestsPerSecond: number;
  /** The median of the rounds' req/s. */
  medianRequestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  /** The server's CPU time per request, µs (the servers share this process; one measures at a time). */
  cpuPerRequest: number;
  /** Share of one core the server process used, and the load generator's process. */
  serverBusy: number;
  loadBusy: number;
}

/** Throws when a load saw any error or non-2xx answer: a measurement of failures is no measurement. */
export function assertAnswered(result: Pick<HttpLoadResult, 'errors' | 'non2xx'>, label?: string): void {
  if (result.errors > 0 || result.non2xx > 0) throw new Error(`${label === undefined ? '' : `${label}: `}${result.errors} errors, ${result.non2xx} non-2xx`);
}

export async function compareThroughput(load: Remote, targets: Target[], routes: Route[], options: CompareOptions): Promise<Measured[]> {
  type Run = HttpLoadResult & { serverCpuSeconds: number };
  const runs = new Map<Route, Map<string, Run[]>>(routes.map((route) => [route, new Map(targets.map((target) => [target.name, []]))]));
  const warmUp = async (route: Route) => {
    for (const target of targets) {
      await load.call<HttpLoadResult>('http', { url: target.url, paths: route.paths, spread: route.spread, connections: options.connections, duration: options.warmupSeconds } satisfies HttpLoadArgs);
    }
  };
  // One round of a route: each target once, in ABBA order over the rounds.
  const measureRound = async (route: Route, round: number) => {
    const order = round % 2 === 0 ? targets : [...targets].reverse();
    for (const target of order) {
      const cpuBefore = options.serverCpuSeconds?.(target);
      const cpu = process.cpuUsage();
      const result = await load.call<HttpLoadResult>('http', {
        url: target.url,
        paths: route.paths,
        spread: route.spread,
        connections: options.connections,
        duration: options.seconds,
      } satisfies HttpLoadArgs);
      const used = process.cpuUsage(cpu);
      const serverCpuSeconds = cpuBefore === undefined ? (used.user + used.system) / 1e6 : options.serverCpuSeconds!(target) - cpuBefore;
      assertAnswered(result, `${target.name} ${route.name}`);
      runs.get(route)!.get(target.name)!.push({ ...result, serverCpuSeconds });
      options.log(
        `${route.name} on ${target.name}: ${fmt(result.requestsPerSecond, 0)} req/s, p50 ${fmt(result.latency.p50)} ms, p99 ${fmt(result.latency.p99)} ms, ` +
          `server ${fmt((serverCpuSeconds / (result.requests || 1)) * 1e6, 1)} µs CPU/request, busy ${fmt((serverCpuSeconds / result.seconds) * 100, 0)}% (load generator ${fmt((result.cpuSeconds / result.seconds) * 100, 0)}%)`,
      );
    }
  };
  if (options.interleaveRoutes) {
    for (const route of routes) await warmUp(route);
    for (let round = 0; round < options.rounds; round++) for (const route of routes) await measureRound(route, round);
  } else {
    for (const route of routes) {
      await warmUp(route);
      for (let round = 0; round < options.rounds; round++) await measureRound(route, round);
    }
  }
  const measured: Measured[] = [];
  for (const route of routes) {
    for (const target of targets) {
      const results = runs.get(route)!.get(target.name)!;
      measured.push({
        route: route.name,
        target: target.name,
        requestsPerSecond: mean(results.map((result) => result.requestsPerSecond)),
        medianRequestsPerSecond: median(results.map((result) => result.requestsPerSecond)),
        p50: mean(results.map((result) => result.latency.p50)),
        p99: mean(results.map((result) => result.latency.p99)),
        errors: results.reduce((sum, result) => sum + result.errors + result.non2xx, 0),
        cpuPerRequest: (sum(results.map((result) => result.serverCpuSeconds)) / sum(results.map((result) => result.requests))) * 1e6,
        serverBusy: sum(results.map((result) => result.serverCpuSeconds)) / sum(results.map((result) => result.seconds)),
        loadBusy: sum(results.map((result) => result.cpuSeconds)) / sum(results.map((result) => result.seconds)),
      });
    }
  }
  return measured;
}

/** Table rows: each target's req/s and latency, and its ratio to `baseline`'s req/s on the same route. */
export function throughputRows(measured: Measured[], baseline: string): (string | number)[][] {
  return measured.map((m) => {
    const base = measured.find((other) => other.route === m.route && other.target === baseline)!;
    return [
      m.route,
      m.target,
      fmt(m.requestsPerSecond, 0),
      fmt(m.p50),
      fmt(m.p99),
      fmt(m.cpuPerRequest, 1),
      `${fmt(m.serverBusy * 100, 0)}% / ${fmt(m.loadBusy * 100, 0)}%`,
      m.target === baseline ? '1.00 (baseline)' : fmt(m.requestsPerSecond / base.requestsPerSecond),
    ];
  });
}

export const THROUGHPUT_COLUMNS = ['route', 'server', 'req/s', 'p50 ms', 'p99 ms', 'server CPU µs/req', 'busy: server / load generator', 'ratio to baseline'];

/** What the CPU columns of a throughput table mean. */
export const CPU_NOTE =
  'Server CPU µs/req: the server process\'s CPU time (user + system) over the measurement divided by its requests. Busy: CPU time over wall time, as a share of one core, for the server process and for the load generator\'s; a server near 100% is the bottleneck, a load generator near 100% means the server was not.';

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** The CPU seconds (user + system) process `pid` has used so far, from /proc (Linux). */
export function processCpuSeconds(pid: number): number {
  // Fields 14 and 15 (utime, stime) in clock ticks (100 a second), after the command name in parentheses.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

export interface CostMeasured {
  route: string;
  /** The median over the rounds of the candidate's req/s over the baseline's, both loaded at once. */
  ratio: number;
  low: number;
  high: number;
  rounds: number;
  /**
   * The median over the rounds of the baseline's server CPU time per request over the
   * candidate's (from `serverCpuSeconds`), when given: the cost ratio itself, whether or not the
   * shared core was the bottleneck (with the load generator saturated, the req/s ratio is not it).
   */
  cpuRatio?: number;
  /** The share of the servers' core that was busy over the rounds (from /proc/stat), when known. */
  coreBusy?: number;
}

/**
 * The cost of a request on `candidate` against `baseline`, both loaded at the same time with
 * `connections` each for `seconds`, round after round: servers that share one core (the caller
 * pins them) get alike shares of its time, so while that core is the bottleneck the ratio of
 * their req/s is the inverse ratio of their CPU time per request, and a slow spell of the machine
 * hits both at once. Each round's ratio; their median. When the load generator is the bottleneck
 * instead (the servers' core partly idle: `coreBusy`), the req/s ratio also holds the latency of
 * each server; `cpuRatio`, from each server's own CPU time, is the cost ratio either way.
 */
export async function compareCostAtOnce(
  load: Remote,
  baseline: Target,
  candidate: Target,
  routes: Route[],
  options: Pick<CompareOptions, 'connections' | 'seconds' | 'warmupSeconds' | 'rounds' | 'log' | 'serverCpuSeconds'> & { serverCore?: number },
): Promise<CostMeasured[]> {
  const runs = (route: Route, duration: number): HttpLoadArgs[] =>
    [baseline, candidate].map((target) => ({ url: target.url, paths: route.paths, connections: options.connections, duration }));
  const measured: CostMeasured[] = [];
  for (const route of routes) {
    await load.call<HttpLoadResult[]>('httpAtOnce', { runs: runs(route, options.warmupSeconds) });
    const ratios: number[] = [];
    const cpuRatios: number[] = [];
    const core = { busy: 0, total: 0 };
    const cpu = options.serverCpuSeconds;
    for (let round = 0; round < options.rounds; round++) {
      const before = cpu ? [cpu(baseline), cpu(candidate)] : undefined;
      const coreBefore = options.serverCore === undefined ? undefined : coreTicks(options.serverCore);
      const [base, other] = await load.call<HttpLoadResult[]>('httpAtOnce', { runs: runs(route, options.seconds) });
      for (const result of [base, other]) assertAnswered(result, `${route.name} at once`);
      ratios.push(other.requestsPerSecond / base.requestsPerSecond);
      let cpuNote = '';
      if (before) {
        const perRequest = [(cpu!(baseline) - before[0]) / base.requests, (cpu!(candidate) - before[1]) / other.requests];
        cpuRatios.push(perRequest[0] / perRequest[1]);
        cpuNote = `; CPU ${fmt(perRequest[0] * 1e6, 1)} against ${fmt(perRequest[1] * 1e6, 1)} µs/request: ${fmt(cpuRatios.at(-1)!, 3)}`;
      }
      if (coreBefore) {
        const after = coreTicks(options.serverCore!);
        core.busy += after.busy - coreBefore.busy;
        core.total += after.total - coreBefore.total;
      }
      options.log(`${route.name} at once: ${baseline.name} ${fmt(base.requestsPerSecond, 0)} req/s, ${candidate.name} ${fmt(other.requestsPerSecond, 0)} req/s: ${fmt(ratios.at(-1)!, 3)}${cpuNote}`);
    }
    measured.push({
      route: route.name,
      ratio: median(ratios),
      low: Math.min(...ratios),
      high: Math.max(...ratios),
      rounds: ratios.length,
      ...(cpuRatios.length > 0 ? { cpuRatio: median(cpuRatios) } : {}),
      ...(core.total > 0 ? { coreBusy: core.busy / core.total } : {}),
    });
  }
  return measured;
}

/** One kind of request to one server: a row of a `compareCases` table. */
export interface Case {
  name: string;
  /** The server's base URL. */
  url: string;
  /** Requested in turn by every connection. */
  paths: string[];
  /** Default GET. */
  method?: 'GET' | 'POST';
  /** A JSON request body, sent with every request. */
  body?: string;
}

export interface CaseMeasured {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** The server's CPU time per request, µs (every server of a suite lives in the suite's process; one case runs at a time). */
  cpuPerRequest: number;
  serverBusy: number;
  loadBusy: number;
  requests: number;
}

/**
 * Req/s, latency and server CPU per request of each case, the cases taking turns (in order,
 * then reversed, ...) so that drift hits them alike; each is warmed up first. Any error or
 * non-2xx answer fails the measurement.
 */
export async function compareCases(load: Remote, cases: Case[], options: CompareOptions): Promise<CaseMeasured[]> {
  const args = (kase: Case, duration: number): HttpLoadArgs => ({
    url: kase.url,
    paths: kase.paths,
    connections: options.connections,
    duration,
    ...(kase.method ? { method: kase.method } : {}),
    ...(kase.body !== undefined ? { body: kase.body } : {}),
  });
  for (const kase of cases) await load.call<HttpLoadResult>('http', args(kase, options.warmupSeconds));
  const runs = new Map<string, (HttpLoadResult & { serverCpuSeconds: number })[]>(cases.map((kase) => [kase.name, []]));
  for (let round = 0; round < options.rounds; round++) {
    for (const kase of round % 2 === 0 ? cases : [...cases].reverse()) {
      const cpu = process.cpuUsage();
      const result = await load.call<HttpLoadResult>('http', args(kase, options.seconds));
      const used = process.cpuUsage(cpu);
      const serverCpuSeconds = (used.user + used.system) / 1e6;
      assertAnswered(result, kase.name);
      runs.get(kase.name)!.push({ ...result, serverCpuSeconds });
      options.log(
        `${kase.name}: ${fmt(result.requestsPerSecond, 0)} req/s, p50 ${fmt(result.latency.p50)} ms, p99 ${fmt(result.latency.p99)} ms, ` +
          `server ${fmt((serverCpuSeconds / (result.requests || 1)) * 1e6, 1)} µs CPU/request, busy ${fmt((serverCpuSeconds / result.seconds) * 100, 0)}% (load generator ${fmt((result.cpuSeconds / result.seconds) * 100, 0)}%)`,
      );
    }
  }
  return cases.map((kase) => {
    const results = runs.get(kase.name)!;
    return {
      name: kase.name,
      requestsPerSecond: mean(results.map((result) => result.requestsPerSecond)),
      p50: mean(results.map((result) => result.latency.p50)),
      p99: mean(results.map((result) => result.latency.p99)),
      cpuPerRequest: (sum(results.map((result) => result.serverCpuSeconds)) / sum(results.map((result) => result.requests))) * 1e6,
      serverBusy: sum(results.map((result) => result.serverCpuSeconds)) / sum(results.map((result) => result.seconds)),
      loadBusy: sum(results.map((result) => result.cpuSeconds)) / sum(results.map((result) => result.seconds)),
      requests: sum(results.map((result) => result.requests)),
    };
  });
}

export const CASE_COLUMNS = ['request', 'req/s', 'p50 ms', 'p99 ms', 'server CPU µs/req', 'busy: server / load generator'];

/** Table rows of `compareCases` results (the columns of CASE_COLUMNS). */
export function caseRows(measured: CaseMeasured[]): (string | number)[][] {
  return measured.map((m) => [m.name, fmt(m.requestsPerSecond, 0), fmt(m.p50), fmt(m.p99), fmt(m.cpuPerRequest, 1), `${fmt(m.serverBusy * 100, 0)}% / ${fmt(m.loadBusy * 100, 0)}%`]);
}

/** A core's busy and total clock ticks so far (/proc/stat: every field but idle and iowait is busy). */
function coreTicks(core: number): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n').find((row) => row.startsWith(`cpu${core} `));
  if (!line) return { busy: 0, total: 0 };
  const ticks = line.trim().split(/\s+/).slice(1).map(Number);
  const total = ticks.reduce((a, b) => a + b, 0);
  return { busy: total - ticks[3] - ticks[4], total };
}
